"""The sheet editor: a competitor's sheet as text, checked as it is typed (htmx posts the text
after a short pause and swaps in the points left and every problem, from the game's own
validator), and saved through the league's ``replace_sheet``. Its owner and the organiser reach
it; anyone else gets 404."""

from __future__ import annotations

from typing import Any

import yaml
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import NotFound
from turnbuckle.league.models import Competitor
from turnbuckle.league.services.roster import replace_sheet
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.forms import FORM, Form, Posted
from turnbuckle.web.league_pages import game_name
from turnbuckle.web.sheet_points import points_of
from turnbuckle.web.viewing import competitor_by_id, is_organiser, owns, viewer_ctx

router = APIRouter()


def _editable(ctx: Ctx, cid: int) -> Competitor:
    comp = competitor_by_id(ctx, cid)
    if not (owns(ctx, comp) or is_organiser(ctx)):
        raise NotFound(f"no competitor {cid}")
    return comp


def sheet_text(comp: Competitor) -> str:
    return yaml.safe_dump(comp.sheet, sort_keys=False, allow_unicode=True, width=100)


def check(ruleset_id: str, text: str) -> dict[str, Any]:
    """What the editor shows under the text: the game's verdict and the points left."""
    rs = get_ruleset(ruleset_id)
    try:
        verdict = rs.check_text(text, "sheet")
        problems, warnings = verdict.problems, verdict.warnings
    except RulesError as exc:  # refused unread (too large, say): one problem
        problems, warnings = [str(exc)], []
    return {"problems": problems, "warnings": warnings, "points": points_of(rs.info.id, text),
            "checked": True}


def _page(request: Request, ctx: Ctx, comp: Competitor, form: Form, status: int = 200,
          saved: bool = False) -> HTMLResponse:
    return render(request, "sheet_editor.html", {
        "league": ctx.league, "c": comp, "game": game_name(comp.ruleset), "form": form, "FORM": FORM,
        "saved": saved, "result": check(comp.ruleset, form.get("text"))}, status)


@router.get("/competitors/{cid}/sheet", response_class=HTMLResponse)
def sheet_editor(request: Request, cid: int, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    comp = _editable(ctx, cid)
    return _page(request, ctx, comp, Form({"text": sheet_text(comp)}))


@router.post("/competitors/{cid}/sheet/check", response_class=HTMLResponse)
def sheet_check(request: Request, cid: int, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    """The fragment htmx swaps in while the sheet is typed."""
    ctx = viewer_ctx(request, session, viewer)
    comp = _editable(ctx, cid)
    return render(request, "_sheet_check.html", {"result": check(comp.ruleset, posted.get("text", ""))})


@router.post("/competitors/{cid}/sheet", response_class=HTMLResponse)
def sheet_save(request: Request, cid: int, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    comp = _editable(ctx, cid)
    form = Form(posted)
    text = form.get("text")
    if not text.strip():
        form.add("text", "the sheet is empty; type or paste it")
        return _page(request, ctx, comp, form, 400)
    try:
        replace_sheet(ctx, str(comp.id), text, f"sheet for {comp.name}")
    except SheetError as exc:
        session.rollback()
        for p in exc.problems:
            form.add("text", p)
        return _page(request, ctx, _editable(ctx, cid), form, 400)
    except RulesError as exc:
        form.refuse(session, str(exc))
        return _page(request, ctx, _editable(ctx, cid), form, 400)
    return _page(request, ctx, comp, Form({"text": sheet_text(comp)}), saved=True)
