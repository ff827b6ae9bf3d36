"""The JSON API under /api/: shows, results, standings and competitors to read; strategies to send
and one's notices to read with a personal API token (``Authorization: Bearer tb_...``). The same rules as the pages
(web/public/viewing.py), and errors as ``{"detail": "one line"}``: 400 a refusal, 401 not signed in,
404 missing or someone else's, 422 a malformed request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import Response
from pydantic import TypeAdapter

from turnbuckle.core.errors import Broken, RulesError
from turnbuckle.league import queries_members, queries_shows
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import NotFound
from turnbuckle.league.models import CardMatch, CardSide, Competitor, Notice, Show, Submission
from turnbuckle.league.queries import Standing, published_standings, standings_rows
from turnbuckle.league.services import shows as show_services
from turnbuckle.league.services.briefing import briefing, public_sheet, title_history
from turnbuckle.league.services.card import is_stale
from turnbuckle.league.services.notices import mark_read, visible_notices
from turnbuckle.league.services.shows import side_of
from turnbuckle.league.services.sides import grid_axis
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.api.models import (
    BriefingOut,
    CardMatchOut,
    CardSideOut,
    CompetitorDetail,
    CompetitorOut,
    FactOut,
    MemberOut,
    NoticeOut,
    OpponentOut,
    Problem,
    ReignOut,
    ResultOut,
    ShowOut,
    ShowSummary,
    StrategyIn,
    StrategyRefusal,
    SubmissionOut,
)
from turnbuckle.web.deps import DbSession, SignedIn, Viewer
from turnbuckle.web.organiser.autolock import settle
from turnbuckle.web.public.viewing import (
    MAX_ID,
    PathInt,
    competitor_by_id,
    hidden_result_ids,
    is_organiser,
    m2_weight_class,
    owns,
    results_visible,
    show_by_number,
    viewer_ctx,
    visible_shows,
)

ERRORS: dict[int | str, dict[str, object]] = {
    400: {"model": Problem, "description": "Refused (the message says why)"},
    401: {"model": Problem, "description": "Not signed in, or the token sent is unknown or revoked (on any route, "
                                           "public reads included): send a personal API token"},
    403: {"model": Problem, "description": "The token lacks the route's scope (the message names it), or a "
                                           "browser's post without its CSRF token"},
    404: {"model": Problem, "description": "Not found (or not yours)"},
    413: {"model": Problem, "description": "The request body is over the size limit (2 MiB)"},
    422: {"model": Problem, "description": "A malformed request"},
    503: {"model": Problem, "description": "Busy: try again after the Retry-After header's seconds"},
}
#: every route can answer these: a token is checked (and its scope) before any route runs, and a busy
#: server refuses before one starts (web/serving/limits.py)
router = APIRouter(prefix="/api", tags=["api"], responses={
    code: ERRORS[code] for code in (401, 403, 404, 422, 503)})
Number = Annotated[int, Query(ge=1, le=MAX_ID)]


def _summary(s: object) -> ShowSummary:
    if not isinstance(s, Show):
        raise Broken("expected isinstance(s, Show)")
    return ShowSummary(number=s.number, name=s.name, date=s.show_date, status=s.status, deadline=s.deadline,
                       deleted_at=s.deleted_at)


def _titles_held(ctx: Ctx) -> dict[int, list[str]]:
    """The titles each competitor holds as the published shows left them: a reign won in a result
    not yet published is left out (as on the pages: web/viewing.public_titles), and one lost in such a
    result is still held (as services.briefing.titles_held and title_history read it)."""
    hidden = hidden_result_ids(ctx)
    held: dict[int, list[str]] = {}
    for cid, name, won in queries_members.title_holds(ctx, hidden):
        if won not in hidden and name not in held.get(cid, []):
            held.setdefault(cid, []).append(name)
    return held


def _competitor(c: Competitor, held: dict[int, list[str]], st: Standing) -> CompetitorOut:
    """A competitor's public face, its standing as the published shows left it."""
    return CompetitorOut(id=c.id, name=c.name, game=c.ruleset, weight_class=m2_weight_class(c),
                         push_level=st.push_level, wins=st.wins, losses=st.losses, draws=st.draws,
                         titles=held.get(c.id, []))


