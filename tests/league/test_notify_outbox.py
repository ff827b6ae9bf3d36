"""The outbox itself: a server restart between an event and its send loses nothing (a message
queued while no sender ran, and one claimed by a sender that died, both go once the server is up
again); two senders on one PostgreSQL outbox send each message once; the deadline reminders go at
their hours as the clock moves, once each, and again for a moved deadline."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.league.helpers import League, build, open_show
from tests.league.notify_support import event_ids, receiver, set_up_webhook
from turnbuckle.league.db import read_scope
from turnbuckle.league.models import OutboxAttempt, OutboxMessage
from turnbuckle.league.notify import config, outbox
from turnbuckle.league.notify.events import due_reminder
from turnbuckle.league.notify.reach import ALLOW_ENV
from turnbuckle.league.notify.sender import Timeouts, drain
from turnbuckle.league.services import card
from turnbuckle.web.app import create_app

CARD = [("m2", ["Friendly Sam", "Brother Bob"])]
FAST = Timeouts(webhook=2.0)


@pytest.fixture(autouse=True)
def _receivers_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The receivers here listen on 127.0.0.1: the server's switch that allows them is on."""
    monkeypatch.setenv(ALLOW_ENV, "1")


@pytest.fixture
def pg(pg_url: str) -> Iterator[League]:
    league = build(pg_url)
    yield league
    league.close()


def states(lg: League) -> dict[str, str]:
    with read_scope(lg.engine) as session:
        return {m.event_id: m.state for m in session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))}


@pytest.fixture
def both(url: str) -> Iterator[League]:
    league = build(url)
    yield league
    league.close()


def test_a_restart_between_the_event_and_the_send_loses_nothing(both: League) -> None:
    lite = both  # on SQLite and on PostgreSQL
    with receiver() as rec:
        rec.secret = set_up_webhook(lite, rec.url + "/hook")
        open_show(lite, CARD)  # queued with the opening; no sender runs
        open_show(lite, [("boxing", ["Mika Sato", "Rico Vance"])])
        first, second = states(lite)  # in the order they were queued
        died = outbox.claim(lite.engine, "a sender that died", lite.clock(), limit=1)  # claimed, never sent
        assert [c.event_id for c in died] == [first] and rec.got == []
        app = create_app(lite.url, clock=lite.clock, auto_lock_every=None, notify_every=0.05)
        with TestClient(app):  # the server comes back up: its sender sends what was waiting
            deadline = time.monotonic() + 5
            while len(rec.got) < 1 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert event_ids(rec) == [second]  # the dead sender's claim holds until its lease runs out
            lite.clock.advance(seconds=outbox.LEASE_S + 1)
            while len(rec.got) < 2 and time.monotonic() < deadline:
                time.sleep(0.02)
        assert event_ids(rec) == [second, first]
        assert states(lite) == {first: "sent", second: "sent"}
        assert outbox.finish(lite.engine, "a sender that died", died[0].id, outbox.Outcome(True), lite.clock()) == ""


def test_two_senders_on_one_postgresql_outbox_send_each_message_once(pg: League) -> None:
    with receiver() as rec:
        rec.secret = set_up_webhook(pg, rec.url + "/hook")
        for _ in range(6):
            open_show(pg, CARD)
        with pg.act() as ctx:  # and 30 more messages straight into the outbox
            for i in range(30):
                body = {"content": f"message {i}", "turnbuckle": {"event_id": f"bulk-{i}"}}
                outbox.enqueue(ctx.session, league_id=ctx.league.id, event_id=f"bulk-{i}", dedupe=f"bulk-{i}",
                               kind="note", channel="webhook", payload={"body": body}, now=ctx.now())
        gate = threading.Barrier(2)
        done: list[int] = []

        def sender(name: str) -> None:
            gate.wait()
            done.append(drain(pg.engine, pg.clock, worker=name, timeouts=FAST).sent)

        threads = [threading.Thread(target=sender, args=(n,)) for n in ("one", "two")]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        ids = event_ids(rec)
        assert len(ids) == 36 and len(set(ids)) == 36 and sum(done) == 36
        with read_scope(pg.engine) as session:
            workers = set(session.scalars(select(OutboxMessage.worker)))
            assert session.scalar(select(func.count()).select_from(OutboxMessage)
                                  .where(OutboxMessage.state == "sent")) == 36
        assert workers == {"one", "two"}  # both took a share


