"""Playing a fast run: which build of the kernel plays it, and on how many cores.

Every fast engine's ``run`` hands :func:`play` its run key and a :class:`Lane` factory (the
kernel's arguments with output buffers of their own, and how to count them into a tally). The
ahead-of-time build of the kernel (``sim/aot.py``: no numba at run time) plays every run it can,
spread over threads, each with its own lane, playing its own slices of match indices: a match
depends only on the run's key and its index, and counts add up in any order, so the numbers are
the same on any number of threads and in either build (each game's tests check both). The build
lets go of the GIL while it plays, so the threads share nothing but the loaded tables (read
only) and a slice counter. numba's threaded JIT kernel plays when no build can be made (no C
compiler), when it is asked for by name, and for runs of ``jit_from`` matches or more where a
game's JIT kernel is the faster one (its longer start-up is then paid back).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from queue import Empty, SimpleQueue
from typing import Any

from turnbuckle.core.errors import Broken, RulesError
from turnbuckle.core.workarounds.raw_thread import LockType, start_thread
from turnbuckle.core.workarounds.stack_room import with_stack_room
from turnbuckle.sim.aot import BUILDS, check_threads, failure, load_or_build, max_threads
from turnbuckle.sim.fast_support import chunks, set_threads
from turnbuckle.sim.interrupt import polling, stop_requested
from turnbuckle.sim.specs import Build, Progress
from turnbuckle.sim.tally import Tally


@dataclass(frozen=True)
class Lane:
    """What one thread plays with: the kernel's arguments after (key, first match, matches),
    holding output buffers of its own, and ``count(tally, matches)``, which adds the first
    ``matches`` entries of those buffers to ``tally`` (the chunk just played)."""

    args: tuple[Any, ...]
    count: Callable[[Tally, int], None]

    def play(self, run_chunk: Callable[..., Any], key: Any, first: int, matches: int, tally: Tally) -> None:
        run_chunk(key, first, matches, *self.args)
        self.count(tally, matches)


#: A run is split over threads once it holds this many seconds of one core's work (a thread and
#: its buffers cost a few hundred microseconds).
SPLIT_FROM_S = 0.003
#: A slice holds at most this many seconds of work, so that a stop request (Ctrl-C) is answered
#: soon, and at least ``MIN_SLICE_S``, so that the threads end within about that of each other
#: (counting a slice into its tally is cheap beside that); a slice is played in chunks.
SLICE_S = 0.2
MIN_SLICE_S = 0.0005
#: Between those, a thread's next slice is the matches not yet handed out over ``GUIDE`` times
#: the threads, and at most the run over ``SLICES_PER_WORKER`` times the threads: slices shrink
#: towards the end, so that the threads finish together even when one core is slower (on a shared
#: machine one core can play slower while the other is busy, and equal slices then leave the quick
#: thread idle); the cap keeps a short run's first slices, and so the memory its threads touch
#: first, small (every fresh page costs a fault).
GUIDE = 2
SLICES_PER_WORKER = 4
#: How often the waiting caller looks for a stop request.
WAIT_S = 0.1


class NotBuilt(Exception):
    """A run inside :func:`built_only` that the ahead-of-time build cannot play (numba's JIT kernel
    would: it runs its own threads, and is not for several callers at once)."""


_ONLY_BUILT = threading.local()


@contextmanager
def built_only() -> Iterator[None]:
    """Within this, on this thread, a run that the ahead-of-time build would not play raises
    :class:`NotBuilt` instead of playing numba's JIT kernel: for callers that play several runs at
    once on threads of their own (``sweep``)."""
    before = getattr(_ONLY_BUILT, "on", False)
    _ONLY_BUILT.on = True
    try:
        yield
    finally:
        _ONLY_BUILT.on = before


def uses_aot(n: int, jit_from: int | None) -> bool:
    """Whether a run of ``n`` matches (``build="auto"``) is meant for the ahead-of-time build."""
    return jit_from is None or n < jit_from


def threads_for(n: int, rate: float, threads: int | None) -> int:
    """How many threads play a run of ``n`` matches on the build: every core (or ``threads``), but
    none with less than ``SPLIT_FROM_S`` of work (a short run on a many-core machine starts a few
    threads, not one per core). ``rate``: the build's matches per second on one core, roughly (it
    sizes the work only)."""
    most = threads if threads is not None else max_threads()
    least = rate * SPLIT_FROM_S  # matches a thread must have at least
    if least <= 0:
        return max(1, most)
    return max(1, min(most, int(n / least)))


def play(kernel: str, key: Any, n: int, size: int, new_lane: Callable[[], Lane], new_tally: Callable[[], Tally],
         *, rate: float, jit_from: int | None = None, threads: int | None = None, build: Build = "auto",
         progress: Progress | None = None) -> Tally:
    """``n`` matches of the kernel module ``kernel`` from the run key ``key``, in chunks of at
    most ``size`` (each lane's buffers hold that many); ``build`` picks the build (``auto``: see
    the module's note). Run with stack room: numba's compiler, at some call depths, otherwise
    thrashes CPython 3.11's frame stack (``core/workarounds/stack_room.py``)."""
    return with_stack_room(_play, kernel, key, n, size, new_lane, new_tally, rate=rate, jit_from=jit_from,
                           threads=threads, build=build, progress=progress)


def _play(kernel: str, key: Any, n: int, size: int, new_lane: Callable[[], Lane], new_tally: Callable[[], Tally],
          *, rate: float, jit_from: int | None, threads: int | None, build: Build,
          progress: Progress | None) -> Tally:
    if build not in BUILDS:
        raise RulesError(f"unknown build {build!r}; use one of {', '.join(BUILDS)}")
    lane = new_lane()
    if build == "aot" or (build == "auto" and uses_aot(n, jit_from)):
        check_threads(threads)
        built = load_or_build(kernel, (key, 0, size, *lane.args))
        if built is not None:
            workers = threads_for(n, rate, threads)
            if workers > 1:
                return _split(built, key, n, size, [lane, *(new_lane() for _ in range(workers - 1))], new_tally,
                              rate, progress)
            return _one(built, key, lane, n, size, new_tally(), progress)
        if build == "aot":
            raise RulesError(f"the ahead-of-time build of {kernel} is not available: "
                             f"{failure(kernel, (key, 0, size, *lane.args))}")
    if getattr(_ONLY_BUILT, "on", False):
        raise NotBuilt(f"{kernel}: this run plays numba's JIT kernel")
    set_threads(threads)
    return _one(import_module(kernel).run_chunk, key, lane, n, size, new_tally(), progress)


def _one(run_chunk: Callable[..., Any], key: Any, lane: Lane, n: int, size: int, tally: Tally,
         progress: Progress | None) -> Tally:
    for start, count in chunks(n, size, progress):
        lane.play(run_chunk, key, start, count, tally)
    return tally


def _split(run_chunk: Callable[..., Any], key: Any, n: int, size: int, lanes: Sequence[Lane],
           new_tally: Callable[[], Tally], rate: float, progress: Progress | None) -> Tally:
    """The run in slices of consecutive matches over one thread per lane, this one included:
    each takes the next slice as it finishes one (large ones first, smaller towards the end:
    ``GUIDE``), and this thread also gathers the others' slices, reports progress and watches
    for a stop between its own. A run stopped early
    (Ctrl-C) counts the slices played from the first one on without a gap (running slices
    finish: each is at most ``SLICE_S`` of work), so its result is that of a run of as many
    matches from the same seed (as on one thread).

    Threads, not processes: the build releases the GIL while it plays, and forking workers and
    their copy-on-write pages would cost most of what the run-size bound leaves a short run
    (docs/odds.md)."""
    workers = len(lanes)
    least = max(1, int(rate * MIN_SLICE_S))
    most = max(1, min(int(rate * SLICE_S), -(-n // (workers * SLICES_PER_WORKER))))
    handed = 0  # the matches handed out so far: slices are consecutive, from match 0 on
    taking = threading.Lock()
    halt = threading.Event()
    results: SimpleQueue[tuple[int, Tally] | BaseException | None] = SimpleQueue()

    def take(share: int = 1) -> tuple[int, int] | None:
        """The next slice (first match, matches), or None when all are handed out or the run stops;
        ``share``: a slice that much smaller than usual (within the least)."""
        nonlocal handed
        with taking:
            if halt.is_set() or handed >= n:
                return None
            count = min(n - handed, max(least, min(most, -(-(n - handed) // (GUIDE * workers))) // share))
            handed += count
            return handed - count, count

    def play_slice(lane: Lane, first: int, count: int) -> tuple[int, Tally]:
        tally = new_tally()
        for start in range(first, first + count, size):
            lane.play(run_chunk, key, start, min(size, first + count - start), tally)
        return first, tally

    def work(lane: Lane, running: LockType) -> None:
        try:
            while (got := take()) is not None:
                results.put(play_slice(lane, *got))
        except BaseException as exc:  # raised in the caller
            results.put(exc)
        finally:
            try:
                results.put(None)
            finally:
                running.release()  # the last thing this thread does

    played: dict[int, Tally] = {}  # slices played but not yet in ``whole`` (one came back before them)
    whole = new_tally()  # the slices from match 0 on without a gap, merged as they come back
    stopped = False
    helpers: list[LockType] = []  # one a thread started, held until it ends
    try:
        with polling():  # from here a Ctrl-C asks for a stop
            for lane in lanes[1:]:
                helpers.append(_start(work, lane))
            mine, ended, reported = True, 0, 0
            share = 2  # this thread's first slice is half the others': the threads' first counts,
            # (their first fresh pages) then come at different times and do not wait on each other for the GIL
            while mine or ended < len(helpers):
                if mine:
                    got, share = take(share), 1
                    mine = got is not None
                    if got is not None:
                        first, tally = play_slice(lanes[0], *got)
                        played[first] = tally
                waiting = not mine and ended < len(helpers)  # nothing to play: wait for the others
                ended += _gather(results, played, WAIT_S if waiting else 0.0)
                while whole.n in played:  # merged now, while the others play, not all at the end
                    whole.merge(played.pop(whole.n))
                done = whole.n + sum(t.n for t in played.values())
                if progress is not None and done != reported:
                    progress(done)
                    reported = done
                if stop_requested() and not stopped:
                    stopped = True  # no slice starts after this; running ones come back whole
                    halt.set()
    finally:  # a thread's error, a second Ctrl-C, or the end: no thread outlives the run
        halt.set()
        for running in helpers:
            running.acquire()  # until that thread has ended
    while whole.n in played:  # up to the first gap (a stop's running slices)
        whole.merge(played.pop(whole.n))
    if not (stopped or whole.n == n):
        raise Broken("a slice of the run went unplayed")
    if stopped and progress is not None:
        progress(whole.n)
    return whole


def _start(work: Callable[[Lane, LockType], None], lane: Lane) -> LockType:
    """``work(lane, running)`` on a new thread, ``running`` being a lock held until ``work``
    releases it as the last thing it does (so acquiring it waits for the thread's end).

    Started by the ``raw_thread`` workaround (core/workarounds/raw_thread.py): the caller does not
    wait for the new thread to come up, and plays its own first slice meanwhile."""
    running = threading.Lock()
    running.acquire()
    try:
        start_thread(work, (lane, running))
    except BaseException:
        running.release()
        raise
    return running


def _gather(results: SimpleQueue[tuple[int, Tally] | BaseException | None], played: dict[int, Tally],
            wait: float) -> int:
    """Move the slices other threads finished into ``played`` (waiting up to ``wait`` seconds
    for the first when there is none yet); the number of threads that ended. A thread's error is
    raised here."""
    ended = 0
    error: BaseException | None = None
    try:
        got = results.get(timeout=wait) if wait > 0 else results.get_nowait()
        while error is None:
            if got is None:
                ended += 1
            elif isinstance(got, BaseException):
                error = got
            else:
                played[got[0]] = got[1]
            got = results.get_nowait()
    except Empty:
        pass
    if error is not None:
        raise error
    return ended
