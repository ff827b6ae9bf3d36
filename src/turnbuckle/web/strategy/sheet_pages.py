"""The sheet editor: a competitor's sheet as text, checked as it is typed (htmx posts the text
after a short pause and swaps in the points left and every problem, from the game's own
validator), and saved through the league's ``replace_sheet``. Its owner and the organiser reach
it; anyone else gets 404."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from turnbuckle.core.errors import RulesError
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import NotFound
from turnbuckle.league.models import Competitor
from turnbuckle.league.services import roster
from turnbuckle.league.services.roster import replace_sheet
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.forms import FORM, Form, Posted
from turnbuckle.web.public.league_pages import game_name
from turnbuckle.web.public.viewing import PathInt, competitor_by_id, is_organiser, owns, viewer_ctx
from turnbuckle.web.strategy.sheet_fields import compose, fields_for, values_of
from turnbuckle.web.strategy.sheet_points import points_of

router = APIRouter()


def _editable(ctx: Ctx, cid: int) -> Competitor:
    comp = competitor_by_id(ctx, cid)
    if not (owns(ctx, comp) or is_organiser(ctx)):
        raise NotFound(f"no competitor {cid}")
    return comp


def yaml_text(sheet: dict[str, Any]) -> str:
    return yaml.safe_dump(sheet, sort_keys=False, allow_unicode=True, width=100)


def sheet_text(comp: Competitor) -> str:
    return yaml_text(comp.sheet)


def check(ruleset_id: str, text: str, ctx: Ctx | None = None, comp: Competitor | None = None) -> dict[str, Any]:
    """What the editor shows under the text: the game's verdict and the points left. With the
    league (``ctx``), the same check as saving makes (a team's members are league wrestlers); for a
    stored competitor (``comp``), the save's own function, tried and rolled back."""
    rs = get_ruleset(ruleset_id)
    try:
        if ctx is not None and comp is not None:
            problems, warnings = roster.check_replacement(ctx, f"#{comp.id}", text, f"sheet for {comp.name}")
        elif ctx is not None:
            problems, warnings = roster.check_sheet(ctx, rs.info.id, text, "sheet")
        else:
            verdict = rs.check_text(text, "sheet")
            problems, warnings = verdict.problems, verdict.warnings
    except RulesError as exc:  # refused unread (too large, say): one problem
        problems, warnings = [str(exc)], []
    return {"problems": problems, "warnings": warnings, "points": points_of(rs.info.id, text),
            "checked": True}


def _page(request: Request, ctx: Ctx, comp: Competitor, form: Form, status: int = 200,
          saved: bool = False, fields_form: Form | None = None) -> HTMLResponse:
    """The editor of a stored competitor's sheet."""
    return editor_page(request, ctx, Editor(comp.ruleset, comp.sheet, f"/competitors/{comp.id}/sheet",
                                            f"Edit {comp.name}", comp), form, status, saved, fields_form)


@dataclass
class Editor:
    """What an editor works on: a stored competitor's sheet, or a new one (``comp`` None) posted to
    ``action``; ``owners`` are the members a new competitor may be given to (the organiser's choice)."""

    ruleset: str
    sheet: dict[str, Any]
    action: str
    heading: str
    comp: Competitor | None = None
    owners: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def editor_page(request: Request, ctx: Ctx, ed: Editor, form: Form, status: int = 200, saved: bool = False,
                fields_form: Form | None = None) -> HTMLResponse:
    """The editor: the game's fields (when it has a form) and the sheet as text; whichever was
    posted comes back as typed, the other from the stored (or starting) sheet."""
    stored = values_of(ed.ruleset, ed.sheet)
    fields = fields_for(ed.ruleset) if stored is not None else None
    fform = fields_form or Form(stored or {})
    text_form = form if form.values else Form({"text": yaml_text(ed.sheet)})
    fields_text = compose(ed.ruleset, fform.values) if fields else ""
    owner = (fields_form or form).get("owner")
    return render(request, "sheet_editor.html", {
        "league": ctx.league, "c": ed.comp, "ed": ed, "owner": owner, "game": game_name(ed.ruleset),
        "form": text_form, "FORM": FORM,
        "saved": saved, "fields": fields, "fform": fform, "fields_first": fields_form is not None or not form.values,
        "result": check(ed.ruleset, text_form.get("text"), ctx if ed.comp is not None else None, ed.comp),
        "fields_result": check(ed.ruleset, fields_text, ctx if ed.comp is not None else None, ed.comp)
        if fields else None, **ed.extra}, status)


def posted_text(ruleset_id: str, posted: dict[str, str]) -> str:
    """The sheet's text: as typed, or written from the game's fields."""
    if posted.get("mode") == "fields" and fields_for(ruleset_id):
        return compose(ruleset_id, posted)
    return posted.get("text", "")


@router.get("/competitors/{cid}/sheet", response_class=HTMLResponse)
def sheet_editor(request: Request, cid: PathInt, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    comp = _editable(ctx, cid)
    return _page(request, ctx, comp, Form())


@router.post("/competitors/{cid}/sheet/check", response_class=HTMLResponse)
def sheet_check(request: Request, cid: PathInt, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    """The fragment htmx swaps in while the sheet is typed."""
    ctx = viewer_ctx(request, session, viewer)
    comp = _editable(ctx, cid)
    return render(request, "_sheet_check.html",
                  {"result": check(comp.ruleset, posted_text(comp.ruleset, posted), ctx, comp)})


@router.post("/competitors/{cid}/sheet", response_class=HTMLResponse)
def sheet_save(request: Request, cid: PathInt, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    comp = _editable(ctx, cid)
    by_fields = posted.get("mode") == "fields" and fields_for(comp.ruleset) is not None
    form = Form(posted)
    text = posted_text(comp.ruleset, posted)

    def again(status: int = 400) -> HTMLResponse:
        fresh = _editable(ctx, cid)
        return _page(request, ctx, fresh, Form() if by_fields else form, status,
                     fields_form=form if by_fields else None)

    if not text.strip():
        form.add("text", "the sheet is empty; type or paste it")
        return again()
    try:
        replace_sheet(ctx, f"#{comp.id}", text, f"sheet for {comp.name}")
    except RulesError as exc:
        form.refuse_sheet(session, exc)
        return again()
    return _page(request, ctx, comp, Form(), saved=True)
