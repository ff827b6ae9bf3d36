"""The program's log lines: one configuration for turnbuckle's loggers and uvicorn's, text or JSON,
with secrets redacted from every line, and the id of the request or job a line belongs to.

Every module logs through ``logging.getLogger(__name__)``. ``configure`` (called by ``serve``) sends
the ``turnbuckle`` and ``uvicorn`` loggers to one handler, at one level, in one format:

- text: ``2026-11-28T03:04:05.678Z INFO turnbuckle.web.requests [r:5f2a9c0d1e4b] GET /shows/{number} 200 12 ms``
- json: one object a line, ``{"time", "level", "logger", "message", "request_id"?, "job_id"?}``.

``current_id`` holds the id of the request or job being handled (a context variable, so each
request's and each job thread's lines carry their own); a failed show run names it on the show, so
an operator finds the traceback under it.

Redaction: tokens ride in the paths of one-time links (invite, reset, setup), of feeds and of
unsubscribe links, in query strings and in webhook addresses. The request log writes a route's
template (``/invite/{token}``), never the path; and every line, whatever logged it, passes
``redact``, which masks the secret part of such paths and of any query string value.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import sys
from datetime import UTC, datetime
from typing import TextIO

#: The request or job the current line belongs to ("r:..." or "j:..."), or "".
current_id: contextvars.ContextVar[str] = contextvars.ContextVar("turnbuckle_log_id", default="")

#: Path segments after which the last segment is a secret (one-time links, feeds, unsubscribe), one
#: segment between allowed (``/feeds/member/TOKEN.ics``, ``/webhooks/ID/TOKEN``); a route's
#: ``{placeholder}`` is left alone.
_SECRET_AFTER = r"(?:invite|invites|reset|setup|feeds?|ical|atom|unsubscribe|confirm|accept|token|tokens|webhooks)"
_PATH_SECRET = re.compile(rf"(/{_SECRET_AFTER}/(?:[A-Za-z0-9_-]+/)?)([^/\s?#\"'{{][^/\s?#\"']*)(?=[\s?#\"']|$)",
                          re.IGNORECASE)
#: A query string's values (``?token=...&k=...``): names are kept, values masked.
_QUERY_VALUE = re.compile(r"([?&][A-Za-z0-9_.-]{1,40}=)([^&\s#\"']+)")
#: Any long run of token characters after ``/`` or ``=`` (a belt to the braces above): 24 or more.
_LONG_TOKEN = re.compile(r"(?<=[/=])[A-Za-z0-9_-]{24,}")
REDACTED = "[redacted]"


def redact(text: str) -> str:
    """``text`` with the secret parts of token-bearing paths and every query value masked."""
    text = _PATH_SECRET.sub(lambda m: m.group(1) + REDACTED, text)
    text = _QUERY_VALUE.sub(lambda m: m.group(1) + REDACTED, text)
    return _LONG_TOKEN.sub(REDACTED, text)


class _Redacting(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        record.log_id = current_id.get()
        return True


def _stamp(record: logging.LogRecord) -> str:
    moment = datetime.fromtimestamp(record.created, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class TextFormat(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        log_id = getattr(record, "log_id", "")
        line = f"{_stamp(record)} {record.levelname} {record.name}" + (f" [{log_id}]" if log_id else "")
        line += f" {record.getMessage()}"
        if record.exc_text:
            line += "\n" + record.exc_text
        return line


class JsonFormat(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, object] = {"time": _stamp(record), "level": record.levelname, "logger": record.name,
                                   "message": record.getMessage()}
        log_id = getattr(record, "log_id", "")
        if log_id.startswith("r:"):
            data["request_id"] = log_id[2:]
        elif log_id.startswith("j:"):
            data["job_id"] = log_id[2:]
        if record.exc_text:
            data["traceback"] = record.exc_text
        return json.dumps(data, ensure_ascii=False)


class StandardError(logging.Handler):
    """Writes to whatever ``sys.stderr`` is when a line is written (a test's capture, a redirect made
    later), never to a stream closed since."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
            sys.stderr.flush()
        except Exception:
            self.handleError(record)


#: The loggers ``configure`` takes over: ours, and uvicorn's (its access log is replaced by ours).
LOGGERS = ("turnbuckle", "uvicorn")  # uvicorn.error and the rest propagate to "uvicorn"


def configure(level: str = "info", fmt: str = "text", stream: TextIO | None = None) -> logging.Handler:
    """Send turnbuckle's and uvicorn's loggers to one handler on ``stream`` (standard error), at
    ``level`` (debug, info, warning, error), as ``fmt`` (text or json). Returns the handler."""
    handler: logging.Handler = logging.StreamHandler(stream) if stream is not None else StandardError()
    handler.setFormatter(JsonFormat() if fmt == "json" else TextFormat())
    handler.addFilter(_Redacting())
    handler.turnbuckle = True  # type: ignore[attr-defined]
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in list(logger.handlers):
            if getattr(old, "turnbuckle", False):  # ours, from an earlier call: replaced
                logger.removeHandler(old)
        logger.addHandler(handler)
        logger.setLevel(level.upper())
    access = logging.getLogger("uvicorn.access")
    access.handlers.clear()
    access.propagate = False
    access.disabled = True  # one line per request comes from web/serving/request_log.py, with its route and id
    return handler


def unconfigure() -> None:
    """Take back what ``configure`` set: its handlers and the loggers' levels (a command that
    configures nothing then leaves logging as Python starts it)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in list(logger.handlers):
            if getattr(old, "turnbuckle", False):
                logger.removeHandler(old)
        logger.setLevel(logging.NOTSET)
