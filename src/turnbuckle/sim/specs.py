"""What the sim layer knows about each game beyond the generic ``Ruleset`` interface.

Every registered ruleset can be simulated with the reference engine and the generic defaults
below. A game may add, in its simulation facet (``core/facets.py``): a fast engine, exact per-exchange tables, the
unit of match length, and game-specific figures read from a match record. Fast engines and
exact tables are named as ``"module:function"`` strings, imported only when used (so numba is
not loaded unless a fast engine runs). ``SimSpec`` holds the facet and reads it; a game without
one still works with ``--engine reference`` (and the fast engine falls back to it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Literal, Protocol

from turnbuckle.core.errors import RulesError
from turnbuckle.core.facets import Figure, GameSimulation, Simulation
from turnbuckle.core.match import MatchRecord, Result
from turnbuckle.core.options import OptionValue
from turnbuckle.sim.tally import Outcome, Tally

Progress = Callable[[int], None]


class FastEngineUnsupported(Exception):
    """A fast engine cannot play this setup (e.g. an option it does not know); the reference
    engine plays it instead."""


#: How a fast engine compiles its chunk loop (``sim/aot.py``): ``auto`` takes the ahead-of-time
#: build for a short run and numba's JIT (all threads) for a long one; ``jit`` and ``aot`` force one.
Build = Literal["auto", "jit", "aot"]


class FastEngine(Protocol):
    """A fast engine: ``n`` matches of ``sides`` under resolved ``options`` from ``seed``.

    It must give the same tally for the same seed whatever ``threads`` and ``build`` are, keep
    memory bounded by a chunk (not by ``n``), and call ``progress(done)`` now and then."""

    def __call__(self, sides: Sequence[Any], options: Mapping[str, OptionValue], n: int, seed: int,
                 *, threads: int | None = None, progress: Progress | None = None,
                 build: Build = "auto") -> Tally: ...


class FastOutcomes(Protocol):
    """The outcome counts (and the draws each side shared, None: every side shares every draw) of
    exactly the matches the fast engine's ``run`` plays for the same arguments, played on its
    ahead-of-time build in the calling thread; None when that build is not there (then ``run``
    plays). It raises ``FastEngineUnsupported`` where ``run`` does."""

    def __call__(self, sides: Sequence[Any], options: Mapping[str, OptionValue], n: int,
                 seed: int) -> tuple[dict[Outcome, int], dict[int, int] | None] | None: ...


class FastOutcomesMany(Protocol):
    """``FastOutcomes`` for many pairings at once (each its sides in seat order and its seed; the
    same options and ``n`` for all): each pairing's counts, exactly as ``FastOutcomes`` gives them
    for it, in order; None when the build that plays them is not there."""

    def __call__(self, pairings: Sequence[Sequence[Any]], options: Mapping[str, OptionValue], n: int,
                 seeds: Sequence[int]) -> list[tuple[dict[Outcome, int], dict[int, int] | None]] | None: ...


class ExchangeTables(Protocol):
    """Exact per-exchange odds for a matchup: returns (JSON-able data, text for people)."""

    def __call__(self, sides: Sequence[Any], names: Sequence[str],
                 options: Mapping[str, OptionValue]) -> tuple[dict[str, Any], str]: ...


@dataclass(frozen=True)
class SimSpec:
    """A game's simulation facet (``game``; the generic defaults for a game without one) and what
    the sim layer does with it: load the engines, tables and advisor it names, say when a fast run
    compiles first. What the facet knows (match length, its unit, figures, shared draws) is read
    from the facet itself, never copied."""

    ruleset: str
    game: Simulation = field(default_factory=GameSimulation)

    # -- the facet's data, as the facet says it ----------------------------------------------
    @property
    def fast(self) -> str | None:
        return self.game.fast

    @property
    def fast_outcomes(self) -> str | None:
        return self.game.fast_outcomes

    @property
    def fast_outcomes_many(self) -> str | None:
        return self.game.fast_outcomes_many

    @property
    def fast_ready(self) -> str | None:
        return self.game.fast_ready

    @property
    def build_time(self) -> str:
        return self.game.build_time

    @property
    def fast_version(self) -> str | None:
        return self.game.fast_version

    @property
    def exchange(self) -> str | None:
        return self.game.exchange

    @property
    def advisor(self) -> str | None:
        return self.game.advisor

    @property
    def picker(self) -> str | None:
        return self.game.picker

    @property
    def figures(self) -> tuple[Figure, ...]:
        return self.game.figures

    @property
    def notes(self) -> tuple[str, ...]:
        return self.game.notes

    @property
    def cards_per_length(self) -> int:
        return self.game.cards_per_length

    def length_of(self, result: Result, options: Mapping[str, OptionValue]) -> int | None:
        return self.game.length_of(result, options)

    def unit(self, result: Result | None = None) -> str:
        return self.game.unit(result)

    def figures_from(self, record: MatchRecord) -> Mapping[str, float]:
        return self.game.figures_from(record)

    def drawn_from(self, record: MatchRecord) -> Sequence[int] | None:
        """Who shares the match's draw (None for a win, or when every side does)."""
        return self.game.drawn_from(record)

    # -- what the sim layer does with it -----------------------------------------------------
    def outcomes_engine(self) -> FastOutcomes | None:
        """The game's outcome-counting path of its fast engine, or None when it has none."""
        return _load(self.fast_outcomes) if self.fast_outcomes else None

    def outcomes_many_engine(self) -> FastOutcomesMany | None:
        """The game's outcome counting of many pairings in one call, or None when it has none."""
        return _load(self.fast_outcomes_many) if self.fast_outcomes_many else None

    def advisor_hook(self) -> Any:
        """The game's advisor, or None when it has none."""
        return _load(self.advisor) if self.advisor else None

    def picker_hook(self) -> Any:
        """The game's pick advisor (``sim/advice.py``'s ``Picker``), or None when it has none."""
        return _load(self.picker) if self.picker else None

    def fast_engine(self) -> FastEngine | None:
        return _load(self.fast) if self.fast else None

    def fast_needs_compile(self, n: int) -> bool:
        """True when a fast run of ``n`` matches will compile first (a pause worth announcing)."""
        if not self.fast or not self.fast_ready:
            return False
        try:
            return not bool(_load(self.fast_ready)(n))
        except ImportError:
            return False

    def compile_note(self) -> str:
        """What ``odds`` says before a run that compiles the fast engine first."""
        return (f"compiling the fast {self.ruleset} engine for its first use ({self.build_time} on a quiet "
                "machine, longer on a busy one; it is kept for later runs)")

    def exchange_tables(self) -> ExchangeTables | None:
        return _load(self.exchange) if self.exchange else None


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def spec_for(ruleset_id: str) -> SimSpec:
    """The sim entry of a ruleset (its simulation facet), or the generic defaults for a game
    without one."""
    from turnbuckle.rulesets.registry import get_ruleset  # lazy: keeps the games' registry out of start-up

    try:
        game = get_ruleset(ruleset_id).simulation()
    except RulesError:  # a game not registered here (a test's own) simulates with the defaults
        return SimSpec(ruleset_id)
    return SimSpec(ruleset_id, game) if game is not None else SimSpec(ruleset_id)
