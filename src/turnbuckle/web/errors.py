"""Every refusal the site answers, in one place, answered as the request wants it: JSON
(``{"detail": "one line"}``, docs/web.md "JSON API") under ``/api/`` and to a client whose
``Accept`` asks for ``application/json`` and not ``text/html``, a page saying what is wrong to
everyone else, never a traceback. Another member's object and an object that does not exist both
read as 404, so a URL does not reveal what exists; a database without a league yet (``NoLeague``)
is a page pointing to the one-time setup link. FastAPI's own refusals of a page route (an address
that names nothing, a path value that is not a number or out of range, a form over Starlette's
limits or without a field) are pages too, never its raw JSON."""

from __future__ import annotations

from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from turnbuckle.league.errors import DatabaseError, Forbidden, LeagueError, NoLeague, NotFound, SubmissionRefused
from turnbuckle.web.accounts.sessions import is_api
from turnbuckle.web.deps import render
from turnbuckle.web.forms import form_refusal

BUSY = "the server is busy; try again in a moment"


def refusal_json(status: int, message: str, **more: object) -> JSONResponse:
    """A refusal as the API answers it: ``detail`` says what is wrong (and ``more`` beside it)."""
    return JSONResponse({"detail": " ".join(message.split()) or "refused", **more}, status)


def _media_types(accept: str) -> set[str]:
    """The media types an ``Accept`` header takes (parameters dropped; one with ``q=0`` refused).

    >>> sorted(_media_types("text/html;q=0, Application/JSON; charset=utf-8, */*;q=0.1"))
    ['*/*', 'application/json']
    """
    taken: set[str] = set()
    for part in accept.split(","):
        kind, *params = (p.strip() for p in part.split(";"))
        refused = any(p.replace(" ", "").lower() in ("q=0", "q=0.0", "q=0.00", "q=0.000") for p in params)
        if kind and not refused:
            taken.add(kind.lower())
    return taken


def wants_json(request: Request) -> bool:
    """Whether a refusal is answered as JSON: always under ``/api/``; elsewhere when the request's
    ``Accept`` asks for ``application/json`` and not ``text/html`` (a browser asks for HTML)."""
    if is_api(request):
        return True
    types = _media_types(request.headers.get("accept", ""))
    return "application/json" in types and "text/html" not in types


def _page(request: Request, title: str, message: str, status: int) -> HTMLResponse:
    return render(request, "error.html", {"title": title, "message": message}, status)


def _nothing_here(request: Request) -> HTMLResponse:
    return _page(request, "Not found", "There is nothing here.", 404)


def league_json(exc: LeagueError) -> JSONResponse:
    """A league error under /api/: 404 for what is missing or not yours (never saying which), 503
    for the database, 400 for a refusal (a refused strategy's problems listed as data)."""
    if isinstance(exc, NotFound | Forbidden):
        return refusal_json(404, str(exc) if isinstance(exc, NotFound) else "not found")
    if isinstance(exc, DatabaseError):
        return refusal_json(503, str(exc))
    if isinstance(exc, SubmissionRefused):  # each problem as data too: its text, line and field
        return refusal_json(400, str(exc), problems=[p.as_json() for p in exc.problems])
    return refusal_json(400, str(exc))


def league_page(request: Request, exc: LeagueError) -> HTMLResponse:
    """A league error on a page."""
    if isinstance(exc, NoLeague):  # a first run: say where the league is made
        return _page(request, "No league yet", "This server has no league yet. Open the one-time setup link that "
                     "'turnbuckle serve' printed in its terminal (start it again for a new link).", 404)
    if isinstance(exc, NotFound | Forbidden):
        return _nothing_here(request)
    if isinstance(exc, DatabaseError):
        return _page(request, "Database unavailable", str(exc), 503)
    return _page(request, "Refused", str(exc), 400)


def _invalid_json(exc: RequestValidationError) -> JSONResponse:
    first = exc.errors()[0] if exc.errors() else {}
    if first.get("type") == "json_invalid":  # its loc is ("body", offset): say what it is instead
        why, at = (first.get("ctx") or {}).get("error", ""), tuple(first.get("loc", ()))[-1:]
        return refusal_json(422, f"the body is not valid JSON: {why}" + (f" at character {at[0]}" if at else "")
                            if why else "the body is not valid JSON")
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    return refusal_json(422, f"{where}: {first.get('msg', 'invalid')}" if where else str(first.get("msg", "invalid")))


def _invalid_page(request: Request, exc: RequestValidationError) -> HTMLResponse:
    """A page route's malformed request: a path value that is not a number names nothing; a form
    without a field, or a field of the wrong kind, is a 422."""
    errors = list(exc.errors())
    if any(tuple(e.get("loc", ()))[:1] == ("path",) for e in errors):
        return _nothing_here(request)
    first = errors[0] if errors else {}
    name = str(tuple(first.get("loc", ("",)))[-1])
    if first.get("type") == "missing":
        message = f"The form has no field '{name}'; send the form from its page."
    else:
        message = f"{name}: {first.get('msg', 'invalid')}; send the form from its page."
    return _page(request, "Refused", " ".join(message.split()), 422)


def _http_page(request: Request, exc: StarletteHTTPException) -> HTMLResponse:
    if exc.status_code == 404:  # no route, no static file, a path number out of range (web/public/viewing.py)
        return _nothing_here(request)
    refused = form_refusal(str(exc.detail)) if exc.status_code == 400 else None
    if refused is not None:
        status, message = refused
        title = "Form too large" if status == 413 else "Form refused"
    elif exc.status_code == 405:
        status, title = 405, "Not allowed"
        message = f"This address does not take a {request.method} request; use the site's own links and forms."
    else:
        phrase = HTTPStatus(exc.status_code).phrase if exc.status_code in set(HTTPStatus) else "Refused"
        status, title, message = exc.status_code, phrase, str(exc.detail)
    page = _page(request, title, " ".join(message.split()), status)
    page.headers.update(exc.headers or {})  # a 405's Allow
    return page


def install(app: FastAPI) -> None:
    """Answer each kind of refusal, as JSON or as a page by the request."""

    @app.exception_handler(LeagueError)
    async def _league(request: Request, exc: LeagueError) -> Response:
        return league_json(exc) if wants_json(request) else league_page(request, exc)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        if wants_json(request):
            return await http_exception_handler(request, exc)
        return _http_page(request, exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> Response:
        return _invalid_json(exc) if wants_json(request) else _invalid_page(request, exc)

    @app.exception_handler(PoolTimeout)
    async def _pool(request: Request, exc: PoolTimeout) -> Response:
        if wants_json(request):
            return JSONResponse({"detail": BUSY}, 503, headers={"Retry-After": "2"})
        return _page(request, "Busy", BUSY, 503)
