"""The commitment goes out at lock: however a show locks (the organiser's command or page, the
league at the deadline, a run past it), the show seed's SHA-256 is queued at once for the webhook
and for each member who takes the results by e-mail, is in the news feed and on the show page,
and is the hash of the seed the results later reveal. A member's choice of it defaults to their
choice of the results; the upgrade to this revision turns it on wherever the results are."""

from __future__ import annotations

import hashlib
import json
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, text
from typer.testing import CliRunner

from tests.league.helpers import League, build, open_show
from tests.league.notify_support import body_text, member_with_email, receiver, set_up_mail, smtp_server
from tests.web.pages_support import client_for
from turnbuckle.cli.app import app
from turnbuckle.league.db import read_scope
from turnbuckle.league.models import MemberContact, OutboxMessage
from turnbuckle.league.notify import config, contacts, feeds
from turnbuckle.league.notify.reach import ALLOW_ENV
from turnbuckle.league.notify.sender import Timeouts, drain
from turnbuckle.league.services import card, running, shows
from turnbuckle.web.organiser import autolock

CARD = [("m2", ["Friendly Sam", "Brother Bob"])]
ATOM = "{http://www.w3.org/2005/Atom}"



@pytest.fixture(autouse=True)
def _receivers_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The receivers here listen on 127.0.0.1: the server's switch that allows them is on."""
    monkeypatch.setenv(ALLOW_ENV, "1")

def _by_cli(lg: League, number: str) -> None:
    result = CliRunner().invoke(app, ["league", "lock", number, "--db", lg.url])
    assert result.exit_code == 0, result.output


def _by_page(lg: League, number: str) -> None:
    with client_for(lg.url, "Fran", lg.clock) as org:
        assert org.post(f"/organiser/shows/{number}/lock", data={}).status_code == 200


def _at_the_deadline(lg: League, number: str) -> None:
    lg.clock.advance(days=1, seconds=1)
    assert autolock.lock_due_now(lg.engine, lg.clock, lg.program) == [int(number)]


def _by_the_run(lg: League, number: str) -> None:
    lg.clock.advance(days=1, seconds=1)
    with lg.act() as ctx:
        assert running.run_show(ctx, number).status == "run"


PATHS: dict[str, Callable[[League, str], None]] = {"cli": _by_cli, "page": _by_page, "deadline": _at_the_deadline,
                                                   "run": _by_the_run}


def _set_up(lg: League, hook: str) -> None:
    with lg.act() as ctx:
        config.set_webhook(ctx, hook)  # the league's first settings: every kind
    set_up_mail(lg, 2525)
    member_with_email(lg, "Ann", "ann@example.org", "results")  # the results only: the commitment by default
    member_with_email(lg, "Bo", "bo@example.org", "open")


def _locked_rows(lg: League) -> list[OutboxMessage]:
    with read_scope(lg.engine) as session:
        rows = list(session.scalars(select(OutboxMessage).where(OutboxMessage.kind == "locked")
                                    .order_by(OutboxMessage.id)))
        for r in rows:
            session.expunge(r)
        return rows


def _revealed(lg: League, number: str) -> str:
    """The show seed the published results reveal, hashed here with hashlib alone."""
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        if s.status == "locked":
            running.run_show(ctx, number)
    with lg.act() as ctx:
        running.publish(ctx, number)
    with lg.act() as ctx:
        seed = shows.show(ctx, number).seed
    assert seed is not None
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


@pytest.mark.parametrize("path", list(PATHS))
def test_every_way_a_show_locks_queues_the_hash_of_the_seed_it_later_reveals(lite: League, path: str) -> None:
    _set_up(lite, "http://127.0.0.1:9/hook")
    number = open_show(lite, CARD)
    assert _locked_rows(lite) == []
    PATHS[path](lite, number)
    rows = _locked_rows(lite)
    with lite.act() as ctx:
        ann = contacts.recipients(ctx.session, ctx.league.id, "locked")
    assert [(r.channel, r.member_id) for r in rows] == [("webhook", None), ("email", ann[0].member_id)]
    assert [c.email for c in ann] == ["ann@example.org"]  # Bo takes only the announcement
    digest = _revealed(lite, number)
    hook, mail = rows[0].payload, rows[1].payload
    assert hook["body"]["turnbuckle"]["kind"] == "locked" and hook["body"]["turnbuckle"]["seed_sha256"] == digest
    assert digest in hook["body"]["content"] and f"--commitment {number}={digest}" in hook["body"]["content"]
    assert mail["seed_sha256"] == digest and digest in mail["text"] and f"Show {number} is locked" in mail["subject"]


