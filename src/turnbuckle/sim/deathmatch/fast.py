"""The fast Deathmatch engine: chunks of battles through the numba kernel, counted into a Tally.

Importing this module imports numpy; numba loads only when the JIT kernel runs (a long run, or
a short one without its ahead-of-time build: ``sim/aot.py``). The sim layer imports this module
only when the fast engine is chosen (an ImportError makes ``odds`` use the reference engine).

It plays every option of the ruleset (``cap``, ``tiebreak``, ``default_policy``,
``max_rounds``, ``stake``) with the automatic target policies, one per army (``players``: seat
-> policy, the others on ``default_policy``); a human player, or an option it does not know,
makes it step aside for the reference engine (``FastEngineUnsupported``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from turnbuckle.core.errors import SheetError
from turnbuckle.core.match import unique_names
from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.deathmatch.engine import (
    LAST_STANDING,
    ROUND_LIMIT,
    SAFETY,
    SAFETY_CAP,
    STALEMATE,
    cap_problems,
)
from turnbuckle.rulesets.deathmatch.figures import Army
from turnbuckle.rulesets.deathmatch.options import battle_options
from turnbuckle.rulesets.deathmatch.pieces import Piece
from turnbuckle.sim.aot import chunk_ready
from turnbuckle.sim.deathmatch.tables import MAX_SIDES, POLICY_CODE, TIEBREAK_CODE, Tables, build
from turnbuckle.sim.drive import Lane, play, uses_aot
from turnbuckle.sim.fast_support import add_chunk, fast_key
from turnbuckle.sim.specs import Build, FastEngineUnsupported, Progress
from turnbuckle.sim.tally import Outcome, Tally

#: Battles per kernel call: 8 bytes a battle, so a chunk is about 2 MB.
CHUNK = 1 << 18
KERNEL = "turnbuckle.sim.deathmatch.kernel"
#: The ahead-of-time build's battles per second on one core,, roughly: it
#: sizes the work, deciding when a run is worth splitting over threads (``sim/drive.py``).
RATE = 600_000
#: Runs of this many battles or more play numba's JIT kernel (None: the ahead-of-time build plays
#: every run it can, on every core).
JIT_FROM: int | None = None
#: How the kernel's draw codes name the finish (kernel.STALEMATE, ROUND_LIMIT, SAFETY_CAP in order).
DRAW_METHODS = (STALEMATE, ROUND_LIMIT, SAFETY)
#: Outcome codes of the kernel, in order: the winning seat (0-3), then for each kind of draw the
#: 16 bit sets of seats still standing (those who share the draw).
OUTCOMES: tuple[Outcome, ...] = (*((seat, LAST_STANDING) for seat in range(MAX_SIDES)),
                                 *((None, method) for method in DRAW_METHODS for _ in range(16)))
#: For each outcome code, the seats that share its draw (none for a win).
SHARED: tuple[tuple[int, ...], ...] = (*(() for _ in range(MAX_SIDES)),
                                       *(tuple(s for s in range(MAX_SIDES) if mask >> s & 1)
                                         for _ in DRAW_METHODS for mask in range(16)))
#: The Deathmatch options this engine plays; any other makes it step aside for the reference engine.
KNOWN_OPTIONS = frozenset({"cap", "tiebreak", "default_policy", "max_rounds", "stake"})


@dataclass(frozen=True)
class Setup:
    """The kernel's arguments for one matchup, option set and choice of players."""

    tables: Tables
    rps: bool
    max_rounds: int  # 0: no limit but the safety cap
    pieces: int

    @classmethod
    def of(cls, sides: Sequence[Army], options: Mapping[str, OptionValue],
           players: Mapping[int, str] | None = None) -> Setup:
        if not 2 <= len(sides) <= MAX_SIDES:
            raise ValueError(f"Deathmatch is for 2 to {MAX_SIDES} armies, got {len(sides)}")
        unknown = sorted(set(options) - KNOWN_OPTIONS)
        if unknown:
            raise FastEngineUnsupported(f"the fast Deathmatch engine does not know the option(s) {', '.join(unknown)}")
        names = unique_names([a.name for a in sides])
        opts = battle_options(options)
        cap = opts.cap
        problems = cap_problems(sides, names, cap)
        if problems:  # what the reference engine raises for the same setup
            raise SheetError(f"power cap {cap}", problems)
        default = opts.default_policy
        kinds = {seat: (players or {}).get(seat, "auto") for seat in range(len(sides))}
        kinds = {seat: default if kind == "auto" else kind for seat, kind in kinds.items()}
        others = sorted({k for k in kinds.values() if k not in POLICY_CODE})
        if others:
            raise FastEngineUnsupported(
                f"the fast Deathmatch engine plays automatic policies only, not {', '.join(others)}")
        tiebreak = opts.tiebreak
        if tiebreak not in TIEBREAK_CODE:
            raise FastEngineUnsupported(f"the fast Deathmatch engine does not know tiebreak={tiebreak}")
        pieces = [Piece.from_figure(fig, seat, pos, name)
                  for seat, (army, name) in enumerate(zip(sides, names, strict=True))
                  for pos, fig in enumerate(army.figures)]
        return cls(build(pieces, kinds), TIEBREAK_CODE[tiebreak] == TIEBREAK_CODE["rps"],
                   opts.max_rounds, len(pieces))

    def args(self) -> tuple[Any, ...]:
        t = self.tables
        return (t.seat, t.spd, t.power, t.hp, t.damage, t.danger, t.hurts, t.policy, t.seat_start, t.used,
                t.beats, t.rps_tries, self.rps, t.flip_tries, self.max_rounds or SAFETY_CAP, self.max_rounds > 0)


