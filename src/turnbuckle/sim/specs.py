"""What the sim layer knows about each game beyond the generic ``Ruleset`` interface.

Every registered ruleset can be simulated with the reference engine and the generic defaults
below. A game may add, in one entry of ``SPECS``: a fast engine, exact per-exchange tables, the
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

from turnbuckle.core.events import Happening
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


def first_at(result: Result) -> int | None:
    """The generic match length: the first value of ``result.at`` (its key names the unit)."""
    for value in result.at.values():
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    return None


def count_events(record: MatchRecord, kind: str) -> int:
    return sum(1 for e in record.events if isinstance(e, Happening) and e.type == kind)


@dataclass(frozen=True)
class Figure:
    """A game-specific figure: its key, a label for people, and whether it is a share (0/1 per
    match, shown as a percentage) or a count (shown as a mean per match)."""

    key: str
    label: str
    share: bool = False


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


# -- boxing ---------------------------------------------------------------------------------
BOXING_TURNS_PER_ROUND = 3  # checked equal to the engine's constant by a test


def _boxing_length(result: Result, options: Mapping[str, OptionValue]) -> int | None:
    return (int(result.at["round"]) - 1) * BOXING_TURNS_PER_ROUND + int(result.at["turn"])


def _boxing_figures(record: MatchRecord) -> dict[str, float]:
    downs = count_events(record, "knockdown")
    return {"knockdowns": downs, "knockdown_bouts": 1.0 if downs else 0.0}


# -- folkstyle ------------------------------------------------------------------------------
FOLKSTYLE_TURNS_PER_PERIOD = 3  # checked equal to the engine's constant by a test


def _folkstyle_length(result: Result, options: Mapping[str, OptionValue]) -> int | None:
    return (int(result.at["period"]) - 1) * FOLKSTYLE_TURNS_PER_PERIOD + int(result.at["turn"])


def _folkstyle_figures(record: MatchRecord) -> dict[str, float]:
    calls = record.result.extra.get("stalling_calls")
    total = sum(v for v in calls.values() if isinstance(v, int)) if isinstance(calls, dict) else 0
    rode = any(isinstance(e, Happening) and e.type == "riding_time" and e.data.get("awarded")
               for e in record.events)
    return {"stalling_calls": float(total), "riding_point": 1.0 if rode else 0.0}


# -- headlock -------------------------------------------------------------------------------
def _headlock_figures(record: MatchRecord) -> dict[str, float]:
    return {"knockdowns": count_events(record, "knockdown")}


# -- deathmatch ------------------------------------------------------------------------------
def _deathmatch_figures(record: MatchRecord) -> dict[str, float]:
    survivors = record.result.extra.get("survivors", [])
    return {"survivors": float(len(survivors)) if isinstance(survivors, list) else 0.0}


def _deathmatch_drawn(record: MatchRecord) -> list[int] | None:
    """The players still standing at a draw (an eliminated player does not share it)."""
    drawn = record.result.extra.get("drawn")
    return [record.names.index(str(name)) for name in drawn] if isinstance(drawn, list) else None


# -- matchmatch -----------------------------------------------------------------------------
def _matchmatch_figures(record: MatchRecord) -> dict[str, float]:
    return {"injuries": float(sum(1 for e in record.events if isinstance(e, Happening)
                                  and e.type == "injury_check" and e.data.get("injured")))}


SPECS: dict[str, SimSpec] = {
    "boxing": SimSpec(
        "boxing",
        fast="turnbuckle.sim.boxing.fast:run",
        fast_outcomes="turnbuckle.sim.boxing.fast:outcomes",
        fast_ready="turnbuckle.sim.boxing.fast:compiled",
        build_time="about 5 s",
        fast_version="1.2",
        exchange="turnbuckle.sim.boxing.exact:exchange_tables",
        length_unit="turns",
        length=_boxing_length,
        figures=(Figure("knockdowns", "knockdowns per bout"),
                 Figure("knockdown_bouts", "bouts with a knockdown", share=True)),
        figures_of=_boxing_figures,
    ),
    "folkstyle": SimSpec(
        "folkstyle",
        fast="turnbuckle.sim.folkstyle.fast:run",
        fast_ready="turnbuckle.sim.folkstyle.fast:compiled",
        build_time="about 5 s",
        fast_version="1.1",
        exchange="turnbuckle.sim.folkstyle.exact:exchange_tables",
        length_unit="turns",
        length=_folkstyle_length,
        figures=(Figure("stalling_calls", "stalling calls per match"),
                 Figure("riding_point", "matches with a riding-time point", share=True)),
        figures_of=_folkstyle_figures,
    ),
    "headlock": SimSpec(
        "headlock",
        fast="turnbuckle.sim.headlock.fast:run",
        fast_ready="turnbuckle.sim.headlock.fast:compiled",
        build_time="about 15 s",
        fast_version="1.1",
        exchange="turnbuckle.sim.headlock.exact:exchange_tables",
        length_unit="turns",
        figures=(Figure("knockdowns", "knockdowns per match (knockout variant)"),),
        figures_of=_headlock_figures,
        cards_per_length=2,
    ),
    "deathmatch": SimSpec(
        "deathmatch",
        fast="turnbuckle.sim.deathmatch.fast:run",
        fast_ready="turnbuckle.sim.deathmatch.fast:compiled",
        build_time="about 10 s",
        fast_version="1.2",
        exchange="turnbuckle.sim.deathmatch.exact:exchange_tables",
        length_unit="rounds",
        figures=(Figure("survivors", "figures standing at the end"),),
        figures_of=_deathmatch_figures,
        drawn_of=_deathmatch_drawn,
    ),
    "matchmatch": SimSpec(
        "matchmatch",
        fast="turnbuckle.sim.matchmatch.fast:run",
        fast_ready="turnbuckle.sim.matchmatch.fast:compiled",
        build_time="about 10 s",
        fast_version="1.3",
        exchange="turnbuckle.sim.matchmatch.exact:exchange_tables",
        length_unit="rounds",
        figures=(Figure("injuries", "injuries per match"),),
        figures_of=_matchmatch_figures,
        advisor="turnbuckle.sim.matchmatch.advisor.hook:ADVISOR",
    ),
}


def spec_for(ruleset_id: str) -> SimSpec:
    """The sim entry of a ruleset, or the generic defaults for a game without one."""
    return SPECS.get(ruleset_id) or SimSpec(ruleset_id)
