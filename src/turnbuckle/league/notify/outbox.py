"""The outbox table: messages written with their event, claimed by a worker under a lease, retried
with back-off, each attempt logged.

A claim marks rows ``sending`` with a lease in one short unit of work (``league/lease_queue.py``,
shared with the jobs): on PostgreSQL the rows are
taken ``FOR UPDATE SKIP LOCKED`` (two workers never take one row, nor wait for each other); on
SQLite the write lock each unit of work takes when it begins makes claims take turns. A worker that
dies mid-send leaves its rows ``sending`` until the lease runs out, when any worker takes them
again: delivery is at least once, and each message carries an event id so a receiver can drop a
repeat. After ``MAX_ATTEMPTS`` failed tries a row is ``failed`` and stays for the organiser to see.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Engine, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from turnbuckle.league.db import session_scope
from turnbuckle.league.lease_queue import LeasedQueue
from turnbuckle.league.models import OutboxAttempt, OutboxMessage

#: The outbox as a leased queue (``lease_queue.py``, shared with the jobs): a pending message waits
#: (for its due time too), a sending one is a worker's.
QUEUE = LeasedQueue(OutboxMessage, OutboxMessage.id, OutboxMessage.state, OutboxMessage.worker,
                    OutboxMessage.attempts, OutboxMessage.lease_until, waiting="pending", leased="sending")
#: Seconds a claim holds a row: longer than any send (a webhook's timeout, an SMTP exchange).
LEASE_S = 120.0
#: Tries before a message is given up (its row stays, ``failed``, with every attempt).
MAX_ATTEMPTS = 8
#: The wait after the n-th failed try (then the last one again).
BACKOFF = (timedelta(seconds=30), timedelta(minutes=2), timedelta(minutes=10), timedelta(hours=1),
           timedelta(hours=3), timedelta(hours=6))
#: Rows one claim takes.
BATCH = 20
#: Sent, dropped and failed messages (with their tries) are deleted this long after they were queued.
KEEP = timedelta(days=60)
#: Attempts the organiser's page and ``league notify log`` list (newest first).
MAX_LISTED = 100


def backoff(attempts: int) -> timedelta:
    """The wait after ``attempts`` failed tries."""
    return BACKOFF[min(max(attempts, 1), len(BACKOFF)) - 1]


def enqueue(session: Session, *, league_id: int, event_id: str, dedupe: str, kind: str, channel: str,
            payload: dict[str, Any], now: datetime, member_id: int | None = None, show_id: int | None = None,
            due_at: datetime | None = None) -> OutboxMessage | None:
    """Add a message unless one with the same ``dedupe`` key exists; None when it does. Runs in the
    caller's unit of work (the event's), inside a savepoint so a repeat leaves the rest untouched."""
    exists = session.scalars(select(OutboxMessage.id).where(OutboxMessage.dedupe == dedupe)).first()
    if exists is not None:
        return None
    row = OutboxMessage(league_id=league_id, event_id=event_id[:64], dedupe=dedupe[:200], kind=kind, channel=channel,
                        member_id=member_id, show_id=show_id, payload=payload, state="pending", attempts=0,
                        due_at=due_at or now, lease_until=None, worker="", last_error="", created_at=now,
                        sent_at=None)
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
    except IntegrityError:  # another process queued it between the look and the insert
        return None
    return row


@dataclass(frozen=True)
class Claimed:
    id: int
    league_id: int
    event_id: str
    kind: str
    channel: str
    member_id: int | None
    show_id: int | None
    payload: dict[str, Any]
    attempts: int


def _due(now: datetime) -> ColumnElement[bool]:
    return QUEUE.claimable(now, ready=OutboxMessage.due_at <= now)


def claim(engine: Engine, worker: str, now: datetime, *, limit: int = BATCH, lease_s: float = LEASE_S) -> list[Claimed]:
    """Take up to ``limit`` due messages for ``worker`` (oldest due first); [] when none is due."""
    if not QUEUE.anything(engine, _due(now)):
        return []
    with session_scope(engine) as session:
        rows = QUEUE.locked(session, select(OutboxMessage).where(_due(now))
                            .order_by(OutboxMessage.due_at, OutboxMessage.id), limit)
        for row in rows:
            QUEUE.lease(row, worker, now, lease_s)
        session.flush()
        return [Claimed(r.id, r.league_id, r.event_id, r.kind, r.channel, r.member_id, r.show_id, dict(r.payload),
                        r.attempts) for r in rows]


@dataclass(frozen=True)
class Outcome:
    """How one try went: ``ok``; else ``error`` (and ``drop``: never try again, say why)."""

    ok: bool
    status: str = ""
    error: str = ""
    ms: int = 0
    drop: bool = False


def finish(engine: Engine, worker: str, message_id: int, outcome: Outcome, now: datetime) -> str:
    """Log the attempt and move the row on: ``sent``, ``dropped``, back to ``pending`` after its
    back-off, or ``failed`` after its last try. Returns the new state ("" when the row was no longer
    this worker's: its lease ran out and another worker took it; the attempt is logged anyway)."""
    with session_scope(engine) as session:
        session.add(OutboxAttempt(outbox_id=message_id, at=now, worker=worker[:120], ok=outcome.ok,
                                  status=outcome.status[:40], error=outcome.error[:2000], ms=outcome.ms))
        row = session.get(OutboxMessage, message_id)
        if row is None or row.state != "sending" or row.worker != worker:
            return ""
        values: dict[str, Any] = {"lease_until": None, "last_error": outcome.error[:2000]}
        if outcome.ok:
            values |= {"state": "sent", "sent_at": now, "last_error": ""}
        elif outcome.drop:
            values |= {"state": "dropped"}
        elif row.attempts >= MAX_ATTEMPTS:
            values |= {"state": "failed"}
        else:
            values |= {"state": "pending", "due_at": now + backoff(row.attempts)}
        QUEUE.settle(session, worker, [message_id], values)
        return str(values["state"])


def renew(engine: Engine, worker: str, message_id: int, now: datetime, *, lease_s: float = LEASE_S) -> bool:
    """Just before a send: whether the row is still ``worker``'s, its lease begun again if so. A batch
    is claimed at once and sent one by one, so with a slow receiver a late row's lease may have run
    out and another worker taken it: this worker must not send it as well."""
    return QUEUE.renew(engine, worker, [message_id], now, lease_s) == 1


def release(engine: Engine, worker: str, ids: Iterable[int]) -> None:
    """Hand claimed rows back unsent (a worker stopping): due again at once, the try not counted."""
    QUEUE.release(engine, worker, ids)


def retry_now(session: Session, league_id: int, message_id: int, now: datetime) -> OutboxMessage | None:
    """The organiser's "try again": a failed message due again at once, its tries counted afresh."""
    row = session.get(OutboxMessage, message_id)
    if row is None or row.league_id != league_id or row.state != "failed":
        return None
    row.state, row.attempts, row.due_at = "pending", 0, now
    return row


def recent(session: Session, league_id: int,
           limit: int = MAX_LISTED) -> list[tuple[OutboxMessage, list[OutboxAttempt]]]:
    """The league's newest messages, each with its attempts (oldest first)."""
    rows = list(session.scalars(select(OutboxMessage).where(OutboxMessage.league_id == league_id)
                                .order_by(OutboxMessage.id.desc()).limit(max(1, min(limit, MAX_LISTED)))))
    tries: dict[int, list[OutboxAttempt]] = {r.id: [] for r in rows}
    if rows:
        for a in session.scalars(select(OutboxAttempt).where(OutboxAttempt.outbox_id.in_(list(tries)))
                                 .order_by(OutboxAttempt.id)):
            tries[a.outbox_id].append(a)
    return [(r, tries[r.id]) for r in rows]


def prunable(session: Session, now: datetime, limit: int = 500) -> list[int]:
    """Messages done (sent, dropped or failed) and queued more than ``KEEP`` ago, oldest first."""
    q = (select(OutboxMessage.id).where(OutboxMessage.state.in_(("sent", "dropped", "failed")),
                                        OutboxMessage.created_at < now - KEEP)
         .order_by(OutboxMessage.id).limit(limit))
    return list(session.scalars(q))


def prune(session: Session, ids: list[int]) -> None:
    session.execute(delete(OutboxAttempt).where(OutboxAttempt.outbox_id.in_(ids)))
    session.execute(delete(OutboxMessage).where(OutboxMessage.id.in_(ids), OutboxMessage.state.in_(
        ("sent", "dropped", "failed"))))