@router.get("/me", response_model=MemberOut, responses={401: ERRORS[401]})
def me(member: SignedIn) -> MemberOut:
    """Who the token (or the session) belongs to."""
    return MemberOut(id=member.id, name=member.name, role=member.role)


@router.get("/shows", response_model=list[ShowSummary], dependencies=[Depends(settle)])
def shows(request: Request, session: DbSession, viewer: Viewer) -> list[ShowSummary]:
    """Every show (a draft only for the organiser), oldest first."""
    ctx = viewer_ctx(request, session, viewer)
    return [_summary(s) for s in visible_shows(ctx)]


@router.get("/shows/{number}", response_model=ShowOut, dependencies=[Depends(settle)])
def show(request: Request, session: DbSession, viewer: Viewer, number: PathInt) -> ShowOut:
    """A show's card, its seed's hash (from lock) and its seed (with the results: published, or run for
    the organiser; before that the seed, public sheets and the manifest would let anyone play the
    automatic games' results early)."""
    ctx = viewer_ctx(request, session, viewer)
    s = show_by_number(ctx, number)

    def side_out(m: CardMatch, sd: CardSide) -> CardSideOut:
        out = CardSideOut(competitor_id=sd.competitor.id, name=sd.competitor.name, grid_pick=grid_axis(sd.index))
        if is_organiser(ctx) or owns(ctx, sd.competitor):
            sub = show_services.latest_submission(ctx, sd)
            if sub is not None:
                out.strategy_sent_at, out.strategy_stale = sub.submitted_at, is_stale(m, sub.submitted_at)
        return out

    card = [CardMatchOut(position=m.position, game=m.ruleset, options=dict(m.options),
                         referee=m.referee.name if m.referee else None, referee_drawn=m.referee_drawn,
                         title=m.title.name if m.title else None, grid=m.grid,
                         sides=[side_out(m, sd) for sd in m.sides]) for m in s.matches]
    return ShowOut(**_summary(s).model_dump(), card=card, card_seed=s.card_seed, seed_sha256=s.seed_sha256,
                   seed=s.seed if results_visible(ctx, s) else None,
                   writeup=s.writeup if results_visible(ctx, s) else "")


@router.get("/shows/{number}/results", response_model=list[ResultOut])
def results(request: Request, session: DbSession, viewer: Viewer, number: PathInt) -> list[ResultOut]:
    """A show's results, once published (the organiser: once run)."""
    ctx = viewer_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    if not results_visible(ctx, s):
        raise NotFound(f"show {number} has no published results")
    played = {r.match_id: r for r in queries_shows.show_result_list(ctx, s.id)}
    out = []
    for m in s.matches:
        r = played.get(m.id)
        if r is None:
            continue
        names = [sd.competitor.name for sd in m.sides]
        summary = r.record.get("result", {}).get("summary") if isinstance(r.record, dict) else None
        winner = names[r.winner_index] if r.winner_index is not None and 0 <= r.winner_index < len(names) else None
        out.append(ResultOut(position=m.position, game=r.ruleset, sides=names, winner=winner, method=r.method,
                             summary=str(summary or r.method)))
    return out


_COMPETITOR_LIST = TypeAdapter(list[CompetitorOut])


def _shared_list(request: Request, ctx: Ctx, compute: Callable[[], list[CompetitorOut]]) -> Response:
    """A heavy list, computed once for every identical request in flight at once (web/serving/coalesce.py):
    the key is the route, its query and who is asking, so viewers who may see different things never
    share an answer."""
    key = (request.url.path, request.url.query, ctx.actor.id or 0)
    body = request.app.state.coalescer.run(key, lambda: _COMPETITOR_LIST.dump_json(compute()))
    return Response(body, media_type="application/json")


