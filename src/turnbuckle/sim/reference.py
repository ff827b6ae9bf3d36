"""Odds from the reference engine: any registered ruleset, one seeded ``Ruleset.run`` per match."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from turnbuckle.core.events import Roll
from turnbuckle.core.options import OptionValue
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.rng import GOLDEN, SplitMix64
from turnbuckle.core.sources import SeededSource
from turnbuckle.sim.specs import Progress, spec_for
from turnbuckle.sim.tally import Tally

#: How often (in matches) the progress callback is called.
PROGRESS_EVERY = 250
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
                  seed: int, *, progress: Progress | None = None, start: int = 0) -> Tally:
    """Play ``n`` matches with the reference engine and count them."""
    spec = spec_for(rs.info.id)
    tally = Tally(len(sides))
    for i, match_seed in enumerate(match_seeds(seed, n, start)):
        record = rs.run(sides, SeededSource(match_seed), options)
        result = record.result
        if not tally.unit:
            tally.unit = spec.unit(result)
        tally.add(result.winner, result.method, spec.length_of(result, record.options),
                  spec.figures_from(record), dice_in(record.events))
        if progress is not None and (i + 1) % PROGRESS_EVERY == 0:
            progress(i + 1)
    if progress is not None:
        progress(n)
    return tally


def _play_slice(job: tuple[Ruleset[Any], Sequence[Any], Mapping[str, OptionValue], int, int, int]) -> Tally:
    rs, sides, options, n, seed, start = job
    return run_reference(rs, sides, options, n, seed, start=start)


def run_reference_parallel(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, OptionValue], n: int,
                           seed: int, *, workers: int, progress: Progress | None = None) -> Tally:
    """``run_reference`` spread over ``workers`` processes, in slices of consecutive matches.

    Match ``i`` keeps its seed whoever plays it, and counts add up in any order, so the tally is
    the same as on one process. Small runs stay in this process (starting workers costs more)."""
    if workers <= 1 or n < PARALLEL_MIN:
        return run_reference(rs, sides, options, n, seed, progress=progress)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # Many small slices: the progress bar moves and an interrupt stops soon, even for slow games.
    size = max(SLICE_MIN, min(SLICE_MAX, n // (workers * 50)))
    jobs = [(rs, list(sides), dict(options), min(size, n - start), seed, start) for start in range(0, n, size)]
    tally = Tally(len(sides))
    done = 0
    # "spawn": a clean interpreter per worker, safe whatever threads this process has started.
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    try:
        for future in as_completed([pool.submit(_play_slice, job) for job in jobs]):
            part = future.result()
            tally.merge(part)
            done += part.n
            if progress is not None:
                progress(done)
    except BaseException:  # an interrupt or a worker's error: drop the slices not yet started
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return tally
