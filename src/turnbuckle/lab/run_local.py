"""Pairings played on this machine: in this process, or in chunks over forked worker processes.

Each chunk is a list of jobs played by ``play.play_chunk``; a job's result depends on the job
alone, so the split never changes the numbers. Results come back to this process, which alone
writes the cache (``on_result``), so a Ctrl-C keeps every pairing finished so far.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from typing import Any

from turnbuckle.lab.play import Job, play_chunk, play_job

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


def run_local(jobs: Sequence[Job], workers: int, on_result: OnResult) -> None:
    """Play every job; ``workers`` processes (1: in this process)."""
    size = chunk_size(len(jobs), jobs[0].n if jobs else 1, workers)
    chunks = chunked(jobs, size)
    if workers <= 1 or len(chunks) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for job in jobs:
            on_result(job.key, play_job(job))
        return
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    from turnbuckle.sim.interrupt import end_pool

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
