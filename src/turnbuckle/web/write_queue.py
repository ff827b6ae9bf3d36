"""Forms that change the league wait their turn in the server, not in SQLite.

SQLite takes one writer at a time. Left to itself, each waiting request holds a worker thread in
SQLite's busy loop, and one that waits longer than the busy timeout fails ("database is locked"),
while the page readers starve for threads. Here a request that may write (POST, PUT, PATCH,
DELETE) first waits, on the event loop and holding no thread, for the one writing slot; reads never
wait (they use deferred transactions, see ``db.read_scope``). PostgreSQL needs no queue."""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Receive, Scope, Send

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class WriteQueue:
    def __init__(self, app: ASGIApp, writers: int = 1) -> None:
        self.app = app
        self.writers = writers
        self._slots: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in UNSAFE:
            await self.app(scope, receive, send)
            return
        if self._slots is None:  # made inside the server's event loop
            self._slots = asyncio.Semaphore(self.writers)
        async with self._slots:
            await self.app(scope, receive, send)
