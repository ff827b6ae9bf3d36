"""The fast MatchMatch engine: chunks of matches through the numba kernel, counted into a Tally.

Importing this module imports numpy; numba loads only when the JIT kernel runs (a long run, or
a short one without its ahead-of-time build: ``sim/aot.py``). The sim layer imports this module
only when the fast engine is chosen (an ImportError makes ``odds`` use the reference engine).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import OptionValue
from turnbuckle.sim.aot import chunk_ready
from turnbuckle.sim.drive import Lane, play, uses_aot
from turnbuckle.sim.fast_support import add_chunk, fast_key
from turnbuckle.sim.matchmatch.tables import Setup, outcomes
from turnbuckle.sim.specs import Build, Progress
from turnbuckle.sim.tally import Tally

#: Matches per kernel call (the output arrays take 9 bytes a match).
CHUNK = 1 << 15
KERNEL = "turnbuckle.sim.matchmatch.kernel"
#: The ahead-of-time build's matches per second on one core,, roughly: it
#: sizes the work, deciding when a run is worth splitting over threads (``sim/drive.py``).
RATE = 2_500_000
#: Runs of this many matches or more play numba's JIT kernel (None: the ahead-of-time build plays
#: every run it can, on every core).
JIT_FROM: int | None = None
#: The kernel's work row, in int32s, and the matches that share one (a block: ``kernel.WORK`` and
#: ``kernel.BLOCK``; a test checks they are equal), so that a short run need not import the kernel
#: (and numba) to size its work array.
WORK = 203
BLOCK = 256
#: Outcome codes of the kernel for two sides, in order (``outcomes(n, finish)`` for n sides and a
#: match type with a finish of its own).
OUTCOMES = outcomes()


def compiled(n: int) -> bool:
    """Whether a run of ``n`` matches starts without compiling first."""
    return chunk_ready(KERNEL, uses_aot(n, JIT_FROM))


def _check(codes: np.ndarray) -> None:
    if (codes < 0).any():
        from turnbuckle.sim.matchmatch import kernel  # lazy: keeps numba and numpy out of start-up

        raise RulesError(f"a round found no style after {kernel.MAX_REROLLS} rerolls of the style die, or no "
                         f"loser after {kernel.MAX_REROLLS} roll-offs for the lowest total")


def run(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, *,
        threads: int | None = None, progress: Progress | None = None, chunk: int = CHUNK,
        build: Build = "auto") -> Tally:
    """``n`` matches from ``seed``; identical for any ``threads`` and ``build`` (match ``i``
    always plays the same)."""
    return run_setup(Setup.of(sides, options), n, seed, threads=threads, progress=progress, chunk=chunk,
                     build=build)


def run_setup(setup: Setup, n: int, seed: int, *, threads: int | None = None, progress: Progress | None = None,
              chunk: int = CHUNK, build: Build = "auto") -> Tally:
    """``run`` for a matchup already made into kernel tables (the advisor changes one side's
    plan in a prepared ``Setup`` instead of building it again for each strategy it tries)."""
    args = setup.args()
    key = np.uint64(fast_key(seed))
    outs = outcomes(setup.sides, setup.finish)
    size = min(chunk, n)

    def lane() -> Lane:
        work = np.zeros((-(-size // BLOCK), WORK), np.int32)  # a row a block
        codes = np.empty(size, np.int8)
        lengths = np.empty(size, np.int16)
        dice = np.empty(size, np.int32)
        hurt = np.empty(size, np.int16)

        def count(tally: Tally, played: int) -> None:
            _check(codes[:played])
            add_chunk(tally, outs, codes, lengths, dice,
                      {"injuries": float(hurt[:played].sum(dtype=np.int64))}, played)

        return Lane((work, *args, codes, lengths, dice, hurt), count)

    return play(KERNEL, key, n, size, lane, lambda: Tally(setup.sides, unit="rounds"), rate=RATE,
                jit_from=JIT_FROM, threads=threads, build=build, progress=progress)


@dataclass(frozen=True)
class Traced:
    """Matches played one by one with every die face recorded in the reference engine's order."""

    faces: list[list[int]]
    codes: list[int]
    results: list[tuple[int | None, str]]  # each match's (winner, finish), from its code
    rounds: list[int]
    injuries: list[int]
    dice: list[int]


def trace(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, start: int = 0) -> Traced:
    """Matches ``start .. start + n - 1`` of the run from ``seed``, traced (for tests and replays)."""
    from turnbuckle.sim.matchmatch import kernel  # lazy: keeps numba and numpy out of start-up

    trace_matches: Any = kernel.trace_matches

    setup = Setup.of(sides, options)
    width = setup.max_dice + 64 * setup.rounds
    faces = np.zeros((n, width), np.int8)
    work = np.zeros((n, kernel.WORK), np.int32)
    codes = np.zeros(n, np.int8)
    lengths = np.zeros(n, np.int16)
    dice = np.zeros(n, np.int32)
    hurt = np.zeros(n, np.int16)
    trace_matches(np.uint64(fast_key(seed)), start, n, work, *setup.args(), faces, codes, lengths, dice, hurt)
    _check(codes)
    if (dice > width).any():
        raise RulesError(f"a traced match rolled more than {width} dice; trace fewer rounds")
    outs = outcomes(setup.sides, setup.finish)
    return Traced([faces[i, : dice[i]].tolist() for i in range(n)], codes.tolist(),
                  [outs[c] for c in codes.tolist()], lengths.tolist(),
                  hurt.tolist(), dice.tolist())
