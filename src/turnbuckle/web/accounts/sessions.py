"""Who is asking, and whether a form really came from our own page: an ASGI middleware run before
every route. It sets ``request.state.member`` (the signed-in member, or None), ``request.state.csrf_token``
and, for unsafe methods, refuses a request whose CSRF token is missing or wrong.

- A signed-in browser holds ``tb_session``: a random id whose SHA-256 names a row of ``web_sessions``;
  the row holds the session's CSRF token.
- A spectator's browser holds ``tb_anon``: a random id; its CSRF token is an HMAC of that id under a
  secret kept in the database, so spectators' forms (sign-in, the score keeper) are protected too,
  without a database write per visitor.
- An API request with ``Authorization: Bearer <token>`` is that token's member and needs no CSRF
  token (a browser never adds that header by itself); a wrong token is a 401 at once. A token works
  on ``/api/`` only (a page refuses it: 401), and only within its scopes (web/accounts/token_scopes.py: 403).
- The client's address (for throttling sign-ins) is the connection's peer, unless the peer is one of
  the configured trusted proxies: then the right-most address of ``X-Forwarded-For`` that is not a
  trusted proxy, and ``X-Forwarded-Proto`` gives the scheme (web/serving/proxies.py).
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from hashlib import sha256
from urllib.parse import parse_qsl

from sqlalchemy import Engine
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from turnbuckle.league.context import Clock
from turnbuckle.league.credentials import new_token
from turnbuckle.league.db import read_scope, session_scope
from turnbuckle.league.errors import DatabaseError
from turnbuckle.league.models import Member
from turnbuckle.league.services import accounts
from turnbuckle.web.accounts.token_scopes import scope_refusal
from turnbuckle.web.forms import form_refusal
from turnbuckle.web.serving.proxies import Proxies

SESSION_COOKIE = "tb_session"
ANON_COOKIE = "tb_anon"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: The answer to a post whose CSRF token is missing or wrong: (request, its form, whether the session
#: has ended) -> the response. web/accounts/pages.py gives it, since its pages (the sign-in form) answer.
CsrfRefusal = Callable[[Request, FormData, bool], Response]
MAX_BODY = 2 * 1024 * 1024
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,100}$")


@dataclass
class Who:
    member: Member | None = None
    csrf: str = ""
    session_id: str | None = None  # the cookie's id of a live session
    session_ended: bool = False  # a session cookie came, but its session is gone (expired, logged out)
    via_token: bool = False
    bad_token: bool = False
    scopes: frozenset[str] = frozenset()  # a token's scopes


def is_https(request: Request) -> bool:
    return request.url.scheme == "https"


def cookie_header(name: str, value: str, https: bool, max_age: int | None = None) -> str:
    parts = [f"{name}={value}", "Path=/", "HttpOnly", "SameSite=Lax"]
    if max_age is not None:
        parts.append(f"Max-Age={max_age}")
    if https:
        parts.append("Secure")
    return "; ".join(parts)


def set_session_cookie(response: Response, request: Request, raw: str) -> None:
    response.set_cookie(SESSION_COOKIE, raw, max_age=int(accounts.SESSION_CAP.total_seconds()), path="/",
                        httponly=True, samesite="lax", secure=is_https(request))


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=is_https(request))


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


class AccountsMiddleware:
    def __init__(self, app: ASGIApp, engine: Engine, clock: Clock, secret: str, refuse_csrf: CsrfRefusal,
                 proxies: Proxies | None = None) -> None:
        self.app = app
        # the answer to a post whose CSRF token is missing or wrong (web/accounts/pages.py)
        self.refuse_csrf = refuse_csrf
        self.engine = engine
        self.clock = clock
        self.secret = secret.encode()
        self.proxies = proxies or Proxies(())

    def anon_csrf(self, anon_id: str) -> str:
        return hmac.new(self.secret, b"csrf:" + anon_id.encode(), sha256).hexdigest()

    def _identify(self, raw_session: str | None, bearer: str | None) -> Who:
        """Who the cookie or token is. Read without SQLite's write lock; the rare small write (a token's
        last use, an expired session removed) that meets another writer is done again with the lock."""
        try:
            return self._lookup(raw_session, bearer, read_scope)
        except DatabaseError:
            return self._lookup(raw_session, bearer, session_scope)

    def _lookup(self, raw_session: str | None, bearer: str | None,
                scope: Callable[[Engine], AbstractContextManager[Session]]) -> Who:
        with scope(self.engine) as session:
            now = self.clock()
            if bearer is not None:
                found = accounts.token_for(session, bearer, now) if _TOKEN_SHAPE.match(bearer) else None
                if found is None:
                    return Who(bad_token=True)
                return Who(member=found[0], via_token=True, scopes=found[1])
            if raw_session is None:
                return Who()
            row = accounts.find_session(session, raw_session, now) if _TOKEN_SHAPE.match(raw_session) else None
            if row is None:
                return Who(session_ended=True)
            return Who(member=row.member, csrf=row.csrf_token, session_id=raw_session)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        self.proxies.apply(scope)
        request = Request(scope)
        auth = request.headers.get("authorization", "")
        bearer = auth[7:].strip() if auth[:7].lower() == "bearer " else None
        if request.url.path.startswith("/static/") and request.method in ("GET", "HEAD"):
            await self.app(scope, receive, _sending(send, request, None))  # files: nobody to know, no cookie
            return
        if bearer is not None and not is_api(request):
            page_refused = PlainTextResponse("API tokens work on /api/ only; pages need a signed-in browser "
                                             "(sign in at /login)", 401)
            await page_refused(scope, receive, _sending(send, request, None))
            return
        try:
            who = await run_in_threadpool(self._identify, request.cookies.get(SESSION_COOKIE), bearer)
        except DatabaseError as exc:  # busy or gone: a clear 503, never a traceback
            await _refuse(request, 503, str(exc))(scope, receive, _sending(send, request, None))
            return
        if who.bad_token:
            refused = JSONResponse({"detail": "the API token is unknown or revoked; create one on your account page"},
                                   401, headers={"WWW-Authenticate": "Bearer"})
            await refused(scope, receive, _sending(send, request, None))
            return
        refusal = scope_refusal(request.method, request.url.path, who.scopes) if who.via_token else None
        if refusal is not None:
            await JSONResponse({"detail": refusal}, 403)(scope, receive, _sending(send, request, None))
            return
        new_anon: str | None = None
        visitor: str | None = None  # a spectator's browser: its tb_anon id (jobs it starts are its own)
        if not who.csrf:
            anon = request.cookies.get(ANON_COOKIE, "")
            if not _TOKEN_SHAPE.match(anon):
                anon = new_anon = new_token()
            who.csrf = self.anon_csrf(anon)
            visitor = anon
        state = request.state
        state.visitor = visitor
        state.member = who.member
        state.csrf_token = who.csrf
        state.session_id = who.session_id
        state.via_token = who.via_token
        state.token_scopes = who.scopes
        # A browser's post needs the token; an API call that carries no session cookie has no ambient
        # credentials a forged request could borrow, so it goes on (and reads as a spectator's: 401).
        needs_token = not who.via_token and not (is_api(request) and who.session_id is None) \
            and not _one_click_unsubscribe(request)
        if request.method in UNSAFE and needs_token:
            body = await _read_body(receive)
            if body is None:
                too_big = _refuse(request, 413, "the request is too large")
                await too_big(scope, receive, _sending(send, request, None))
                return
            try:
                form = await _form_of(request, body)
            except FormUnreadable as exc:
                await _refuse(request, exc.status, exc.message)(scope, receive, _sending(send, request, new_anon))
                return
            sent = request.headers.get("x-csrf-token") or str(form.get("csrf_token") or "")
            if not sent or not hmac.compare_digest(sent.encode(), who.csrf.encode()):
                response = self.refuse_csrf(request, form, who.session_ended)
                await response(scope, receive, _sending(send, request, new_anon))
                return
            receive = _replay(body)
        await self.app(scope, receive, _sending(send, request, new_anon))


def _one_click_unsubscribe(request: Request) -> bool:
    """A mail client's RFC 8058 one-click POST to an e-mail's unsubscribe link: it has no session
    nor CSRF token (the link's own token is the proof, and the POST only stops that member's mail)."""
    return request.method == "POST" and request.url.path.startswith("/notify/unsubscribe/")


def _refuse(request: Request, status: int, message: str) -> Response:
    if is_api(request):
        return JSONResponse({"detail": message}, status)
    return PlainTextResponse(message, status)



#: On every response: no framing (the resend page must not be clicked through a frame), no type
#: sniffing, and no Referer carrying a one-time link's token to another site.
SAFETY_HEADERS = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
                  (b"referrer-policy", b"same-origin")]


def _sending(send: Send, request: Request, new_anon: str | None) -> Send:
    extra = list(SAFETY_HEADERS)
    if new_anon:
        extra.append((b"set-cookie", cookie_header(ANON_COOKIE, new_anon, is_https(request)).encode("latin-1")))

    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = dict(message)
            message["headers"] = [*message.get("headers", []), *extra]
        await send(message)

    return wrapped


async def _read_body(receive: Receive) -> bytes | None:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


class FormUnreadable(Exception):
    """A multipart form over Starlette's limits (fields, a field's size): its status and one line."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def _form_of(request: Request, body: bytes) -> FormData:
    """The posted form's fields (empty for a body that is not a form)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/x-www-form-urlencoded":
        pairs: list[tuple[str, str | UploadFile]] = list(parse_qsl(body.decode("utf-8", "replace"),
                                                                   keep_blank_values=True))
        return FormData(pairs)
    if kind == "multipart/form-data":
        copy = Request(request.scope, _replay(body))
        try:
            form = await copy.form()
        except StarletteHTTPException as exc:  # over Starlette's limits: say so, not "the form is old"

            refusal = form_refusal(str(exc.detail))
            if refusal is None:
                return FormData()
            raise FormUnreadable(*refusal) from None
        except Exception:  # a broken multipart body carries no token
            return FormData()
        fields: list[tuple[str, str | UploadFile]] = [(k, v) for k, v in form.multi_items() if isinstance(v, str)]
        await form.close()
        return FormData(fields)
    return FormData()


def csrf_secret(engine: Engine) -> str:
    """The database's secret for spectators' CSRF tokens (made on first start)."""
    with session_scope(engine) as session:
        return accounts.site_key(session, "csrf")