def test_reminders_follow_the_clock(lite: League) -> None:
    start = lite.clock.now
    with receiver() as rec:
        rec.secret = set_up_webhook(lite, rec.url + "/hook", "deadline")
        number = open_show(lite, CARD)  # deadline: a day after opening, so no 24 h reminder at once
        with lite.act() as ctx:
            card.move_deadline(ctx, number, start + timedelta(days=2))

        def reminders() -> list[int]:
            return [json.loads(g.body)["turnbuckle"]["hours_before"] for g in rec.got]

        for hours_before, expected in ((30, []), (23.5, [24]), (23, [24]), (1.5, [24]), (0.9, [24, 1]),
                                       (0.5, [24, 1])):
            lite.clock.now = start + timedelta(days=2) - timedelta(hours=hours_before)
            drain(lite.engine, lite.clock, timeouts=FAST)
            assert reminders() == expected, hours_before
        body = json.loads(rec.got[-1].body)
        assert "are due in 54 minutes" in body["content"] and body["turnbuckle"]["kind"] == "deadline"
        with lite.act() as ctx:  # a moved deadline: its own reminders; the old ones are not sent again
            config.set_reminders(ctx, "2")
            card.move_deadline(ctx, number, lite.clock.now + timedelta(hours=3))
        lite.clock.advance(hours=1, minutes=1)
        drain(lite.engine, lite.clock, timeouts=FAST)
        assert reminders() == [24, 1, 2]
        lite.clock.advance(hours=5)  # past the deadline: nothing more
        drain(lite.engine, lite.clock, timeouts=FAST)
        assert len(rec.got) == 3
    assert list(states(lite).values()) == ["sent"] * 3
    lite.clock.advance(days=outbox.KEEP.days - 3)
    drain(lite.engine, lite.clock, timeouts=FAST)
    assert len(states(lite)) == 3
    lite.clock.advance(days=4)  # messages done two months ago are forgotten, with their tries
    drain(lite.engine, lite.clock, timeouts=FAST)
    with read_scope(lite.engine) as session:
        assert states(lite) == {} and session.scalar(select(func.count()).select_from(OutboxAttempt)) == 0


def test_the_reminder_due_is_the_nearest_and_never_one_from_before_the_card_opened() -> None:
    from datetime import UTC, datetime

    deadline = datetime(2026, 1, 10, 12, tzinfo=UTC)
    opened = deadline - timedelta(hours=30)
    assert due_reminder((24, 1), deadline, opened, deadline - timedelta(hours=25)) is None
    assert due_reminder((24, 1), deadline, opened, deadline - timedelta(hours=2)) == 24
    assert due_reminder((24, 1), deadline, opened, deadline - timedelta(minutes=5)) == 1
    assert due_reminder((24, 1), deadline, deadline - timedelta(hours=10), deadline - timedelta(hours=9)) is None
    assert due_reminder((24, 1), deadline, opened, deadline) is None


def test_a_sender_stopping_mid_batch_hands_the_rest_back_unsent(lite: League, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from turnbuckle.league.notify import sender

    with receiver() as rec:
        rec.secret = set_up_webhook(lite, rec.url + "/hook")
        with lite.act() as ctx:
            for i in range(3):
                body = {"content": f"message {i}", "turnbuckle": {"event_id": f"bulk-{i}"}}
                outbox.enqueue(ctx.session, league_id=ctx.league.id, event_id=f"bulk-{i}", dedupe=f"bulk-{i}",
                               kind="note", channel="webhook", payload={"body": body}, now=ctx.now())
        notifier = sender.Notifier(lite.engine, lite.clock, timeouts=FAST)
        real = sender.deliver

        def deliver_then_stop(ready: sender.Ready) -> outbox.Outcome:
            notifier._closing.set()  # the server stops while the first message is on the wire
            return real(ready)

        monkeypatch.setattr(sender, "deliver", deliver_then_stop)
        assert asyncio.run(notifier.pass_once()) == 3  # claimed all three, sent one
        assert event_ids(rec) == ["bulk-0"]
        with read_scope(lite.engine) as session:
            rows = {m.event_id: (m.state, m.attempts, m.lease_until) for m in session.scalars(select(OutboxMessage))}
        assert rows == {"bulk-0": ("sent", 1, None), "bulk-1": ("pending", 0, None), "bulk-2": ("pending", 0, None)}
        monkeypatch.setattr(sender, "deliver", real)
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 2  # due again at once, sent by the next pass
        assert event_ids(rec) == ["bulk-0", "bulk-1", "bulk-2"]
