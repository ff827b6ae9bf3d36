"""The fast folkstyle engine: chunks of matches through the numba kernel, counted into a Tally.

It plays the reference engine's current rules (1.1: overtime until someone wins, the safety cap
of ``SAFETY_CAP_CYCLES`` cycles reported as ``safety-cap``) and its automatic player (whose choices
are tabulated in ``tables.py`` from the ruleset's own odds code), which is what the reference engine
plays in a simulation (``odds`` sets no human players). An option it does not know makes it step
aside for the reference engine (``FastEngineUnsupported``), as does a side that is not a card; the
rules 1.0 option ``overtime_cycles`` other than 0 is refused as the engine refuses it.

Importing this module imports numpy; numba loads only when the JIT kernel runs (a long run, or
a short one without its ahead-of-time build: ``sim/aot.py``). The sim layer imports this module
only when the fast engine is chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.folkstyle.card import Card
from turnbuckle.rulesets.folkstyle.options import bout_options, overtime_cycles
from turnbuckle.sim.aot import chunk_ready
from turnbuckle.sim.drive import Lane, play, uses_aot
from turnbuckle.sim.fast_support import add_chunk, fast_key
from turnbuckle.sim.specs import Build, FastEngineUnsupported, Progress
from turnbuckle.sim.tally import Outcome, Tally

#: Matches per kernel call (about 8 bytes a match).
CHUNK = 1 << 18
KERNEL = "turnbuckle.sim.folkstyle.kernel"
#: The ahead-of-time build's matches per second on one core,, roughly: it
#: sizes the work, deciding when a run is worth splitting over threads (``sim/drive.py``).
RATE = 8_500_000
#: Runs of this many matches or more play numba's JIT kernel (None: the ahead-of-time build plays
#: every run it can, on every core).
JIT_FROM: int | None = None
#: The finish methods of the kernel's outcome codes (code = method * 2 + winner; 10 the safety cap:
#: still level after ``SAFETY_CAP_CYCLES`` overtime cycles, no winner).
METHODS = ("pin", "decision", "sudden-victory", "overtime", "top-time")
OUTCOMES: tuple[Outcome, ...] = (*((w, m) for m in METHODS for w in (0, 1)), (None, "safety-cap"))
#: The folkstyle options this engine plays; any other makes it step aside.
KNOWN_OPTIONS = frozenset({"riding_time", "riding_threshold", "overtime_cycles"})
#: Dice a turn can use at most.
TURN_DICE = 5
#: Matches traced per kernel call: a traced match's buffer holds the most dice a match can use
#: (about 147,000 with the safety cap's 1,000 overtime cycles), so a long trace goes in slices.
TRACE_SLICE = 32


@dataclass(frozen=True)
class Setup:
    """The kernel's arguments for one matchup and option set."""

    cards: tuple[Card, Card]
    riding: bool
    threshold: int
    cycles: int  # overtime cycles before the safety cap stops a level match

    @classmethod
    def of(cls, sides: Sequence[Any], options: Mapping[str, OptionValue]) -> Setup:
        if len(sides) != 2:
            raise ValueError(f"folkstyle is for two wrestlers, got {len(sides)}")
        unknown = sorted(set(options) - KNOWN_OPTIONS)
        if unknown:
            raise FastEngineUnsupported(
                f"the fast folkstyle engine does not know the option(s) {', '.join(unknown)}")
        a, b = sides
        if not isinstance(a, Card) or not isinstance(b, Card):
            raise FastEngineUnsupported("the fast folkstyle engine needs two folkstyle cards")
        o = bout_options(options)
        return cls((a, b), o.riding, o.riding_threshold, overtime_cycles(o.cycles, until_won=True))

    def args(self) -> tuple[Any, ...]:
        from turnbuckle.sim.folkstyle.tables import build  # lazy: keeps numpy out of start-up

        t = build(self.cards)
        return t.turn, t.key, t.pick, self.riding, self.threshold, self.cycles

    def max_dice(self) -> int:
        """Dice a traced match can use at most (per roll-off and per turn)."""
        from turnbuckle.sim.folkstyle import kernel  # lazy: keeps numba and numpy out of start-up

        rolloff_dice = 2 * (kernel.MAX_ROLLOFF_TIES + 1)
        blocks = self.cycles + 1
        return rolloff_dice * (1 + blocks) + TURN_DICE * kernel.TURNS * kernel.PERIODS * blocks


def compiled(n: int) -> bool:
    """Whether a run of ``n`` matches starts without compiling first."""
    return chunk_ready(KERNEL, uses_aot(n, JIT_FROM))


def run(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, *,
        threads: int | None = None, progress: Progress | None = None, chunk: int = CHUNK,
        build: Build = "auto") -> Tally:
    """``n`` matches from ``seed``; identical for any ``threads`` and ``build`` (match ``i``
    always plays the same)."""
    setup = Setup.of(sides, options)
    args = setup.args()
    key = np.uint64(fast_key(seed))
    size = min(chunk, n)

    def lane() -> Lane:
        codes = np.empty(size, np.int8)
        lengths = np.empty(size, np.int16)  # at most 9,009 turns (the safety cap)
        dice = np.empty(size, np.int32)  # a match stopped by the safety cap rolls over 38,000 dice
        calls = np.empty(size, np.int16)
        rode = np.empty(size, np.int8)

        def count(tally: Tally, played: int) -> None:
            add_chunk(tally, OUTCOMES, codes, lengths, dice,
                      {"stalling_calls": float(calls[:played].sum(dtype=np.int64)),
                       "riding_point": float(np.count_nonzero(rode[:played]))}, played)

        return Lane((*args, codes, lengths, dice, calls, rode), count)

    return play(KERNEL, key, n, size, lane, lambda: Tally(2, unit="turns"), rate=RATE,
                jit_from=JIT_FROM, threads=threads, build=build, progress=progress)


@dataclass(frozen=True)
class Traced:
    """Matches played one by one with every die face recorded in the reference engine's order."""

    faces: list[list[int]]
    codes: list[int]
    periods: list[int]
    turns: list[int]
    dice: list[int]
    calls: list[int]
    rode: list[int]


def trace(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, start: int = 0) -> Traced:
    """Matches ``start .. start + n - 1`` of the run from ``seed``, traced (for tests and replays)."""
    from turnbuckle.sim.folkstyle import kernel  # lazy: keeps numba and numpy out of start-up

    trace_matches: Any = kernel.trace_matches

    setup = Setup.of(sides, options)
    args = setup.args()
    key = np.uint64(fast_key(seed))
    out = Traced([], [], [], [], [], [], [])
    size = min(n, TRACE_SLICE)
    faces = np.zeros((size, setup.max_dice()), np.int8)
    used = np.zeros(size, np.int32)
    codes = np.zeros(size, np.int8)
    periods = np.zeros(size, np.int16)
    turns = np.zeros(size, np.int16)
    dice = np.zeros(size, np.int32)
    calls = np.zeros(size, np.int16)
    rode = np.zeros(size, np.int8)
    for first in range(0, n, size):
        count = min(size, n - first)
        trace_matches(key, start + first, count, *args, faces, used, codes, periods, turns, dice, calls, rode)
        out.faces.extend(faces[i, : used[i]].tolist() for i in range(count))
        for whole, part in ((out.codes, codes), (out.periods, periods), (out.turns, turns), (out.dice, dice),
                            (out.calls, calls), (out.rode, rode)):
            whole.extend(part[:count].tolist())
    return out