def test_the_commitment_is_sent_by_webhook_and_mail_and_is_in_the_feed_and_on_the_page(lite: League) -> None:
    with receiver() as rec, smtp_server() as (sink, port):
        with lite.act() as ctx:
            config.set_webhook(ctx, rec.url + "/hook")
            rec.secret = config.webhook_secret(ctx)
        set_up_mail(lite, port)
        member_with_email(lite, "Ann", "ann@example.org", "results")
        number = open_show(lite, CARD)
        with lite.act() as ctx:
            hashed = shows.lock(ctx, number).seed_sha256
        assert hashed is not None
        done = drain(lite.engine, lite.clock, timeouts=Timeouts(webhook=5.0, smtp=5.0))
        assert done.failed == 0
        deadline = time.monotonic() + 10
        while not sink.messages and time.monotonic() < deadline:
            time.sleep(0.05)
        bodies = [json.loads(g.body) for g in rec.got]
        locked = [b for b in bodies if b["turnbuckle"]["kind"] == "locked"]
        assert len(locked) == 1 and locked[0]["turnbuckle"]["seed_sha256"] == hashed and all(g.signed for g in rec.got)
        mails = [m for m in sink.messages if "is locked" in str(m["Subject"])]
        assert len(mails) == 1 and hashed in body_text(mails[0]) and sink.rcpts[-1] == ["ann@example.org"]
    feed = ET.fromstring(feeds.news_feed(lite.engine, "https://league.example", "/feeds/news.atom"))
    entries = feed.findall(f"{ATOM}entry")
    assert len(entries) == 1 and hashed in (entries[0].findtext(f"{ATOM}content") or "")
    assert (entries[0].findtext(f"{ATOM}id") or "").endswith(f":locked:{hashed}")
    with client_for(lite.url, None, lite.clock) as spectator:
        page = spectator.get(f"/shows/{number}").text
    assert f'<code class="seed-hash">{hashed}</code>' in page and "the commitment, published at lock" in page
    digest = _revealed(lite, number)
    assert digest == hashed
    feed = ET.fromstring(feeds.news_feed(lite.engine, "https://league.example", "/feeds/news.atom"))
    assert len(feed.findall(f"{ATOM}entry")) == 2  # the results, and the lock before them


def test_a_show_locked_again_commits_again_and_a_deletion_takes_no_commitment_back(lite: League) -> None:
    _set_up(lite, "http://127.0.0.1:9/hook")
    number = open_show(lite, CARD)
    hashes = []
    for _ in range(2):
        with lite.act() as ctx:
            hashes.append(shows.lock(ctx, number).seed_sha256)
        with lite.act() as ctx:
            shows.unlock(ctx, number)
    with lite.act() as ctx:
        card.delete_show(ctx, number)
    rows = _locked_rows(lite)
    assert [(r.channel, r.payload.get("seed_sha256") or r.payload["body"]["turnbuckle"]["seed_sha256"])
            for r in rows] == [("webhook", hashes[0]), ("email", hashes[0]), ("webhook", hashes[1]),
                               ("email", hashes[1])]
    assert {r.state for r in rows} == {"pending"}  # still to go: a commitment is never taken back
    feed = feeds.news_feed(lite.engine, "", "/feeds/news.atom")
    assert all(h in feed for h in hashes if h)
    with receiver() as rec:
        with lite.act() as ctx:
            config.set_webhook(ctx, rec.url + "/hook")
        drain(lite.engine, lite.clock, timeouts=Timeouts(webhook=5.0, smtp=0.5))
        sent = [json.loads(g.body)["turnbuckle"] for g in rec.got]
    assert [(b["kind"], b["seed_sha256"]) for b in sent] == [("locked", h) for h in hashes]


def test_results_mail_turns_the_commitment_on_and_the_member_may_turn_it_off(lite: League) -> None:
    set_up_mail(lite, 2525)
    member_with_email(lite, "Ann", "ann@example.org", "open")
    with lite.act("Ann") as ctx:
        assert contacts.set_kinds(ctx, "open").kinds == "open"
        assert contacts.set_kinds(ctx, "open,results").kinds == "open,locked,results"  # on with the results
        assert contacts.set_kinds(ctx, "open,results").kinds == "open,results"  # off, as asked, results kept
        assert contacts.set_kinds(ctx, "").kinds == ""
        assert contacts.set_kinds(ctx, "locked").kinds == "locked"  # the commitment alone


def test_the_upgrade_turns_the_commitment_on_wherever_the_results_are(schema_url: str, tmp_path: Path) -> None:
    from turnbuckle.league.db import downgrade, upgrade

    lg = build(schema_url)
    set_up_mail(lg, 2525)
    with lg.act() as ctx:
        config.set_webhook(ctx, "https://hooks.example/x", "open,results")
    member_with_email(lg, "Ann", "ann@example.org", "results,receipt")
    member_with_email(lg, "Bo", "bo@example.org", "open")
    lg.close()
    downgrade(schema_url, "0009")
    engine = create_engine(schema_url)
    with engine.begin() as conn:  # as 0.2.0 left them: no such kind
        assert conn.execute(text("SELECT kinds FROM member_contacts ORDER BY member_id")).scalars().all() == [
            "results,receipt", "open"]
        assert conn.execute(text("SELECT webhook_kinds FROM notify_settings")).scalar_one() == "open,results"
    upgrade(schema_url)
    with engine.begin() as conn:
        assert conn.execute(text("SELECT kinds FROM member_contacts ORDER BY member_id")).scalars().all() == [
            "locked,results,receipt", "open"]
        assert conn.execute(text("SELECT webhook_kinds FROM notify_settings")).scalar_one() == "open,locked,results"
    engine.dispose()
    again = League(schema_url)
    try:
        with again.act() as ctx:
            assert {c.kinds for c in ctx.session.scalars(select(MemberContact))} == {"locked,results,receipt", "open"}
    finally:
        again.close()


def test_no_commitment_is_queued_before_the_lock(lite: League) -> None:
    _set_up(lite, "http://127.0.0.1:9/hook")
    number = open_show(lite, CARD)
    lite.clock.advance(hours=23)
    with lite.act() as ctx:
        assert shows.lock_due(ctx) == [] and shows.show(ctx, number).seed_sha256 is None
    assert _locked_rows(lite) == []
    lite.clock.advance(hours=1, seconds=timedelta(seconds=1).total_seconds())
    with lite.act() as ctx:
        assert [s.number for s in shows.lock_due(ctx)] == [int(number)]
    assert len(_locked_rows(lite)) == 2
