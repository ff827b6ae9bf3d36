"""The league's one door to what a game keeps beyond its matches: the game's league rules
(``Ruleset.league_rules``), or the plain ones for a game without them. A plain game's league match
is played as its sides' sheets stand: no Push Level, injuries, referees, draw, teams or written
strategy, and nothing told beyond the card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from turnbuckle.core.errors import RulesError, UnknownRulesetError
from turnbuckle.core.events import Json
from turnbuckle.core.facets import LeagueRules
from turnbuckle.core.options import OptionValue
from turnbuckle.core.page_hooks import RefereeCard
from turnbuckle.core.problems import Problem
from turnbuckle.core.push import Push
from turnbuckle.core.registry import Fact
from turnbuckle.core.table import Table
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset


class PlainLeagueRules(LeagueRules):
    """The league rules of a game that has none of its own."""

    push_levels = False
    tag_teams = False
    referees = False
    title_limits = False

    def match_facts(self, options: Mapping[str, OptionValue], sides: Sequence[object], index: int) -> list[Fact]:
        return []

    def public_facts(self, sheet: object) -> list[Fact]:
        return []

    def card_facts(self, options: Mapping[str, OptionValue]) -> list[Fact]:
        return []

    def match_types(self) -> list[str]:
        return []

    def match_kind(self, options: Mapping[str, object]) -> str:
        return ""

    def bundled_referees(self) -> list[RefereeCard]:
        return []

    def referee_sheet(self, data: object, label: str) -> tuple[str, Json]:
        raise RulesError(f"{label}: this game takes no referee")

    def referee_option(self, sheet: Json, name: str) -> str:
        raise RulesError(f"referee {name}: this game takes no referee")

    def grid_text(self, grid: str) -> str:
        return grid

    def roll_grid(self, table: Table) -> str:
        raise RulesError("this game has no grid to draw")

    def side_document(self, sheet: Mapping[str, Any], strategy: str | None,
                      standing: tuple[int, int] | None) -> dict[str, Any]:
        return dict(sheet)

    def starting_push_level(self, sheet: Mapping[str, Any]) -> int:
        raise RulesError("this game keeps no Push Level")

    def weight(self, side: object) -> int:
        raise RulesError("this game has no weight classes")

    def push_after(self, before: Push, side: int, winner: int, levels: Sequence[int], top: int) -> Push:
        return before

    def award(self, before: Push, points: Fraction, top: int) -> Push:
        raise RulesError("this game keeps no Push Level")

    def heal(self, injuries: int, roll: int, wrestled: bool) -> int:
        return injuries

    def is_team_sheet(self, sheet: Mapping[str, Any]) -> bool:
        return False

    def team_text(self, name: str, members: Sequence[tuple[str, Mapping[str, Any]]], use: str | None,
                  scores: Mapping[str, Any]) -> str:
        raise RulesError(f"team '{name}': this game's teams are not made of league wrestlers")

    def format_strategy(self, text: str, label: str) -> str:
        raise RulesError(f"{label}: this game takes no written strategy")

    def strategy_for_match(self, side_document: Json, text: str, label: str, grid: str, index: int,
                           options: Mapping[str, OptionValue]) -> tuple[str, list[Problem]]:
        raise RulesError(f"{label}: this game takes no written strategy")


PLAIN = PlainLeagueRules()


def league_rules(ruleset: str) -> LeagueRules:
    """The league rules of the game with this id or alias: its own, else the plain ones."""
    return get_ruleset(ruleset).league_rules() or PLAIN


def exported_rules(ruleset: str) -> LeagueRules:
    """The league rules of a game an export names: the plain ones for a game this turnbuckle does
    not know (``verify`` then says what it cannot check rather than stop)."""
    try:
        return league_rules(ruleset)
    except UnknownRulesetError:
        return PLAIN


def written_strategies(ruleset: str) -> bool:
    """Whether a side of this game sends a written strategy for a league match (read by the game's
    league rules), rather than a choice of automatic player (``league.choices``)."""
    try:
        rs = get_ruleset(ruleset)
    except UnknownRulesetError:
        return False
    return rs.written_strategies() is not None and rs.league_rules() is not None


def games_with(wanted: str) -> list[str]:
    """The ids of every game whose league rules keep ``wanted`` (``push_levels``, ``tag_teams``,
    ``referees``), sorted (this loads every bundled game)."""
    return [rs.info.id for rs in all_rulesets() if getattr(rs.league_rules() or PLAIN, wanted)]
