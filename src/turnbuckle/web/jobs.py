"""Long runs (odds) outside the request: a small pool of worker threads owned by the app, a
bounded queue, one job at a time per user, progress that a page can poll.

The request that starts a job only puts it in the queue and returns. A job's work gets a
``progress(done)`` callback; calling it is also where a job learns it was cancelled or that the
server is stopping (it raises :class:`Stopped`, which ends the run at its next report).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from turnbuckle.core.errors import RulesError

log = logging.getLogger("turnbuckle.web.jobs")

#: The most matches one odds run may ask for.
MAX_MATCHES = 1_000_000
#: Jobs that may wait for a worker (the running ones not counted); more are refused.
QUEUE_LIMIT = 4
#: Finished jobs kept for their pages; the oldest go first.
KEEP_FINISHED = 200

Work = Callable[[Callable[[int], None]], dict[str, Any]]
ACTIVE = ("queued", "running")


class JobRefused(Exception):
    """A job that may not start: the message says why and what to do."""


class Stopped(Exception):
    """Raised inside a job's work when it was cancelled or the server is stopping."""


@dataclass
class Job:
    """One run: who asked (``owner``), what (``title``, ``total`` matches) and where it stands."""

    id: str
    owner: str
    title: str
    total: int
    detail: dict[str, Any] = field(default_factory=dict)
    state: str = "queued"  # queued, running, done, failed, cancelled
    done: int = 0
    result: dict[str, Any] | None = None
    error: str = ""
    created: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    cancel: bool = False

    @property
    def active(self) -> bool:
        return self.state in ACTIVE

    @property
    def elapsed(self) -> float:
        """Seconds since the run started (0 while it waits), up to its end once it is over."""
        if self.started is None:
            return 0.0
        return (self.finished or time.monotonic()) - self.started

    @property
    def percent(self) -> float:
        return 100.0 * self.done / self.total if self.total else 0.0


class Jobs:
    """The app's job runner: ``workers`` threads, at most ``queue_limit`` jobs waiting, and at most
    one queued or running job per owner."""

    def __init__(self, workers: int = 1, queue_limit: int = QUEUE_LIMIT, max_matches: int = MAX_MATCHES) -> None:
        self.queue_limit = queue_limit
        self.max_matches = max_matches
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}
        self._closing = False
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="turnbuckle-job")

    def submit(self, owner: str, title: str, total: int, work: Work, detail: dict[str, Any] | None = None) -> Job:
        """Queue ``work`` for ``owner``, or raise JobRefused saying why not."""
        if total < 1:
            raise JobRefused("ask for at least 1 match")
        if total > self.max_matches:
            raise JobRefused(f"{total:,} matches is over the limit of {self.max_matches:,} for one run; ask for fewer")
        with self._lock:
            if self._closing:
                raise JobRefused("the server is stopping; try again in a minute")
            mine = [j for j in self._jobs.values() if j.owner == owner and j.active]
            if mine:
                raise JobRefused(f"you already have a run {mine[0].state} ({mine[0].title}); wait for it to "
                                 "finish or cancel it: one run at a time each")
            waiting = sum(1 for j in self._jobs.values() if j.state == "queued")
            if waiting >= self.queue_limit:
                raise JobRefused(f"the queue is full ({waiting} runs waiting); try again in a minute")
            job = Job(secrets.token_urlsafe(12), owner, title, total, dict(detail or {}))
            self._jobs[job.id] = job
            self._prune()
        self._pool.submit(self._run, job, work)
        return job

    def get(self, job_id: str, owner: str) -> Job | None:
        """The job, for its owner only (anyone else gets None, as for a job that does not exist)."""
        with self._lock:
            job = self._jobs.get(job_id)
        return job if job is not None and job.owner == owner else None

    def cancel(self, job_id: str, owner: str) -> Job | None:
        job = self.get(job_id, owner)
        if job is not None and job.active:
            job.cancel = True
            if job.state == "queued":
                job.state, job.finished = "cancelled", time.monotonic()
        return job

    def close(self) -> None:
        """Stop: queued jobs are dropped, a running one ends at its next progress report."""
        with self._lock:
            self._closing = True
            for job in self._jobs.values():
                if job.active:
                    job.cancel = True
        self._pool.shutdown(wait=True, cancel_futures=True)

    def _prune(self) -> None:
        finished = sorted((j for j in self._jobs.values() if not j.active), key=lambda j: j.created)
        for job in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del self._jobs[job.id]

    def _run(self, job: Job, work: Work) -> None:
        if job.cancel:
            job.state, job.finished = "cancelled", time.monotonic()
            return
        job.state, job.started = "running", time.monotonic()

        def progress(done: int) -> None:
            if job.cancel:
                raise Stopped
            job.done = min(done, job.total)

        try:
            job.result = work(progress)
            job.done = job.total
            job.state = "done"
        except Stopped:
            job.state = "cancelled"
        except RulesError as exc:
            job.state, job.error = "failed", str(exc)
        except Exception:  # our bug: logged in full, the page says so in one line
            log.exception("job %s (%s) failed", job.id, job.title)
            job.state, job.error = "failed", "internal error while running (logged on the server)"
        finally:
            job.finished = time.monotonic()
