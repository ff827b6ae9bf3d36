"""Long runs kept in the database (the ``jobs`` table), so that several server processes share them:
a request submits a job and returns; any process's worker (``job_worker.py``) claims it, reports its
progress and finishes it; any process shows it by its id.

A claim takes a lease (``lease_queue.py``, shared with the notification outbox): the worker's
heartbeat renews it while the job runs. A worker that dies (its process killed) stops renewing, and
once the lease has run out another worker may claim the job again; after ``MAX_ATTEMPTS`` claims it
is failed instead, so a job that kills its worker does not kill them all. On PostgreSQL a claim is
``SELECT ... FOR UPDATE SKIP LOCKED`` (two workers never take the same row, nor wait for each
other); on SQLite the write lock that every unit of work takes when it begins makes claims take turns.

A kind of job is one :func:`register` call: its name, the function that runs it, and whether anyone
who has a job's id may follow it (``public``) or its owner only. A ``background`` kind (a published
match's explanation, queued by the league at publish) neither counts against nor is refused by the
queue limit, and is claimed only when no other job waits: members' runs go first.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, case, delete, func, select, text
from sqlalchemy.orm import Session

from turnbuckle.league.db import session_scope
from turnbuckle.league.lease_queue import LeasedQueue
from turnbuckle.league.models import Job

#: Seconds a claim holds a job without a heartbeat; the worker renews it every third of that.
LEASE_S = 30.0
#: Claims of one job before it is failed (its worker died each time).
MAX_ATTEMPTS = 3
#: Jobs that may wait for a worker (the running ones not counted); more are refused.
QUEUE_LIMIT = 8
#: The jobs table as a leased queue: a queued job waits, a running one is a worker's.
QUEUE = LeasedQueue(Job, Job.id, Job.state, Job.worker, Job.attempts, Job.lease_until, waiting="queued",
                    leased="running")
#: Finished jobs are deleted this long after they end.
KEEP_FINISHED = timedelta(days=2)
#: PostgreSQL's advisory lock that makes submits take turns, until their transaction ends (the
#: one-run-each and queue checks then see every other submit); submits are rare, so one lock will do.
SUBMIT_LOCK = 0x7475726E6A6F6273  # "turnjobs"

Progress = Callable[[int], None]
#: A kind's work: ``run(params, progress, scheduler)`` returns the result (JSON data). ``progress(done)``
#: raises :class:`Stopped` once the job was cancelled or the worker lost it; ``scheduler`` is the Dask
#: client of the server's cluster, or None (run here).
Run = Callable[[dict[str, Any], Progress, Any], dict[str, Any]]


class JobRefused(Exception):
    """A job that may not start: the message says why and what to do."""


class Stopped(Exception):
    """Raised inside a job's work when it was cancelled, its lease was lost or the server is stopping."""


@dataclass(frozen=True)
class Kind:
    name: str
    run: Run
    public: bool = False
    kept: bool = False  # its finished jobs are not deleted after KEEP_FINISHED (the kind prunes its own)
    background: bool = False  # outside the queue limit; claimed only when no other job waits


def background_kinds() -> set[str]:
    return {k.name for k in KINDS.values() if k.background}


KINDS: dict[str, Kind] = {}


def register(name: str, run: Run, *, public: bool = False, kept: bool = False, background: bool = False) -> Kind:
    """Make ``name`` a kind of job that ``run`` runs (registering it again replaces it)."""
    KINDS[name] = kind = Kind(name, run, public, kept, background)
    return kind


def now_utc() -> datetime:
    return datetime.now(UTC)


def submit(session: Session, kind: str, params: dict[str, Any], owner: str, *, title: str, total: int = 0,
           public: bool | None = None, queue_limit: int = QUEUE_LIMIT, now: datetime | None = None) -> Job:
    """Queue a job of ``kind`` for ``owner`` (one queued or running job each), or raise JobRefused.
    Background jobs are not counted in the queue limit, and a background kind is never refused by it."""
    if kind not in KINDS:
        raise JobRefused(f"no job kind '{kind}' on this server (known: {', '.join(sorted(KINDS)) or 'none'})")
    now = now or now_utc()
    if session.get_bind().dialect.name == "postgresql":  # SQLite: the write lock taken at BEGIN does this
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SUBMIT_LOCK})
    kept = [k.name for k in KINDS.values() if k.kept]
    session.execute(delete(Job).where(Job.state.not_in(("queued", "running")), Job.finished_at < now - KEEP_FINISHED,
                                      Job.kind.not_in(kept)))
    mine = session.scalars(select(Job).where(Job.owner == owner, Job.state.in_(("queued", "running")))).first()
    if mine is not None:
        raise JobRefused(f"you already have a run {mine.state} ({mine.title}); wait for it to finish or cancel "
                         "it: one run at a time each")
    background = background_kinds()
    waiting = session.scalar(select(func.count()).select_from(Job).where(Job.state == "queued",
                                                                         Job.kind.not_in(background))) or 0
    if kind not in background and waiting >= queue_limit:
        raise JobRefused(f"the queue is full ({waiting} runs waiting); try again in a minute")
    job = Job(id=secrets.token_urlsafe(18), kind=kind, owner=owner, title=title[:400], params=params, total=total,
              public=KINDS[kind].public if public is None else public, state="queued", done=0, error="",
              cancel=False, worker="", attempts=0, created_at=now)
    session.add(job)
    session.flush()
    return job


