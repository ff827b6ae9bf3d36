"""The ruleset's optional facets: each a Protocol a game's class is declared against (so strict mypy
checks it), returned by one ``Ruleset`` method, None where the game has none."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from turnbuckle.core.events import Json
    from turnbuckle.core.options import OptionValue
    from turnbuckle.core.page_hooks import RefereeCard
    from turnbuckle.core.problems import Problem
    from turnbuckle.core.push import Push
    from turnbuckle.core.registry import Fact
    from turnbuckle.core.table import Table


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
