"""A card side as it is shown, checked and played: the competitor's sheet frozen when the show
opened, with its Push Level and injuries from one source in two views. **Published** (as of the
last published show) is what everything a member sees uses: pages, the API, a submit refusal; so
a show that has run but is not yet published leaks nothing. **Current** is for the run alone.

A tag team's Push Level is always its members' lowest and it enters a match as hurt as its most
hurt member (shared/rulings.md, MatchMatch: teams)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.options import resolve_options
from turnbuckle.league.choices import read_choice
from turnbuckle.league.context import Ctx
from turnbuckle.league.game_rules import league_rules, written_strategies
from turnbuckle.league.models import CardMatch, CardSide, Competitor
from turnbuckle.league.published import published_standings
from turnbuckle.rulesets.registry import get_ruleset

View = Literal["published", "current"]


@dataclass(frozen=True)
class SideStanding:
    """What a side brings to a match from the league: its Push Level (None for a game whose league
    rules keep none) and its injury points."""

    push_level: int | None
    injuries: int


def _members(ctx: Ctx, comp: Competitor) -> list[Competitor]:
    if not comp.members:
        return [comp]
    return [ctx.session.get_one(Competitor, cid) for cid in comp.members]


def standing(ctx: Ctx, comp: Competitor, view: View) -> SideStanding:
    """A competitor's Push Level and injuries in one view; a team's from its members."""
    people = _members(ctx, comp)
    if view == "published":
        shown = published_standings(ctx, people)
        levels = [shown[p.id].push_level or 1 for p in people]
        hurt = [shown[p.id].injuries for p in people]
    else:
        levels = [p.push_level or 1 for p in people]
        hurt = [p.injuries for p in people]
    if not league_rules(comp.ruleset).push_levels:
        return SideStanding(None, max(hurt))
    return SideStanding(min(levels), max(hurt))


def frozen_sheet(side: CardSide) -> dict[str, Any]:
    """The sheet this side plays: as it stood when the show opened (or the match was last changed
    after that); the competitor's current sheet while the show is a draft."""
    return dict(side.sheet) if side.sheet is not None else dict(side.competitor.sheet)


def side_document(comp: Competitor, sheet: dict[str, Any], strategy: str | None,
                  at: SideStanding | None) -> dict[str, Any]:
    """The side's document as played: ``sheet`` with the league's Push Level and injuries (``at``;
    None keeps the sheet's own), as the game's league rules write it."""
    held = (at.push_level or 1, at.injuries) if at is not None else None
    return league_rules(comp.ruleset).side_document(sheet, strategy, held)


def card_side_document(ctx: Ctx, side: CardSide, strategy: str | None, view: View) -> dict[str, Any]:
    comp = side.competitor
    return side_document(comp, frozen_sheet(side), strategy, standing(ctx, comp, view))


def match_grid(m: CardMatch) -> str:
    """A MatchMatch match's grid as fixed at open (the organiser's or the draw), or empty."""
    return m.grid or str(m.options.get("grid") or "")


def grid_axis(index: int) -> str:
    """Which pick a side makes on the grid: the first side the column, the second the row."""
    return {0: "column", 1: "row"}.get(index, "none")


def check_strategy(ctx: Ctx, side: CardSide, text: str, label: str, view: View = "published") -> str:
    """Validate a strategy for this card side with the ruleset's own readers: against the side's
    sheet, its Push Level (Specials) in ``view``, the match's type, length and fixed grid, and the
    side's grid axis; return its formatted text. In another game the text is the side's
    pre-match choice of automatic player (``league.choices``); return its kind."""
    m = side.match
    if not written_strategies(m.ruleset):
        return read_choice(m.ruleset, text, label)
    rs = get_ruleset(m.ruleset)
    opts = resolve_options(rs.info.options, m.options)
    doc = card_side_document(ctx, side, None, view)
    formatted, problems = league_rules(m.ruleset).strategy_for_match(doc, text, label, match_grid(m), side.index,
                                                                    opts)
    if problems:
        raise SheetError(label, problems)
    return formatted


def strategy_or_none(ctx: Ctx, side: CardSide, text: str, label: str) -> tuple[str | None, str]:
    """For the run: the strategy checked against the current standing, or (None, why) when it no
    longer fits (the automatic player wrestles; one bad strategy never stops a show)."""
    try:
        return check_strategy(ctx, side, text, label, "current"), ""
    except RulesError as exc:
        return None, str(exc)
