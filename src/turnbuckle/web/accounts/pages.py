"""Accounts pages: sign in and out, sign up by invitation, reset a password by a one-time link,
and the account page (the member's notices; API tokens; the organiser's invitations and reset links).

A posted form that arrives after its session ended is not lost: the sign-in page comes back
carrying the form's fields (hidden, passwords excepted) and where it was going; after signing in,
a page shows them and sends them again with one click (no script needed)."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, FastAPI, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.datastructures import FormData

from turnbuckle.league.context import Ctx, the_league
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import Member
from turnbuckle.league.services import accounts
from turnbuckle.league.services.notices import notice_row, visible_notices
from turnbuckle.web.accounts.sessions import (
    SESSION_COOKIE,
    clear_session_cookie,
    is_api,
    is_htmx,
    set_session_cookie,
)
from turnbuckle.web.deps import DbSession, LoginRequired, SignedIn, render
from turnbuckle.web.public.links import league_base
from turnbuckle.web.public.viewing import PathInt
from turnbuckle.web.serving.offload import cpu

router = APIRouter(include_in_schema=False)
CARRY = "carry:"
Text = Annotated[str, Form()]
OptText = Annotated[str, Form()]


def member_ctx(request: Request, session: DbSession, member: Member) -> Ctx:
    return Ctx(session, the_league(session), member, request.app.state.clock, request.app.state.program.listeners)


def safe_next(target: str | None) -> str:
    """A local path to go on to (never another site)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def carried(form: FormData) -> list[tuple[str, str]]:
    """A posted form's fields worth keeping across a sign-in: not the token, no passwords."""
    return [(k, v) for k, v in form.multi_items()
            if isinstance(v, str) and k != "csrf_token" and "password" not in k.lower()]


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def login_page(request: Request, status: int = 200, *, error: str = "", name: str = "", target: str = "/",
               carry: list[tuple[str, str]] | None = None, notice: str = "") -> HTMLResponse:
    return render(request, "login.html", {"error": error, "name": name, "next": safe_next(target),
                                          "carry": carry or [], "carry_prefix": CARRY, "notice": notice}, status)


# -- refusals the middleware and the routes share ------------------------------------------------------
def _sign_in_elsewhere() -> HTMLResponse:
    """For htmx: the page (and what is typed in it) stays; sign in in another tab and go on."""
    return HTMLResponse('<p class="problem">Your session ended. <a href="/login" target="_blank">Sign in</a> '
                        'in a new tab, then try again here.</p>', 401)


def csrf_refused(request: Request, form: FormData, session_ended: bool) -> Response:
    """A post whose CSRF token is missing or wrong. A form from a session that has since ended
    comes back as the sign-in page carrying its fields; anything else is refused with 403."""
    if is_api(request):
        return JSONResponse({"detail": "missing or wrong CSRF token; send the X-CSRF-Token header "
                                       "or use an API token (Authorization: Bearer)"}, 403)
    if is_htmx(request):
        if session_ended:
            return _sign_in_elsewhere()
        return HTMLResponse('<p class="problem">This page is out of date; reload it.</p>', 403)
    if session_ended:
        return login_page(request, 401, notice="Your session ended; sign in again and your form will be sent on.",
                          target=request.url.path, carry=carried(form))
    return render(request, "error.html", {"title": "Form refused", "message": "This form could not be checked "
                  "(it is old, or it did not come from this site); go back, reload the page and send it again."},
                  403)


def install(app: FastAPI) -> None:
    app.include_router(router)

    @app.exception_handler(LoginRequired)
    async def _login_required(request: Request, exc: LoginRequired) -> Response:
        if is_api(request):
            return JSONResponse({"detail": "sign in first: send Authorization: Bearer <your API token>"}, 401,
                                headers={"WWW-Authenticate": "Bearer"})
        if is_htmx(request):
            return _sign_in_elsewhere()
        if request.method in ("GET", "HEAD"):
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            return RedirectResponse(f"/login?next={quote(target, safe='/')}", 303)
        form = await request.form()
        return login_page(request, 401, notice="Sign in and your form will be sent on.",
                          target=request.url.path, carry=carried(form))


