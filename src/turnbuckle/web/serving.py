"""How uvicorn serves the app (``turnbuckle serve``, the tests, ``make bench``): its timeouts and
limits from web/limits.py, and a deadline for a request's line and headers, which uvicorn lacks
(a connection that sends half a request line and then one byte now and then is closed)."""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from turnbuckle.web.limits import Limits

MAX_HEADERS = 16 * 1024  # bytes of request line and headers


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol, with a deadline from a request's first byte (or the connection's
    start) to the end of its headers; the keep-alive timeout covers idle connections as before."""

    header_timeout_s = Limits().header_timeout_s

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


def config(app: FastAPI | str, limits: Limits | None = None, **extra: Any) -> uvicorn.Config:
    """uvicorn's configuration for ``app`` (or its import string, for several worker processes)
    under ``limits`` (default: the app's own)."""
    if limits is None:
        limits = getattr(app.state, "limits", None) if isinstance(app, FastAPI) else None
    limits = limits or Limits()
    protocol: type[DeadlineProtocol] = DeadlineProtocol  # by name: worker processes import it
    if limits.header_timeout_s != DeadlineProtocol.header_timeout_s:
        protocol = type("Protocol", (DeadlineProtocol,), {"header_timeout_s": limits.header_timeout_s})
    # Logging is the program's own (core/logs.py, set up by ``serve``): uvicorn configures none, and
    # its access log is replaced by one line per request with its route and id (web/request_log.py).
    options: dict[str, Any] = {"log_level": None, "log_config": None, "access_log": False, "backlog": 2048}
    options.update(extra)
    return uvicorn.Config(app, http=protocol, timeout_keep_alive=limits.keep_alive_s,
                          h11_max_incomplete_event_size=MAX_HEADERS, **options)
