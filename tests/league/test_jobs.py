"""The jobs table's service and worker, on SQLite and PostgreSQL: one run at a time each and a bounded
queue; who may follow a job; a claim's lease, taken over once it runs out and failed after too many
tries; SKIP LOCKED claims that neither wait for nor take another worker's row; cancelling; and a
worker that runs, reports and hands its jobs back when it stops."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, select

from tests.async_support import run_coroutine
from turnbuckle.league import jobs
from turnbuckle.league.assembly import assemble
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.job_worker import Worker
from turnbuckle.league.models import Job

GATE: dict[str, threading.Event] = {}


def _count(params: dict[str, Any], progress: jobs.Progress, client: Any) -> dict[str, Any]:
    """The test kind: reports each step, waits at a gate when told to, and can fail."""
    for i in range(1, int(params.get("steps", 3)) + 1):
        gate = GATE.get(params.get("gate", ""))
        while gate is not None and not gate.wait(0.02):
            progress(i - 1)  # the place a cancelled or stopping job learns it
        progress(i)
    if params.get("fail"):
        raise jobs.JobRefused("told to fail")  # not a RulesError: an internal error
    return {"counted": int(params.get("steps", 3)), "client": client is not None}


jobs.register("test-count", _count)


@pytest.fixture
def engine(url: str) -> Iterator[Engine]:
    e = make_engine(url)
    yield e
    e.dispose()


def _submit(engine: Engine, owner: str, **params: Any) -> str:
    with session_scope(engine) as session:
        return jobs.submit(session, "test-count", params, owner, title=f"count for {owner}", total=3).id


def _row(engine: Engine, job_id: str) -> Job:
    with session_scope(engine) as session:
        job = session.get(Job, job_id)
        assert job is not None
        return job


def test_one_run_each_a_bounded_queue_and_who_may_follow(engine: Engine) -> None:
    first = _submit(engine, "member:1")
    with pytest.raises(jobs.JobRefused, match="one run at a time"), session_scope(engine) as session:
        jobs.submit(session, "test-count", {}, "member:1", title="again")
    with pytest.raises(jobs.JobRefused, match="no job kind 'nope'"), session_scope(engine) as session:
        jobs.submit(session, "nope", {}, "member:2", title="x")
    with session_scope(engine) as session:
        jobs.submit(session, "test-count", {}, "member:2", title="b", queue_limit=2)
        with pytest.raises(jobs.JobRefused, match="queue is full"):
            jobs.submit(session, "test-count", {}, "member:3", title="c", queue_limit=2)
        shown = jobs.submit(session, "test-count", {}, "member:4", title="d", public=True, queue_limit=3).id
    with session_scope(engine) as session:
        assert jobs.get(session, first, "member:1") is not None
        assert jobs.get(session, first, "member:2") is None  # another's private job reads as missing
        assert jobs.get(session, shown, "address:9.9.9.9") is not None  # a public one: anyone with its id
        assert jobs.cancel(session, shown, "address:9.9.9.9") is None  # but only its owner cancels it
        assert jobs.get(session, "no-such-job", "member:1") is None


def test_a_lease_that_runs_out_lets_another_worker_take_the_job(engine: Engine) -> None:
    job_id = _submit(engine, "member:1")
    t0 = jobs.now_utc()
    a = jobs.claim(engine, "worker-a", lease_s=10, now=t0)
    assert a is not None and a.id == job_id and a.attempts == 1
    assert jobs.claim(engine, "worker-b", lease_s=10, now=t0 + timedelta(seconds=5)) is None  # still a's
    assert jobs.heartbeat(engine, "worker-a", [job_id], done={job_id: 2}, lease_s=10,
                          now=t0 + timedelta(seconds=8)) == {}
    assert _row(engine, job_id).done == 2
    assert jobs.claim(engine, "worker-b", lease_s=10, now=t0 + timedelta(seconds=15)) is None  # renewed to 18 s
    b = jobs.claim(engine, "worker-b", lease_s=10, now=t0 + timedelta(seconds=19))  # a died: no beat since 8 s
    assert b is not None and b.id == job_id and b.attempts == 2 and b.worker == "worker-b"
    assert jobs.heartbeat(engine, "worker-a", [job_id], now=t0 + timedelta(seconds=20)) == {job_id: "lost"}
    assert not jobs.finish(engine, "worker-a", job_id, result={"late": True})  # a's late answer is dropped
    assert jobs.finish(engine, "worker-b", job_id, result={"counted": 3})
    row = _row(engine, job_id)
    assert (row.state, row.result, row.done, row.worker) == ("done", {"counted": 3}, 3, "worker-b")


def test_a_job_whose_workers_keep_dying_is_failed_not_tried_for_ever(engine: Engine) -> None:
    job_id = _submit(engine, "member:1")
    t = jobs.now_utc()
    for attempt in range(1, jobs.MAX_ATTEMPTS + 1):
        job = jobs.claim(engine, f"w{attempt}", lease_s=1, now=t)
        assert job is not None and job.attempts == attempt
        t += timedelta(seconds=2)
    assert jobs.claim(engine, "w-last", lease_s=1, now=t) is None
    row = _row(engine, job_id)
    assert row.state == "failed" and "stopped 3 times" in row.error


def test_cancel_a_queued_job_at_once_and_a_running_one_at_its_next_beat(engine: Engine) -> None:
    queued, running = _submit(engine, "member:1"), _submit(engine, "member:2")
    with session_scope(engine) as session:
        assert jobs.cancel(session, queued, "member:1") is not None
    claimed = jobs.claim(engine, "w")
    assert claimed is not None and claimed.id == running  # the cancelled one is not claimed
    with session_scope(engine) as session:
        assert jobs.cancel(session, running, "member:2") is not None
    assert jobs.heartbeat(engine, "w", [running]) == {running: "cancelled"}
    assert _row(engine, queued).state == "cancelled"


def test_skip_locked_claims_neither_wait_for_nor_take_a_row_another_holds(pg_url: str) -> None:
    engine = make_engine(pg_url)
    try:
        first, second = _submit(engine, "member:1"), _submit(engine, "member:2")
        got: list[str | None] = []
        with engine.connect() as holder, holder.begin():  # another worker, mid-claim of the oldest job
            holder.execute(select(Job.id).where(Job.id == first).with_for_update())
            thread = threading.Thread(target=lambda: got.append(getattr(jobs.claim(engine, "w2"), "id", None)))
            thread.start()
            thread.join(5)
            assert not thread.is_alive(), "the claim waited for the locked row"
        assert got == [second]
    finally:
        engine.dispose()


def test_simultaneous_submits_of_one_owner_start_one_job(url: str) -> None:
    engines = [make_engine(url) for _ in range(2)]  # as two server processes
    outcomes: list[str] = []
    start = threading.Barrier(8)

    def submit(i: int) -> None:
        start.wait(5)
        try:
            with session_scope(engines[i % 2]) as session:
                jobs.submit(session, "test-count", {}, "member:1", title=f"try {i}")
            outcomes.append("queued")
        except jobs.JobRefused:
            outcomes.append("refused")

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    try:
        assert sorted(outcomes) == ["queued"] + ["refused"] * 7
        with session_scope(engines[0]) as session:
            assert len(session.scalars(select(Job.id)).all()) == 1
    finally:
        for e in engines:
            e.dispose()


def _wait(engine: Engine, job_id: str, states: tuple[str, ...], limit_s: float = 10) -> Job:
    until = time.monotonic() + limit_s
    while time.monotonic() < until:
        row = _row(engine, job_id)
        if row.state in states:
            return row
        time.sleep(0.02)
    raise AssertionError(f"job {job_id} is still {_row(engine, job_id).state}")


def test_the_worker_runs_reports_and_hands_back_its_jobs_when_it_stops(engine: Engine) -> None:
    async def scenario() -> None:
        worker = Worker(engine, program=assemble(), threads=1, poll_s=0.02, lease_s=1.5)
        worker.start()
        ok = _submit(engine, "member:1", steps=5)
        row = await asyncio.to_thread(_wait, engine, ok, ("done", "failed"))
        assert (row.state, row.result, row.done) == ("done", {"counted": 5, "client": False}, 3)
        bad = _submit(engine, "member:2", fail=True)
        row = await asyncio.to_thread(_wait, engine, bad, ("done", "failed"))
        assert row.state == "failed"
        assert row.error == f"internal error while running (the server's log holds it under job {bad})"
        GATE["held"] = threading.Event()
        held = _submit(engine, "member:3", gate="held")
        await asyncio.to_thread(_wait, engine, held, ("running",))
        await worker.stop()  # the server stops: the job goes back to the queue for another process
        row = _row(engine, held)
        assert (row.state, row.worker, row.attempts) == ("queued", "", 0)
        other = Worker(engine, program=assemble(), threads=1, poll_s=0.02, lease_s=1.5)
        other.start()
        GATE["held"].set()
        row = await asyncio.to_thread(_wait, engine, held, ("done",))
        assert row.worker == other.name and row.attempts == 1
        GATE["never"] = threading.Event()
        stuck = _submit(engine, "member:4", gate="never")
        await asyncio.to_thread(_wait, engine, stuck, ("running",))
        with session_scope(engine) as session:  # the owner cancels it (through any server process)
            assert jobs.cancel(session, stuck, "member:4") is not None
        row = await asyncio.to_thread(_wait, engine, stuck, ("cancelled", "done", "failed"))
        assert row.state == "cancelled" and row.result is None
        await other.stop()

    run_coroutine(scenario())
