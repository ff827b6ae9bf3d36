"""What the static archive shows, read as anyone may see it, as plain frozen values that the archive's
pages (``archive_pages``) lay out without reading anything: each published show's results card and
matches, the standings, titles with every reign, competitors with their standing, public sheet and
history, and the table matches. A show that has run but is not published is left out everywhere (its
results, the Push Level, injury and title changes it made); so is every member's account data: only
names, as the league's pages show them. The values are ``archive_data``'s."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from turnbuckle.core.errors import RulesError
from turnbuckle.core.facets import sheet_view
from turnbuckle.league.archive_data import (
    CompetitorPage,
    GameStandings,
    HistoryLine,
    PlayedMatch,
    ReignShown,
    SheetShown,
    ShowPages,
    Standing,
    TableMatchShown,
    TitleShown,
)
from turnbuckle.league.context import Ctx
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import Competitor, Reign, Result, Show, TableMatch, Title
from turnbuckle.league.post.links import ArchiveLinks
from turnbuckle.league.queries import history_rows, standings_rows
from turnbuckle.league.queries_posts import results_card
from turnbuckle.league.services.briefing import public_sheet
from turnbuckle.rulesets.registry import get_ruleset


def hidden_results(ctx: Ctx) -> set[int]:
    """The results of shows not yet published."""
    q = select(Result.id).join(Show, Result.show_id == Show.id).where(Show.league_id == ctx.league.id,
                                                                       Show.status != "published")
    return set(ctx.session.scalars(q))


def unpublished(ctx: Ctx) -> set[int]:
    q = select(Show.number).where(Show.league_id == ctx.league.id, Show.status != "published")
    return set(ctx.session.scalars(q))


def published_shows(ctx: Ctx) -> list[Show]:
    q = select(Show).where(Show.league_id == ctx.league.id, Show.status == "published").order_by(Show.number)
    return list(ctx.session.scalars(q))


def show_pages(ctx: Ctx, s: Show) -> ShowPages:
    """A published show's results card (its links from ``shows/N.html``) and each of its matches."""
    card = results_card(ctx, str(s.number), ArchiveLinks(depth=1))
    lines = {line.position: line for line in card.matches}
    played = []
    for m in s.matches:
        result = ctx.session.query(Result).filter(Result.match_id == m.id).one_or_none()
        if result is None or m.position not in lines:
            continue
        played.append(PlayedMatch(lines[m.position], result.ruleset, result.record, result.seed))
    return ShowPages(s.number, s.name, s.show_date, card, tuple(played))


def standing(row: dict[str, Any]) -> Standing:
    return Standing(uid=row["uid"], name=row["name"], game=get_ruleset(row["ruleset"]).info.name, wins=row["wins"],
                    losses=row["losses"], draws=row["draws"], push_level=row["push_level"],
                    push_points=str(row["push_points"] or "0"), injuries=row["injuries"])


def competitors(ctx: Ctx) -> list[dict[str, Any]]:
    """Every competitor with its standing as the published shows left it (``queries.standings_rows``)."""
    return standings_rows(ctx, ranked=True)


def standings(rows: list[dict[str, Any]]) -> list[GameStandings]:
    """The standings of each game (by its id), from :func:`competitors`' rows."""
    return [GameStandings(get_ruleset(game).info.name, league_rules(game).push_levels,
                          tuple(standing(r) for r in rows if r["ruleset"] == game))
            for game in sorted({r["ruleset"] for r in rows})]


def title_histories(ctx: Ctx) -> list[TitleShown]:
    """Each title with its reigns won in published shows, oldest first; a reign lost in a show not
    yet published still reads as going on."""
    hidden = hidden_results(ctx)
    names = dict(ctx.session.execute(select(Competitor.id, Competitor.uid)).all())
    shown_names = dict(ctx.session.execute(select(Competitor.id, Competitor.name)
                                           .where(Competitor.league_id == ctx.league.id)).all())
    numbers = dict(ctx.session.execute(select(Result.id, Show.number).join(Show, Result.show_id == Show.id)
                                       .where(Show.league_id == ctx.league.id)).all())
    out = []
    for t in ctx.session.scalars(select(Title).where(Title.league_id == ctx.league.id).order_by(Title.id)):
        reigns = []
        for r in ctx.session.scalars(select(Reign).where(Reign.title_id == t.id).order_by(Reign.id)):
            if r.won_result_id in hidden:
                continue
            ended = r.ended_at is not None and r.lost_result_id not in hidden
            reigns.append(ReignShown(
                champion=shown_names[r.competitor_id], uid=names[r.competitor_id], start=ctx.local(r.started_at),
                end=ctx.local(r.ended_at) if ended and r.ended_at else None,
                won_in_show=numbers.get(r.won_result_id or 0),
                lost_in_show=numbers.get(r.lost_result_id or 0) if ended else None))
        out.append(TitleShown(name=t.name, game=get_ruleset(t.ruleset).info.name, reigns=tuple(reigns),
                              champion=next((r.champion for r in reversed(reigns) if r.end is None), None)))
    return out


def public_history(ctx: Ctx, comp: Competitor) -> list[dict[str, Any]]:
    """A competitor's history (results, Push Level and injury changes, reigns, table matches), newest
    first, without anything a show not yet published caused."""
    hidden, numbers = hidden_results(ctx), unpublished(ctx)
    rows = history_rows(ctx, f"#{comp.id}", limit=10_000)
    return [r for r in rows if r.get("result") not in hidden and r.get("show") not in numbers]


def _sheet_shown(ctx: Ctx, comp: Competitor) -> SheetShown | None:
    shown = public_sheet(ctx, comp)
    if shown is None:
        return None
    sheet, source = shown
    try:
        sections = sheet_view(get_ruleset(comp.ruleset), sheet)
    except (RulesError, KeyError, TypeError, ValueError):
        sections = []
    raw = "" if sections else json.dumps(sheet, indent=1, ensure_ascii=False)
    return SheetShown(source, tuple(sections), raw)


def competitor_page(ctx: Ctx, row: dict[str, Any]) -> CompetitorPage:
    """A competitor's page, from its row of :func:`competitors`."""
    comp = ctx.session.get_one(Competitor, row["id"])
    rules = league_rules(comp.ruleset)
    history = tuple(HistoryLine(at=str(h["at"]), text=str(h["text"]), show=h.get("show") or None,
                                table_match=h.get("table_match") or None) for h in public_history(ctx, comp))
    return CompetitorPage(standing=standing(row), owner=str(row["owner"]), push_levels=rules.push_levels,
                          facts=tuple(rules.public_facts(comp.sheet)), sheet=_sheet_shown(ctx, comp), history=history)


def table_matches(ctx: Ctx) -> list[TableMatchShown]:
    """Every table match saved (public once saved), newest first."""
    out = []
    for m in ctx.session.scalars(select(TableMatch).where(TableMatch.league_id == ctx.league.id)
                                 .order_by(TableMatch.id.desc())):
        said = m.record.get("result", {}) if isinstance(m.record, dict) else {}
        summary = str(said.get("summary") or m.method) if isinstance(said, dict) else m.method
        out.append(TableMatchShown(uid=m.uid, names=tuple(sd.name for sd in m.sides),
                                   game=get_ruleset(m.ruleset).info.name, saved_at=ctx.local(m.saved_at),
                                   summary=summary, ruleset=m.ruleset, record=m.record))
    return out
