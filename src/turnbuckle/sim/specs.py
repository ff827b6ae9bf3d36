"""What the sim layer knows about each game beyond the generic ``Ruleset`` interface.

Every registered ruleset can be simulated with the reference engine and the generic defaults
below. A game may add, in its simulation facet (``core/facets.py``): a fast engine, exact per-exchange tables, the
unit of match length, and game-specific figures read from a match record. Fast engines and
exact tables are named as ``"module:function"`` strings, imported only when used (so numba is
not loaded unless a fast engine runs). Adding a game here is one entry; a game without an entry
still works with ``--engine reference`` (and the fast engine falls back to it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Literal, Protocol

from turnbuckle.core.errors import RulesError
from turnbuckle.core.facets import Figure, Simulation, first_at
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


class ExchangeTables(Protocol):
    """Exact per-exchange odds for a matchup: returns (JSON-able data, text for people)."""

    def __call__(self, sides: Sequence[Any], names: Sequence[str],
                 options: Mapping[str, OptionValue]) -> tuple[dict[str, Any], str]: ...


@dataclass(frozen=True)
class SimSpec:
    ruleset: str
    fast: str | None = None
    #: ``"module:function"`` of the run's length, returning False when the fast engine must
    #: compile before it runs.
    fast_ready: str | None = None
    #: How long the fast engine's first build may take, in words, for the note ``odds`` prints
    #: before it.
    build_time: str = "up to a minute"
    #: The ruleset version the fast engine was checked against; another version is played by
    #: the reference engine (with a note) until the fast engine is brought up to date.
    fast_version: str | None = None
    exchange: str | None = None
    length_unit: str | None = None
    length: Callable[[Result, Mapping[str, OptionValue]], int | None] | None = None
    figures: tuple[Figure, ...] = ()
    figures_of: Callable[[MatchRecord], Mapping[str, float]] | None = None
    #: The sides that share a drawn match (None: every side), read from its record.
    drawn_of: Callable[[MatchRecord], Sequence[int] | None] | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: Cards drawn per unit of match length (Headlock: two a turn). Dice counts leave cards out;
    #: ``make bench`` adds them to count every random draw a match needs.
    cards_per_length: int = 0
    #: ``"module:NAME"`` of the game's advisor (``sim/advice.py``): ``advise`` and ``explain``.
    advisor: str | None = None
    #: ``"module:function"`` giving only a fast run's outcome counts, with less work a run (what a
    #: sweep keeps of each of its many short runs): :class:`FastOutcomes`.
    fast_outcomes: str | None = None

    def outcomes_engine(self) -> FastOutcomes | None:
        """The game's outcome-counting path of its fast engine, or None when it has none."""
        return _load(self.fast_outcomes) if self.fast_outcomes else None

    def advisor_hook(self) -> Any:
        """The game's advisor, or None when it has none."""
        return _load(self.advisor) if self.advisor else None

    def length_of(self, result: Result, options: Mapping[str, OptionValue]) -> int | None:
        return (self.length or (lambda r, _o: first_at(r)))(result, options)

    def unit(self, result: Result | None = None) -> str:
        if self.length_unit:
            return self.length_unit
        if result is not None and result.at:
            return next(iter(result.at)) + "s"
        return "length"

    def figures_from(self, record: MatchRecord) -> Mapping[str, float]:
        return self.figures_of(record) if self.figures_of else {}

    def drawn_from(self, record: MatchRecord) -> Sequence[int] | None:
        """Who shares the match's draw (None for a win, or when every side does)."""
        if record.result.winner is not None or self.drawn_of is None:
            return None
        return self.drawn_of(record)

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


def _spec(ruleset_id: str, game: Simulation) -> SimSpec:
    return SimSpec(ruleset_id, fast=game.fast, fast_outcomes=game.fast_outcomes, fast_ready=game.fast_ready,
                   build_time=game.build_time,
                   fast_version=game.fast_version, exchange=game.exchange, length=game.length_of,
                   length_unit=None if game.unit() == "length" else game.unit(),
                   figures=game.figures, figures_of=game.figures_from,
                   drawn_of=game.drawn_from, notes=game.notes, cards_per_length=game.cards_per_length,
                   advisor=game.advisor)


def spec_for(ruleset_id: str) -> SimSpec:
    """The sim entry of a ruleset (its simulation facet), or the generic defaults for a game
    without one."""
    from turnbuckle.rulesets.registry import get_ruleset  # lazy: keeps the games' registry out of start-up

    try:
        game = get_ruleset(ruleset_id).simulation()
    except RulesError:  # a game not registered here (a test's own) simulates with the defaults
        return SimSpec(ruleset_id)
    return _spec(ruleset_id, game) if game is not None else SimSpec(ruleset_id)
