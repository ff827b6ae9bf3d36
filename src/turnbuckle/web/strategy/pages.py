"""Sending a strategy for one's own side of a card match: MatchMatch's rounds (style, action and
explanation per round), grid pick and conditionals as a form, or the rulebook's text layout
pasted into a box, with the match's grid (fixed when the show opened) shown and the pick this
side makes on it (the first side a column, the second a row, others none); in Deathmatch and
Headlock, the side's automatic player picked from a list. Each is read by the ruleset's own
reader and checked by the league's one check (``shows.check_submission``, which ``submit`` makes
before it stores it); each problem stands beside the field it is about, by its line or the part it
names (a grid pick beside the grid), never by its wording. Only the side's
owner reaches this page: the organiser sees on the card that a strategy was sent and when,
nobody sees what it says."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from turnbuckle.core.errors import RulesError
from turnbuckle.core.facets import SheetSection, sheet_view
from turnbuckle.core.options import resolve_options
from turnbuckle.league.choices import default_kind, explained, read_choice, takes_choice
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import NotFound, SubmissionRefused
from turnbuckle.league.models import CardMatch, CardSide, Competitor, Show
from turnbuckle.league.services import shows
from turnbuckle.league.services.advice import how_long
from turnbuckle.league.services.briefing import briefing
from turnbuckle.league.services.card import is_stale
from turnbuckle.league.services.sides import SideStanding, grid_axis, match_grid, side_document
from turnbuckle.league.services.stakes import stake
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.forms import FORM, Form, Posted
from turnbuckle.web.organiser.autolock import settle
from turnbuckle.web.public.card_view import grid_rows, writes_strategy
from turnbuckle.web.public.league_pages import game_name
from turnbuckle.web.public.viewing import PathInt, owns, show_by_number, viewer_ctx
from turnbuckle.web.strategy.text import MAX_CONDITIONALS, MAX_ROWS, Layout, compose, fields_from, place

router = APIRouter()
#: The longest automatic player's name the page reads (the games' are a word or two).
MAX_KIND_CHARS = 40


def _rounds(m: CardMatch) -> int:
    """The match's time limit in rounds (its game's ``rounds`` option), for a game that takes a
    written strategy; 0 for any other (its form has no round rows)."""
    rs = get_ruleset(m.ruleset)
    if rs.written_strategies() is None:
        return 0
    return int(str(resolve_options(rs.info.options, m.options)["rounds"]))


def _own_side(ctx: Ctx, number: int, position: int, cid: int) -> tuple[Show, CardMatch, CardSide]:
    """The side, when the reader owns its competitor; 404 for anyone else (it does not reveal
    whether the side exists), and for a draft's side, the organiser's own too: its referee and grid
    are drawn at open, and nothing is sent before then."""
    s = show_by_number(ctx, number)
    m = next((m for m in s.matches if m.position == position), None) if s.status != "draft" else None
    side = next((sd for sd in m.sides if sd.competitor_id == cid), None) if m else None
    if m is None or side is None or not owns(ctx, side.competitor):
        raise NotFound(f"no side {cid} in match {position} of show {number}")
    return s, m, side


def _choices(ruleset: str, axis: str) -> dict[str, Any]:
    """What the strategy form's lists offer: the game's styles, targets and action types, the grid
    picks of this side's axis, the resources a conditional waits on (``WrittenStrategies.strategy_choices``).
    Empty for a game without written strategies."""
    written = get_ruleset(ruleset).written_strategies()
    if written is None:
        return {}
    picks = written.strategy_choices()
    return {"plus": list(picks.styles), "targets": list(picks.targets), "types": list(picks.actions),
            "grids": list(dict(picks.grid_picks).get(axis, ())), "resources": dict(picks.resources)}


def _axis_text(ruleset: str, axis: str) -> str:
    """What the page tells this side of its grid pick (the game's words; none for a game without)."""
    written = get_ruleset(ruleset).written_strategies()
    return dict(written.strategy_choices().axis_text).get(axis, "") if written is not None else ""


def _page(request: Request, ctx: Ctx, s: Show, m: CardMatch, side: CardSide, form: Form, paste: Form,
          status: int = 200, sent: str | None = None, sent_text: str = "") -> HTMLResponse:
    latest = shows.latest_submission(ctx, side)
    rounds = _rounds(m)
    written = writes_strategy(m.ruleset)
    if not paste.values and latest is not None:
        paste = Form({"text": latest.text})
    kinds = explained(m.ruleset) if takes_choice(m.ruleset) else []
    if kinds and not form.get("player"):
        form.values["player"] = _counted(m.ruleset, latest.text if latest else None)
    axis = grid_axis(side.index)
    grid = match_grid(m)
    told = briefing(ctx, side)
    return render(request, "strategy.html", {
        "league": ctx.league, "s": s, "m": m, "c": side.competitor, "game": game_name(m.ruleset),
        "takes_strategy": written, "open": s.status == "open" and ctx.now() <= s.deadline,
        "kinds": kinds, "default_kind": default_kind(m.ruleset) if kinds else "",
        "what": "strategy" if written else "choice",
        "deadline": ctx.local(s.deadline), "rows": min(rounds, MAX_ROWS), "n_cond": MAX_CONDITIONALS,
        "latest": ctx.local(latest.submitted_at) if latest else None, "sent": sent, "sent_text": sent_text,
        "stale": ctx.local(m.edited_at) if latest is not None and m.edited_at is not None
        and is_stale(m, latest.submitted_at) and not sent else None,
        "grid": grid, "grid_rows": grid_rows(m.ruleset, grid), "grid_drawn": m.grid_drawn, "axis": axis,
        "axis_text": _axis_text(m.ruleset, axis) if written else "",
        "form": form, "paste": paste, "FORM": FORM, "choices": _choices(m.ruleset, axis) if written else {},
        "b": told, "own_sheet": _laid_out(side.competitor, told.sheet, told.push_level, told.injuries),
        "opponent_sheets": {o.id: _laid_out(sd.competitor, o.sheet, o.push_level, o.injuries)
                            for o, sd in zip(told.opponents, [sd for sd in m.sides if sd.id != side.id], strict=True)
                            if o.sheet is not None},
        "stake": stake(ctx, m), "advice_took": how_long(ctx.session) if ctx.league.advisor else ""}, status)


def _laid_out(comp: Competitor, sheet: dict[str, Any], push_level: int | None,
              injuries: int) -> list[SheetSection]:
    """A side's sheet laid out as its game prints it (``SheetEditor.sheet_view``, as the competitor page
    shows it), with the league's Push Level and injuries as of the last published show in place of
    the figures the sheet itself carries (a sheet as played in an earlier show carries that show's)."""
    return sheet_view(get_ruleset(comp.ruleset), side_document(comp, sheet, None, SideStanding(push_level, injuries)))


def check_messages(ctx: Ctx, side: CardSide, text: str) -> list[str]:
    """Every problem ``submit`` would find with ``text`` for this side, one a line (none: it fits):
    its own check (``shows.check_submission``), nothing stored."""
    try:
        shows.check_submission(ctx, side, text)
    except SubmissionRefused as exc:
        return [str(p) for p in exc.problems]
    return []


def _counted(ruleset: str, text: str | None) -> str:
    """The player a choice text names (the default when none was sent or it does not read)."""
    if text is not None:
        try:
            return read_choice(ruleset, text, "choice")
        except RulesError:
            pass
    return default_kind(ruleset)


def _send_choice(ctx: Ctx, s: Show, m: CardMatch, side: CardSide, form: Form) -> bool:
    """A Deathmatch or Headlock side's player, picked from the list: sent as its one line
    (``player: weakest``) through ``submit``, which reads it with the run's own reader."""
    kind = form.text("player")
    if not kind or len(kind) > MAX_KIND_CHARS:  # not one of the list's, and not worth echoing back
        form.add("player", "pick a player from the list")
        return False
    comp = side.competitor
    try:
        shows.submit(ctx, str(s.number), m.position, f"#{comp.id}", f"player: {kind}")
    except SubmissionRefused as exc:
        ctx.session.rollback()
        form.add("player", "; ".join(str(p) for p in exc.problems))
        return False
    except RulesError as exc:
        ctx.session.rollback()
        form.add("player", str(exc))
        return False
    return True


def _url(number: int, position: int, cid: int) -> str:
    return f"/shows/{number}/matches/{position}/strategy/{cid}"


@router.get("/shows/{number}/matches/{position}/strategy/{cid}", response_class=HTMLResponse,
            dependencies=[Depends(settle)])
def strategy_page(request: Request, number: PathInt, position: PathInt, cid: PathInt, session: DbSession,
                  viewer: Viewer) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    s, m, side = _own_side(ctx, number, position, cid)
    rows = {f"round{i}": str(i) for i in range(1, MAX_ROWS + 1)}
    latest = shows.latest_submission(ctx, side) if writes_strategy(m.ruleset) else None
    if latest is not None:  # start from the strategy last sent, when the form can hold it
        rows = fields_from(m.ruleset, latest.text, MAX_ROWS) or rows
    return _page(request, ctx, s, m, side, Form(rows), Form())


def _check_and_send(ctx: Ctx, s: Show, m: CardMatch, side: CardSide, text: str, form: Form,
                    layout: Layout | None) -> bool:
    """Send with ``submit`` (its one check first); every problem the game found in the text goes
    beside its field (or line), any other refusal above the form, and nothing is stored unless all
    is well."""
    comp = side.competitor
    try:
        shows.submit(ctx, str(s.number), m.position, f"#{comp.id}", text)
    except SubmissionRefused as exc:
        ctx.session.rollback()
        if not exc.of_text:  # closed, late, too long, the same again: whatever the text says
            form.add(FORM, str(exc))
        elif layout is None:  # pasted text: every problem beside the box, each with its line number
            for problem in exc.problems:
                form.add("text", str(problem))
        else:  # the form: each beside the row, conditional or style line it is about
            for problem in exc.problems:
                place(form, problem, layout)
        return False
    except RulesError as exc:
        form.refuse(ctx.session, str(exc))
        return False
    return True


@router.post("/shows/{number}/matches/{position}/strategy/{cid}/check", response_class=HTMLResponse)
def strategy_check(request: Request, number: PathInt, position: PathInt, cid: PathInt, session: DbSession,
                   viewer: Viewer, posted: Posted) -> HTMLResponse:
    """The fragment htmx swaps in while a strategy is typed (the box) or filled in (the form):
    the messages ``submit`` would give, nothing stored."""
    ctx = viewer_ctx(request, session, viewer)
    _s, m, side = _own_side(ctx, number, position, cid)
    if not writes_strategy(m.ruleset):
        raise NotFound(f"match {position} of show {number} takes no written strategy")
    if "text" in posted:
        text = Form(posted).get("text")
    else:
        rows = min(_rounds(m), MAX_ROWS)
        text = compose(m.ruleset, Form(posted), rows).text
    problems = check_messages(ctx, side, text) if text.strip() else []
    return render(request, "_strategy_check.html", {"problems": problems, "empty": not text.strip()})


@router.post("/shows/{number}/matches/{position}/strategy/{cid}", response_class=HTMLResponse,
             dependencies=[Depends(settle)])
def send_strategy(request: Request, number: PathInt, position: PathInt, cid: PathInt, session: DbSession,
                  viewer: Viewer, posted: Posted) -> Response:
    ctx = viewer_ctx(request, session, viewer)
    s, m, side = _own_side(ctx, number, position, cid)
    pasted = "text" in posted
    form = Form(posted)
    if not pasted and takes_choice(m.ruleset):
        if _send_choice(ctx, s, m, side, form):
            return _page(request, ctx, s, m, side, Form(), Form(), sent=ctx.local(ctx.now()))
        s, m, side = _own_side(ctx, number, position, cid)
        return _page(request, ctx, s, m, side, form, Form(), 400)
    if pasted:
        text = kept = form.get("text")
        if not text.strip():
            form.add("text", "the box is empty; paste your strategy in the rulebook's layout")
            ok = False
        else:
            ok = _check_and_send(ctx, s, m, side, text, form, None)
    else:
        rows = min(_rounds(m), MAX_ROWS)
        layout = compose(m.ruleset, form, rows)
        kept = layout.text
        ok = _check_and_send(ctx, s, m, side, layout.text, form, layout)
    if ok:
        fresh = {f"round{i}": str(i) for i in range(1, MAX_ROWS + 1)}
        return _page(request, ctx, s, m, side, Form(fresh), Form(), sent=ctx.local(ctx.now()))
    s, m, side = _own_side(ctx, number, position, cid)
    if pasted:
        return _page(request, ctx, s, m, side, Form({f"round{i}": str(i) for i in range(1, MAX_ROWS + 1)}), form, 400,
                     sent_text=kept)
    return _page(request, ctx, s, m, side, form, Form(), 400, sent_text=kept)
