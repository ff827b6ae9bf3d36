"""What a side is told for its match, before it writes a strategy: its opponents and what is public
of them, its own sheet (frozen when the show opened) with its Push Level and injuries, the grid and
the pick it makes on it, the deadline in the league's time zone, and the game's own facts of the
match (``LeagueRules.match_facts``: for MatchMatch the referee, this side's DQ threshold, the match
type, High Spots and Specials). Everything comes from the **published** view (``sides``): a show
that has run but is not published changes nothing here.

**Public information.** The league's ``public_sheets`` decides what is public of a competitor
before its first published match: its game's public facts (a weight class) or the whole sheet.
Push Level, record, injuries and title history (each reign: the title, the show it was won at, the
show it was lost at) are public either way. A competitor that has wrestled in a
published show has its sheet in that show's export (``verify`` replays it), so its sheet as it
played its latest published match is shown under "weight" too (under "sheet": the sheet it plays
this match, frozen at open)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import aliased

from turnbuckle.core.options import resolve_options
from turnbuckle.core.registry import Fact
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import CardSide, Competitor, Reign, Result, ResultSide, Show, Title
from turnbuckle.league.published import published_standings
from turnbuckle.league.services.running import match_options
from turnbuckle.league.services.sides import (
    card_side_document,
    frozen_sheet,
    grid_axis,
    match_grid,
    side_document,
    standing,
)
from turnbuckle.rulesets.registry import get_ruleset

#: The league's ``public_sheets`` settings, each with what it means.
PUBLIC_SHEETS = {"weight": "only what each game makes public (a wrestler's weight class, say) until the first "
                           "published match",
                 "sheet": "the whole sheet, from the moment the competitor joins"}


@dataclass(frozen=True)
class TitleReign:
    """A title reign as the published shows tell it: the title, the show it was won at, and the
    show it was lost at (None while it is held, as published)."""

    title: str
    won_show: int
    lost_show: int | None


@dataclass(frozen=True)
class Opponent:
    """An opponent as the briefing shows it: its public facts, and its sheet when that is public
    (``sheet_from`` says which: "league setting" or "show N")."""

    id: int
    name: str
    push_level: int | None
    injuries: int
    wins: int
    losses: int
    draws: int
    titles: list[str]
    facts: list[Fact]
    sheet: dict[str, Any] | None
    sheet_from: str
    reigns: list[TitleReign] = field(default_factory=list)


@dataclass(frozen=True)
class Briefing:
    show: int
    show_name: str
    position: int
    game: str
    competitor_id: int
    name: str
    side_index: int
    deadline: str
    open: bool
    grid: str
    axis: str  # column | row | none (sides.grid_axis)
    push_level: int | None
    injuries: int
    sheet: dict[str, Any]
    opponents: list[Opponent]
    facts: list[Fact] = field(default_factory=list)


def set_public_sheets(ctx: Ctx, value: str) -> None:
    """The organiser sets what is public of a competitor before its first published match."""
    ctx.require_organiser("change what is public")
    if value not in PUBLIC_SHEETS:
        raise LeagueError(f"public sheets must be one of {', '.join(PUBLIC_SHEETS)}, not '{value}'")
    ctx.league.public_sheets = value
    ctx.session.flush()


def last_published_sheet(ctx: Ctx, comp: Competitor) -> tuple[dict[str, Any], int] | None:
    """The sheet a competitor played in its latest published match (its document as played, as the
    show's export has it, less its strategy) and that show's number; None before its first published match."""
    q = (select(Result.inputs, ResultSide.index, Show.number)
         .join(ResultSide, ResultSide.result_id == Result.id).join(Show, Result.show_id == Show.id)
         .where(ResultSide.competitor_id == comp.id, Show.status == "published")
         .order_by(Show.number.desc(), Result.id.desc()).limit(1))
    row = ctx.session.execute(q).first()
    if row is None:
        return None
    inputs, index, number = row
    if not isinstance(inputs, list) or not 0 <= index < len(inputs) or not isinstance(inputs[index], dict):
        return None
    return {k: v for k, v in inputs[index].items() if k != "strategy"}, int(number)


def public_sheet(ctx: Ctx, comp: Competitor) -> tuple[dict[str, Any], str] | None:
    """What anyone may see of a competitor's sheet, and where it comes from: under the league's
    "sheet" setting its sheet now (with the Push Level and injuries as last published); otherwise
    the sheet it played in its latest published match (the export holds it), or None before then."""
    at = standing(ctx, comp, "published")
    if ctx.league.public_sheets == "sheet":
        return side_document(comp, dict(comp.sheet), None, at), "the league shows every sheet"
    played = last_published_sheet(ctx, comp)
    if played is None:
        return None
    return played[0], f"as wrestled in show {played[1]}"


def titles_held(ctx: Ctx, comp: Competitor) -> list[str]:
    """The titles a competitor holds as the published shows left them: a reign won in a show not
    yet published is not counted, and one lost in such a show still is."""
    published = select(Result.id).join(Show, Result.show_id == Show.id).where(Show.status == "published")
    q = (select(Title.name).join(Reign, Reign.title_id == Title.id)
         .where(Reign.competitor_id == comp.id, Reign.won_result_id.in_(published),
                Reign.ended_at.is_(None) | Reign.lost_result_id.not_in(published)))
    return sorted(set(ctx.session.scalars(q)))


def title_history(ctx: Ctx, comp: Competitor) -> list[TitleReign]:
    """Every title reign of a competitor as the published shows left them, oldest first: a reign
    won in a show not yet published is left out, and one lost in such a show is still held."""
    won, lost = aliased(Result), aliased(Result)
    won_at, lost_at = aliased(Show), aliased(Show)
    q = (select(Title.name, won_at.number, lost_at.number, lost_at.status)
         .join(Reign, Reign.title_id == Title.id)
         .join(won, Reign.won_result_id == won.id).join(won_at, won.show_id == won_at.id)
         .outerjoin(lost, Reign.lost_result_id == lost.id).outerjoin(lost_at, lost.show_id == lost_at.id)
         .where(Reign.competitor_id == comp.id, won_at.status == "published")
         .order_by(won_at.number, Reign.id))
    return [TitleReign(name, int(w), int(lo) if lo is not None and status == "published" else None)
            for name, w, lo, status in ctx.session.execute(q)]


def opponent(ctx: Ctx, side: CardSide) -> Opponent:
    comp = side.competitor
    shown = published_standings(ctx, [comp])[comp.id]
    at = standing(ctx, comp, "published")
    played = None if ctx.league.public_sheets == "sheet" else last_published_sheet(ctx, comp)
    sheet: dict[str, Any] | None
    if ctx.league.public_sheets == "sheet":  # the sheet it plays this match, as it stood at open
        sheet, source = side_document(comp, frozen_sheet(side), None, at), "league setting"
    elif played is not None:  # as wrestled there, with its Push Level and injuries as published now
        sheet, source = side_document(comp, played[0], None, at), f"show {played[1]}"
    else:
        sheet, source = None, ""
    facts = league_rules(comp.ruleset).public_facts(side_document(comp, frozen_sheet(side), None, at))
    return Opponent(comp.id, comp.name, at.push_level, at.injuries, shown.wins, shown.losses, shown.draws,
                    titles_held(ctx, comp), facts, sheet, source, title_history(ctx, comp))


def briefing(ctx: Ctx, side: CardSide) -> Briefing:
    """What ``side`` is told for its match (see the module's docstring). The caller checks that
    the reader owns the side."""
    m = side.match
    s = m.show
    if s.status == "draft":  # its referees and grids are drawn at open: nothing true to tell yet
        raise LeagueError(f"show {s.number} is a draft: each side is told its match once the show opens "
                          "(its referees and grids are drawn then)")
    comp = side.competitor
    rs = get_ruleset(m.ruleset)
    at = standing(ctx, comp, "published")
    options = resolve_options(rs.info.options, match_options(m))
    docs = [card_side_document(ctx, sd, None, "published") for sd in m.sides]
    return Briefing(
        show=s.number, show_name=s.name, position=m.position, game=rs.info.name, competitor_id=comp.id,
        name=comp.name, side_index=side.index, deadline=ctx.local(s.deadline),
        open=s.status == "open" and ctx.now() <= s.deadline, grid=match_grid(m),
        axis=grid_axis(side.index) if any(o.name == "grid" for o in rs.info.options) else "none",
        push_level=at.push_level, injuries=at.injuries, sheet=docs[side.index],
        opponents=[opponent(ctx, sd) for sd in m.sides if sd.id != side.id],
        facts=league_rules(m.ruleset).match_facts(options, docs, side.index))
