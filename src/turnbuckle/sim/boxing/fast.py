"""The fast boxing engine: chunks of bouts through the numba kernel, counted into a Tally.

Importing this module imports numpy; numba loads only when the JIT kernel runs (a long run, or
a short one without its ahead-of-time build: ``sim/aot.py``). The sim layer imports this module
only when the fast engine is chosen (an ImportError makes ``odds`` use the reference engine).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.boxing.options import bout_options
from turnbuckle.rulesets.boxing.sheet import Fighter
from turnbuckle.sim.aot import chunk_ready, load_or_build
from turnbuckle.sim.drive import Lane, play, uses_aot
from turnbuckle.sim.fast_support import add_chunk, cache_dir, fast_key
from turnbuckle.sim.specs import Build, FastEngineUnsupported, Progress
from turnbuckle.sim.tally import Outcome, Tally

#: Bouts per kernel call: memory is 9 bytes a bout, so a chunk is under 5 MB.
CHUNK = 1 << 19
KERNEL = "turnbuckle.sim.boxing.kernel"
#: The kernel that plays many pairings in one call (``outcomes_many``).
SWEEP_KERNEL = "turnbuckle.sim.boxing.sweep_kernel"
#: The ahead-of-time build's bouts per second on one core,, roughly: it
#: sizes the work, deciding when a run is worth splitting over threads (``sim/drive.py``).
RATE = 5_000_000
#: Runs of this many bouts or more play numba's JIT kernel (None: the ahead-of-time build plays
#: every run it can, on every core).
JIT_FROM: int | None = None
#: Outcome codes of the kernel, in order.
OUTCOMES: tuple[Outcome, ...] = ((0, "ko"), (1, "ko"), (0, "tko"), (1, "tko"),
                                 (0, "decision"), (1, "decision"), (None, "draw"))
#: The boxing options this engine plays; any other makes it step aside for the reference engine.
KNOWN_OPTIONS = frozenset({"rounds", "combo", "fatigue", "getup", "last_interval"})
#: Dice per turn at most: 2d12 twice, three 2d6 (two punches and a get-up).
MAX_DICE_PER_TURN = 10


@dataclass(frozen=True)
class Setup:
    """The kernel's scalar arguments for one matchup and option set."""

    stats: tuple[int, int, int, int, int, int]
    rounds: int
    combo: bool
    cumulative: bool
    final_heal: bool
    reading: str

    @classmethod
    def of(cls, sides: Sequence[Fighter], options: Mapping[str, OptionValue]) -> Setup:
        if len(sides) != 2:
            raise ValueError(f"boxing is for two fighters, got {len(sides)}")
        unknown = sorted(set(options) - KNOWN_OPTIONS)
        if unknown:
            raise FastEngineUnsupported(f"the fast boxing engine does not know the option(s) {', '.join(unknown)}")
        a, b = sides
        o = bout_options(options)
        return cls((a.power, a.speed, a.toughness, b.power, b.speed, b.toughness),
                   o.rounds, o.combo, o.cumulative, o.final_heal, o.getup)

    def args(self) -> tuple[Any, ...]:
        from turnbuckle.sim.boxing.tables import FIELDS, load  # lazy: keeps numpy out of start-up

        t = load(self.reading)
        return (*self.stats, self.rounds, self.combo, self.cumulative, self.final_heal,
                *(getattr(t, name) for name in FIELDS))


def compiled(n: int) -> bool:
    """Whether a run of ``n`` bouts starts without compiling first."""
    return chunk_ready(KERNEL, uses_aot(n, JIT_FROM))


def run(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, *,
        threads: int | None = None, progress: Progress | None = None, chunk: int = CHUNK,
        build: Build = "auto") -> Tally:
    """``n`` bouts from ``seed``; identical for any ``threads`` and ``build`` (bout ``i`` always
    plays the same)."""
    setup = Setup.of(sides, options)
    args = setup.args()
    key = np.uint64(fast_key(seed))
    size = min(chunk, n)

    def lane() -> Lane:
        codes = np.empty(size, np.int8)
        turns = np.empty(size, np.int16)
        kd0 = np.empty(size, np.int16)
        kd1 = np.empty(size, np.int16)
        dice = np.empty(size, np.int16)

        def count(tally: Tally, played: int) -> None:
            a, b = kd0[:played], kd1[:played]  # never negative: a bout had a knockdown when a | b
            add_chunk(tally, OUTCOMES, codes, turns, dice,
                      {"knockdowns": float(a.sum(dtype=np.int64) + b.sum(dtype=np.int64)),
                       "knockdown_bouts": float(np.count_nonzero(a | b))}, played)

        return Lane((*args, codes, turns, kd0, kd1, dice), count)

    return play(KERNEL, key, n, size, lane, lambda: Tally(2, unit="turns"), rate=RATE,
                jit_from=JIT_FROM, threads=threads, build=build, progress=progress)