# -- signing in and out ------------------------------------------------------------------------------------
@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request, next: str = "/") -> HTMLResponse:
    return login_page(request, target=next)


@router.post("/login", response_class=HTMLResponse)
async def login(request: Request, session: DbSession) -> Response:
    form = await request.form()
    name = str(form.get("name") or "")
    password = str(form.get("password") or "")
    target = safe_next(str(form.get("next") or "/"))
    carry = [(k[len(CARRY):], v) for k, v in form.multi_items() if isinstance(v, str) and k.startswith(CARRY)]
    league = the_league(session)
    try:
        member = await cpu(request, accounts.sign_in, session, league, name, password, _address(request),
                           request.app.state.clock)  # argon2: in a bounded worker pool, off the event loop
    except accounts.Throttled as exc:
        return login_page(request, 429, error=str(exc), name=name, target=target, carry=carry)
    except accounts.BadLogin as exc:
        return login_page(request, 401, error=str(exc), name=name, target=target, carry=carry)
    raw = accounts.start_session(session, member, request.app.state.clock,
                                 replacing=request.cookies.get(SESSION_COOKIE))
    row = accounts.find_session(session, raw, request.app.state.clock())
    request.state.member = member
    request.state.csrf_token = row.csrf_token if row else ""
    response: Response
    if carry:
        response = render(request, "resend.html", {"action": target, "fields": carry})
    else:
        response = RedirectResponse(target, 303)
    set_session_cookie(response, request, raw)
    return response


@router.post("/logout")
def logout(request: Request, session: DbSession) -> Response:
    raw = request.cookies.get(SESSION_COOKIE)
    if raw:
        accounts.end_session(session, raw)
    response = RedirectResponse("/", 303)
    clear_session_cookie(response, request)
    return response


# -- one-time links ---------------------------------------------------------------------------------------------
@router.get("/invite/{token}", response_class=HTMLResponse)
def invite_form(request: Request, session: DbSession, token: str) -> HTMLResponse:
    link = accounts.open_link(session, token, "invite", request.app.state.clock())
    return render(request, "signup.html", {"fixed_name": link.name, "name": link.name or "", "error": "",
                                           "league": the_league(session)})


@router.post("/invite/{token}", response_class=HTMLResponse)
def sign_up(request: Request, session: DbSession, token: str, password: Text, password2: Text,
            name: OptText = "") -> Response:
    link = accounts.open_link(session, token, "invite", request.app.state.clock())
    error = "the two passwords differ" if password != password2 else ""
    if not error:
        try:
            with session.begin_nested():
                member = accounts.sign_up(session, token, name, password, request.app.state.clock)
        except LeagueError as exc:
            error = str(exc)
    if error:
        return render(request, "signup.html", {"fixed_name": link.name, "name": name or link.name or "",
                                               "error": error, "league": the_league(session)}, 422)
    raw = accounts.start_session(session, member, request.app.state.clock,
                                 replacing=request.cookies.get(SESSION_COOKIE))
    response = RedirectResponse("/", 303)  # the league's home, with the new member's own links
    set_session_cookie(response, request, raw)
    return response


@router.get("/reset/{token}", response_class=HTMLResponse)
def reset_form(request: Request, session: DbSession, token: str) -> HTMLResponse:
    link = accounts.open_link(session, token, "reset", request.app.state.clock())
    return render(request, "reset.html", {"name": link.name, "error": ""})


