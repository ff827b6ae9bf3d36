"""The advisor hook: what a game's advisor offers the generic ``advise`` and ``explain`` commands.

A game opts in with ``SimSpec.advisor`` (``"module:NAME"``, imported only when used); the
commands and the league call these methods and never name the game. A game without one is told
so in one line (exit 2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from turnbuckle.core.match import MatchRecord
from turnbuckle.core.options import OptionValue

#: Called with the share of the work done, 0 to 1.
Fraction = Callable[[float], None]


class Report(Protocol):
    """What an advisor returns: JSON for programs, text and Markdown for people."""

    def json(self) -> dict[str, Any]: ...

    def text(self) -> str: ...

    def markdown(self) -> str: ...


class Advisor(Protocol):
    def advise(self, sides: Sequence[Any], me: int, options: Mapping[str, OptionValue], *, seed: int,
               budget_matches: int | None, budget_seconds: float | None, measure_n: int,
               threads: int | None = None, progress: Fraction | None = None, client: Any = None,
               fields: Mapping[int, tuple[str, Sequence[Any]]] | None = None) -> Report:
        """Advice for side ``me``; the other sides' strategies, where given, are known. ``client``:
        a Dask client whose cluster runs the search's evaluations (the same answer). ``fields``:
        for a side whose sheet is not known, what is known of it and a field of sheets that fit it
        (``field``), played instead of that side."""
        ...

    def field(self, name: str, facts: Mapping[str, str], push_level: int | None, injuries: int, *, size: int,
              seed: int) -> dict[str, Any]:
        """``{"about": ..., "sheets": [...]}``: ``size`` side documents that fit what is public of
        ``name`` (the game's public facts by label, the Push Level and injuries), from ``seed``;
        a RulesError when the facts are not enough."""
        ...

    def explain(self, record: MatchRecord, *, seed: int, budget_matches: int, continuations: int,
                threads: int | None = None, progress: Fraction | None = None) -> Report:
        """Why a finished match was won or lost."""
        ...

    def plot(self, report: Report, path: str) -> None:
        """Draw an explanation's win probability by round to ``path`` (.png or .svg)."""
        ...


class Picker(Protocol):
    """A game whose choice before a match is a side picked from a pool under a cap (Deathmatch:
    an army of the bestiary under the power cap), as ``advise`` asks it (``Simulation.picker``)."""

    def pick(self, me: Any, opponents: Sequence[Any], options: Mapping[str, OptionValue], *, field: bool,
             position: int, players: Mapping[int, str], pool: tuple[str, str] | None, seed: int,
             budget_matches: int | None, budget_seconds: float | None, measure_n: int,
             threads: int | None = None, progress: Fraction | None = None, client: Any = None) -> Report:
        """The best side of the pool (``pool``: a file's text and label, None for the game's own)
        under the options' cap for ``me`` in seat ``position`` (1 first) against ``opponents``:
        one match of them all, or (``field``) one match each, scored by the mean. ``players``:
        each side's automatic player, 0 for ``me``, then the opponents (with a field, 1 is every
        opponent's). Budgets as :meth:`Advisor.advise`'s; the answer's odds measured afresh
        (``measure_n`` matches an opponent) on seeds the search never used. ``client``: a Dask
        client whose cluster plays the search's matches (the same answer)."""
        ...