def get(session: Session, job_id: str, viewer: str) -> Job | None:
    """The job for ``viewer`` (an owner key): its owner's, or anyone's for a public job; else None,
    as for a job that does not exist."""
    job = session.get(Job, job_id[:32])
    if job is None or not (job.public or job.owner == viewer):
        return None
    return job


def cancel(session: Session, job_id: str, owner: str, now: datetime | None = None) -> Job | None:
    """Cancel the owner's job: a queued one at once, a running one at its worker's next report."""
    job = session.get(Job, job_id[:32])
    if job is None or job.owner != owner:
        return None
    if job.state == "queued":
        job.state, job.finished_at = "cancelled", now or now_utc()
    elif job.state == "running":
        job.cancel = True
    return job


def claim(engine: Engine, worker: str, kinds: set[str] | None = None, *, lease_s: float = LEASE_S,
          now: datetime | None = None) -> Job | None:
    """Take the oldest queued job (or one whose lease ran out) for ``worker``; None when there is none.
    Other kinds go before background ones, and a background job is taken only when no job of
    another kind waits (not even one outside ``kinds``)."""
    now = now or now_utc()
    names = set(KINDS) if kinds is None else kinds
    background = background_kinds()
    waiting = QUEUE.claimable(now)
    claimable = select(Job).where(Job.kind.in_(names), waiting)
    others_wait = select(Job.id).where(Job.kind.in_(set(KINDS) - background), waiting).limit(1)
    if not QUEUE.anything(engine, Job.kind.in_(names) & waiting):
        return None
    with session_scope(engine) as session:
        for _ in range(2 * MAX_ATTEMPTS):
            order = case((Job.kind.in_(background), 1), else_=0)
            found = QUEUE.locked(session, claimable.order_by(order, Job.created_at, Job.id), 1)
            if not found:
                return None
            job = found[0]
            if job.kind in background and session.scalars(others_wait).first() is not None:
                return None  # a member's run waits (for another worker's free thread): it goes first
            if job.state == "running" and job.attempts >= MAX_ATTEMPTS:
                job.state, job.finished_at = "failed", now
                job.error = f"the worker running it stopped {job.attempts} times; not tried again"
                continue
            if job.cancel:  # cancelled while its worker was gone
                job.state, job.finished_at = "cancelled", now
                continue
            QUEUE.lease(job, worker, now, lease_s)
            job.started_at = job.started_at or now
            session.flush()
            session.expunge(job)
            return job
    return None


def heartbeat(engine: Engine, worker: str, job_ids: list[str], *, done: dict[str, int] | None = None,
              lease_s: float = LEASE_S, now: datetime | None = None) -> dict[str, str]:
    """Renew ``worker``'s leases on ``job_ids`` (and store their progress). Returns the jobs it should
    stop, each with why: "cancelled", or "lost" (the lease ran out and another worker took it)."""
    if not job_ids:
        return {}
    now = now or now_utc()
    done = done or {}
    stop = {}
    with session_scope(engine) as session:
        rows = session.execute(select(Job.id, Job.worker, Job.state, Job.cancel).where(Job.id.in_(job_ids))).all()
        found = {r.id: r for r in rows}
        for job_id in job_ids:
            row = found.get(job_id)
            if row is None or row.worker != worker or row.state != "running":
                stop[job_id] = "lost"
                continue
            if row.cancel:
                stop[job_id] = "cancelled"
            values = QUEUE.renewal(now, lease_s)
            if job_id in done:
                values["done"] = done[job_id]
            QUEUE.settle(session, worker, [job_id], values)
    return stop


def finish(engine: Engine, worker: str, job_id: str, *, result: dict[str, Any] | None = None, error: str = "",
           state: str | None = None, now: datetime | None = None) -> bool:
    """End ``worker``'s job: done with ``result``, failed with ``error``, or ``state`` (cancelled; or
    queued, to hand it back to another worker). False if the job was no longer this worker's."""
    end = state or ("failed" if error else "done")
    now = now or now_utc()
    values: dict[str, Any]
    if end == "queued":
        values = QUEUE.handed_back() | {"worker": "", "error": error}
    else:
        values = {"state": end, "error": error, "lease_until": None, "finished_at": now}
    if end == "done":
        values |= {"result": result, "done": Job.total}
    with session_scope(engine) as session:
        return QUEUE.settle(session, worker, [job_id], values) > 0
