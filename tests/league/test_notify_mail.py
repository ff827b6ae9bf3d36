"""E-mail end to end through an SMTP server on loopback (aiosmtpd): an address is confirmed by its
link before anything else is sent to it; a member gets the kinds they opted in to, their own
receipt with the strategy's hash, and a one-link unsubscribe that stops them all."""

from __future__ import annotations

import re

import pytest

from tests.league.helpers import SAM_STRATEGY, League, open_show
from tests.league.notify_support import body_text, member_with_email, set_up_mail, smtp_server
from turnbuckle.league import canonical
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.notify import contacts
from turnbuckle.league.notify.reach import ALLOW_ENV
from turnbuckle.league.notify.sender import Timeouts, drain
from turnbuckle.league.services import shows
from turnbuckle.league.services.card import add_match

CARD = [("m2", ["Friendly Sam", "Brother Bob"])]
FAST = Timeouts(webhook=2.0, smtp=5.0)


@pytest.fixture(autouse=True)
def _receivers_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The receivers here listen on 127.0.0.1: the server's switch that allows them is on."""
    monkeypatch.setenv(ALLOW_ENV, "1")


def test_an_address_is_confirmed_first_then_gets_what_was_asked_for(lite: League) -> None:
    with lite.act("Ann") as ctx, pytest.raises(LeagueError, match="sends no e-mail yet"):
        contacts.set_email(ctx, "ann@example.org")
    with smtp_server() as (sink, port):
        set_up_mail(lite, port)
        with lite.act("Ann") as ctx, pytest.raises(LeagueError, match="not an e-mail address"):
            contacts.set_email(ctx, "ann at example")
        for i in range(contacts.MAX_CONFIRMATIONS - 1):  # a member cannot make the league mail strangers
            with lite.act("Bo") as ctx:
                contacts.set_email(ctx, f"stranger{i}@example.org")
        with lite.act("Bo") as ctx:
            contacts.set_email(ctx, "bo@example.org")
        with lite.act("Bo") as ctx, pytest.raises(LeagueError, match="try again tomorrow"):
            contacts.set_email(ctx, "stranger@example.org")
        with lite.act("Bo") as ctx:
            contacts.set_email(ctx, None)  # removing one's address is always allowed
        assert drain(lite.engine, lite.clock, timeouts=FAST).dropped == contacts.MAX_CONFIRMATIONS  # not sent
        with lite.act("Ann") as ctx:
            contacts.set_email(ctx, "ann@example.org")
            contacts.set_kinds(ctx, "open,receipt")
        number = open_show(lite, CARD)  # Ann is not confirmed yet: only the confirmation goes
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 1
        [confirm] = sink.messages
        assert confirm["To"] == "ann@example.org" and "Confirm" in confirm["Subject"]
        assert "List-Unsubscribe" not in confirm
        link = re.search(r"https://league\.example/notify/confirm/(\S+)", body_text(confirm))
        assert link is not None
        with lite.act() as ctx:
            assert contacts.confirm(ctx.session, link.group(1), lite.clock()).name == "Ann"
        with lite.act() as ctx, pytest.raises(NotFound, match="used or expired"):
            contacts.confirm(ctx.session, link.group(1), lite.clock())

        with lite.act("Ann") as ctx:
            sub = shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 1
        receipt = sink.messages[-1]
        assert sink.rcpts[-1] == ["ann@example.org"]
        assert sub.sha256 == canonical.sha256_hex(canonical.canonical_text(SAM_STRATEGY))
        assert sub.sha256 in body_text(receipt) and "Friendly Sam" in body_text(receipt)
        unsubscribe = "".join(str(receipt["List-Unsubscribe"]).split()).strip("<>")
        assert unsubscribe in body_text(receipt)

        with lite.act() as ctx:  # a second show opens: Ann asked for announcements
            s = shows.create_show(ctx, "Next", "2026-11-16", lite.clock.now.replace(day=10))
            add_match(ctx, str(s.number), "boxing", ["Mika Sato", "Rico Vance"])
            shows.open_show(ctx, str(s.number))
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 1
        announcement = sink.messages[-1]
        assert "is open" in announcement["Subject"] and "MIKA SATO" in body_text(announcement).upper()
        assert any(p.get_content_type() == "text/html" for p in announcement.walk())

        with lite.act() as ctx:
            contacts.unsubscribe(ctx.session, unsubscribe.rsplit("/", 1)[1], lite.clock())
        with lite.act("Ann") as ctx:
            shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY.replace("Friendly Finale!", "Again."))
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 0
        assert len(sink.messages) == 3


def test_only_the_sender_gets_a_receipt_and_a_refused_server_is_retried(lite: League) -> None:
    with smtp_server() as (sink, port):
        set_up_mail(lite, port)
        member_with_email(lite, "Ann", "ann@example.org", "receipt")
        member_with_email(lite, "Bo", "bo@example.org", "receipt,open")
        number = open_show(lite, CARD)
        drain(lite.engine, lite.clock, timeouts=FAST)  # two confirmations, Bo's announcement
        assert sorted(r[0] for r in sink.rcpts) == ["ann@example.org", "bo@example.org", "bo@example.org"]
        with lite.act("Ann") as ctx:
            shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    done = drain(lite.engine, lite.clock, timeouts=Timeouts(smtp=1.0))  # the server is gone now
    assert (done.sent, done.failed) == (0, 1)
    lite.clock.advance(seconds=31)
    with smtp_server() as (sink2, port2):
        set_up_mail(lite, port2)
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 1
        assert sink2.rcpts == [["ann@example.org"]]
        assert "SHA-256" in body_text(sink2.messages[0])
