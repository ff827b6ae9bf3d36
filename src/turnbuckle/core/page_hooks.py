"""What a game tells the pages beyond its rules (the values of the ``Ruleset`` hooks that the web
asks, docs/web.md "Game hooks"): a sheet as form fields, the points a sheet being typed has left,
the choices of a written strategy's form, a bundled referee. Plain values; the web lays them out."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SheetField:
    """One field of a sheet's form: its name (``styles.power`` for ``power`` under ``styles``),
    its label, whether it holds a number, and ``starts``: None where it carries on the row before,
    "" where it starts a new row, a heading where it starts a new headed part."""

    name: str
    label: str
    number: bool = True
    starts: str | None = None


@dataclass(frozen=True)
class SheetForm:
    """A sheet as form fields (``Ruleset.sheet_form``). ``wrapper`` is the key the fields sit
    under in the sheet's YAML ("" for none); in a ``sparse`` group a 0 is not written, and an
    ``optional`` group left empty is not written at all."""

    fields: tuple[SheetField, ...]
    wrapper: str = ""
    sparse: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetPoints:
    """What a sheet being typed has spent of its budget (``Ruleset.sheet_points``), and in what."""

    spent: int
    budget: int
    what: str = "points"

    @property
    def left(self) -> int:
        return self.budget - self.spent


@dataclass(frozen=True)
class StrategyChoices:
    """The lists a written strategy's form picks from (``Ruleset.strategy_choices``): the styles a
    plan favours or shuns, what an action may target, the kinds of action; the grid picks a side
    may make by its axis (``league.services.sides.grid_axis``) and what the page tells it of that
    pick; the resources a conditional may wait on (key, words)."""

    styles: tuple[str, ...]
    targets: tuple[str, ...]
    actions: tuple[str, ...]
    grid_picks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    axis_text: tuple[tuple[str, str], ...] = ()
    resources: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class StrategyDraft:
    """A strategy form's fields written as the game's text (``Ruleset.strategy_from_form``), with
    the field each line came from (by line number, from 1) and the form's field for each part a
    problem may be about (``round_fields``, by a problem's ``field``: ``round 4``, ``conditional 1``,
    ``grid``), so a problem the reader or the rules find goes back beside its field."""

    text: str
    line_fields: dict[int, str] = field(default_factory=dict)
    round_fields: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class RefereeCard:
    """A referee the game bundles (``LeagueRules.bundled_referees``), as the organiser picks one: its
    name, its type (its character) and the DQ threshold."""

    name: str
    type: str
    dq_threshold: int
