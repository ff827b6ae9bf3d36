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
  see ``db.read_scope``). PostgreSQL needs no queue."""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class WriteQueue:
    def __init__(self, app: ASGIApp, queue: bool = True) -> None:
        self.app = app
        self.queue = queue
        self._slot: asyncio.Lock | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in UNSAFE:
            await self.app(scope, receive, send)
            return
        held: list[Message] = []

        async def hold(message: Message) -> None:
            held.append(message)

        if self.queue:
            if self._slot is None:  # made inside the server's event loop
                self._slot = asyncio.Lock()
            async with self._slot:
                await self.app(scope, receive, hold)
        else:
            await self.app(scope, receive, hold)
        for message in held:
            await send(message)
