"""What a game offers beyond its rules, one facet each: the table view, the sheet editor, written
strategies, reporting, simulation and the league's rules. Each is a Protocol here; a game hands one
out from its ``Ruleset`` (``table_view()``, ``sheet_editor()``, ``written_strategies()``,
``reporting()``, ``simulation()``, ``league_rules()``), None where it has none, and declares its
class against the Protocol so strict mypy checks it. A class that subclasses a Protocol here takes
its defaults (the plain behaviour a game without the part would have) for the methods it leaves out.

Front ends and the league ask these facets, never a game's id or module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from turnbuckle.core.chart import Chart
from turnbuckle.core.events import Event, Happening, Json
from turnbuckle.core.match import MatchRecord, Result
from turnbuckle.core.options import OptionValue
from turnbuckle.core.page_hooks import SheetForm, SheetPoints, StrategyChoices, StrategyDraft
from turnbuckle.core.table import Table

if TYPE_CHECKING:
    from turnbuckle.core.page_hooks import RefereeCard
    from turnbuckle.core.problems import Problem
    from turnbuckle.core.push import Push
    from turnbuckle.core.registry import Fact, Ruleset


# -- the table view --------------------------------------------------------------------------
class TableView(Protocol):
    """What a player at the table (``core/step.py``) sees between entries."""

    def hidden(self, events: Sequence[Event], viewer: str | None) -> set[int]:
        """The indexes of ``events`` that ``viewer`` (a side's name; None for an onlooker) may
        not see yet: another side's card or secret pick. Nothing is secret by default."""
        return set()

    def board(self, names: Sequence[str], events: Sequence[Event], viewer: str | None) -> list[str]:
        """What a player at the table has in front of them, read from the events ``viewer`` may
        see: the scoreboard, HP, their own cards."""
        ...

    def table_board(self, sides: Sequence[Any], names: Sequence[str], events: Sequence[Event],
                    viewer: str | None) -> list[str]:
        """The board with the sides' loaded sheets at hand, for numbers the events never state (a
        boxer's Power); by default :meth:`board`."""
        return self.board(names, events, viewer)


# -- the sheet editor ------------------------------------------------------------------------
@dataclass(frozen=True)
class SheetSection:
    """One part of a sheet as a page shows it (``SheetEditor.sheet_view``): a heading (empty for
    the sheet's opening lines) and its rows of (label, value), in the rulebook's order."""

    title: str
    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RolledSheet:
    """A sheet rolled on the dice (``SheetEditor.roll_sheet``): the sheet, and each roll as a line
    ("ATK (d20): 14") for the page to show beside it."""

    sheet: Json
    rolls: tuple[str, ...]


def shown_value(value: object) -> str:
    """A sheet's value as one line of text: a list or mapping written out, None as a dash."""
    if value is None:
        return "\u2014"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {shown_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(shown_value(v) for v in value)
    return str(value)


def plain_sheet_view(sheet: Json) -> list[SheetSection]:
    """A sheet laid out without its game's help: one section of its top-level fields, in order."""
    if not isinstance(sheet, dict):
        return [SheetSection("", (("Sheet", shown_value(sheet)),))]
    return [SheetSection("", tuple((str(k).replace("_", " ").capitalize(), shown_value(v))
                                   for k, v in sheet.items()))]


class SheetEditor(Protocol):
    """How the pages show, start, roll and price a side's sheet."""

    def sheet_view(self, sheet: Json) -> list[SheetSection]:
        """A side's sheet (as ``Ruleset.side_json`` writes it) laid out as the game's rulebook
        prints it; by default :func:`plain_sheet_view`."""
        return plain_sheet_view(sheet)

    def blank_sheet(self) -> Json | None:
        """An empty sheet to start writing from (every number at its least, names to fill in),
        or None where the game has none (the editor then starts from a sample)."""
        return None

    def roll_sheet(self, table: Table) -> RolledSheet | None:
        """A sheet rolled on ``table``'s dice, as the rulebook rolls one up; None where the game's
        sheets are written, not rolled."""
        return None

    def sheet_form(self) -> SheetForm | None:
        """The sheet as form fields, for a game whose sheet is a handful of numbers; None where
        the sheet is edited as text only."""
        return None

    def sheet_points(self, text: str) -> SheetPoints | None:
        """What a sheet being typed (``text``) has spent of its budget; None for a game that does
        not buy with points, or while the text cannot be read that far."""
        return None


@dataclass(frozen=True)
class GameSheets:
    """A :class:`SheetEditor` written as data (as :class:`GameSimulation` is): each part the game
    has, as its module's function; a part left out takes the plain default."""

    view: Callable[[Json], list[SheetSection]] = plain_sheet_view
    blank: Callable[[], Json] | None = None
    roll: Callable[[Table], RolledSheet] | None = None
    form: Callable[[], SheetForm] | None = None
    points: Callable[[str], SheetPoints | None] | None = None

    def sheet_view(self, sheet: Json) -> list[SheetSection]:
        return self.view(sheet)

    def blank_sheet(self) -> Json | None:
        return self.blank() if self.blank else None

    def roll_sheet(self, table: Table) -> RolledSheet | None:
        return self.roll(table) if self.roll else None

    def sheet_form(self) -> SheetForm | None:
        return self.form() if self.form else None

    def sheet_points(self, text: str) -> SheetPoints | None:
        return self.points(text) if self.points else None


def sheet_view(rs: Ruleset[Any], sheet: Json) -> list[SheetSection]:
    """``sheet`` laid out by its game's sheet editor, or plainly for a game without one."""
    editor = rs.sheet_editor()
    return editor.sheet_view(sheet) if editor is not None else plain_sheet_view(sheet)


# -- written strategies ----------------------------------------------------------------------
class WrittenStrategies(Protocol):
    """A game whose sides send a written strategy for each match before a show: what a
    strategy's choices are, a strategy set out in named parts turned into the game's text and
    back, and a match's grid as a table. Its presence says the game takes written strategies."""

    def strategy_choices(self) -> StrategyChoices:
        """What a written strategy picks from."""
        ...

    def strategy_from_form(self, values: Mapping[str, str], rows: int, conditionals: int) -> StrategyDraft:
        """A strategy given as named parts (as :meth:`strategy_form_values` names them, each
        stripped; ``rows`` round rows and ``conditionals`` conditionals at most) written as the
        game's text for its own reader, with the part each line came from."""
        ...

    def strategy_form_values(self, text: str, rows: int, conditionals: int) -> dict[str, str] | None:
        """A sent strategy read back into its named parts (the picks, and each round row and
        conditional, numbered from 1 up to ``rows`` and ``conditionals``), so a player changes
        their latest rather than starting again; None where ``rows`` and ``conditionals`` cannot
        hold it or it does not read."""
        ...

    def grid_table(self, grid: str) -> list[tuple[str, list[str]]] | None:
        """A match's grid (its option's text) as rows for a table, each with its label and its
        cells' full names; None where the text does not read as one."""
        ...


# -- reporting -------------------------------------------------------------------------------
class Reporting(Protocol):
    """What a game reads from a played match's record for people: a chart and a short account."""

    def chart(self, record: MatchRecord) -> Chart | None:
        """The match's course as lines to draw, read from the record's events; None where the
        game draws none. A record whose events are not in the shape expected may raise
        KeyError, TypeError or ValueError: the page then shows no chart."""
        return None

    def short_account(self, record: MatchRecord) -> list[str]:
        """A short account of a played match for a results post: three to six sentences read
        from its events (the big swings, near falls, injuries, the finish), quoting a side's own
        words where a round turned on them. Empty by default: the league then writes a plain one."""
        return []


# -- simulation ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Figure:
    """A game-specific figure of a simulated match: its key, a label for people, and whether it
    is a share (0/1 per match, shown as a percentage) or a count (shown as a mean per match)."""

    key: str
    label: str
    share: bool = False


def first_at(result: Result) -> int | None:
    """The generic match length: the first value of ``result.at`` (its key names the unit)."""
    for value in result.at.values():
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    return None


def count_events(record: MatchRecord, kind: str) -> int:
    """How many of a record's happenings are of ``kind``."""
    return sum(1 for e in record.events if isinstance(e, Happening) and e.type == kind)


#: A build space: every legal sheet of the game, loaded, and the space described in words.
BuildSpace = Callable[["Ruleset[Any]"], tuple[list[Any], str]]


class Simulation(Protocol):
    """What the sim layer and the lab know of a game beyond its rules. Every game is simulated
    by the reference engine and the generic defaults (``sim/specs.py``) without one.

    Fast engines, exact tables and the advisor are named as ``"module:NAME"`` strings (the sim
    layer imports them only when used, so numba is not loaded unless a fast engine runs)."""

    @property
    def fast(self) -> str | None:
        """``"module:function"`` of the fast engine (``sim.specs.FastEngine``), or None."""
        ...

    @property
    def fast_outcomes(self) -> str | None:
        """``"module:function"`` of the fast engine counting outcomes only (the same matches as
        ``fast`` plays, for a sweep that keeps nothing else), or None: a sweep then runs ``fast``."""
        ...

    @property
    def fast_outcomes_many(self) -> str | None:
        """``"module:function"`` counting the outcomes of many pairings in one call (each as
        ``fast_outcomes`` counts it), or None: a sweep then calls ``fast_outcomes`` a pairing."""
        ...

    @property
    def fast_ready(self) -> str | None:
        """``"module:function"`` of the run's length, returning False when the fast engine must
        compile before it runs."""
        ...

    @property
    def build_time(self) -> str:
        """How long the fast engine's first build takes on a quiet machine (its CPU time), for the
        note ``odds`` prints before it."""
        ...

    @property
    def fast_version(self) -> str | None:
        """The ruleset version the fast engine was checked against; another version is played by
        the reference engine (with a note) until the fast engine is brought up to date."""
        ...

    @property
    def exchange(self) -> str | None:
        """``"module:function"`` of the exact per-exchange tables (``sim.specs.ExchangeTables``)."""
        ...

    @property
    def advisor(self) -> str | None:
        """``"module:NAME"`` of the game's advisor (``sim/advice.py``): ``advise`` and ``explain``."""
        ...

    @property
    def picker(self) -> str | None:
        """``"module:NAME"`` of the game's pick advisor (``sim/advice.py``'s ``Picker``), for a game
        whose choice before a match is a side picked from a pool under a cap; None otherwise."""
        ...

    @property
    def nothing_to_choose(self) -> str | None:
        """For a game whose players choose nothing before a match (every choice is made at the
        table), the sentence ``advise`` answers with; None otherwise."""
        ...

    @property
    def figures(self) -> tuple[Figure, ...]:
        """The game's own figures of a simulated match, as :meth:`figures_from` reads them."""
        ...

    @property
    def notes(self) -> tuple[str, ...]:
        """Lines ``odds`` adds to its report for this game."""
        ...

    @property
    def cards_per_length(self) -> int:
        """Cards drawn per unit of match length (two a turn, say). Dice counts leave cards out;
        ``make bench`` adds them to count every random draw a match needs."""
        ...

    @property
    def free_for_all(self) -> bool:
        """Whether three or more sides play each for itself (a sweep may then group them)."""
        ...

    def length_of(self, result: Result, options: Mapping[str, OptionValue]) -> int | None:
        """A match's length in :meth:`unit`."""
        ...

    def unit(self, result: Result | None = None) -> str:
        """What the match length counts ("turns", "rounds")."""
        ...

    def figures_from(self, record: MatchRecord) -> Mapping[str, float]:
        """The :attr:`figures` of one played match."""
        ...

    def drawn_from(self, record: MatchRecord) -> Sequence[int] | None:
        """Who shares the match's draw (None for a win, or when every side does)."""
        ...

    def build_space(self, rs: Ruleset[Any]) -> tuple[list[Any], str] | None:
        """Every legal sheet of the game (``sweep --builds``) and the space in words; None where
        the space is too large to sweep or sheets are not bought."""
        ...


@dataclass(frozen=True)
class GameSimulation:
    """A :class:`Simulation` written as data: what is left out takes the generic default."""

    fast: str | None = None
    fast_outcomes: str | None = None
    fast_outcomes_many: str | None = None
    fast_ready: str | None = None
    build_time: str = "up to a minute"
    fast_version: str | None = None
    exchange: str | None = None
    advisor: str | None = None
    picker: str | None = None
    nothing_to_choose: str | None = None
    length_unit: str | None = None
    length: Callable[[Result, Mapping[str, OptionValue]], int | None] | None = None
    figures: tuple[Figure, ...] = ()
    figures_of: Callable[[MatchRecord], Mapping[str, float]] | None = None
    #: The sides that share a drawn match (None: every side), read from its record.
    drawn_of: Callable[[MatchRecord], Sequence[int] | None] | None = None
    notes: tuple[str, ...] = ()
    cards_per_length: int = 0
    free_for_all: bool = False
    builds: BuildSpace | None = None

    def length_of(self, result: Result, options: Mapping[str, OptionValue]) -> int | None:
        return self.length(result, options) if self.length else first_at(result)

    def unit(self, result: Result | None = None) -> str:
        if self.length_unit:
            return self.length_unit
        if result is not None and result.at:
            return next(iter(result.at)) + "s"
        return "length"

    def figures_from(self, record: MatchRecord) -> Mapping[str, float]:
        return self.figures_of(record) if self.figures_of else {}

    def drawn_from(self, record: MatchRecord) -> Sequence[int] | None:
        if record.result.winner is not None or self.drawn_of is None:
            return None
        return self.drawn_of(record)

    def build_space(self, rs: Ruleset[Any]) -> tuple[list[Any], str] | None:
        return self.builds(rs) if self.builds else None


# -- the league's rules -----------------------------------------------------------------------
class LeagueRules(Protocol):
    """What a league keeps of a game beyond its matches (``Ruleset.league_rules``): the facts a
    briefing, a sheet and a card tell, the match types and referees a card offers, the draw that
    fixes a match when its show opens, the Push Level a match moves and the injuries that heal
    between shows, tag teams made of league wrestlers, and the written strategy a side sends. A
    game without league rules plays league matches plainly (``league/game_rules.py``)."""

    #: Whether a league keeps a Push Level and injury points for each wrestler of this game: a
    #: match moves them (:meth:`push_after`, the record's injury checks), the organiser awards
    #: points, injuries heal between shows, the standings show both columns.
    push_levels: bool
    #: Whether a team of this game is made of league wrestlers of the same game (a ``team:``
    #: document naming them): the roster offers the tag-team form, titles may be tag titles.
    tag_teams: bool
    #: Whether a match of this game has one of the league's referees: named by the organiser, or
    #: drawn when the show opens with the grid (:meth:`roll_grid`); the card's entry then carries
    #: the draw's key and grid.
    referees: bool
    #: Whether a title of this game may have a weight class and a Push Level a shot needs.
    title_limits: bool

    # -- what a side, a sheet and a card are told -------------------------------------------
    def match_facts(self, options: Mapping[str, OptionValue], sides: Sequence[object], index: int) -> list[Fact]:
        """What side ``index`` is told about its match before it decides how to play it: the
        game's own rules of this match under these (resolved) options, given every side's document
        as the league plays it (``sides``; its sheet with the league's standing)."""
        ...

    def public_facts(self, sheet: object) -> list[Fact]:
        """What anyone may know of a side from its sheet (a side's document) while the sheet itself
        is not public (e.g. a weight class)."""
        ...

    def card_facts(self, options: Mapping[str, OptionValue]) -> list[Fact]:
        """What anyone may know of a match on an open card under these (resolved) options, for the
        card's announcement: the referee and its DQ threshold, the match type."""
        ...

    # -- the card ---------------------------------------------------------------------------
    def match_types(self) -> list[str]:
        """The names of the match types the game bundles (a match's ``type`` option), in order."""
        ...

    def match_kind(self, options: Mapping[str, object]) -> str:
        """The match type a card match's draws are keyed on, as its options give it (lower case;
        the game's default type when none is given)."""
        ...

    def bundled_referees(self) -> list[RefereeCard]:
        """The referees the game bundles for a league to add."""
        ...

    def referee_sheet(self, data: object, label: str) -> tuple[str, Json]:
        """A league referee from parsed data: a bundled one by name (a string), else a referee
        sheet; its (name, sheet as JSON). A RulesError says what is wrong."""
        ...

    def referee_option(self, sheet: Json, name: str) -> str:
        """The match option that plays a league referee's stored sheet."""
        ...

    def grid_text(self, grid: str) -> str:
        """A grid option's text in the game's own spelling (a RulesError where it does not read)."""
        ...

    def roll_grid(self, table: Table) -> str:
        """A match's grid drawn at open, rolled on ``table``'s dice, as the grid option's text."""
        ...

    # -- the sides as the league plays them -----------------------------------------------------
    def side_document(self, sheet: Mapping[str, Any], strategy: str | None,
                      standing: tuple[int, int] | None) -> dict[str, Any]:
        """A side's document as played: its kept ``sheet`` with the league's (Push Level, injury
        points) when ``standing`` is given, and the written ``strategy`` when there is one."""
        ...

    def starting_push_level(self, sheet: Mapping[str, Any]) -> int:
        """The Push Level a new wrestler's kept sheet starts at (the league bounds it)."""
        ...

    def weight(self, side: object) -> int:
        """A side's weight for a title's weight class (``side`` as the game loads its document)."""
        ...

    # -- between matches ----------------------------------------------------------------------
    def push_after(self, before: Push, side: int, winner: int, levels: Sequence[int], top: int) -> Push:
        """Where a member of side ``side`` stands after a match ``winner`` won, the sides' levels
        before it being ``levels`` and ``top`` the league's highest level."""
        ...

    def award(self, before: Push, points: Fraction, top: int) -> Push:
        """A standing after the organiser grants (or takes) ``points`` by hand."""
        ...

    def heal(self, injuries: int, roll: int, wrestled: bool) -> int:
        """Injury points left after a week between shows: the d6 ``roll`` healed, less when the
        wrestler wrestled on the show."""
        ...

    # -- teams ---------------------------------------------------------------------------------
    def is_team_sheet(self, sheet: Mapping[str, Any]) -> bool:
        """Does a kept sheet hold a team rather than one wrestler?"""
        ...

    def team_text(self, name: str, members: Sequence[tuple[str, Mapping[str, Any]]], use: str | None,
                  scores: Mapping[str, Any]) -> str:
        """A team's document for the game's reader from its name, its members' (league name, kept
        sheet), the member whose sheet it uses (or None) and its own scores (the league's Push Level and
        injuries are never a team's own)."""
        ...

    # -- written strategies ------------------------------------------------------------------
    def format_strategy(self, text: str, label: str) -> str:
        """A sent strategy read and written out as the game plays it (a RulesError where it does
        not read)."""
        ...

    def strategy_for_match(self, side_document: Json, text: str, label: str, grid: str, index: int,
                           options: Mapping[str, OptionValue]) -> tuple[str, list[Problem]]:
        """A sent strategy for side ``index`` of a match whose grid is ``grid`` (empty: not fixed),
        checked with the side as the league enters it (``side_document``: its sheet, Push Level and
        injuries) under the match's resolved options: its text as the game plays it, and every problem
        with its field (the round, conditional or grid pick it is about). The text is made plain and
        its layout recognised once. A RulesError where it does not read."""
        ...
