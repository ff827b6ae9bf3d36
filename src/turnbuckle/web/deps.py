"""What every route is given: a database unit of work, the templates, and who is asking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markupsafe import Markup, escape
from sqlalchemy.orm import Session

from turnbuckle.league.db import read_scope, session_scope
from turnbuckle.league.models import Member
from turnbuckle.sim.stats import interval_text
from turnbuckle.web.serving.static_files import StaticAssets
from turnbuckle.web.strategy.field_problems import tie_problems

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))


def csrf_token(request: Request) -> str:
    """The CSRF token of the request's session ('' before the accounts middleware sets one)."""
    return str(getattr(request.state, "csrf_token", "") or "")


def csrf_field(request: Request) -> Markup:
    """The hidden field every POST form carries: ``{{ csrf_field(request) }}``."""
    return Markup('<input type="hidden" name="csrf_token" value="{}">').format(escape(csrf_token(request)))


templates.env.globals["csrf_field"] = csrf_field
templates.env.globals["csrf_token"] = csrf_token
templates.env.globals["interval_text"] = interval_text  # an interval rounded outward, as the CLI prints it
#: The static files under content-hashed names (web/serving/static_files.py): ``{{ static_url('style.css') }}``.
assets = StaticAssets(HERE / "static")
templates.env.globals["static_url"] = assets.url


def get_session(request: Request) -> Iterator[Session]:
    """One unit of work per request: committed when the route returns, rolled back on any error. A GET
    (or HEAD) reads: it does not take SQLite's write lock, so pages stay fast while forms are sent."""
    engine = request.app.state.engine
    scope = read_scope if request.method in ("GET", "HEAD") else session_scope
    with scope(engine) as session:
        yield session


DbSession = Annotated[Session, Depends(get_session)]


def current_member(request: Request) -> Member | None:
    """The signed-in member, or None for a spectator. The accounts module sets
    ``request.state.member`` from the session cookie; tests may override this dependency."""
    member: Member | None = getattr(request.state, "member", None)
    return member


Viewer = Annotated[Member | None, Depends(current_member)]


class LoginRequired(Exception):
    """Raised by :func:`signed_in` for a spectator: a GET goes to the sign-in page, a posted form
    comes back as the sign-in page carrying its fields (see web/accounts/pages.py), the API answers 401."""


def signed_in(request: Request) -> Member:
    """The signed-in member, or LoginRequired. The member is a detached snapshot loaded by the
    accounts middleware: use its id (or ``session.get(Member, id)``) with the request's session."""
    member = current_member(request)
    if member is None:
        raise LoginRequired()
    return member


SignedIn = Annotated[Member, Depends(signed_in)]


def render(request: Request, name: str, context: dict[str, Any] | None = None, status_code: int = 200) -> HTMLResponse:
    """A page from ``templates/``; every template sees the request and the signed-in member."""
    ctx: dict[str, Any] = {"member": getattr(request.state, "member", None)}
    ctx.update(context or {})
    response = templates.TemplateResponse(request, name, ctx, status_code=status_code)
    body = bytes(response.body)
    if b'data-field="' in body:  # a problem next to a field: tie the field to it (web/strategy/field_problems.py)
        response.body = tie_problems(body.decode("utf-8")).encode("utf-8")
        response.headers["content-length"] = str(len(response.body))
    return response
