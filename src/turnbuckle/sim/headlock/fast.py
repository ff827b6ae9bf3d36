"""The fast Headlock engine: chunks of matches through the numba kernel, counted into a Tally.

Covered: singles and tag matches (four wrestlers, 1+2 against 3+4, with either ``tag_piles``),
either deck option, the turn limit, submissions, pins, specials, the choke rule and the knockout
variant (any get-up die and number of rolls), with the ``smart`` player (the default) or the
``solo`` player (with its ``cap``) for each wrestler; each player's own tag policy decides the
tags. A human player or an option this engine does not know raises
:class:`FastEngineUnsupported`, and ``odds`` plays the reference engine instead.

Importing this module imports numpy; numba loads only when the JIT kernel runs (a long run, or
a short one without its ahead-of-time build: ``sim/aot.py``). The sim layer imports this module
only when the fast engine is chosen.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.headlock.options import match_options
from turnbuckle.rulesets.headlock.players import DEFAULT_PLAYER, Rules
from turnbuckle.rulesets.headlock.sheet import Character, character_json
from turnbuckle.sim.aot import chunk_ready
from turnbuckle.sim.drive import Lane, play, uses_aot
from turnbuckle.sim.fast_support import add_chunk, fast_key
from turnbuckle.sim.headlock.tables import (
    CARDS,
    cached_smart_table,
    card_arrays,
    hold_arrays,
    knockdown_cap,
    move_arrays,
    pile_arrays,
    solo_table,
    tag_table,
)
from turnbuckle.sim.specs import Build, FastEngineUnsupported, Progress
from turnbuckle.sim.tally import Outcome, Tally

#: Matches per kernel call: 7 bytes of results a match.
CHUNK = 1 << 18
KERNEL = "turnbuckle.sim.headlock.kernel"
#: The ahead-of-time build's matches per second on one core,, roughly (singles): it
#: sizes the work, deciding when a run is worth splitting over threads (``sim/drive.py``).
RATE = 1_700_000
#: Runs of this many matches or more play numba's JIT kernel (None: the ahead-of-time build plays
#: every run it can, on every core).
JIT_FROM: int | None = None
METHODS = ("submission", "choke", "pinfall", "knockout", "decision")


def outcomes_for(wrestlers: int) -> tuple[Outcome, ...]:
    """The kernel's outcome codes, in order: code = method * wrestlers + winner; then a draw. In a
    tag match a decision goes to the team's first wrestler (0 or 2), as in the reference engine."""
    return (*((w, m) for m in METHODS for w in range(wrestlers)), (None, "draw"))


OUTCOMES = outcomes_for(2)
TAG_OUTCOMES = outcomes_for(4)
KNOWN_OPTIONS = frozenset({"deck", "tag_piles", "knockout", "getup_rolls", "getup_die", "choke", "turns", "cap"})
PLAYERS = ("smart", "solo", "expert")


@dataclass(frozen=True)
class Setup:
    """The kernel's arguments for one matchup, option set and players."""

    args: tuple[Any, ...]
    wrestlers: int
    turns: int
    rules: Rules

    def tokens_per_turn(self) -> int:
        """The most cards and dice one turn can use: two cards, then a knockdown's get-up rolls
        and a pin's three rolls, or a submission's five rolls and a choke roll."""
        from turnbuckle.sim.headlock import kernel  # lazy: keeps numba and numpy out of start-up

        rules = self.rules
        return 2 + max(kernel.SUBMISSION_ROLLS + 1, (rules.getup_rolls if rules.knockout else 0) + kernel.PIN_ROLLS)

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        return outcomes_for(self.wrestlers)

    @classmethod
    def of(cls, sides: Sequence[Any], options: Mapping[str, OptionValue],
           players: Mapping[int, str] | None = None) -> Setup:
        n = len(sides)
        if n not in (2, 4):
            raise FastEngineUnsupported(f"the fast Headlock engine plays 2 or 4 wrestlers, not {n}")
        unknown = sorted(set(options) - KNOWN_OPTIONS)
        if unknown:
            raise FastEngineUnsupported(f"the fast Headlock engine does not know the option(s) {', '.join(unknown)}")
        chosen = players or {}
        kinds = tuple(chosen.get(i, DEFAULT_PLAYER) for i in range(n))
        for kind in kinds:
            if kind not in PLAYERS:
                raise FastEngineUnsupported(f"the fast Headlock engine plays the {', '.join(PLAYERS)} players, "
                                            f"not {kind!r}")
        if n != 2 and "expert" in kinds:
            raise FastEngineUnsupported("the expert Headlock player plays singles matches only")
        decoded = match_options(options)
        rules = decoded.rules
        key = (json.dumps([character_json(s) for s in sides], sort_keys=True), rules, decoded.cap, kinds)
        tables = _CACHE.get(key)
        if tables is None:
            tables = _tables(list(sides), rules, key[2], kinds)
            if len(_CACHE) >= CACHE_SIZE:
                _CACHE.pop(next(iter(_CACHE)))
            _CACHE[key] = tables
        piles = pile_arrays(n, decoded.split, decoded.pile_each)
        for arr in piles:
            arr.setflags(write=False)
        turns = decoded.turns
        expert = np.array([kind == "expert" for kind in kinds] + [False] * (4 - n), np.int8)
        expert.setflags(write=False)
        args = (n, turns, rules.choke, rules.knockout, rules.getup_rolls, rules.getup_die, *tables, *piles, expert)
        return cls(args, n, turns, rules)


