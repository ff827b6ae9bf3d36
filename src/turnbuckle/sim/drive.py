"""Playing a fast run: which build of the kernel plays it, and on how many cores.

Every fast engine's ``run`` hands its chunk step to :func:`play`. The ahead-of-time build of the
kernel (``sim/aot.py``: no numba at run time) plays every run it can, spread over worker
processes, each playing its own slices of match indices: a match depends only on the run's key
and its index, and counts add up in any order, so the numbers are the same on any number of
processes and in either build (each game's tests check both). numba's threaded JIT kernel plays
when no build can be made (no C compiler), when the build is asked for by name, and for runs of
``jit_from`` matches or more where a game's JIT kernel is the faster one (its start-up, about a
second, is then paid back).

Workers are forked with ``os.fork`` (they inherit the loaded build, the tables and the output
arrays: nothing is sent but slice numbers over a pipe and the counts back over another). Where
processes cannot be forked, the build plays on one core and a run longer than about half a
second of that uses the JIT kernel.
"""

from __future__ import annotations

import os
import pickle
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from importlib import import_module
from typing import Any, NoReturn

from turnbuckle.core.errors import RulesError
from turnbuckle.core.stack_room import with_stack_room
from turnbuckle.sim.aot import BUILDS, check_threads, failure, load_or_build, max_threads
from turnbuckle.sim.fast_support import chunks, set_threads
from turnbuckle.sim.interrupt import polling, sigint_held, stop_requested
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
    return hasattr(os, "fork")


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
#: Slice numbers go to the workers through one pipe, 4 bytes each, written in batches of at most
#: ``PIPE_BATCH`` bytes (a pipe write that small is atomic, so no worker reads half a number).
TOKEN = 4
PIPE_BATCH = 4096
#: A result record starts with its length in this many bytes.
HEADER = 8


def _slice(first: int, count: int) -> Tally:
    assert _JOB is not None, "a worker forked without its job"
    run_chunk, size, step, new_tally = _JOB
    tally = new_tally()
    for start in range(first, first + count, size):
        step(run_chunk, start, min(size, first + count - start), tally)
    return tally


def _send(fd: int, record: bytes) -> None:
    view = memoryview(len(record).to_bytes(HEADER, "little") + record)
    while view:
        view = view[os.write(fd, view):]


def _work(tokens: int, results: int, firsts: Sequence[int], per: int, n: int) -> NoReturn:
    """A forked worker: play the slices whose numbers it reads from ``tokens`` until the pipe is
    closed and empty, sending each slice's tally (or the error that stopped it) to ``results``."""
    status = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run
        while len(got := os.read(tokens, TOKEN)) == TOKEN:
            k = int.from_bytes(got, "little")
            _send(results, pickle.dumps((k, _slice(firsts[k], min(per, n - firsts[k])))))
    except BaseException as exc:  # sent to the parent, which raises it
        status = 1
        try:
            record = pickle.dumps((-1, exc))
        except Exception:
            record = pickle.dumps((-1, RuntimeError(repr(exc))))
        with suppress(OSError):
            _send(results, record)
    finally:
        os._exit(status)


def _records(buffer: bytearray) -> Iterator[tuple[int, Any]]:
    """The whole records at the head of ``buffer`` (removed from it)."""
    while len(buffer) >= HEADER:
        size = int.from_bytes(buffer[:HEADER], "little")
        if len(buffer) < HEADER + size:
            return
        record = pickle.loads(bytes(buffer[HEADER:HEADER + size]))
        del buffer[:HEADER + size]
        yield record


def _split(run_chunk: Callable[..., Any], n: int, size: int, step: ChunkStep, new_tally: Callable[[], Tally],
           workers: int, rate: float, progress: Progress | None) -> Tally:
    """The run in slices of consecutive matches over ``workers`` forked processes, which take the
    next slice's number from a shared pipe as they finish one. A run stopped early (Ctrl-C)
    counts the slices played from the first one on without a gap, so its result is that of a run
    of as many matches from the same seed (as on one process).

    Workers are bare ``os.fork`` children talking over pipes, not a ``ProcessPoolExecutor``:
    importing and starting that pool cost about 15 ms a run, as much as the run-size bound leaves
    at 10^5-10^6 matches (docs/odds.md)."""
    global _JOB
    import selectors

    per = max(MIN_SLICE, min(int(rate * SLICE_S), -(-n // (workers * SLICES_PER_WORKER))))
    firsts = range(0, n, per)
    played: dict[int, Tally] = {}
    numbers = b"".join(k.to_bytes(TOKEN, "little") for k in range(len(firsts)))
    fed = 0
    tokens_r, tokens_w = os.pipe()
    pids: dict[int, int] = {}  # a worker's result pipe -> its process
    buffers: dict[int, bytearray] = {}
    selector = selectors.DefaultSelector()
    stopped = False
    _JOB = (run_chunk, size, step, new_tally)
    try:
        with polling():  # from here a Ctrl-C asks for a stop, even while the workers start
            with sigint_held():  # the workers are forked without Ctrl-C
                for _ in range(workers):
                    results_r, results_w = os.pipe()
                    pid = os.fork()
                    if pid == 0:
                        os.close(tokens_w)
                        for fd in (results_r, *pids):
                            os.close(fd)
                        _work(tokens_r, results_w, firsts, per, n)
                    os.close(results_w)
                    pids[results_r] = pid
                    buffers[results_r] = bytearray()
                    selector.register(results_r, selectors.EVENT_READ)
            os.set_blocking(tokens_w, False)  # only this process writes: the workers closed theirs
            selector.register(tokens_w, selectors.EVENT_WRITE)
            deadline: float | None = None
            while buffers:
                for key, _ in selector.select(WAIT_S):
                    fd = int(key.fd)
                    if fd == tokens_w:
                        with suppress(BlockingIOError):
                            fed += os.write(tokens_w, numbers[fed:fed + PIPE_BATCH])
                        if fed == len(numbers):  # all handed out: a worker ends after its last
                            selector.unregister(tokens_w)
                            os.close(tokens_w)
                            tokens_w = -1
                        continue
                    got = os.read(fd, 1 << 16)
                    if not got:  # the worker ended
                        selector.unregister(fd)
                        os.close(fd)
                        del buffers[fd]
                        continue
                    buffers[fd] += got
                    for k, tally in _records(buffers[fd]):
                        if k < 0:
                            raise tally
                        played[k] = tally
                    if progress is not None:
                        progress(sum(t.n for t in played.values()))
                if stop_requested() and not stopped:
                    stopped = True
                    # Queued slices play nothing (the numbers are taken back); running ones come
                    # back whole. With no writer left, reading the pipe empty ends at its end.
                    if tokens_w >= 0:
                        selector.unregister(tokens_w)
                        os.close(tokens_w)
                        tokens_w = -1
                    while os.read(tokens_r, 1 << 16):
                        pass
                    deadline = time.monotonic() + STOP_GRACE_S
                if deadline is not None and time.monotonic() > deadline:
                    break
    finally:  # a worker's error, a second Ctrl-C, or the end: no worker outlives the run
        _JOB = None
        for fd in (tokens_r, tokens_w, *buffers):
            if fd >= 0:
                os.close(fd)
        selector.close()
        for pid in pids.values():
            if buffers:  # still running (a stop or an error): end it now
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    if not stopped and len(played) < len(firsts):
        raise RuntimeError(f"a worker process ended with {len(firsts) - len(played)} slices of the run unplayed")
    tally = new_tally()
    for k in range(len(firsts)):
        if k not in played:
            break
        tally.merge(played[k])
    if stopped and progress is not None:
        progress(tally.n)
    return tally