def compiled(n: int) -> bool:
    """Whether a run of ``n`` battles starts without compiling first."""
    return chunk_ready(KERNEL, uses_aot(n, JIT_FROM))


def run(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, *,
        threads: int | None = None, progress: Progress | None = None, chunk: int = CHUNK,
        players: Mapping[int, str] | None = None, build: Build = "auto") -> Tally:
    """``n`` battles from ``seed``; identical for any ``threads`` and ``build`` (battle ``i``
    always plays the same). ``players`` gives a seat its own target policy (seat index ->
    policy name, e.g. ``{0: "weakest", 2: "random"}``); a seat not in it plays ``default_policy``."""
    setup = Setup.of(sides, options, players)
    args = setup.args()
    key = np.uint64(fast_key(seed))
    size = min(chunk, n)

    def lane() -> Lane:
        codes = np.empty(size, np.int8)
        rounds = np.empty(size, np.int16)
        survivors = np.empty(size, np.int8)
        dice = np.empty(size, np.int32)

        def count(tally: Tally, played: int) -> None:
            add_chunk(tally, OUTCOMES, codes, rounds, dice,
                      {"survivors": float(survivors[:played].sum(dtype=np.int64))}, played, shared=SHARED)

        return Lane((*args, codes, rounds, survivors, dice), count)

    return play(KERNEL, key, n, size, lane, lambda: Tally(len(sides), unit="rounds"), rate=RATE,
                jit_from=JIT_FROM, threads=threads, build=build, progress=progress)


@dataclass(frozen=True)
class Traced:
    """Battles played one by one with every die face recorded in the reference engine's order."""

    faces: list[list[int]]
    codes: list[int]
    rounds: list[int]
    survivors: list[int]
    dice: list[int]
    final_hp: list[list[int]]


def trace(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, start: int = 0,
          players: Mapping[int, str] | None = None) -> Traced:
    """Battles ``start .. start + n - 1`` of the run from ``seed``, traced (for tests and replays)."""
    from turnbuckle.sim.deathmatch import kernel  # lazy: keeps numba and numpy out of start-up

    trace_battles: Any = kernel.trace_battles

    setup = Setup.of(sides, options, players)
    width = 64 * setup.pieces
    while True:
        faces = np.zeros((n, width), np.int8)
        lengths = np.zeros(n, np.int64)
        final_hp = np.zeros((n, setup.pieces), np.int64)
        codes = np.zeros(n, np.int8)
        rounds = np.zeros(n, np.int16)
        survivors = np.zeros(n, np.int8)
        dice = np.zeros(n, np.int32)
        trace_battles(np.uint64(fast_key(seed)), start, n, *setup.args(), faces, lengths, final_hp, codes,
                      rounds, survivors, dice)
        longest = int(lengths.max()) if n else 0
        if longest <= width:
            break
        width = longest
    return Traced([faces[i, : lengths[i]].tolist() for i in range(n)], codes.tolist(), rounds.tolist(),
                  survivors.tolist(), dice.tolist(), final_hp.tolist())
