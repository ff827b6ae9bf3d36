"""One log line per request: method, route template, status, milliseconds, member id and a request
id, which the response carries in ``X-Request-ID`` so that a user's report finds its line.

The outermost middleware, so refusals (413, 503 busy) are logged too; it tells the app's metrics
(web/serving/metrics.py) each request's method, route template, status and seconds. The route's template
(``/invite/{token}``) is written, never the path a token rides in; a request no route matched is
written ``(no route)`` with its path redacted (core/logs.py). The id is set in ``current_id`` for
the request's own lines (a failed show run names it on the show). A probe answered well (web/serving/health.py:
/healthz, /readyz, /metrics) is written at debug level only, so a supervisor's polling does not
fill the log.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from turnbuckle.core.logs import current_id, redact

log = logging.getLogger(__name__)
HEADER = b"x-request-id"
#: Scope keys a middleware answering without a route sets: the template it answered as, and that its
#: line is written at debug level (web/serving/health.py).
ROUTE = "turnbuckle.route"
QUIET = "turnbuckle.quiet"
#: Told of each request: method, route template (``(no route)`` when none matched), status, seconds.
Observer = Callable[[str, str, int, float], None]


def new_request_id() -> str:
    return secrets.token_hex(6)


class RequestLog:
    def __init__(self, app: ASGIApp, observe: Observer | None = None) -> None:
        self.app = app
        self.observe = observe

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = new_request_id()
        token = current_id.set(f"r:{request_id}")
        scope.setdefault("state", {})["request_id"] = request_id
        status = 500
        began = time.perf_counter()

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                message = {**message, "headers": [*message.get("headers", []), (HEADER, request_id.encode())]}
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            seconds = time.perf_counter() - began
            method, template = str(scope.get("method", "?")), _template(scope)
            shown = template or f"(no route) {redact(str(scope.get('path', '')))[:200]}"
            log.log(logging.DEBUG if scope.get(QUIET) else logging.INFO, "%s %s %d %.0f ms member=%s", method,
                    shown, status, seconds * 1000, _member(scope))
            if self.observe is not None:
                self.observe(method, template or "(no route)", status, seconds)
            current_id.reset(token)


def _template(scope: Scope) -> str | None:
    """The template of the route that answered, or None when none did."""
    template = getattr(scope.get("route"), "path", None) or scope.get(ROUTE)
    if template:
        return str(template)
    if str(scope.get("path", "")).startswith("/static/"):
        return "/static/{file}"
    return None


def _member(scope: Scope) -> str:
    state: Any = scope.get("state") or {}
    member = state.get("member") if isinstance(state, dict) else None
    return str(getattr(member, "id", "-")) if member is not None else "-"
