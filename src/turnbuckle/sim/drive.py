"""Playing a fast run: which build of the kernel plays it, and on how many cores.

Every fast engine's ``run`` hands its chunk step to :func:`play`. The ahead-of-time build of the
kernel (``sim/aot.py``: no numba at run time) plays every run it can, spread over worker
processes, each playing its own slices of match indices: a match depends only on the run's key
and its index, and counts add up in any order, so the numbers are the same on any number of
processes and in either build (each game's tests check both). numba's threaded JIT kernel plays
when no build can be made (no C compiler), when the build is asked for by name, and for runs of
``jit_from`` matches or more where a game's JIT kernel is the faster one (its start-up, about a
second, is then paid back).

Workers are forked (they inherit the loaded build, the tables and the output arrays: nothing is
sent but slice bounds and the counts back). Where processes cannot be forked, the build plays on
one core and a run longer than about half a second of that uses the JIT kernel.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Sequence
from functools import partial
from importlib import import_module
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.stack_room import with_stack_room
from turnbuckle.sim.aot import BUILDS, check_threads, failure, load_or_build, max_threads
from turnbuckle.sim.fast_support import chunks, set_threads
from turnbuckle.sim.interrupt import end_pool, polling, sigint_held, stop_requested
from turnbuckle.sim.specs import Build, Progress
from turnbuckle.sim.tally import Tally

#: A game's step for one chunk: (the chunk loop, first match, matches, the tally to count into).
ChunkStep = Callable[[Callable[..., Any], int, int, Tally], None]

#: A run is split over processes once it holds this many seconds of one core's work (starting
#: the workers costs a few hundredths of a second).
SPLIT_FROM_S = 0.03
#: A worker's slice holds at most this many seconds of work, so that a stop request (Ctrl-C) is
#: answered soon (and at least ``MIN_SLICE`` matches); a slice is played in chunks.
SLICE_S = 0.2
MIN_SLICE = 4096
#: Slices per worker when the run is shorter than that (the progress bar moves).
SLICES_PER_WORKER = 8
#: Without fork, the build plays runs up to this many seconds of one core's work.
ONE_CORE_S = 0.5
#: After a stop request, how long running slices may take to come back.
STOP_GRACE_S = 0.5
WAIT_S = 0.1


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def uses_aot(n: int, rate: float, jit_from: int | None) -> bool:
    """Whether a run of ``n`` matches (``build="auto"``) is meant for the ahead-of-time build.
    ``rate``: the build's matches per second on one core, roughly (sizes the work only)."""
    if not can_fork():
        return n <= rate * ONE_CORE_S
    return jit_from is None or n < jit_from


def processes(n: int, rate: float, threads: int | None) -> int:
    """How many processes play a run of ``n`` matches on the build."""
    most = threads if threads is not None else max_threads()
    if most <= 1 or not can_fork() or n < rate * SPLIT_FROM_S:
        return 1
    return most


def play(kernel: str, example: Sequence[Any], n: int, size: int, step: ChunkStep, new_tally: Callable[[], Tally],
         *, rate: float, jit_from: int | None = None, threads: int | None = None, build: Build = "auto",
         progress: Progress | None = None) -> Tally:
    """``n`` matches of the kernel module ``kernel`` (arguments like ``example``), in chunks of
    ``size`` played by ``step``; ``build`` picks the build (``auto``: see the module's note).
    Run with stack room: numba's compiler, at some call depths, otherwise thrashes CPython
    3.11's frame stack (``core/stack_room.py``: a first build took 37 s instead of 10 s)."""
    return with_stack_room(_play, kernel, example, n, size, step, new_tally, rate=rate, jit_from=jit_from,
                           threads=threads, build=build, progress=progress)


def _play(kernel: str, example: Sequence[Any], n: int, size: int, step: ChunkStep, new_tally: Callable[[], Tally],
          *, rate: float, jit_from: int | None, threads: int | None, build: Build,
          progress: Progress | None) -> Tally:
    if build not in BUILDS:
        raise RulesError(f"unknown build {build!r}; use one of {', '.join(BUILDS)}")
    if build == "aot" or (build == "auto" and uses_aot(n, rate, jit_from)):
        check_threads(threads)
        built = load_or_build(kernel, example)
        if built is not None:
            workers = processes(n, rate, threads)
            if workers > 1:
                return _split(built, n, size, step, new_tally, workers, rate, progress)
            return _one(built, 0, n, size, step, new_tally(), progress)
        if build == "aot":
            raise RulesError(f"the ahead-of-time build of {kernel} is not available: {failure(kernel, example)}")
    set_threads(threads)
    return _one(import_module(kernel).run_chunk, 0, n, size, step, new_tally(), progress)


def _one(run_chunk: Callable[..., Any], first: int, n: int, size: int, step: ChunkStep, tally: Tally,
         progress: Progress | None) -> Tally:
    for start, count in chunks(n, size, progress):
        step(run_chunk, first + start, count, tally)
    return tally


#: What a forked worker plays with (set in the parent just before the workers are forked).
_JOB: tuple[Callable[..., Any], int, ChunkStep, Callable[[], Tally]] | None = None


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run


def _slice(first: int, count: int) -> Tally:
    assert _JOB is not None, "a worker forked without its job"
    run_chunk, size, step, new_tally = _JOB
    tally = new_tally()
    for start in range(first, first + count, size):
        step(run_chunk, start, min(size, first + count - start), tally)
    return tally


def _split(run_chunk: Callable[..., Any], n: int, size: int, step: ChunkStep, new_tally: Callable[[], Tally],
           workers: int, rate: float, progress: Progress | None) -> Tally:
    """The run in slices of consecutive matches over ``workers`` forked processes. A run stopped
    early (Ctrl-C) counts the slices played from the first one on without a gap, so its result is
    that of a run of as many matches from the same seed (as on one process)."""
    global _JOB
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    per = max(MIN_SLICE, min(int(rate * SLICE_S), -(-n // (workers * SLICES_PER_WORKER))))
    played: dict[int, Tally] = {}
    _JOB = (run_chunk, size, step, new_tally)
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_ignore_sigint)
    index: dict[Future[Tally], int] = {}

    def count(done: set[Future[Tally]]) -> None:
        for future in done:
            if not future.cancelled():
                played[index[future]] = future.result()
        if progress is not None and done:
            progress(sum(t.n for t in played.values()))

    pending: set[Future[Tally]] = set()
    stopped = False
    try:
        with polling():  # from here a Ctrl-C asks for a stop, even while the workers start
            with sigint_held():  # the workers are forked (at the first submit) without Ctrl-C
                for k, first in enumerate(range(0, n, per)):
                    index[pool.submit(partial(_slice, first, min(per, n - first)))] = k
            pending = set(index)
            while pending:
                done, pending = wait(pending, timeout=WAIT_S, return_when=FIRST_COMPLETED)
                count(done)
                if stop_requested() and pending:
                    stopped = True
                    # Queued slices play nothing; running ones come back whole.
                    running = {future for future in pending if not future.cancel()}
                    done, pending = wait(running, timeout=STOP_GRACE_S)
                    count(done)
                    break
    except BaseException:  # a worker's error or a second Ctrl-C: end at once
        end_pool(pool, now=True)
        raise
    finally:
        _JOB = None
    end_pool(pool, now=bool(pending))
    tally = new_tally()
    for k in range(len(index)):
        if k not in played:
            break
        tally.merge(played[k])
    if stopped and progress is not None:
        progress(tally.n)
    return tally
