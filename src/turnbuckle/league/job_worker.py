"""The worker that runs the ``jobs`` table's jobs in a server process: a background task (started in
the web app's lifespan) claims jobs while it has a free thread, runs each in a bounded thread pool,
and beats every second: the running jobs' progress is stored and their leases renewed, and a job
cancelled, or taken by another worker after this one stalled, is told to stop.

With a Dask scheduler (``serve --scheduler``, as ``sweep --scheduler``), a kind may send its heavy
work to the cluster: its ``run`` gets the connected client; without one it gets None and works here.
Stopping the worker hands its unfinished jobs back to the queue, for another process to run.

Background jobs (a published match's explanation, ``jobs.Kind.background``) run one at a time on a
thread of their own beside the ``threads``, and are claimed only when no other job waits: a member's
run never waits behind a card of explanations, nor for a thread an explanation holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from turnbuckle.core.errors import RulesError
from turnbuckle.core.logs import current_id
from turnbuckle.core.settings import Settings
from turnbuckle.league import jobs
from turnbuckle.league.assembly import Program
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import Job

log = logging.getLogger(__name__)

@dataclass
class _Running:
    job: Job
    done: int = 0
    stop: threading.Event = field(default_factory=threading.Event)
    why: str = ""  # cancelled, lost, closing


class Worker:
    """Runs claimed jobs on ``threads`` threads; ``poll_s`` between looks at an empty queue.
    ``program``: the assembled program (``league/assembly.py``), whose listeners a unit of work
    opened for a job is made with (no kind of job records an event today)."""

    def __init__(self, engine: Engine, *, program: Program, threads: int = 1, scheduler: str | None = None,
                 poll_s: float = 0.5, lease_s: float = jobs.LEASE_S) -> None:
        self.engine = engine
        self.program = program
        self.threads = threads
        self.scheduler = scheduler
        self.poll_s = poll_s
        self.lease_s = lease_s
        self.name = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self._running: dict[str, _Running] = {}
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=max(1, threads) + 1, thread_name_prefix="turnbuckle-job")
        self._client: Any = None
        self._cluster: Any = None
        self._task: asyncio.Task[None] | None = None
        self._closing = asyncio.Event()

    @classmethod
    def from_settings(cls, engine: Engine, settings: Settings, program: Program,
                      scheduler: str | None = None) -> Worker:
        """A worker as the settings say (``job_threads``, ``job_lease_s``, ``scheduler``; ``scheduler``
        given here wins), for the assembled ``program``."""
        return cls(engine, program=program, threads=settings.job_threads, scheduler=scheduler or settings.scheduler,
                   lease_s=settings.job_lease_s)

    def start(self) -> None:
        """Start claiming (again, after a stop: an app's lifespan may run more than once)."""
        self._pool = ThreadPoolExecutor(max_workers=max(1, self.threads) + 1, thread_name_prefix="turnbuckle-job")
        self._client = self._cluster = None
        self._closing = asyncio.Event()
        if self.threads > 0:
            self._task = asyncio.create_task(self._loop(), name="turnbuckle-jobs")

    @property
    def running(self) -> bool:
        """Whether it claims jobs now: started, not stopped, its loop alive (never with no threads)."""
        return self._task is not None and not self._task.done()

    async def stop(self) -> None:
        """Stop claiming; running jobs stop at their next report and go back to the queue."""
        if self._task is not None:  # not cancelled: a claim in flight must come back to be handed back
            self._closing.set()
            await self._task
            self._task = None
        with self._lock:
            for run in self._running.values():
                run.why = run.why or "closing"
                run.stop.set()
        await asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True)
        for job_id in list(self._running):  # claimed, never started: back to the queue
            await asyncio.to_thread(jobs.finish, self.engine, self.name, job_id, state="queued")
        if self._client is not None:
            self._client.close()
        if self._cluster is not None:
            self._cluster.close()

    async def _loop(self) -> None:
        beat_every = min(1.0, self.lease_s / 3)
        next_beat = 0.0
        loop = asyncio.get_running_loop()
        while not self._closing.is_set():
            claimed = False
            try:
                kinds = self._claimable()
                if kinds:
                    job = await asyncio.to_thread(jobs.claim, self.engine, self.name, kinds, lease_s=self.lease_s)
                    if job is not None:
                        claimed = True
                        self._start(job)
                if loop.time() >= next_beat:
                    next_beat = loop.time() + beat_every
                    await asyncio.to_thread(self.beat)
            except Exception as exc:  # the database away for a moment: try again at the next turn
                log.warning("job worker: %s", exc)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), 0 if claimed else self.poll_s)

    def _claimable(self) -> set[str]:
        """The kinds this worker has a free thread for: the others while fewer than ``threads`` of
        them run, the background kinds while none of them runs (at most one at a time)."""
        background = jobs.background_kinds()
        with self._lock:
            running_background = sum(1 for run in self._running.values() if run.job.kind in background)
            others = len(self._running) - running_background
        kinds = set(jobs.KINDS) - background if others < self.threads else set()
        return kinds | background if running_background == 0 else kinds

    def beat(self) -> None:
        """Store progress, renew leases, and stop the jobs that were cancelled or lost."""
        with self._lock:
            done = {job_id: run.done for job_id, run in self._running.items()}
        stop = jobs.heartbeat(self.engine, self.name, list(done), done=done, lease_s=self.lease_s)
        with self._lock:
            for job_id, why in stop.items():
                run = self._running.get(job_id)
                if run is not None and not run.stop.is_set():
                    run.why = why
                    run.stop.set()

    def _start(self, job: Job) -> None:
        run = _Running(job)
        with self._lock:
            self._running[job.id] = run
        self._pool.submit(self._run, run)

    def client(self) -> Any:
        """The Dask client of the configured scheduler (connected on first use), or None."""
        if self.scheduler is None:
            return None
        with self._lock:
            if self._client is None:
                from turnbuckle.sim.cluster import connect  # lazy: keeps Dask and the simulators out until asked for

                self._client, self._cluster = connect(self.scheduler)
            return self._client

    def _run(self, run: _Running) -> None:
        job = run.job

        def progress(done: int) -> None:
            if run.stop.is_set():
                raise jobs.Stopped
            run.done = max(run.done, min(done, job.total or done))

        token = current_id.set(f"j:{job.id}")  # this thread's lines carry the job's id (core/logs.py)
        began = time.perf_counter()
        log.info("job %s (%s) started: %s", job.id, job.kind, job.title)
        outcome = "failed"
        try:
            kind = jobs.KINDS.get(job.kind)
            if kind is None:
                raise RulesError(f"this server does not know the job kind '{job.kind}'")
            result = kind.run(job.params, progress, self.client())
            jobs.finish(self.engine, self.name, job.id, result=result)
            outcome = "done"
        except jobs.Stopped:
            outcome = run.why or "stopped"
            if run.why in ("cancelled", "closing"):
                jobs.finish(self.engine, self.name, job.id, state="cancelled" if run.why == "cancelled" else "queued")
        except (RulesError, LeagueError) as exc:
            outcome = f"refused: {exc}"
            jobs.finish(self.engine, self.name, job.id, error=str(exc))
        except Exception:  # our bug: logged in full, the page says so in one line
            log.exception("job %s (%s) failed", job.id, job.title)
            jobs.finish(self.engine, self.name, job.id, error=f"internal error while running (the server's log holds "
                        f"it under job {job.id})")
        finally:
            log.info("job %s (%s) %s after %.1f s", job.id, job.kind, outcome, time.perf_counter() - began)
            with self._lock:
                self._running.pop(job.id, None)
            current_id.reset(token)
