"""The webhook end to end on loopback: the announcement and the results post reach a receiver that
checks the signature; a receiver failing twice gets the message on the third try (the clock moved
past each back-off); no redirect is followed; a slow receiver is a timeout; nothing of a show is
sent before it is published; every try is logged for the organiser, never with the secret."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, League, build, open_show
from tests.league.notify_support import event_ids, receiver, set_up_webhook
from turnbuckle.league.context import the_league
from turnbuckle.league.db import read_scope
from turnbuckle.league.models import OutboxAttempt, OutboxMessage
from turnbuckle.league.notify import outbox
from turnbuckle.league.notify.reach import ALLOW_ENV
from turnbuckle.league.notify.sender import Timeouts, drain
from turnbuckle.league.services import running, shows

CARD = [("m2", ["Friendly Sam", "Brother Bob"]), ("boxing", ["Mika Sato", "Rico Vance"])]
FAST = Timeouts(webhook=2.0, smtp=2.0)


@pytest.fixture(autouse=True)
def _receivers_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The receivers here listen on 127.0.0.1: the server's switch that allows them is on."""
    monkeypatch.setenv(ALLOW_ENV, "1")


@pytest.fixture
def both(url: str) -> Iterator[League]:
    """The test league on SQLite and on PostgreSQL (the whole path, claims included, on each)."""
    league = build(url)
    yield league
    league.close()


def rows(lg: League) -> list[tuple[OutboxMessage, list[OutboxAttempt]]]:
    with read_scope(lg.engine) as session:
        return [(m, a) for m, a in reversed(outbox.recent(session, the_league(session).id))]


def run_and_publish(lg: League, number: str) -> None:
    lg.clock.advance(days=1, minutes=1)
    with lg.act() as ctx:
        shows.lock(ctx, number)
    with lg.act() as ctx:
        running.run_show(ctx, number)


def test_announcement_and_results_reach_a_receiver_that_fails_twice(both: League,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    lite = both
    with receiver([(500, 0), (503, 0)]) as rec:
        rec.secret = secret = set_up_webhook(lite, rec.url + "/hook/receiver-token")
        number = open_show(lite, CARD)
        caplog.set_level(logging.DEBUG)
        assert drain(lite.engine, lite.clock, timeouts=FAST).failed == 1
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 0  # waits for its back-off
        lite.clock.advance(seconds=31)
        assert drain(lite.engine, lite.clock, timeouts=FAST).failed == 1
        lite.clock.advance(minutes=2, seconds=1)
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 1
        assert len(rec.got) == 3 and all(g.signed for g in rec.got) and all(g.path == "/hook/receiver-token"
                                                                            for g in rec.got)
        bodies = [json.loads(g.body) for g in rec.got]
        assert bodies[0] == bodies[2]  # the same message each time, its event id with it
        body = bodies[2]
        assert body["allowed_mentions"] == {"parse": []}
        assert "text" not in body and "Friendly Sam" in body["content"]  # Discord's dialect
        assert len(body["content"]) <= 2000
        tb = body["turnbuckle"]
        assert tb["kind"] == "open" and tb["show"]["number"] == int(number) and tb["version"] == 1
        assert event_ids(rec) == [tb["event_id"]] * 3
        [(msg, tries)] = rows(lite)
        assert msg.state == "sent" and [t.status for t in tries] == ["500", "503", "204"]
        assert [t.ok for t in tries] == [False, False, True]

        run_and_publish(lite, number)  # run, not published: nothing goes
        lite.clock.advance(hours=1)
        drain(lite.engine, lite.clock, timeouts=FAST)
        assert len(rec.got) == 3
        with lite.act() as ctx:
            running.publish(ctx, number)
        done = drain(lite.engine, lite.clock, timeouts=FAST)
        assert done.sent == 1
        results = [json.loads(g.body) for g in rec.got[3:]]
        assert {b["turnbuckle"]["kind"] for b in results} == {"results"}
        assert all(g.signed for g in rec.got[3:])
    logged = caplog.text + json.dumps([[t.error for t in tries] for _m, tries in rows(lite)])
    assert secret not in logged and "receiver-token" not in logged


def test_no_redirect_is_followed_and_a_slow_receiver_times_out(lite: League) -> None:
    with receiver([(302, 0), (200, 1.5)]) as rec:
        rec.secret = set_up_webhook(lite, rec.url + "/hook")
        open_show(lite, CARD)
        drain(lite.engine, lite.clock, timeouts=Timeouts(webhook=0.4))
        assert [g.path for g in rec.got] == ["/hook"]  # the 302 pointed elsewhere: not taken
        lite.clock.advance(seconds=31)
        drain(lite.engine, lite.clock, timeouts=Timeouts(webhook=0.4))
        [(msg, tries)] = rows(lite)
        assert [t.status for t in tries] == ["302", "timeout"]
        assert "redirect" in tries[0].error and "secret-path" not in tries[0].error
        assert "0.4 s" in tries[1].error
        assert msg.state == "pending" and msg.attempts == 2


def test_a_results_message_of_a_show_not_published_is_dropped(lite: League) -> None:
    with receiver() as rec:
        rec.secret = set_up_webhook(lite, rec.url + "/hook", "results")
        number = open_show(lite, CARD)
        with lite.act("Ann") as ctx:
            shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
        run_and_publish(lite, number)
        with lite.act() as ctx:  # as if a results message had been queued early, by a bug
            s = shows.show(ctx, number)
            outbox.enqueue(ctx.session, league_id=ctx.league.id, event_id="early", dedupe="early", kind="results",
                           channel="webhook", payload={"render": "results"}, now=ctx.now(), show_id=s.id)
        done = drain(lite.engine, lite.clock, timeouts=FAST)
        assert (done.sent, done.dropped) == (0, 1) and rec.got == []
        with read_scope(lite.engine) as session:
            early = session.scalars(select(OutboxMessage).where(OutboxMessage.event_id == "early")).one()
            assert early.state == "dropped" and "not published" in early.last_error


def test_a_receiver_refuses_a_changed_body_a_wrong_secret_and_a_replay() -> None:
    from turnbuckle.league.notify.signing import signature, verify

    body = b'{"content":"Show 3 is open"}'
    header = signature("whsec_right", 1_800_000_000, body)
    assert header.startswith("v1=") and len(header) == 3 + 64
    assert verify("whsec_right", header, "1800000000", body, now=1_800_000_100)
    assert not verify("whsec_right", header, "1800000000", body.replace(b"3", b"4"), now=1_800_000_100)
    assert not verify("whsec_wrong", header, "1800000000", body, now=1_800_000_100)
    assert not verify("whsec_right", header, "1800000001", body, now=1_800_000_100)  # the stamp is signed too
    assert not verify("whsec_right", header, "1800000000", body, now=1_800_000_000 + 301)  # too old: a replay
    assert not verify("whsec_right", header, "soon", body, now=1_800_000_100)