@router.post("/reset/{token}", response_class=HTMLResponse)
def reset(request: Request, session: DbSession, token: str, password: Text, password2: Text) -> Response:
    link = accounts.open_link(session, token, "reset", request.app.state.clock())
    error = "the two passwords differ" if password != password2 else ""
    if not error:
        try:
            with session.begin_nested():
                accounts.reset_password(session, token, password, request.app.state.clock)
        except LeagueError as exc:
            error = str(exc)
    if error:
        return render(request, "reset.html", {"name": link.name, "error": error}, 422)
    return login_page(request, notice="Your password is set; sign in with it.", name=link.name or "")


# -- the account page ----------------------------------------------------------------------------------------------
def account_page(request: Request, session: DbSession, member: Member, status: int = 200,
                 **shown: Any) -> HTMLResponse:

    ctx = member_ctx(request, session, member)
    notices = [notice_row(ctx, n, number) for n, number in visible_notices(ctx, include_read=True)]
    context: dict[str, Any] = {"tokens": accounts.tokens(ctx), "error": "", "new_token": None, "new_link": None,
                               "local": ctx.local, "is_organiser": member.role == "organiser", "notices": notices}
    context.update(shown)
    page = render(request, "account.html", context, status)
    page.headers["Cache-Control"] = "no-store"  # it may show a new token or link once
    return page


@router.get("/account", response_class=HTMLResponse)
def account(request: Request, session: DbSession, member: SignedIn) -> HTMLResponse:
    return account_page(request, session, member)


@router.post("/account/tokens", response_class=HTMLResponse)
def token_create(request: Request, session: DbSession, member: SignedIn, label: OptText = "",
                 scopes: Annotated[list[str] | None, Form()] = None) -> HTMLResponse:
    # Only a browser's session gets here: the accounts middleware refuses API tokens on every page.
    try:
        raw, _row = accounts.create_token(member_ctx(request, session, member), label, scopes or None)
    except LeagueError as exc:
        return account_page(request, session, member, 422, error=str(exc))
    return account_page(request, session, member, new_token=raw)


@router.post("/account/tokens/{token_id}/revoke")
def token_revoke(request: Request, session: DbSession, member: SignedIn, token_id: PathInt) -> Response:
    accounts.revoke_token(member_ctx(request, session, member), token_id)
    return RedirectResponse("/account", 303)


@router.post("/account/password", response_class=HTMLResponse)
def password_change(request: Request, session: DbSession, member: SignedIn, current_password: Text,
                    new_password: Text, new_password2: Text) -> Response:
    error = "the two new passwords differ" if new_password != new_password2 else ""
    if not error:
        try:
            accounts.change_own_password(member_ctx(request, session, member), current_password, new_password,
                                         _address(request))
        except accounts.Throttled as exc:
            return account_page(request, session, member, 429, error=str(exc))
        except LeagueError as exc:
            error = str(exc)
    if error:
        return account_page(request, session, member, 422, error=error)
    raw = accounts.start_session(session, member, request.app.state.clock)  # the others have ended
    response = RedirectResponse("/account", 303)
    set_session_cookie(response, request, raw)
    return response


@router.post("/account/invites", response_class=HTMLResponse)
def invite_create(request: Request, session: DbSession, member: SignedIn, name: OptText = "") -> HTMLResponse:
    ctx = member_ctx(request, session, member)
    try:
        token = accounts.create_invite(ctx, name or None)
    except LeagueError as exc:
        return account_page(request, session, member, 422, error=str(exc))
    return account_page(request, session, member, new_link=league_base(request, session, ctx.league.id)[0]
                        + f"/invite/{token}")


@router.post("/account/resets", response_class=HTMLResponse)
def reset_create(request: Request, session: DbSession, member: SignedIn, name: Text) -> HTMLResponse:
    ctx = member_ctx(request, session, member)
    try:
        token = accounts.create_reset(ctx, name)
    except LeagueError as exc:
        return account_page(request, session, member, 422, error=str(exc))
    return account_page(request, session, member, new_link=league_base(request, session, ctx.league.id)[0]
                        + f"/reset/{token}")
