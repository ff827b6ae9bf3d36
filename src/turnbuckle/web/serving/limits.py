"""What one server process takes on at a time: the outermost ASGI middleware.

- **Bodies**: one size limit for every route, checked on ``Content-Length`` before anything is read
  and counted while a chunked body streams (413). The whole body is read here, within a deadline
  (408), before the request takes a request slot or SQLite's writing slot (web/serving/write_queue.py): a
  client that sends its body one byte every few seconds holds nothing that others wait for.
- **Requests in progress**: at most ``max_active`` reads (GET, HEAD) and ``max_writing`` requests
  that may write at once, each kind with places of its own, so that a burst of writes queued for
  SQLite's one writer never keeps a page from being read; up to ``max_waiting`` more wait (on the
  event loop, holding no thread and no database connection) for at most ``wait_s`` (``write_wait_s``
  for writes); anything beyond
  is answered at once with 503 and ``Retry-After``. The database pool and the worker threads are
  sized from these (web/app.py), so an admitted request never waits on a connection that another
  admitted request holds while it waits for a thread (such a wait would stall a crowd into 500s).
- Every 503 (a busy database too) carries ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The scope key set once the body has been read and bounded (web/serving/write_queue.py checks it).
BODY_READ = "turnbuckle.body_read"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@dataclass(frozen=True)
class Limits:
    """One process's limits; ``turnbuckle serve`` uses the defaults (docs/web.md, "Serving under load")."""

    max_body: int = 2 * 1024 * 1024  # bytes in a request body, on every route
    body_timeout_s: float = 10.0  # the whole body must arrive within this
    header_timeout_s: float = 10.0  # the request line and headers must arrive within this (web/serving/server.py)
    keep_alive_s: int = 5  # an idle keep-alive connection is closed after this
    max_active: int = 24  # reads in progress at once
    max_writing: int = 4  # requests that may write (POST, PUT, PATCH, DELETE) in progress at once
    max_waiting: int = 256  # requests waiting for a place; more are answered 503 at once
    wait_s: float = 3.5  # the longest a read waits for a place before a 503
    write_wait_s: float = 30.0  # the same for a request that may write: long enough for a burst of writes to drain
    retry_after_s: int = 2  # the Retry-After of a 503
    cpu_workers: int = 2  # threads for CPU-heavy work: the score keeper, password hashing (web/serving/offload.py)

    def pool(self) -> dict[str, int]:
        """The database pool for the requests let in: a request may hold two connections at once
        (its unit of work, and the auto-lock check), and the background tasks need a few."""
        admitted = self.max_active + self.max_writing
        return {"pool_size": admitted, "max_overflow": admitted + 8, "pool_timeout": 10}

    def threads(self) -> int:
        """Worker threads for sync routes and dependencies: more than the requests let in, so an
        admitted request never waits for a thread held by one waiting for it."""
        return max(40, 2 * (self.max_active + self.max_writing) + 8)


class Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


async def read_body(scope: Scope, receive: Receive, limits: Limits) -> Receive:
    """The request's whole body, read within ``limits`` (Refused: 413 too large, 408 too slow), as a
    ``receive`` that hands it over in one message and then waits for the client to go."""
    length = _header(scope, b"content-length")
    chunked = b"chunked" in (_header(scope, b"transfer-encoding") or b"").lower()
    if length is not None:
        if not length.strip().isdigit():
            raise Refused(400, "the Content-Length header is not a number")
        if int(length) > limits.max_body:
            raise Refused(413, f"the request body is larger than {limits.max_body} bytes")
        if int(length) == 0 and not chunked:
            return _replay(b"", receive)
    elif not chunked:
        return receive  # no body
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(limits.body_timeout_s):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return _gone()
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limits.max_body:
                    raise Refused(413, f"the request body is larger than {limits.max_body} bytes")
                chunks.append(chunk)
                if not message.get("more_body", False):
                    break
    except TimeoutError:
        raise Refused(408, f"the request body did not arrive within {limits.body_timeout_s:g} s") from None
    return _replay(b"".join(chunks), receive)


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value)
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # the client going away

    return replayed


def _gone() -> Receive:
    async def gone() -> Message:
        return {"type": "http.disconnect"}

    return gone


class Shed:
    """The middleware: bounded bodies, then a place among ``max_active`` or a 503."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.active = 0
        self.waiting = 0
        self._places: dict[bool, asyncio.Semaphore] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def places(self, writing: bool) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # made inside the server's event loop
            self._places = {False: asyncio.Semaphore(self.limits.max_active),
                            True: asyncio.Semaphore(self.limits.max_writing)}
            self._loop = loop
        return self._places[writing]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            receive = await read_body(scope, receive, self.limits)
        except Refused as exc:
            await answer(scope, send, exc.status, exc.message, close=True)
            return
        scope[BODY_READ] = True
        writing = scope["method"] in UNSAFE
        places = self.places(writing)
        if places.locked():
            if self.waiting >= self.limits.max_waiting:
                await self._busy(scope, send)
                return
            self.waiting += 1
            try:
                await asyncio.wait_for(places.acquire(), self.limits.write_wait_s if writing else self.limits.wait_s)
            except TimeoutError:
                await self._busy(scope, send)
                return
            finally:
                self.waiting -= 1
        else:
            await places.acquire()
        self.active += 1
        try:
            await self.app(scope, receive, _retry_after(send, self.limits.retry_after_s))
        finally:
            self.active -= 1
            places.release()

    async def _busy(self, scope: Scope, send: Send) -> None:
        await answer(scope, send, 503, "the server is busy; try again in a moment",
                      retry_after=self.limits.retry_after_s)


def _retry_after(send: Send, seconds: int) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] == 503:
            headers = list(message.get("headers", []))
            if not any(k.lower() == b"retry-after" for k, _ in headers):
                message = {**message, "headers": [*headers, (b"retry-after", str(seconds).encode())]}
        await send(message)

    return sending


async def answer(scope: Scope, send: Send, status: int, message: str, *, close: bool = False,
                  retry_after: int | None = None) -> None:
    """A short answer: JSON under /api/, plain text elsewhere."""
    if str(scope.get("path", "")).startswith("/api/"):
        body, kind = json.dumps({"detail": message}).encode(), b"application/json"
    else:
        body, kind = message.encode(), b"text/plain; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})
