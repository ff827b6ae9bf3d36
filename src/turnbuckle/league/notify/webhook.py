"""One webhook call: an HTTP POST of the signed JSON body, with a timeout on the whole call (a
receiver that trickles its answer a byte at a time is cut there too), following no redirect (a 3xx
is a failed try that names where it pointed, by host only), to a checked public address (``reach``:
resolved at this call, connected to by address, the name kept for the Host header and TLS). What
the organiser is shown of a failure is the status and a short reason of ours, never the receiver's
answer. Standard library only."""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import time
from http import HTTPStatus
from typing import Any
from urllib.parse import quote, urlsplit

from turnbuckle import __version__
from turnbuckle.league.notify.config import shown_url
from turnbuckle.league.notify.deadline import Deadline
from turnbuckle.league.notify.outbox import Outcome
from turnbuckle.league.notify.reach import Refused, open_checked
from turnbuckle.league.notify.signing import EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signature

#: Seconds a webhook call may take, connection included.
TIMEOUT_S = 10.0
#: The most of a receiver's answer read (it is not kept: reading lets the receiver finish).
MAX_ANSWER = 2000


def encode(body: dict[str, Any]) -> bytes:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()


def post_all(url: str, secret: str, bodies: list[dict[str, Any]], *, timeout: float = TIMEOUT_S) -> Outcome:
    """Each body in turn (a post too long for one Discord message is several), stopping at the first
    that fails; the whole is tried again then, each part with its own event id for the receiver."""
    outcome = Outcome(False, "empty", "nothing to send")
    total = 0
    for body in bodies:
        outcome = post(url, secret, str(body.get("turnbuckle", {}).get("event_id", "")), body, timeout=timeout)
        total += outcome.ms
        if not outcome.ok:
            break
    return Outcome(outcome.ok, outcome.status, outcome.error, total, outcome.drop)


def post(url: str, secret: str, event_id: str, body: dict[str, Any], *, now: float | None = None,
         timeout: float = TIMEOUT_S) -> Outcome:
    """POST ``body`` to ``url`` signed with ``secret`` at Unix time ``now`` (default: the wall clock's
    now, which a receiver's replay check compares with: never the league's clock); how it went. No error
    text holds the address's path or the secret."""
    data = encode(body)
    stamp = int(time.time() if now is None else now)
    parts = urlsplit(url)
    headers = {"Content-Type": "application/json", "User-Agent": f"turnbuckle/{__version__}",
               TIMESTAMP_HEADER: str(stamp), SIGNATURE_HEADER: signature(secret, stamp, data),
               EVENT_HEADER: event_id}
    # A path or query with letters beyond ASCII is sent percent-encoded (http.client would refuse it).
    path = quote((parts.path or "/") + (f"?{parts.query}" if parts.query else ""), safe="/?&=%:@!$'()*+,;~-._")
    conn: http.client.HTTPConnection
    if parts.scheme == "https":
        conn = http.client.HTTPSConnection(parts.hostname or "", parts.port, timeout=timeout,
                                           context=ssl.create_default_context())
    else:
        conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=timeout)
    # Connected through the checked address; the name stays the Host header's and the certificate's.
    setattr(conn, "_create_connection", _checked_connection)  # noqa: B010 - http.client's own connect hook
    deadline = Deadline(timeout)  # the socket's timeout bounds each wait; this, the whole call
    deadline.watch(lambda: conn.sock)
    started = time.monotonic()
    try:
        with deadline:
            conn.request("POST", path, body=data, headers=headers)
            answer = conn.getresponse()
            answer.read(MAX_ANSWER)
            status, location = answer.status, answer.getheader("Location") or ""
    except Refused as exc:
        return Outcome(False, "blocked", f"{shown_url(url)}: {exc}", _ms(started))
    except TimeoutError:
        return Outcome(False, "timeout", f"no answer from {shown_url(url)} within {timeout:g} s", _ms(started))
    except (OSError, http.client.HTTPException) as exc:
        if deadline.cut:
            return Outcome(False, "timeout", f"no whole answer from {shown_url(url)} within {timeout:g} s",
                           _ms(started))
        if isinstance(exc, http.client.HTTPException):  # its text would quote what the other end said
            return Outcome(False, "error", f"{shown_url(url)}: the answer was not HTTP ({type(exc).__name__})",
                           _ms(started))
        return Outcome(False, "error", f"{shown_url(url)}: {type(exc).__name__}: {str(exc)[:200]}", _ms(started))
    finally:
        conn.close()
    if deadline.cut:  # cut mid-answer: what was read may look whole (headers end at a closed socket)
        return Outcome(False, "timeout", f"no whole answer from {shown_url(url)} within {timeout:g} s", _ms(started))
    ms = _ms(started)
    if 200 <= status < 300:
        return Outcome(True, str(status), "", ms)
    if 300 <= status < 400:
        return Outcome(False, str(status), f"redirect to {shown_url(location) or 'nowhere'} not followed; "
                       "set the webhook to the final address", ms)
    return Outcome(False, str(status), f"{shown_url(url)} answered HTTP {status} {_phrase(status)}".rstrip(), ms)


def _checked_connection(address: tuple[str, int], timeout: float | None,
                        _source: object = None) -> socket.socket:
    return open_checked(address[0], address[1], timeout)


def _phrase(status: int) -> str:
    """The standard name of an HTTP status ("Not Found"), never the receiver's own words."""
    try:
        return f"({HTTPStatus(status).phrase})"
    except ValueError:
        return ""


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