@router.get("/standings", response_model=list[CompetitorOut])
def standings(request: Request, session: DbSession, viewer: Viewer,
              game: Annotated[str | None, Query(max_length=40)] = None) -> Response:
    """Competitors ranked within each game: Push Level, then Push points, then rating."""

    ctx = viewer_ctx(request, session, viewer)
    if game:
        try:
            get_ruleset(game)
        except RulesError:
            raise NotFound(f"no game '{game}'") from None

    def compute() -> list[CompetitorOut]:
        order = [int(r["id"]) for r in standings_rows(ctx, game, ranked=True)]
        by_id = {c.id: c for c in queries_members.competitors_with_ids(session, order)}
        held = _titles_held(ctx)
        standing = published_standings(ctx, list(by_id.values()))
        return [_competitor(by_id[i], held, standing[i]) for i in order]

    return _shared_list(request, ctx, compute)


@router.get("/competitors", response_model=list[CompetitorOut])
def competitors(request: Request, session: DbSession, viewer: Viewer) -> Response:
    """Every competitor's public face, by id."""
    ctx = viewer_ctx(request, session, viewer)

    def compute() -> list[CompetitorOut]:
        held = _titles_held(ctx)
        found = queries_members.league_competitors(ctx)
        standing = published_standings(ctx, found)
        return [_competitor(c, held, standing[c.id]) for c in found]

    return _shared_list(request, ctx, compute)


@router.get("/competitors/{competitor_id}", response_model=CompetitorDetail)
def competitor(request: Request, session: DbSession, viewer: Viewer, competitor_id: PathInt) -> CompetitorDetail:
    """One competitor; its sheet and owner for its owner and the organiser only."""
    ctx = viewer_ctx(request, session, viewer)
    c = competitor_by_id(ctx, competitor_id)
    mine = owns(ctx, c) or is_organiser(ctx)
    return CompetitorDetail(**_competitor(c, _titles_held(ctx), published_standings(ctx, [c])[c.id]).model_dump(),
                            owner=c.owner.name if mine else None, sheet=dict(c.sheet) if mine else _public(ctx, c),
                            title_history=_reigns(ctx, c))


def _reigns(ctx: Ctx, c: Competitor) -> list[ReignOut]:
    """A competitor's title history as the published shows left it (services.briefing.title_history)."""

    return [ReignOut(title=r.title, won_show=r.won_show, lost_show=r.lost_show) for r in title_history(ctx, c)]


def _public(ctx: Ctx, c: Competitor) -> dict[str, object] | None:
    """What the league makes public of another member's sheet (services.briefing.public_sheet)."""

    shown = public_sheet(ctx, c)
    return shown[0] if shown is not None else None


def _submission_out(m: CardMatch, c: Competitor, sub: Submission, with_text: bool) -> SubmissionOut:
    return SubmissionOut(show=m.show.number, position=m.position, competitor_id=c.id, competitor=c.name,
                         sha256=sub.sha256, submitted_at=sub.submitted_at, stale=is_stale(m, sub.submitted_at),
                         text=sub.text if with_text else None)


@router.post("/shows/{number}/strategies", response_model=SubmissionOut, status_code=201,
             responses={400: {"model": StrategyRefusal, "description": "Refused: the detail says why, and the "
                              "problems list each problem with its line and field"}, 413: ERRORS[413]},
             dependencies=[Depends(settle)])
def submit_strategy(request: Request, session: DbSession, member: SignedIn, number: PathInt,
                    body: StrategyIn) -> SubmissionOut:
    """Send your competitor's strategy for a match of an open show, before its deadline (the
    latest sent counts). Another member's competitor reads as not found. A refusal is a 400 whose
    ``detail`` gives the reason (and ``problems`` each problem with its line and field): late or
    locked, or the strategy does not fit (its sheet or Push Level, the match's type or length, a
    grid pick on the wrong axis, a pick by a third side, a strategy written for another grid than
    the match's, fixed when the show opened)."""
    ctx = viewer_ctx(request, session, member)
    s = show_by_number(ctx, number)
    c = competitor_by_id(ctx, body.competitor_id)
    if not owns(ctx, c):
        raise NotFound(f"you have no competitor {body.competitor_id}")
    sub = show_services.submit(ctx, str(s.number), body.position, f"#{c.id}", body.text)
    side = session.get_one(CardSide, sub.side_id)
    return _submission_out(side.match, c, sub, with_text=False)


@router.get("/shows/{number}/matches/{position}/briefing", response_model=BriefingOut, responses={401: ERRORS[401]},
            dependencies=[Depends(settle)])
