"""What a supervisor, a load balancer and Prometheus ask the server, answered by one ASGI middleware
before the request queue (web/serving/limits.py), the accounts and the routes: no session, no CSRF token,
no place in the queue, no route (so nothing in the API schema, and no page).

- ``GET /healthz``: 200 ``ok`` while the process answers; touches nothing else.
- ``GET /readyz``: 200 when the database answers, its schema is the one this turnbuckle writes, and
  the job worker and the notification sender run (where this process runs them); else 503. Both
  answer a short JSON of each check. One check runs at a time and its answer serves the next second's
  askers too, so a flood of /readyz costs the database one query a second.
- ``GET /metrics``: the Prometheus metrics (web/serving/metrics.py), to the addresses the operator allows
  (``serve --metrics-allow``; loopback by default). The client's address is the one web/serving/proxies.py
  establishes; a request that carries forwarded headers its peer is not trusted to send is nobody's
  (a proxy in front, not named trusted, would make every visitor look like loopback). Anyone else
  reaches the site as if there were nothing there: its 404.

Every other request passes on, with ``running.run_watcher`` set to this app's metrics so that a
show run made under it is counted.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import time
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from starlette.types import ASGIApp, Receive, Scope, Send

from turnbuckle.league.db import current_revision, head_revision
from turnbuckle.league.services import running
from turnbuckle.web.serving.metrics import Metrics, database_gone
from turnbuckle.web.serving.proxies import Proxies, parse_proxies
from turnbuckle.web.serving.request_log import QUIET, ROUTE

log = logging.getLogger(__name__)

PATHS = ("/healthz", "/readyz", "/metrics")
#: The longest /readyz waits for the database before it says it did not answer.
DATABASE_WAIT_S = 5.0
#: How long one readiness check's answer serves the askers that follow.
READY_FRESH_S = 1.0


def check_database(engine: Engine) -> dict[str, str]:
    """The database's and its schema's checks: "ok" or what is wrong, in a few words."""
    try:
        if database_gone(engine):
            return {"database": "its file is gone", "schema": "unknown"}
        revision = current_revision(engine)
    except SQLAlchemyError as exc:
        log.warning("readiness: the database did not answer: %s", str(exc).splitlines()[0] if str(exc) else exc)
        return {"database": "no answer", "schema": "unknown"}
    if revision != head_revision():
        return {"database": "ok", "schema": f"{revision or 'none'}, needs {head_revision()}"}
    return {"database": "ok", "schema": "ok"}


def _task_check(state: Any, name: str) -> str:
    """A background task's check: ok while it runs, or where this process runs none."""
    task = getattr(state, name, None)
    if task is None or getattr(task, "threads", 1) == 0:
        return "not run here"
    return "ok" if task.running else "stopped"


class Health:
    """The middleware; ``allowed``: the addresses or networks that may read /metrics."""

    def __init__(self, app: ASGIApp, *, engine: Engine, metrics: Metrics, proxies: Proxies,
                 allowed: Iterable[str]) -> None:
        self.app = app
        self.engine = engine
        self.metrics = metrics
        self.proxies = proxies
        self.allowed = parse_proxies(allowed)
        self._ready: tuple[float, dict[str, str]] | None = None
        self._checking = asyncio.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path not in PATHS or scope["method"] not in ("GET", "HEAD"):
            token = running.run_watcher.set(self.metrics.observe_run)
            try:
                await self.app(scope, receive, send)
            finally:
                running.run_watcher.reset(token)
            return
        if path == "/metrics" and not self.may_scrape(scope):
            await self.app(scope, receive, send)  # the site's own 404, as for any address that names nothing
            return
        scope[ROUTE] = path
        if path == "/healthz":
            status, body, kind = 200, b"ok\n", "text/plain; charset=utf-8"
        elif path == "/readyz":
            checks = await self.readiness(scope)
            ready = all(v in ("ok", "not run here") for v in checks.values())
            status, kind = (200 if ready else 503), "application/json"
            body = json.dumps({"ready": ready, "checks": checks}).encode()
        else:
            headers = dict(scope.get("headers", ()))
            accept = headers.get(b"accept", b"").decode("latin-1")
            body, kind = await asyncio.to_thread(self.metrics.exposition, accept)
            status = 200
        if status < 400:
            scope[QUIET] = True  # a supervisor's polling is written at debug level only (web/serving/request_log.py)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode()),
                                (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})

    def may_scrape(self, scope: Scope) -> bool:
        seen: dict[str, Any] = {"client": scope.get("client"), "headers": scope.get("headers", [])}
        self.proxies.apply(seen)
        client = seen.get("client")
        if not client:
            return False
        forwarded = any(k.lower() in (b"x-forwarded-for", b"forwarded") for k, _ in seen["headers"])
        if forwarded and not self.proxies.is_trusted(str(scope["client"][0])):
            return False
        try:
            address = ipaddress.ip_address(str(client[0]))
        except ValueError:
            return False
        mapped = getattr(address, "ipv4_mapped", None)  # an IPv4 client of a dual-stack socket
        return any(a in network for network in self.allowed for a in (address, mapped) if a is not None
                   and a.version == network.version)

    async def readiness(self, scope: Scope) -> dict[str, str]:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # made inside the server's event loop
            self._checking, self._loop = asyncio.Lock(), loop
        async with self._checking:
            now = time.monotonic()
            if self._ready is None or now - self._ready[0] > READY_FRESH_S:
                try:
                    checks = await asyncio.wait_for(asyncio.to_thread(check_database, self.engine), DATABASE_WAIT_S)
                except TimeoutError:
                    checks = {"database": f"no answer within {DATABASE_WAIT_S:g} s", "schema": "unknown"}
                self._ready = (time.monotonic(), checks)
            checks = dict(self._ready[1])
        app_state = getattr(scope.get("app"), "state", None)
        checks["job_worker"] = _task_check(app_state, "job_worker")
        checks["notifier"] = _task_check(app_state, "notifier")
        return checks
