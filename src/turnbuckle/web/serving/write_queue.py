"""Requests that may write (POST, PUT, PATCH, DELETE): answered only once their unit of work is
committed, and on SQLite, queued for the one writing slot.

- FastAPI commits a route's unit of work after the route's response is handed over, so a browser
  following a redirect (sign-in, a form sent) could ask for the next page before the commit and read
  the old state. Here the response of a request that may write is held until the application has
  finished with it, commit included, and only then sent.
- SQLite takes one writer at a time. Left to itself, each waiting request holds a worker thread in
  SQLite's busy loop, and one that waits longer than the busy timeout fails ("database is locked"),
  while page readers starve for threads. Here such a request first waits, on the event loop and
  holding no thread, for the one writing slot; reads never wait (they use deferred transactions,
  see ``db.read_scope``). PostgreSQL needs no queue.
- The request's whole body is read (bounded in size and time, web/serving/limits.py) before it takes the
  slot: a client sending its body slowly must not hold the one writer's place while others wait."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from turnbuckle.web.serving.limits import BODY_READ, Limits, Refused, answer, read_body

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class WriteSlot:
    """The one writing slot on SQLite (``queue``), shared by the requests that may write and the
    app's own background writes (web/organiser/autolock.py); on PostgreSQL it lets everyone through."""

    def __init__(self, queue: bool = True) -> None:
        self.queue = queue
        self._lock: asyncio.Lock | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @asynccontextmanager
    async def held(self) -> AsyncIterator[None]:
        if not self.queue:
            yield
            return
        loop = asyncio.get_running_loop()
        if self._lock is None or self._loop is not loop:  # made inside the server's (current) event loop
            self._lock, self._loop = asyncio.Lock(), loop
        async with self._lock:
            yield


class WriteQueue:
    def __init__(self, app: ASGIApp, queue: bool = True, slot: WriteSlot | None = None,
                 limits: Limits | None = None) -> None:
        self.app = app
        self.slot = slot if slot is not None else WriteSlot(queue)
        self.limits = limits or Limits()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in UNSAFE:
            await self.app(scope, receive, send)
            return
        if not scope.get(BODY_READ):  # the limits middleware reads it first in the app; here if it did not
            try:
                receive = await read_body(scope, receive, self.limits)
            except Refused as exc:
                await answer(scope, send, exc.status, exc.message, close=True)
                return
            scope[BODY_READ] = True
        held: list[Message] = []

        async def hold(message: Message) -> None:
            held.append(message)

        async with self.slot.held():
            await self.app(scope, receive, hold)
        for message in held:
            await send(message)
