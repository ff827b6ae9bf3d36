"""The organiser's referees and titles, as ``turnbuckle league referee add`` and ``league titles
add`` make them: a bundled MatchMatch referee or the organiser's own referee sheet (name, type, DQ
threshold, notes); a title of one game and the finishes that may also change its hands. The roster
service checks that the organiser is acting; anyone else reads 404, as for a page that is not."""

from __future__ import annotations

import json
import re

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.page_hooks import RefereeCard
from turnbuckle.league.context import Ctx
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.queries import title_rows
from turnbuckle.league.services import roster
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.forms import FORM, Form, Posted, Ticked
from turnbuckle.web.organiser.pages import organiser_ctx
from turnbuckle.web.public.default_game import default_game
from turnbuckle.web.public.league_pages import game_name

router = APIRouter(prefix="/organiser")
REFEREE_FIELDS = ("name", "type", "dq_threshold", "notes")
_FIELD_OF = re.compile(r"^'(\w+)'")


# -- referees -------------------------------------------------------------------------------------
def _bundled_left(ctx: Ctx) -> list[RefereeCard]:
    """The referees the games bundle (``LeagueRules.bundled_referees``) that the league has not added."""
    taken = {r.name for r in roster.referees(ctx)}
    return [r for rs in all_rulesets() for r in league_rules(rs.info.id).bundled_referees() if r.name not in taken]


def _referees_page(request: Request, ctx: Ctx, bundled: Form, own: Form, status: int = 200) -> HTMLResponse:
    return render(request, "organiser_referees.html", {
        "league": ctx.league, "referees": roster.referees(ctx), "bundled": _bundled_left(ctx), "FORM": FORM,
        "bundled_form": bundled, "own_form": own, "added": request.query_params.get("added")}, status)


@router.get("/referees", response_class=HTMLResponse)
def referees_page(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    return _referees_page(request, organiser_ctx(request, session, viewer), Form(), Form({"dq_threshold": "10"}))


def _sheet_text(form: Form) -> str:
    """The referee sheet the form's fields make (JSON, which the league reads as YAML); the DQ
    threshold goes in as a number when it is one, else as typed, for the sheet's own check to refuse."""
    sheet: dict[str, object] = {"name": form.text("name")}
    for key in ("type", "notes"):
        if form.text(key):
            sheet[key] = form.text(key)
    dq = form.text("dq_threshold")
    sheet["dq_threshold"] = int(dq) if re.fullmatch(r"-?[0-9]{1,6}", dq) else dq
    return json.dumps(sheet)


@router.post("/referees", response_model=None)
def add_referee(request: Request, session: DbSession, viewer: Viewer, posted: Posted) -> Response:
    ctx = organiser_ctx(request, session, viewer)
    own = posted.get("kind") == "sheet"
    form = Form(posted)
    if own:
        form.required("name", "the referee's name")
        form.required("dq_threshold", "the DQ threshold")
    else:
        form.required("bundled", "a referee")
    if form.ok:
        text = _sheet_text(form) if own else json.dumps(form.text("bundled"))
        try:
            ref = roster.add_referee(ctx, text, "the referee sheet" if own else "the bundled referee")
        except SheetError as exc:
            session.rollback()
            for problem in exc.problems:
                found = _FIELD_OF.match(problem)
                field = found.group(1) if found and found.group(1) in REFEREE_FIELDS else FORM
                form.add(field, problem)
        except RulesError as exc:
            form.refuse(session, str(exc))
        else:
            return RedirectResponse(f"/organiser/referees?added={ref.id}", status_code=303)
    if own:
        return _referees_page(request, ctx, Form(), form, 400)
    return _referees_page(request, ctx, form, Form({"dq_threshold": "10"}), 400)


# -- titles ---------------------------------------------------------------------------------------
def _titles_page(request: Request, ctx: Ctx, form: Form, on: list[str], status: int = 200) -> HTMLResponse:
    return render(request, "organiser_titles.html", {
        "league": ctx.league, "form": form, "FORM": FORM, "on": on, "finishes": roster.DEFAULT_TITLE_EXCLUDED,
        "games": [(rs.info.id, rs.info.name) for rs in all_rulesets()], "titles": title_rows(ctx),
        "game_name": game_name}, status)


@router.get("/titles", response_class=HTMLResponse)
def titles_page(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = organiser_ctx(request, session, viewer)
    return _titles_page(request, ctx, Form({"game": default_game(ctx)}), [])


@router.post("/titles", response_model=None)
def add_title(request: Request, session: DbSession, viewer: Viewer, posted: Posted, ticked: Ticked) -> Response:
    form = Form({k: v for k, v in posted.items() if k != "changes_on"})
    on = ticked.get("changes_on", [])
    ctx = organiser_ctx(request, session, viewer)
    name = form.required("name", "the title's name")
    if name:
        try:
            roster.check_name(name, "title")
        except RulesError as exc:
            form.add("name", str(exc))
    game = form.required("game", "the title's game")
    if game:
        try:
            get_ruleset(game)
        except RulesError as exc:
            form.add("game", str(exc))
    for finish in on:
        if finish not in roster.DEFAULT_TITLE_EXCLUDED:
            form.add("changes_on", f"'{finish[:40]}' is not one of {', '.join(roster.DEFAULT_TITLE_EXCLUDED)}")
    kind = form.text("kind") or "singles"
    if kind not in roster.TITLE_KINDS:
        form.add("kind", f"'{kind[:20]}' is not one of {', '.join(roster.TITLE_KINDS)}")
    limits: dict[str, int | None] = {}
    for field in ("min_weight", "max_weight", "min_push_level"):
        raw = form.text(field)
        if raw and not (raw.isdigit() and len(raw) <= 3):
            form.add(field, f"'{raw[:20]}' is not a whole number; leave it empty for no limit")
        limits[field] = int(raw) if raw.isdigit() and len(raw) <= 3 else None
    if form.ok:
        excluded = [m for m in roster.DEFAULT_TITLE_EXCLUDED if m not in on]  # as `league titles add --changes-on`
        try:
            roster.add_title(ctx, name, game, excluded, kind, limits["min_weight"], limits["max_weight"],
                             limits["min_push_level"])
        except RulesError as exc:
            form.refuse(session, str(exc))
        else:
            return RedirectResponse("/titles?done=title", status_code=303)
    return _titles_page(request, ctx, form, on, 400)