def match_briefing(request: Request, session: DbSession, member: SignedIn, number: PathInt, position: PathInt,
                   competitor_id: Annotated[int, Query(ge=1, le=MAX_ID, description="Your competitor in the match.")]
                   ) -> BriefingOut:
    """What your side is told for its match (as the strategy page shows it), as of the last
    published show: opponents and what is public of them, your sheet, Push Level and injuries,
    the grid and your pick on it, the deadline and the game's facts (referee, DQ threshold, match
    type...). Someone else's side reads as not found."""

    ctx = viewer_ctx(request, session, member)
    s = show_by_number(ctx, number)
    m = next((x for x in s.matches if x.position == position), None)
    side = next((sd for sd in m.sides if sd.competitor_id == competitor_id), None) if m else None
    if side is None or not owns(ctx, side.competitor):
        raise NotFound(f"you have no competitor {competitor_id} in match {position} of show {number}")
    b = briefing(ctx, side)
    return BriefingOut(
        show=b.show, position=b.position, game=b.game, competitor_id=b.competitor_id, name=b.name,
        deadline=b.deadline, open=b.open, grid=b.grid, grid_pick=b.axis, push_level=b.push_level,
        injuries=b.injuries, sheet=b.sheet, facts=[FactOut(label=f.label, text=f.text) for f in b.facts],
        opponents=[OpponentOut(id=o.id, name=o.name, push_level=o.push_level, injuries=o.injuries, wins=o.wins,
                               losses=o.losses, draws=o.draws, titles=o.titles,
                               title_history=[ReignOut(title=r.title, won_show=r.won_show, lost_show=r.lost_show)
                                              for r in o.reigns],
                               facts=[FactOut(label=f.label, text=f.text) for f in o.facts], sheet=o.sheet,
                               sheet_from=o.sheet_from) for o in b.opponents])


@router.get("/shows/{number}/strategies", response_model=list[SubmissionOut], responses={401: ERRORS[401]},
            dependencies=[Depends(settle)])
def my_strategies(request: Request, session: DbSession, member: SignedIn, number: PathInt) -> list[SubmissionOut]:
    """Your own latest strategy for each of your sides in a show (nobody else's, ever), each
    marked ``stale`` when the organiser has changed its match since."""
    ctx = viewer_ctx(request, session, member)
    s = show_by_number(ctx, number)
    out = []
    for m in s.matches:
        for sd in m.sides:
            if sd.competitor.owner_id != ctx.actor.id:
                continue
            side = side_of(ctx, s, m.position, f"#{sd.competitor.id}")
            sub = show_services.latest_submission(ctx, side)
            if sub is not None:
                out.append(_submission_out(m, sd.competitor, sub, with_text=True))
    return out


@router.get("/notices", response_model=list[NoticeOut], responses={401: ERRORS[401]})
def notices(request: Request, session: DbSession, member: SignedIn,
            include_read: Annotated[bool, Query(alias="all", description="Read ones too (default: unread only).")]
            = False) -> list[NoticeOut]:
    """Your notices from the league, newest first (at most 100): a strategy made stale by the
    organiser's change to its match, one the run could not play (shown once that show is
    published)."""
    ctx = viewer_ctx(request, session, member)
    return [_notice_out(n, number) for n, number in visible_notices(ctx, include_read=include_read)]


@router.post("/notices/{notice_id}/read", response_model=NoticeOut, responses={401: ERRORS[401]})
def notice_read(request: Request, session: DbSession, member: SignedIn, notice_id: PathInt) -> NoticeOut:
    """Mark one of your notices read (another member's reads as not found)."""
    ctx = viewer_ctx(request, session, member)
    n = mark_read(ctx, [notice_id])[0]
    number = ctx.session.get_one(Show, n.show_id).number if n.show_id is not None else None
    return _notice_out(n, number)


def _notice_out(n: Notice, number: int | None) -> NoticeOut:
    return NoticeOut(id=n.id, show=number, text=n.text, created_at=n.created_at, read_at=n.read_at)


def install(app: FastAPI) -> None:
    """The API's routes (their errors as JSON: web/errors.py)."""
    app.include_router(router)
