"""A table match saved to the league (public, like a published result): who took each side, the
result, its chart and ringside call, the answers as entered, and its record to download."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.render import render_html_part, render_json
from turnbuckle.league import queries_shows
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import NotFound
from turnbuckle.league.export import NO_SEED
from turnbuckle.league.models import Member, TableMatch
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.public.charts import match_chart
from turnbuckle.web.public.league_pages import game_name
from turnbuckle.web.public.viewing import viewer_ctx

router = APIRouter(prefix="/table-matches", include_in_schema=False)


def table_match(ctx: Ctx, uid: str) -> TableMatch:
    found = queries_shows.table_match_by_uid(ctx, uid[:32])
    if found is None:
        raise NotFound(f"no table match {uid[:32]}")
    return found


@router.get("/{uid}", response_class=HTMLResponse)
def table_match_page(request: Request, uid: str, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    m = table_match(ctx, uid)
    record = record_from_json(m.record)
    svg = match_chart(record)
    saver = session.get(Member, m.saved_by)
    return render(request, "table_match.html", {
        "league": ctx.league, "m": m, "game": game_name(m.ruleset), "record": record,
        "saved_at": ctx.local(m.saved_at), "saved_by": saver.name if saver else "?", "no_seed": NO_SEED,
        "chart": None if svg is None else Markup(svg),  # built by charts_svg: every text in it is escaped
        "call": Markup(render_html_part(get_ruleset(m.ruleset).narrate(record))),  # every text escaped
        "answers": ["{}{}".format(" ".join(g["answer"]), "" if g.get("seed") is None else f"  (rolled for the "
                                  f"table, seed {g['seed']})") for g in m.entries]})


@router.get("/{uid}/record.json")
def table_match_record(request: Request, uid: str, session: DbSession, viewer: Viewer) -> Response:
    """The match's record in the public JSON form (``turnbuckle replay`` reads it)."""
    m = table_match(viewer_ctx(request, session, viewer), uid)
    return Response(render_json(record_from_json(m.record)), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="table-match-{m.uid}.json"'})
