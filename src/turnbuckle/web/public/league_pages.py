"""The league's public pages: home, roster, a competitor, history and titles. Anyone may read
them; a competitor's sheet is shown to its owner and the organiser, and to others as far as the
league makes it public (services.briefing.public_sheet)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse

from turnbuckle.core.facets import sheet_view
from turnbuckle.league.queries import history_rows, published_standings, standings_rows, title_rows
from turnbuckle.league.services.briefing import public_sheet, title_history
from turnbuckle.league.services.notices import notice_row, visible_notices
from turnbuckle.league.services.roster import competitors
from turnbuckle.league.services.sides import side_document, standing
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.organiser.autolock import settle
from turnbuckle.web.public.card_view import my_sides
from turnbuckle.web.public.viewing import (
    PathInt,
    competitor_by_id,
    is_organiser,
    latest_published,
    m2_weight_class,
    next_show,
    owns,
    public_history,
    public_titles,
    push_level_games,
    result_count,
    show_results,
    viewer_ctx,
)

router = APIRouter()
#: The home page lists this many results of the latest show; the show's page has them all.
HOME_RESULTS = 10
#: ...and this many of the member's unread notices (the account page lists more).
HOME_NOTICES = 5


def game_name(ruleset_id: str) -> str:
    return get_ruleset(ruleset_id).info.name


def _by_game(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        grouped[game_name(str(r["ruleset"]))].append(r)
    return dict(grouped)


@router.get("/", response_class=HTMLResponse, dependencies=[Depends(settle)])
def home(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    upcoming, latest = next_show(ctx), latest_published(ctx)
    rows = standings_rows(ctx, ranked=True)
    notices = [notice_row(ctx, n, number) for n, number in visible_notices(ctx, limit=HOME_NOTICES)]
    return render(request, "league_home.html", {
        "league": ctx.league, "next": upcoming, "deadline": ctx.local(upcoming.deadline) if upcoming else None,
        "standings": _by_game(rows), "push_games": push_level_games(rows),
        "titles": public_titles(ctx, title_rows(ctx)),
        "latest": latest, "results_show": latest, "results": show_results(ctx, latest, HOME_RESULTS) if latest else [],
        "result_count": result_count(ctx, latest) if latest else 0,
        "game_name": game_name, "me": ctx.actor if ctx.actor.id else None, "my_sides": my_sides(ctx),
        "notices": notices,
        "my_competitors": [c for c in competitors(ctx) if owns(ctx, c)] if ctx.actor.id else []})


@router.get("/roster", response_class=HTMLResponse)
def roster_page(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    grouped: dict[str, list[Any]] = defaultdict(list)
    everyone = competitors(ctx)
    for c in everyone:
        grouped[game_name(c.ruleset)].append(c)
    return render(request, "roster.html", {"league": ctx.league, "games": dict(grouped), "ctx": ctx, "owns": owns,
                                           "standing": published_standings(ctx, everyone)})


@router.get("/competitors/{cid}", response_class=HTMLResponse)
def competitor_page(request: Request, cid: PathInt, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    comp = competitor_by_id(ctx, cid)
    may_see_sheet = owns(ctx, comp) or is_organiser(ctx)
    at = standing(ctx, comp, "published")  # Push Level and injuries as of the last published show
    shown, source = (side_document(comp, comp.sheet, None, at), "") if may_see_sheet else (None, "")
    if shown is None and (public := public_sheet(ctx, comp)) is not None:  # the league's public information
        shown, source = public
    sheet = sheet_view(get_ruleset(comp.ruleset), shown) if shown is not None else None
    return render(request, "competitor.html", {
        "league": ctx.league, "c": comp, "st": published_standings(ctx, [comp])[comp.id],
        "game": game_name(comp.ruleset), "weight_class": m2_weight_class(comp),
        "reigns": title_history(ctx, comp),  # as the published shows left them
        "history": public_history(ctx, history_rows(ctx, f"#{comp.id}", 30)),
        "at": at, "sheet": sheet, "sheet_source": source, "may_edit": may_see_sheet})


@router.get("/history", response_class=HTMLResponse)
def history_page(request: Request, session: DbSession, viewer: Viewer, kind: str | None = None) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    rows = public_history(ctx, history_rows(ctx, None, 100))
    kinds = ("result", "push", "injury", "title", "table")
    if kind in kinds:
        rows = [r for r in rows if r["kind"] == kind]
    return render(request, "history.html", {"league": ctx.league, "rows": rows, "kind": kind, "kinds": kinds})


@router.get("/titles", response_class=HTMLResponse)
def titles_page(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    return render(request, "titles.html", {"league": ctx.league, "titles": public_titles(ctx, title_rows(ctx)),
                                          "game_name": game_name, "organiser": is_organiser(ctx)})
