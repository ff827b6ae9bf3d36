"""The organiser's league settings page: what is public of a competitor before its first published
match (``league.services.briefing``: the weight class only, or the whole sheet), with what is
public whatever the setting; and whether members may ask the advisor for a strategy. Anyone else
gets 404, as for a page that does not exist."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.services.advice import set_advisor
from turnbuckle.league.services.briefing import PUBLIC_SHEETS, set_public_sheets
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.forms import FORM, Form, Posted
from turnbuckle.web.organiser.pages import organiser_ctx

router = APIRouter(prefix="/organiser")


def _page(request: Request, ctx: Ctx, form: Form, saved: bool = False, status: int = 200) -> HTMLResponse:
    return render(request, "organiser_settings.html", {
        "league": ctx.league, "form": form, "FORM": FORM, "choices": PUBLIC_SHEETS,
        "current": ctx.league.public_sheets, "saved": saved}, status)


@router.get("/settings", response_class=HTMLResponse)
def settings(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    return _page(request, organiser_ctx(request, session, viewer), Form())


@router.post("/settings", response_class=HTMLResponse)
def save_settings(request: Request, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    ctx = organiser_ctx(request, session, viewer)
    form = Form(posted)
    try:
        set_public_sheets(ctx, form.text("public_sheets"))
        if form.text("advisor") in ("on", "off"):  # the game's advisor for members (league/services/advice.py)
            set_advisor(ctx, form.text("advisor") == "on")
    except LeagueError as exc:
        form.add("public_sheets", str(exc))
        return _page(request, ctx, form, status=400)
    return _page(request, ctx, Form(), saved=True)
