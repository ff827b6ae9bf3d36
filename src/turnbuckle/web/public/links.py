"""Absolute links the site hands out (invites, password resets): built from the configured base URL,
never from the request's ``Host`` header, which a client writes as it likes (a forged Host would
otherwise put an attacker's address in front of a reset token)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import Request

from turnbuckle.league.context import the_league
from turnbuckle.league.db import read_scope
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.post.links import base_links
from turnbuckle.league.queries_posts import site_address

if TYPE_CHECKING:
    from sqlalchemy.orm import Session


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


def league_base(request: Request, session: Session, league_id: int) -> tuple[str, bool]:
    """Where the league's links begin, and whether that address was set rather than guessed: the
    league's site address (the organiser's notifications page), else ``serve --base-url``, else
    (not set: a link that opens only where this server's own address does) the socket's address."""

    configured: str | None = getattr(request.app.state, "base_url", None)
    chosen = site_address(session, league_id) or (configured or "").rstrip("/")
    return (chosen, True) if chosen else (site_base(request), False)


def stored_base(request: Request) -> str:
    """:func:`league_base`'s address, reading the league in a session of its own (for a route with
    none, run in a worker thread: it reads the database)."""

    with read_scope(request.app.state.engine) as session:
        return league_base(request, session, the_league(session).id)[0]


def check_base_url(url: str) -> str:
    """``url`` without a trailing slash if it is an http(s) address with a host, an optional port and
    path (the same rule as a results post's links: no query, fragment, user or password, nothing
    that ends a link or its line); a ValueError that says what to write otherwise."""

    try:
        base = base_links(url).base if url.strip() else ""
    except LeagueError as exc:
        raise ValueError(str(exc)) from None
    if not base:
        raise ValueError("the base URL is empty: give an address like https://league.example.org")
    return base


def configured_base(base_url: str | None) -> str | None:
    """``base_url`` checked, else None (links then begin with the address the server listens on)."""
    return check_base_url(base_url) if base_url else None
