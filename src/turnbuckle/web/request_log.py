"""One log line per request: method, route template, status, milliseconds, member id and a request
id, which the response carries in ``X-Request-ID`` so that a user's report finds its line.

The outermost middleware, so refusals (413, 503 busy) are logged too. The route's template
(``/invite/{token}``) is written, never the path a token rides in; a request no route matched is
written ``(no route)`` with its path redacted (core/logs.py). The id is set in ``current_id`` for
the request's own lines (a failed show run names it on the show).
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from turnbuckle.core.logs import current_id, redact

log = logging.getLogger(__name__)
HEADER = b"x-request-id"


def new_request_id() -> str:
    return secrets.token_hex(6)


class RequestLog:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

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
            ms = (time.perf_counter() - began) * 1000
            log.info("%s %s %d %.0f ms member=%s", scope.get("method", "?"), _route(scope), status, ms,
                     _member(scope))
            current_id.reset(token)


def _route(scope: Scope) -> str:
    route = scope.get("route")
    template = getattr(route, "path", None)
    if template:
        return str(template)
    path = str(scope.get("path", ""))
    if path.startswith("/static/"):
        return "/static/{file}"
    return f"(no route) {redact(path)[:200]}"


def _member(scope: Scope) -> str:
    state: Any = scope.get("state") or {}
    member = state.get("member") if isinstance(state, dict) else None
    return str(getattr(member, "id", "-")) if member is not None else "-"
