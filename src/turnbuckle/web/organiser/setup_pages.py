"""First run: the one-time setup page that ``turnbuckle serve`` links to on a database holding no
league. It creates the league and its organiser and signs the organiser in; the link then stops working."""

from __future__ import annotations

from functools import partial
from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import anyio
from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.queries_site import site_key_for_update
from turnbuckle.league.services import accounts
from turnbuckle.web.accounts.sessions import SESSION_COOKIE, set_session_cookie
from turnbuckle.web.deps import DbSession, render
from turnbuckle.web.serving.offload import cpu

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]
DEFAULTS = {"league_name": "", "timezone": "UTC", "max_push_level": "5", "organiser": ""}


def setup_path(token: str) -> str:
    return f"/setup/{token}"


def _level(text: str) -> int:
    """The highest Push Level typed, or 0 when it is not a whole number of ASCII digits (``'²'.isdigit()``
    holds, yet ``int`` refuses it)."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else 0


def _known_zone(name: str) -> bool:
    """Whether ``name`` is a time zone: not too long, and one the zone database reads (a folder of it,
    ``Europe``, raises an OSError rather than ZoneInfoNotFoundError)."""
    if not name or len(name) > 60:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


def claim_setup(session: Session, token: str) -> None:
    """Hold the setup link for this unit of work, or NotFound. Two forms sent at once must not both find
    no league and make one each: on PostgreSQL the link's row is taken FOR UPDATE, so the second waits
    until the first commits and then finds the link spent (on SQLite a write's BEGIN IMMEDIATE already
    waits for the other)."""
    if site_key_for_update(session, accounts.SETUP_KEY) is None:
        raise NotFound(accounts.SETUP_GONE)
    accounts.open_setup(session, token)


@router.get("/setup/{token}", response_class=HTMLResponse)
def setup_form(request: Request, session: DbSession, token: str) -> HTMLResponse:
    accounts.open_setup(session, token)
    return render(request, "setup.html", {"values": DEFAULTS, "error": ""})


@router.post("/setup/{token}", response_class=HTMLResponse)
async def setup(request: Request, session: DbSession, token: str, league_name: Text = "", timezone: Text = "",
                max_push_level: Text = "", organiser: Text = "", password: Text = "", password2: Text = "") -> Response:
    """Create the league and its organiser. The token is checked first: a wrong one is a 404
    whatever the form holds (a missing field is then one of the form's own errors)."""
    await anyio.to_thread.run_sync(partial(claim_setup, session, token))  # it may wait: not on the event loop
    values = {"league_name": league_name, "timezone": timezone, "max_push_level": max_push_level,
              "organiser": organiser}
    error = "the two passwords differ" if password != password2 else ""
    level = _level(max_push_level)
    if not error and not level:
        error = f"the highest Push Level must be a whole number from 1 to 20, not '{max_push_level[:20]}'"
    if not error and not _known_zone(timezone.strip()):
        error = f"unknown time zone '{timezone.strip()[:60]}'; use a name such as 'Europe/London' or 'UTC'"
    if not error:
        try:
            with session.begin_nested():
                member = await cpu(request, accounts.set_up_league, session, token, league_name, timezone.strip(),
                                   level, organiser, password, request.app.state.clock)  # argon2: off the loop
        except LeagueError as exc:
            error = str(exc)
    if error:
        return render(request, "setup.html", {"values": values, "error": error}, 422)
    raw = accounts.start_session(session, member, request.app.state.clock,
                                 replacing=request.cookies.get(SESSION_COOKIE))
    response = RedirectResponse("/", 303)  # the league's home: what to do next (the organiser's links)
    set_session_cookie(response, request, raw)
    return response
