"""The leased queue that the jobs and the outbox share, on SQLite and PostgreSQL: after a claim only
the worker holding a row may renew, settle or hand it back; a row handed back waits again with its
try not counted; a lease run out makes the row claimable again."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from tests.league.helpers import League, build
from turnbuckle.league import jobs
from turnbuckle.league.db import read_scope, session_scope
from turnbuckle.league.lease_queue import LeasedQueue
from turnbuckle.league.models import Job, OutboxMessage
from turnbuckle.league.notify import outbox


@pytest.fixture
def lg(url: str) -> Iterator[League]:
    league = build(url)
    yield league
    league.close()


def _held(lg: League, queue: LeasedQueue[Any], row_id: Any) -> tuple[str, str, int, datetime | None]:
    with read_scope(lg.engine) as session:
        row = session.get(queue.model, row_id)
        assert row is not None
        return (getattr(row, queue.state.key), getattr(row, queue.worker.key), getattr(row, queue.attempts.key),
                getattr(row, queue.lease_until.key))


def _only_the_holder_writes(lg: League, queue: LeasedQueue[Any], row_id: Any, now: datetime) -> None:
    state, worker, attempts, until = _held(lg, queue, row_id)
    assert (state, worker, attempts) == (queue.leased, "A", 1) and until is not None
    later = now + timedelta(seconds=5)
    assert queue.renew(lg.engine, "B", [row_id], later, 60) == 0  # not B's
    assert _held(lg, queue, row_id)[3] == until
    assert queue.renew(lg.engine, "A", [row_id], later, 60) == 1
    assert _held(lg, queue, row_id)[3] == later + timedelta(seconds=60)
    assert queue.release(lg.engine, "B", [row_id]) == 0
    with session_scope(lg.engine) as session:
        assert not session.scalars(select(queue.id).where(queue.claimable(later))).all()  # held, lease running
        assert session.scalars(select(queue.id).where(queue.claimable(later + timedelta(seconds=61)))).all() == [
            row_id]  # its lease ran out: claimable again
    assert queue.release(lg.engine, "A", [row_id]) == 1
    state, _, attempts, until = _held(lg, queue, row_id)
    assert (state, attempts, until) == (queue.waiting, 0, None)  # waiting again, the try not counted
    assert queue.release(lg.engine, "A", [row_id]) == 0  # no longer A's


jobs.register("test-lease", lambda params, progress, client: {})


def test_the_jobs_queue(lg: League) -> None:
    now = lg.clock()
    with session_scope(lg.engine) as session:
        job_id = jobs.submit(session, "test-lease", {}, "owner", title="lease", now=now).id
    claimed = jobs.claim(lg.engine, "A", {"test-lease"}, now=now)
    assert claimed is not None and claimed.id == job_id
    _only_the_holder_writes(lg, jobs.QUEUE, job_id, now)


def test_the_outbox(lg: League) -> None:
    now = lg.clock()
    with lg.act() as ctx:
        row = outbox.enqueue(ctx.session, league_id=ctx.league.id, event_id="e1", dedupe="e1", kind="note",
                             channel="webhook", payload={"body": {}}, now=now)
        assert row is not None
        message_id = row.id
    assert [c.id for c in outbox.claim(lg.engine, "A", now)] == [message_id]
    _only_the_holder_writes(lg, outbox.QUEUE, message_id, now)
    with read_scope(lg.engine) as session:
        assert session.scalars(select(OutboxMessage.id).where(outbox.QUEUE.claimable(now))).all() == [message_id]
        assert session.scalars(select(Job.id)).all() == []  # the queues are apart
