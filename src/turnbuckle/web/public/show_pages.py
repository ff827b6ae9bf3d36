"""A league's shows as anyone reads them: the list, a show's card, its results (the organiser's
intro, the results card, each match's short write-up and chart, the post to copy in every format),
its seeds, and the export that ``turnbuckle verify`` checks."""

from __future__ import annotations

import json

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.render import render_html_part, render_json
from turnbuckle.league import queries_shows
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import NotFound
from turnbuckle.league.export import export_league
from turnbuckle.league.models import Result, Show
from turnbuckle.league.post import FORMATS, compose, renderer
from turnbuckle.league.post import html as post_html
from turnbuckle.league.post.card import headline
from turnbuckle.league.post.doc import Post
from turnbuckle.league.post.intro import parse
from turnbuckle.league.post.links import Links
from turnbuckle.league.post.told import keep, kept, told_of
from turnbuckle.league.queries_posts import announcement_of, results_card
from turnbuckle.league.verify_job import verdict
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.accounts.sessions import is_htmx
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.odds.advice_pages import explain_view
from turnbuckle.web.organiser.autolock import settle
from turnbuckle.web.public.card_view import card_view
from turnbuckle.web.public.chart_cache import INLINE_UP_TO, result_chart, show_charts
from turnbuckle.web.public.league_pages import game_name
from turnbuckle.web.public.links import league_base
from turnbuckle.web.public.viewing import (
    PathInt,
    card_match,
    is_organiser,
    results_visible,
    show_by_number,
    show_results,
    viewer_ctx,
    visible_shows,
)

router = APIRouter()


@router.get("/shows", response_class=HTMLResponse, dependencies=[Depends(settle)])
def shows_page(request: Request, session: DbSession, viewer: Viewer, deleted: str | None = None) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    rows = [{"s": s, "deadline": ctx.local(s.deadline), "deleted": ctx.local(s.deleted_at) if s.deleted_at else ""}
            for s in reversed(visible_shows(ctx))]
    gone = int(deleted) if deleted and deleted.isdigit() and len(deleted) < 10 else None
    return render(request, "shows.html", {"league": ctx.league, "rows": rows, "organiser": is_organiser(ctx),
                                          "deleted": gone if is_organiser(ctx) else None})


#: The copy buttons' names of the post's formats (turnbuckle.league.post.FORMATS).
FORMAT_LABELS = {"markdown": "Markdown", "bbcode": "BBCode (forums)", "discord": "Discord", "html": "HTML",
                 "text": "Plain text"}


def copies(post: Post, prefix: str) -> list[dict[str, str]]:
    """The post in every format, each message a text to copy with its button's label."""
    out = []
    for fmt in FORMATS:
        messages = renderer(fmt)(post)
        for i, text in enumerate(messages, start=1):
            label = FORMAT_LABELS[fmt] + (f", message {i} of {len(messages)}" if len(messages) > 1 else "")
            out.append({"id": f"{prefix}-{fmt}-{i}", "label": label, "text": text})
    return out


def _post_or_card(ctx: Ctx, s: Show, request: Request, visible: bool, played: bool) -> tuple[Post | None, str]:
    """What the show's page offers to copy: its results post (once its results are public to this
    reader), else its card's announcement (once open), else nothing; and which ("post", "announce")."""
    links = Links(league_base(request, ctx.session, ctx.league.id)[0])
    if visible and played:
        return compose.results_post(results_card(ctx, str(s.number), links, preview=True)), "post"
    if not visible and s.status not in ("draft", "deleted"):
        return compose.announcement(announcement_of(ctx, str(s.number), links)), "announce"
    return None, ""


def _locked_at(ctx: Ctx, s: Show) -> str:
    """When the show's seed hash was published (its latest lock), in the league's time; "" before."""
    if s.seed_sha256 is None:
        return ""
    at = queries_shows.last_lock_at(ctx, s.id)
    return ctx.local(at) if at is not None else ""


