"""Webhook signatures: ``X-Turnbuckle-Signature: v1=HEX``, where HEX is the HMAC-SHA256, keyed with
the league's secret, of the ``X-Turnbuckle-Timestamp`` header (Unix seconds), a full stop and the
body's bytes exactly as sent. A receiver recomputes it, compares in constant time, and refuses a
timestamp more than :data:`TOLERANCE_S` from its own clock (a replay) and an event id it has had."""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "X-Turnbuckle-Signature"
TIMESTAMP_HEADER = "X-Turnbuckle-Timestamp"
EVENT_HEADER = "X-Turnbuckle-Event"
#: Seconds a receiver should accept between the timestamp and its own clock.
TOLERANCE_S = 300


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return "v1=" + mac.hexdigest()


def verify(secret: str, header: str, timestamp: str, body: bytes, now: float, tolerance: int = TOLERANCE_S) -> bool:
    """What a receiver does: the timestamp is near ``now`` and the signature is the body's."""
    if not (timestamp.isascii() and timestamp.isdigit()) or abs(now - int(timestamp)) > tolerance:
        return False  # ("²".isdigit() is true, and int() refuses it)
    # bytes, not str: compare_digest raises on a str with a letter beyond ASCII, which a forger may send
    return hmac.compare_digest(signature(secret, int(timestamp), body).encode(), header.strip().encode())
