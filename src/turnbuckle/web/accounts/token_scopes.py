"""What each scope of a personal API token lets it do on the JSON API (``/api/``):

- ``read``: every GET (and HEAD) of the API, and marking one's own notices read;
- ``submit``: sending strategies (``POST /api/shows/{number}/strategies``);
- ``organise``: the organiser's API routes (``/api/organiser/...``, any method).

Every API route that writes is listed in WRITES; one that is not (a route added later and
forgotten here) refuses every token, and tests/web/test_security_tokens.py fails until it is listed."""

from __future__ import annotations

import re

SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
ORGANISER = re.compile(r"^/api/organiser(/|$)")
#: (method, path pattern, scope) for the API's writing routes
WRITES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("POST", re.compile(r"^/api/shows/[^/]+/strategies$"), "submit"),
    ("POST", re.compile(r"^/api/notices/[^/]+/read$"), "read"),
)


def scope_needed(method: str, path: str) -> str | None:
    """The scope a token needs for ``method path`` (an API path), or None: no token may."""
    if ORGANISER.match(path):
        return "organise"
    if method in SAFE:
        return "read"
    for verb, pattern, scope in WRITES:
        if verb == method and pattern.match(path):
            return scope
    return None


def scope_refusal(method: str, path: str, scopes: frozenset[str]) -> str | None:
    """Why a token with ``scopes`` may not do ``method path`` (None: it may)."""
    needed = scope_needed(method, path)
    if needed is None:
        return f"an API token may not {method} {path}; use a signed-in browser"
    if needed not in scopes:
        held = ", ".join(sorted(scopes)) or "none"
        return (f"this API token lacks the '{needed}' scope (it has: {held}); create a token with it on "
                f"your account page")
    return None