@router.get("/shows/{number}", response_class=HTMLResponse, dependencies=[Depends(settle)])
def show_page(request: Request, number: PathInt, session: DbSession, viewer: Viewer) -> HTMLResponse:
    """A show: once its results are public, the organiser's intro, the results card, each match's
    short write-up and chart, verify, then the card and the seeds folded; before, the card (with
    its announcement to copy once it is open) and the seeds. The texts to copy come from
    ``/shows/N/copies`` when the reader opens their box (the page stays light on a phone)."""
    ctx = viewer_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    visible = results_visible(ctx, s)
    results = show_results(ctx, s) if visible else []
    base, site_set = league_base(request, session, ctx.league.id)
    post = results_card(ctx, str(s.number), Links(base), preview=True) if visible and results else None
    return render(request, "show.html", {
        "league": ctx.league, "s": s, "deadline": ctx.local(s.deadline), "organiser": is_organiser(ctx),
        "card": card_view(ctx, s),
        "results_visible": visible, "results": results, "results_show": s,
        "post": post, "intro": Markup(post_html.intro(parse(post.intro))) if post and post.intro.strip() else "",
        "accounts": {m.position: m.account for m in post.matches} if post else {},
        "copy_kind": "post" if post else "announce" if not visible and s.status not in ("draft", "deleted") else "",
        "deleted_at": ctx.local(s.deleted_at) if s.deleted_at else "",
        "lazy_charts": len(results) > INLINE_UP_TO,
        "charts": show_charts(ctx, s) if results and len(results) <= INLINE_UP_TO else {},
        "seed": s.seed if visible else None, "game_name": game_name, "locked_at": _locked_at(ctx, s),
        "verify": verdict(ctx, s),  # the kept verify result (league/verify_job.py)
        "local": ctx.local, "site_set": site_set, "site_guess": base})


@router.get("/shows/{number}/copies", response_class=HTMLResponse)
def show_copies(request: Request, number: PathInt, session: DbSession, viewer: Viewer) -> HTMLResponse:
    """The show's results post (or, before its results are public, its card's announcement) in every
    format with copy buttons: the list alone for the show page's box (htmx), else a page."""
    ctx = viewer_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    visible = results_visible(ctx, s)
    shown, kind = _post_or_card(ctx, s, request, visible, visible and bool(show_results(ctx, s, limit=1)))
    if shown is None:
        raise NotFound(f"show {number} has nothing to post yet")
    title = "Post these results" if kind == "post" else "Announce this card"
    base, site_set = league_base(request, session, ctx.league.id)
    context = {"league": ctx.league, "s": s, "copies": copies(shown, kind), "copy_title": title,
               "site_set": site_set, "site_guess": base, "organiser": is_organiser(ctx)}
    return render(request, "_copy_list.html" if is_htmx(request) else "show_copies.html", context)


@router.get("/shows/{number}/export.json")
def show_export(request: Request, number: PathInt, session: DbSession, viewer: Viewer) -> Response:
    """The published show as ``turnbuckle.league-export/2`` JSON, saved as a file."""
    ctx = viewer_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    if s.status != "published":
        raise NotFound(f"show {number} is not published")
    data = export_league(ctx, [str(s.number)])
    body = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    name = f"show-{s.number}-export.json"
    return Response(body, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _played(ctx: Ctx, number: int, position: int) -> tuple[Show, Result]:
    """A played match whose results this reader may see (404 otherwise)."""
    s = show_by_number(ctx, number)
    m = card_match(ctx, s, position)
    result = queries_shows.result_of_match(ctx, m.id) if m else None
    if result is None or not results_visible(ctx, s):
        raise NotFound(f"no result for match {position} of show {number}")
    return s, result


@router.get("/shows/{number}/matches/{position}", response_class=HTMLResponse)
def match_page(request: Request, number: PathInt, position: PathInt, session: DbSession,
               viewer: Viewer) -> HTMLResponse:
    """One match's result: the chart, its short write-up and the ringside call from the game's own narrator."""
    ctx = viewer_ctx(request, session, viewer)
    s, result = _played(ctx, number, position)
    row = next(r for r in show_results(ctx, s) if r.position == position)
    record = record_from_json(result.record)
    call = Markup(render_html_part(get_ruleset(result.ruleset).narrate(record)))  # every text in it is escaped
    told = kept((result.id, result.seed)) or told_of(result.record, headline)
    keep((result.id, result.seed), told)
    return render(request, "match.html", {"league": ctx.league, "s": s, "r": row, "seed": result.seed,
                                          "chart": result_chart(result), "call": call, "account": told.account,
                                          "game_name": game_name, "explain": explain_view(ctx, s, result, position)})


@router.get("/shows/{number}/matches/{position}/chart", response_class=HTMLResponse)
def match_chart_fragment(request: Request, number: PathInt, position: PathInt, session: DbSession,
                         viewer: Viewer) -> HTMLResponse:
    """The match's chart alone (an ``<svg>``, or nothing for a record it cannot draw): the results
    page asks for each once it has loaded, so a long card's page comes back at once."""
    ctx = viewer_ctx(request, session, viewer)
    _s, result = _played(ctx, number, position)
    return HTMLResponse(result_chart(result) or "")


@router.get("/shows/{number}/matches/{position}/record.json")
def match_record(request: Request, number: PathInt, position: PathInt, session: DbSession, viewer: Viewer) -> Response:
    """The match's record in the public JSON form (``turnbuckle replay`` reads it)."""
    ctx = viewer_ctx(request, session, viewer)
    s, result = _played(ctx, number, position)
    body = render_json(record_from_json(result.record))
    return Response(body, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="show-{s.number}-match-{position}.json"'})
