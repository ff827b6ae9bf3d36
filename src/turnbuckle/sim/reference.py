"""Odds from the reference engine: any registered ruleset, one seeded ``Ruleset.run`` per match."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from turnbuckle.core.events import Roll
from turnbuckle.core.options import OptionValue
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.rng import GOLDEN, SplitMix64
from turnbuckle.core.sources import SeededSource
from turnbuckle.sim.interrupt import end_pool, polling, sigint_held, stop_requested
from turnbuckle.sim.specs import Progress, spec_for
from turnbuckle.sim.tally import Tally

#: How often (in matches, or in seconds for a slow game) the progress callback is called.
PROGRESS_EVERY = 250
PROGRESS_EVERY_S = 0.2
#: How long the parallel driver waits for a slice before checking for a stop request.
WAIT_S = 0.1
#: After a stop request, how long running slices may take to return what they played; workers
#: still busy then (e.g. still starting) are ended.
STOP_GRACE_S = 0.25
#: Fewer matches than this are played in one process.
PARALLEL_MIN = 1000
#: The fewest and the most matches a worker plays in one slice.
SLICE_MIN = 50
SLICE_MAX = 5000


def match_seeds(seed: int, n: int, start: int = 0) -> Iterator[int]:
    """The seeds of matches ``start .. start + n - 1`` of a run: the outputs of SplitMix64(seed).

    Match ``i`` of a run always gets the same seed, so a match seen in a simulation can be
    replayed with ``turnbuckle match ... --seed``.

    >>> list(match_seeds(1, 2)) == list(match_seeds(1, 3))[:2]
    True
    """
    rng = SplitMix64(seed + start * GOLDEN)  # SplitMix64 jumps ahead by adding to its state
    for _ in range(n):
        yield rng.next64()


def dice_in(events: Sequence[object]) -> int:
    return sum(len(e.faces) for e in events if isinstance(e, Roll))


def run_reference(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, OptionValue], n: int,
                  seed: int, *, progress: Progress | None = None, start: int = 0, until: float | None = None,
                  should_stop: Callable[[], bool] = stop_requested, players: Mapping[int, str] | None = None) -> Tally:
    """Play matches ``start .. start + n - 1`` with the reference engine and count them.

    Stops early, after a whole match, once ``should_stop()`` says so (Ctrl-C in ``odds``) or the
    clock (``time.perf_counter``) passes ``until``; the tally counts the matches played."""
    spec = spec_for(rs.info.id)
    tally = Tally(len(sides))
    reported = time.perf_counter()
    with polling():
        for i, match_seed in enumerate(match_seeds(seed, n, start)):
            if should_stop() or (until is not None and i and time.perf_counter() >= until):
                break
            record = rs.run(sides, SeededSource(match_seed), options, players)
            result = record.result
            if not tally.unit:
                tally.unit = spec.unit(result)
            tally.add(result.winner, result.method, spec.length_of(result, record.options),
                      spec.figures_from(record), dice_in(record.events), spec.drawn_from(record))
            now = time.perf_counter()
            if progress is not None and ((i + 1) % PROGRESS_EVERY == 0 or now - reported >= PROGRESS_EVERY_S):
                progress(tally.n)
                reported = now
    if progress is not None:
        progress(tally.n)
    return tally


#: Set in each worker process: the run's request to stop.
_WORKER_STOP: Any = None


def _start_worker(stop: Any) -> None:
    global _WORKER_STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run (and this worker)
    _WORKER_STOP = stop


def _play_slice(job: tuple[Ruleset[Any], Sequence[Any], Mapping[str, OptionValue], int, int, int,
                          Mapping[int, str]]) -> Tally:
    rs, sides, options, n, seed, start, players = job
    stop = _WORKER_STOP
    return run_reference(rs, sides, options, n, seed, start=start,
                         should_stop=stop.is_set if stop is not None else stop_requested, players=players)


def run_reference_parallel(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, OptionValue], n: int,
                           seed: int, *, workers: int, progress: Progress | None = None, start: int = 0,
                           players: Mapping[int, str] | None = None) -> Tally:
    """``run_reference`` spread over ``workers`` processes, in slices of consecutive matches
    (matches ``start .. start + n - 1``).

    Match ``i`` keeps its seed whoever plays it, and counts add up in any order, so the tally is
    the same as on one process. Small runs stay in this process (starting workers costs more).
    A stop request (Ctrl-C in ``odds``) ends the run within about a second with the matches
    played so far: the workers ignore Ctrl-C themselves and stop when this process tells them."""
    if workers <= 1 or n < PARALLEL_MIN:
        return run_reference(rs, sides, options, n, seed, progress=progress, start=start, players=players)
    import multiprocessing  # lazy: keeps multiprocessing out of start-up
    from concurrent.futures import (  # lazy: keeps concurrent.futures out of start-up
        FIRST_COMPLETED,
        Future,
        ProcessPoolExecutor,
        wait,
    )

    # Many small slices: the progress bar moves and an interrupt stops soon, even for slow games.
    size = max(SLICE_MIN, min(SLICE_MAX, n // (workers * 50)))
    jobs = [(rs, list(sides), dict(options), min(size, n - first), seed, start + first, dict(players or {}))
            for first in range(0, n, size)]
    tally = Tally(len(sides))
    # "spawn": a clean interpreter per worker, safe whatever threads this process has started.
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=(stop,))

    def count(done: set[Future[Tally]]) -> None:
        for future in done:
            if not future.cancelled():
                tally.merge(future.result())
        if progress is not None and done:
            progress(tally.n)

    try:
        with polling():  # from here a Ctrl-C asks for a stop, even while the workers start
            with sigint_held():  # a submit starts a worker (up to ``workers``): they start without Ctrl-C
                pending: set[Future[Tally]] = {pool.submit(_play_slice, job) for job in jobs[:workers]}
            for job in jobs[workers:]:
                if stop_requested():
                    break
                pending.add(pool.submit(_play_slice, job))
            while pending:
                done, pending = wait(pending, timeout=WAIT_S, return_when=FIRST_COMPLETED)
                count(done)
                if stop_requested() and pending:
                    stop.set()  # running slices return what they played; queued ones play nothing
                    running = {future for future in pending if not future.cancel()}
                    done, pending = wait(running, timeout=STOP_GRACE_S)
                    count(done)
                    break
    except BaseException:  # a worker's error or a second Ctrl-C: drop everything at once
        end_pool(pool, now=True)
        raise
    end_pool(pool, now=bool(pending))
    return tally
