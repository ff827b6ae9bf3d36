"""One webhook call: an HTTP POST of the signed JSON body, with a timeout on the whole call (a
receiver that trickles its answer a byte at a time is cut there too), following no redirect (a 3xx
is a failed try that names where it pointed, by host only). Standard library only."""

from __future__ import annotations

import http.client
import json
import ssl
import time
from typing import Any
from urllib.parse import quote, urlsplit

from turnbuckle import __version__
from turnbuckle.league.notify.config import shown_url
from turnbuckle.league.notify.deadline import Deadline
from turnbuckle.league.notify.outbox import Outcome
from turnbuckle.league.notify.signing import EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signature

#: Seconds a webhook call may take, connection included.
TIMEOUT_S = 10.0
#: The most of a receiver's answer read (for the attempt log).
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
    deadline = Deadline(timeout)  # the socket's timeout bounds each wait; this, the whole call
    deadline.watch(lambda: conn.sock)
    started = time.monotonic()
    try:
        with deadline:
            conn.request("POST", path, body=data, headers=headers)
            answer = conn.getresponse()
            text = answer.read(MAX_ANSWER).decode("utf-8", "replace")
            status, location = answer.status, answer.getheader("Location") or ""
    except TimeoutError:
        return Outcome(False, "timeout", f"no answer from {shown_url(url)} within {timeout:g} s", _ms(started))
    except (OSError, http.client.HTTPException) as exc:
        if deadline.cut:
            return Outcome(False, "timeout", f"no whole answer from {shown_url(url)} within {timeout:g} s",
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
    return Outcome(False, str(status), f"HTTP {status}: {' '.join(_unsaid(text, url, path).split())[:300]}", ms)


def _unsaid(text: str, url: str, path: str) -> str:
    """A receiver's answer without the webhook's address or path in it (a "Cannot POST /hook/TOKEN"
    page would otherwise put the receiver's token in the log)."""
    parts = urlsplit(url)
    for said in sorted({url, path, parts.path, parts.query, parts.path.rstrip("/")}, key=len, reverse=True):
        if len(said) > 1:
            text = text.replace(said, "…")
    return text


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
