"""Pairings played on this machine: in this process (on one thread, or on several when the fast
engine's built kernel plays them: it lets go of the GIL), or in chunks over forked worker processes.

A job's result depends on the job alone, so neither the threads nor the chunks (lists of jobs
played by ``play.play_chunk``) ever change the numbers. Results come back to this thread, which
alone writes the cache (``on_result``), so a Ctrl-C keeps every pairing finished so far.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

from turnbuckle.lab.play import Job, play_chunk, play_job, play_many

#: Called in this process for every finished pairing: (cache key, result).
OnResult = Callable[[str, dict[str, Any]], None]

#: A chunk holds about this many matches (a fraction of a second of a fast engine's work), and at
#: least one pairing.
CHUNK_MATCHES = 2_000_000
#: ...and there are at least this many chunks per worker when the sweep allows (so the work evens out).
CHUNKS_PER_WORKER = 4


def chunk_size(jobs: int, n: int, workers: int) -> int:
    """Pairings per chunk for ``jobs`` pairings of ``n`` matches over ``workers``.

    >>> chunk_size(2628, 100_000, 2), chunk_size(10, 40_000, 2), chunk_size(3, 10**7, 4)
    (20, 2, 1)
    """
    by_work = max(1, CHUNK_MATCHES // max(n, 1))
    by_spread = max(1, -(-jobs // (workers * CHUNKS_PER_WORKER)))
    return min(by_work, by_spread)


def chunked(jobs: Sequence[Job], size: int) -> list[list[Job]]:
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # this process stops the sweep


def run_local(jobs: Sequence[Job], workers: int, on_result: OnResult, on_threads: bool = False) -> None:
    """Play every job; ``workers`` processes (1: in this process), or with ``on_threads`` (the caller
    has seen the fast engine's built kernel play one: ``play.play_first``) ``workers`` threads of
    this process, this thread taking the results meanwhile."""
    if on_threads and len(jobs) > 1:
        run_threads(jobs, workers, on_result)
        return
    import multiprocessing  # lazy: once imported, the program ends with the teardown (cli/ending.py)

    size = chunk_size(len(jobs), jobs[0].n if jobs else 1, workers)
    chunks = chunked(jobs, size)
    if workers <= 1 or len(chunks) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for job in jobs:
            on_result(job.key, play_job(job))
        return
    from concurrent.futures import (  # lazy: keeps concurrent.futures out of start-up
        FIRST_COMPLETED,
        ProcessPoolExecutor,
        wait,
    )

    from turnbuckle.sim.interrupt import end_pool  # lazy: keeps the simulators out of start-up

    pool = ProcessPoolExecutor(min(workers, len(chunks)), mp_context=multiprocessing.get_context("fork"),
                               initializer=_ignore_sigint)
    try:
        pending = {pool.submit(play_chunk, chunk) for chunk in chunks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                for key, result in future.result():
                    on_result(key, result)
    except BaseException:
        end_pool(pool, now=True)
        raise
    pool.shutdown()


#: How long this thread waits for a result before it looks again (a Ctrl-C is taken between waits).
WAIT_S = 0.1
#: Python's thread switch interval (seconds) while threads play: a thread back from the kernel, or
#: this one with a result to take, waits at most about this long for Python's lock (the default,
#: 5 ms, is several short pairings' play).
SWITCH_S = 0.0002


#: A thread's batch of pairings (played in one call where the engine can: ``play.play_many``)
#: holds at most about this many matches (a tenth of a second or so of a fast engine's work: a
#: Ctrl-C is answered within a batch) ...
BATCH_MATCHES = 500_000
#: ... and at most the pairings not yet handed out over this many times the threads, so that the
#: batches shrink towards the end and the threads finish together.
GUIDE = 2


def batch_size(left: int, n: int, workers: int) -> int:
    """Pairings in the next batch, with ``left`` pairings of ``n`` matches not yet handed out.

    >>> batch_size(2628, 2000, 2), batch_size(10, 2000, 2), batch_size(2628, 20000, 2), batch_size(3, 10**7, 2)
    (250, 2, 25, 1)
    """
    return max(1, min(BATCH_MATCHES // max(n, 1), left // (GUIDE * max(workers, 1))))


def run_threads(jobs: Sequence[Job], workers: int, on_result: OnResult) -> None:
    """Play every job on ``workers`` threads of this process, each taking the next batch of jobs
    as it finishes one; this thread takes their results in turn and hands them to ``on_result``.

    Threads, not processes: a fast engine's built kernel lets go of the GIL while it plays, so the
    threads play at once, and a pairing costs no pickling and no worker start (forking a pool and
    sending results back cost more than a short pairing's play). An error in a thread, or in
    ``on_result`` (a Ctrl-C), stops the others after the pairing each is playing."""
    from queue import Empty, SimpleQueue  # lazy: keeps queue out of start-up

    from turnbuckle.sim.drive import built_only  # lazy: keeps numpy out of start-up

    results: SimpleQueue[tuple[str, dict[str, Any]] | BaseException | None] = SimpleQueue()
    taking = threading.Lock()
    halt = threading.Event()
    handed = 0

    def take() -> Sequence[Job] | None:
        nonlocal handed
        with taking:
            if halt.is_set() or handed >= len(jobs):
                return None
            size = batch_size(len(jobs) - handed, jobs[handed].n, len(running))
            handed += size
            return jobs[handed - size:handed]

    def work() -> None:
        try:
            with built_only():
                while (batch := take()) is not None:
                    for got in play_many(batch):
                        results.put(got)
        except BaseException as exc:  # raised in this thread's caller
            results.put(exc)
        finally:
            results.put(None)

    running = [threading.Thread(target=work, name=f"sweep-{i}", daemon=True)
               for i in range(min(workers, len(jobs)))]
    switch = sys.getswitchinterval()
    sys.setswitchinterval(min(switch, SWITCH_S))
    try:
        for thread in running:
            thread.start()
        ended = 0
        while ended < len(running):
            try:
                got = results.get(timeout=WAIT_S)
            except Empty:
                continue
            if got is None:
                ended += 1
            elif isinstance(got, BaseException):
                raise got
            else:
                on_result(*got)
    finally:
        halt.set()
        for thread in running:
            thread.join()
        sys.setswitchinterval(switch)
