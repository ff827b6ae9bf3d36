"""The ``h11_deadline`` workaround: a deadline for a request's line and headers, which uvicorn lacks
(a connection that sends half a request line and then one byte now and then is closed), as a
subclass of uvicorn's internal ``H11Protocol``. Off (another uvicorn, or switched off:
core/workarounds), web/serving/server.py serves with uvicorn's own h11 protocol and no such deadline.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol, with a deadline from a request's first byte (or the connection's
    start) to the end of its headers; the keep-alive timeout covers idle connections as before."""

    header_timeout_s = 10.0  # web/serving/limits.py's default; web/serving/server.py makes a subclass for another

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._headers_due: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:
            self._arm()  # part of a request line or headers: the deadline runs from its first byte
        else:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._headers_due is None:
            self._headers_due = self.loop.call_later(self.header_timeout_s, self._headers_late)

    def _disarm(self) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
            self._headers_due = None

    def _headers_late(self) -> None:
        self._headers_due = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()
