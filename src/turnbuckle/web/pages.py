"""Public pages anyone may read without signing in."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from turnbuckle.league.context import the_league
from turnbuckle.web.deps import DbSession, render

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
def home(request: Request, session: DbSession) -> HTMLResponse:
    league = the_league(session)
    return render(request, "home.html", {"league": league})