#: Tables built for recent setups (building the smart tables takes up to a second or two).
_CACHE: dict[tuple[Any, ...], tuple[Any, ...]] = {}
CACHE_SIZE = 32


def _tables(sheets: list[Character], rules: Rules, cap: int, kinds: tuple[str, ...]) -> tuple[Any, ...]:
    """The arrays of one setup. Wrestler ``i``'s opponents are the other team's wrestlers, by their
    slot in that team (one slot in singles); the smart tables are indexed ``[i, slot]``."""
    value, face, adv = card_arrays()
    n = len(sheets)
    half = n // 2
    stats = np.array([[s.atk, s.defense, s.spd, s.hp, s.res] for s in sheets], np.int64)
    moves = np.stack([move_arrays(s) for s in sheets])
    top = max(s.hp for s in sheets)
    holds = np.zeros((n, top + 1, 2, 4), np.int8)
    for i, s in enumerate(sheets):
        holds[i, : s.hp + 1] = hold_arrays(s)

    def opponents(i: int) -> list[Character]:
        return sheets[half:] if i < half else sheets[:half]

    kcap = np.array([[knockdown_cap(o.res, rules) if kinds[i] == "smart" else 0 for o in opponents(i)]
                     for i in range(n)], np.int64)
    choice = np.full((n, half, 52, top + 1, int(kcap.max()) + 1), -1, np.int8)
    built: dict[tuple[str, str], Any] = {}
    for i, s in enumerate(sheets):
        for slot, opp in enumerate(opponents(i)):
            if kinds[i] == "smart":
                pair = (json.dumps(character_json(s), sort_keys=True), json.dumps(character_json(opp), sort_keys=True))
                if pair not in built:
                    built[pair] = cached_smart_table(s, opp, rules)
                choice[i, slot, :, : opp.hp + 1, : kcap[i, slot] + 1] = built[pair]
            else:
                choice[i, slot] = solo_table(s, cap)[:, None, None]
    tagtab = np.zeros((n, top + 1, top + 1), np.int8)
    if n == 4:
        for i, s in enumerate(sheets):
            mate = sheets[i ^ 1]
            tagtab[i, : s.hp + 1, : mate.hp + 1] = tag_table(s, mate, kinds[i])
    for arr in (value, face, adv, stats, moves, holds, choice, kcap, tagtab):
        arr.setflags(write=False)
    return value, face, adv, stats, moves, holds, choice, kcap, tagtab


def compiled(n: int) -> bool:
    """Whether a run of ``n`` matches starts without compiling first."""
    return chunk_ready(KERNEL, uses_aot(n, JIT_FROM))


def run(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, *,
        threads: int | None = None, progress: Progress | None = None, chunk: int = CHUNK,
        players: Mapping[int, str] | None = None, build: Build = "auto") -> Tally:
    """``n`` matches from ``seed``; identical for any ``threads`` and ``build`` (match ``i``
    always plays the same)."""
    setup = Setup.of(sides, options, players)
    key = np.uint64(fast_key(seed))
    size = min(chunk, n)

    def lane() -> Lane:
        codes = np.empty(size, np.int8)
        lengths = np.empty(size, np.int16)
        dice = np.empty(size, np.int16)
        downs = np.empty(size, np.int16)

        def count(tally: Tally, played: int) -> None:
            add_chunk(tally, setup.outcomes, codes, lengths, dice,
                      {"knockdowns": float(downs[:played].sum(dtype=np.int64))}, played)

        return Lane((*setup.args, codes, lengths, dice, downs), count)

    return play(KERNEL, key, n, size, lane, lambda: Tally(setup.wrestlers, unit="turns"), rate=RATE,
                jit_from=JIT_FROM, threads=threads, build=build, progress=progress)


def token(value: int) -> str | int:
    """A traced value as a dice-script token: a card code for a card, else the die face."""
    return CARDS[-1 - value].code if value < 0 else value


@dataclass(frozen=True)
class Traced:
    """Matches played one by one with every card and die recorded in the reference engine's order."""

    tokens: list[list[str | int]]
    codes: list[int]
    turns: list[int]
    dice: list[int]
    knockdowns: list[int]
    tags: list[int]


def trace(sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int, start: int = 0,
          players: Mapping[int, str] | None = None) -> Traced:
    """Matches ``start .. start + n - 1`` of the run from ``seed``, traced (for tests and replays)."""
    from turnbuckle.sim.headlock import kernel  # lazy: keeps numba and numpy out of start-up

    trace_matches: Any = kernel.trace_matches
    setup = Setup.of(sides, options, players)
    width = setup.turns * setup.tokens_per_turn()
    traces = np.zeros((n, width), np.int16)
    tlen = np.zeros(n, np.int32)
    codes = np.zeros(n, np.int8)
    lengths = np.zeros(n, np.int16)
    dice = np.zeros(n, np.int16)
    downs = np.zeros(n, np.int16)
    tags = np.zeros(n, np.int16)
    trace_matches(np.uint64(fast_key(seed)), start, n, *setup.args, traces, tlen, codes, lengths, dice, downs, tags)
    return Traced([[token(v) for v in traces[i, : tlen[i]].tolist()] for i in range(n)], codes.tolist(),
                  lengths.tolist(), dice.tolist(), downs.tolist(), tags.tolist())
