"""How uvicorn serves the app (``turnbuckle serve``, the tests, ``make bench``): its timeouts and
limits from web/serving/limits.py, and a deadline for a request's line and headers, which uvicorn lacks
(a connection that sends half a request line and then one byte now and then is closed: the
``h11_deadline`` workaround, core/workarounds/h11_deadline.py)."""

from __future__ import annotations

from typing import Any

import uvicorn
from fastapi import FastAPI

from turnbuckle.core.workarounds import active
from turnbuckle.web.serving.limits import Limits

MAX_HEADERS = 16 * 1024  # bytes of request line and headers


def config(app: FastAPI | str, limits: Limits | None = None, **extra: Any) -> uvicorn.Config:
    """uvicorn's configuration for ``app`` (or its import string, for several worker processes)
    under ``limits`` (default: the app's own)."""
    if limits is None:
        limits = getattr(app.state, "limits", None) if isinstance(app, FastAPI) else None
    limits = limits or Limits()
    protocol: type[Any] | str = "h11"  # uvicorn's own: no deadline for the headers
    if active("h11_deadline"):  # core/workarounds/h11_deadline.py
        from turnbuckle.core.workarounds.h11_deadline import (  # lazy: uvicorn's h11 protocol loads only to serve
            DeadlineProtocol,
        )

        protocol = DeadlineProtocol  # by name: worker processes import it
        if limits.header_timeout_s != DeadlineProtocol.header_timeout_s:
            protocol = type("Protocol", (DeadlineProtocol,), {"header_timeout_s": limits.header_timeout_s})
    # Logging is the program's own (core/logs.py, set up by ``serve``): uvicorn configures none, and
    # its access log is replaced by one line per request with its route and id (web/serving/request_log.py).
    options: dict[str, Any] = {"log_level": None, "log_config": None, "access_log": False, "backlog": 2048}
    options.update(extra)
    return uvicorn.Config(app, http=protocol, timeout_keep_alive=limits.keep_alive_s,
                          h11_max_incomplete_event_size=MAX_HEADERS, **options)