def outcomes(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int,
             seed: int) -> tuple[dict[Outcome, int], dict[int, int] | None] | None:
    """The outcome counts of ``run``'s ``n`` bouts from ``seed`` (``SimSpec.fast_outcomes``):
    the same bouts on the ahead-of-time build, in this thread, counting the outcome codes only;
    None when the build is not there. A sweep plays thousands of short runs: this leaves out
    what ``run`` adds to each (the thread plan, lengths, dice and knockdowns)."""
    setup = Setup.of(sides, options)
    args = setup.args()
    size = min(CHUNK, n)
    buffers = _buffers(size)
    folder = cache_dir()
    built = _OUTCOME_BUILDS.get(folder)
    if built is None:
        built = load_or_build(KERNEL, (np.uint64(0), 0, size, *args, *buffers))
        if built is None:
            return None
        _OUTCOME_BUILDS[folder] = built
    key = np.uint64(fast_key(seed))
    codes = np.zeros(len(OUTCOMES), np.int64)
    for start in range(0, n, size):
        count = min(size, n - start)
        built(key, start, count, *args, *buffers)
        codes += np.bincount(buffers[0][:count], minlength=len(OUTCOMES))
    counted: dict[Outcome, int] = {}
    for outcome, c in zip(OUTCOMES, codes.tolist(), strict=True):
        counted[outcome] = counted.get(outcome, 0) + c
    return counted, None


def outcomes_many(pairings: Sequence[Sequence[Any]], options: Mapping[str, OptionValue], n: int,
                  seeds: Sequence[int]) -> list[tuple[dict[Outcome, int], dict[int, int] | None]] | None:
    """``outcomes`` of every pairing (its sides, its seed; the same options and ``n`` for all) in
    one call of the sweep kernel's ahead-of-time build (``SimSpec.fast_outcomes_many``): each
    pairing's bouts are ``run``'s from its seed, so each count is what ``outcomes`` gives it.
    None when the build is not there."""
    if len(pairings) != len(seeds):
        raise ValueError(f"{len(pairings)} pairings but {len(seeds)} seeds")
    if not pairings:
        return []
    setups = [Setup.of(sides, options) for sides in pairings]
    shared = setups[0].args()[len(setups[0].stats):]  # the options' numbers and the tables: the same for all
    keys = np.array([fast_key(seed) for seed in seeds], np.uint64)
    stats = np.array([setup.stats for setup in setups], np.int64)
    counts = np.zeros((len(setups), len(OUTCOMES)), np.int64)
    with _MANY_LOADING:  # a sweep's threads come here at once: the build is loaded once
        built = load_or_build(SWEEP_KERNEL, (keys, 0, len(setups), n, stats, *shared, counts))
    if built is None:
        return None
    built(keys, 0, len(setups), n, stats, *shared, counts)
    out: list[tuple[dict[Outcome, int], dict[int, int] | None]] = []
    for row in counts.tolist():
        counted: dict[Outcome, int] = {}
        for outcome, c in zip(OUTCOMES, row, strict=True):
            counted[outcome] = counted.get(outcome, 0) + c
        out.append((counted, None))
    return out


_MANY_LOADING = threading.Lock()
_LANES = threading.local()
#: The build ``outcomes`` plays, by cache folder: its arguments' types never vary (the tables'
#: arrays, the sheets' and options' numbers), so it is found once a process, not once a run.
_OUTCOME_BUILDS: dict[Path, Callable[..., Any]] = {}


def _buffers(size: int) -> tuple[Any, ...]:
    """This thread's output buffers for ``size`` bouts (kept for its next run of that size)."""
    held: tuple[Any, ...] | None = getattr(_LANES, "held", None)
    if held is None or len(held[0]) != size:
        held = (np.empty(size, np.int8), *(np.empty(size, np.int16) for _ in range(4)))
        _LANES.held = held
    return held


@dataclass(frozen=True)
class Traced:
    """Bouts played one by one with every die face recorded in the reference engine's order."""

    faces: list[list[int]]
    codes: list[int]
    turns: list[int]
    knockdowns: list[tuple[int, int]]
    dice: list[int]


def trace(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, start: int = 0) -> Traced:
    """Bouts ``start .. start + n - 1`` of the run from ``seed``, traced (for tests and replays)."""
    from turnbuckle.sim.boxing import kernel  # lazy: keeps numba and numpy out of start-up

    trace_bouts: Any = kernel.trace_bouts

    setup = Setup.of(sides, options)
    width = setup.rounds * 3 * MAX_DICE_PER_TURN
    faces = np.zeros((n, width), np.int8)
    lengths = np.zeros(n, np.int32)
    codes = np.zeros(n, np.int8)
    turns = np.zeros(n, np.int16)
    kd0 = np.zeros(n, np.int16)
    kd1 = np.zeros(n, np.int16)
    dice = np.zeros(n, np.int16)
    trace_bouts(np.uint64(fast_key(seed)), start, n, *setup.args(), faces, lengths, codes, turns, kd0, kd1, dice)
    return Traced([faces[i, : lengths[i]].tolist() for i in range(n)], codes.tolist(), turns.tolist(),
                  list(zip(kd0.tolist(), kd1.tolist(), strict=True)), dice.tolist())
