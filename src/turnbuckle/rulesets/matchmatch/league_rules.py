"""MatchMatch's league rules (``core.facets.LeagueRules``): the Part II Push ladder and weekly
healing, referees drawn with the grid when a show opens, tag teams of league wrestlers, the
briefing's facts and the strategy a side sends for its match."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import Json
from turnbuckle.core.facets import LeagueRules
from turnbuckle.core.options import OptionValue
from turnbuckle.core.page_hooks import RefereeCard
from turnbuckle.core.problems import Problem
from turnbuckle.core.push import Push
from turnbuckle.core.registry import Fact, Ruleset
from turnbuckle.core.table import Table
from turnbuckle.rulesets.matchmatch import between, briefing, post_text
from turnbuckle.rulesets.matchmatch.grid import parse_grid, roll_grid
from turnbuckle.rulesets.matchmatch.match_types import bundled_types
from turnbuckle.rulesets.matchmatch.referees import find_referee, load_referee, referee_option, referees
from turnbuckle.rulesets.matchmatch.side import Side, load_strategy_document
from turnbuckle.rulesets.matchmatch.side_checks import side_problem_list
from turnbuckle.rulesets.matchmatch.textlayout import format_strategy_text


def _grid_axis(index: int) -> str:
    """Which pick a side makes on the grid: the first side the column, the second the row."""
    return {0: "column", 1: "row"}.get(index, "none")


class MatchMatchLeagueRules(LeagueRules):
    """The league rules of MatchMatch (the rulebook's Part II and the league's rulings)."""

    push_levels = True
    tag_teams = True
    referees = True
    title_limits = True

    def __init__(self, ruleset: Ruleset[Side]) -> None:
        self._ruleset = ruleset  # MatchMatch's own, to load a side as the league enters it

    def match_facts(self, options: Mapping[str, OptionValue], sides: Sequence[object], index: int) -> list[Fact]:
        return briefing.match_facts(options, sides, index)

    def public_facts(self, sheet: object) -> list[Fact]:
        return briefing.public_facts(sheet)

    def card_facts(self, options: Mapping[str, OptionValue]) -> list[Fact]:
        return post_text.card_facts(options)

    def match_types(self) -> list[str]:
        return list(bundled_types())

    def match_kind(self, options: Mapping[str, object]) -> str:
        return str(options.get("type") or "standard").strip().lower()

    def bundled_referees(self) -> list[RefereeCard]:
        return [RefereeCard(r.name, r.type, r.dq_threshold) for r in referees()]

    def referee_sheet(self, data: object, label: str) -> tuple[str, Json]:
        sheet = find_referee(data) if isinstance(data, str) else load_referee(data, label)
        return sheet.name, sheet.model_dump(mode="json", exclude_none=True)

    def referee_option(self, sheet: Json, name: str) -> str:
        return referee_option(load_referee(sheet, f"referee {name}"))

    def grid_text(self, grid: str) -> str:
        return parse_grid(grid).text()

    def roll_grid(self, table: Table) -> str:
        return roll_grid(table).text()

    def side_document(self, sheet: Mapping[str, Any], strategy: str | None,
                      standing: tuple[int, int] | None) -> dict[str, Any]:
        key = "team" if "team" in sheet else "wrestler"
        body = dict(sheet[key])
        if standing is not None:
            body["push_level"], body["injuries"] = standing
        doc: dict[str, Any] = {key: body}
        if strategy is not None:
            doc["strategy"] = strategy
        return doc

    def starting_push_level(self, sheet: Mapping[str, Any]) -> int:
        return int(sheet.get("wrestler", {}).get("push_level", 1))

    def weight(self, side: object) -> int:
        if not isinstance(side, Side):
            raise RulesError(f"a MatchMatch side was expected, not {type(side).__name__}")
        return int(side.sheet.styles.weight)

    def push_after(self, before: Push, side: int, winner: int, levels: Sequence[int], top: int) -> Push:
        """The winner as if it had beaten each other side in turn, in card order; a loser as if it
        had lost to the winner alone (Part II, and the rulings for three or more sides)."""
        now = before
        for j in (range(len(levels)) if side == winner else [winner]):
            if j != side:
                now = between.after_match(now, levels[j], "win" if side == winner else "loss", top)
        return now

    def award(self, before: Push, points: Fraction, top: int) -> Push:
        return between.award(before, points, top)

    def heal(self, injuries: int, roll: int, wrestled: bool) -> int:
        return between.heal(injuries, roll, wrestled)

    def is_team_sheet(self, sheet: Mapping[str, Any]) -> bool:
        return "team" in sheet

    def team_text(self, name: str, members: Sequence[tuple[str, Mapping[str, Any]]], use: str | None,
                  scores: Mapping[str, Any]) -> str:
        own = {k: v for k, v in scores.items() if k not in ("push_level", "injuries")}
        body: dict[str, Any] = {"name": name, "members": [sheet["wrestler"] for _, sheet in members]}
        if use is not None or not own:
            body["use"] = use or members[0][0]
        body.update(own)
        return json.dumps({"team": body})

    def format_strategy(self, text: str, label: str) -> str:
        return format_strategy_text(load_strategy_document(text, label))

    def strategy_for_match(self, side_document: Json, text: str, label: str, grid: str, index: int,
                           options: Mapping[str, OptionValue]) -> tuple[str, list[Problem]]:


        plan = load_strategy_document(text, label)  # made plain and its layout recognised once, read once
        played = replace(self._ruleset.load_side(side_document, label), strategy=plan)
        problems = side_problem_list(played, options)
        if plan.printed_grid is not None and grid and plan.printed_grid != parse_grid(grid):
            problems.append(Problem(f"the strategy was written for the grid '{plan.printed_grid.text()}', but this "
                                    f"match's grid is '{parse_grid(grid).text()}' (fixed when the show opened); print "
                                    "this grid or leave the grid out", field="grid"))
        axis = _grid_axis(index)
        if axis == "none" and (plan.grid_column or plan.grid_row):
            problems.append(Problem(f"only the first two sides choose on the grid (the first a column, the second a "
                                    f"row); this is side {index + 1}, so leave out the grid pick", field="grid"))
        elif axis == "column" and plan.grid_row:
            problems.append(Problem("this side is named first, so it picks the grid's column (a letter A-C), not a "
                                    "row", field="grid"))
        elif axis == "row" and plan.grid_column:
            problems.append(Problem("this side is named second, so it picks the grid's row (a number 1-3), not a "
                                    "column", field="grid"))
        return format_strategy_text(plan), problems
