"""Absolute links the site hands out (invites, password resets): built from the configured base URL,
never from the request's ``Host`` header, which a client writes as it likes (a forged Host would
otherwise put an attacker's address in front of a reset token)."""

from __future__ import annotations

from fastapi import Request


def site_base(request: Request) -> str:
    """The site's address without a trailing slash: ``create_app(base_url=...)`` (``serve --base-url``)
    if set, else the address this server listens on, as the connection's own socket reports it."""
    configured: str | None = getattr(request.app.state, "base_url", None)
    if configured:
        return configured.rstrip("/")
    server = request.scope.get("server")
    scheme = request.scope.get("scheme", "http")
    if not server:
        return f"{scheme}://localhost"
    host, port = server[0], server[1]
    host = f"[{host}]" if ":" in host else host
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{host}" if port in (None, default) else f"{scheme}://{host}:{port}"


def absolute(request: Request, path: str) -> str:
    """``path`` (starting with "/") as an absolute link on this site."""
    return site_base(request) + path


def check_base_url(url: str) -> str:
    """``url`` without a trailing slash if it is an http(s) address with a host and nothing after the path;
    a ValueError that says what to write otherwise."""
    from urllib.parse import urlsplit

    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"the base URL {url!r} is not an address like https://league.example.org "
                         "(http or https, a host, an optional path; no query)")
    return url.strip().rstrip("/")


#: Where ``serve --base-url`` leaves the base URL for its worker processes (``serve --workers N``).
BASE_URL_ENV = "TURNBUCKLE_BASE_URL"


def configured_base(base_url: str | None) -> str | None:
    """``base_url`` checked, else $TURNBUCKLE_BASE_URL checked, else None (links then begin with the
    address the server listens on)."""
    import os

    chosen = base_url or os.environ.get(BASE_URL_ENV) or None
    return check_base_url(chosen) if chosen else None
