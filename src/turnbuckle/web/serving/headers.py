"""The headers a public server owes its browsers, set on every answer by one outermost middleware.

- ``Content-Security-Policy`` (:data:`CSP`): scripts and styles only from this site's own files (no inline
  script, no inline event handler, no inline style, no ``eval``), nothing framed, forms posted only here. The
  templates hold no inline script or style (tests/web/test_headers.py scans them), so the policy costs nothing.
  An answer that names its own policy keeps it: the keeper's engine worker (web/keeper/offline.py) adds
  ``'wasm-unsafe-eval'`` so that Pyodide may compile its WebAssembly, and nothing else does.
- ``Cache-Control: no-store`` on every answer to a request that carries credentials (a session cookie or an
  API token), on every answer that signs someone in (sets the session cookie), and on the one-time invite and
  reset pages: those are the answers that may show a secret strategy, a sheet, a token or a one-time link,
  and no shared cache or browser history may keep them. Static files keep their caching (a year and
  ``immutable`` under a hashed name, web/serving/static_files.py).
- ``Cache-Control: no-cache`` on any other answer that names no caching of its own (a public page, the
  JSON API): a cache may keep it but asks again before using it, so a published show is never hidden
  behind an old copy. An answer that sets its own (the feeds, static files) keeps it.
"""

from __future__ import annotations

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from turnbuckle.web.accounts.sessions import SESSION_COOKIE

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
#: Paths whose answers hold a one-time token even for a visitor who is not signed in.
ONE_TIME_PATHS = ("/invite/", "/reset/")


def private(scope: Scope) -> bool:
    """Whether the request's answer may hold what is one member's own: it carries a session cookie or an
    API token (valid or not: the answer is no-store either way), or asks for a one-time link's page."""
    path: str = scope.get("path", "")
    if path.startswith("/static/"):
        return False
    headers = Headers(scope=scope)
    cookies = headers.get("cookie", "")
    carries_session = any(part.strip().startswith(SESSION_COOKIE + "=") for part in cookies.split(";"))
    return carries_session or "authorization" in headers or path.startswith(ONE_TIME_PATHS)


class SecurityHeaders:
    """Sets :data:`CSP` on every answer and ``Cache-Control: no-store`` where :func:`private` says so or
    the answer sets the session cookie (a sign-in)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        keep_out = private(scope)

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("content-security-policy", CSP)  # an answer may name its own (the keeper's engine)
                signs_in = any(c.startswith(SESSION_COOKIE + "=") for c in headers.getlist("set-cookie"))
                if keep_out or signs_in:
                    headers["cache-control"] = "no-store"
                elif "cache-control" not in headers:
                    headers["cache-control"] = "no-cache"
            await send(message)

        await self.app(scope, receive, sending)
