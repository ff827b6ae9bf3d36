"""A show's results post and its card's announcement, ready to paste into a forum or a chat, in
five formats (``FORMATS``); the same data feeds the show's page and the league's static archive.
docs/league-format.md describes each format."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from turnbuckle.league.errors import LeagueError

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from turnbuckle.league.post.doc import Post

FORMATS: tuple[str, ...] = ("markdown", "bbcode", "discord", "html", "text")


def renderer(fmt: str) -> Callable[[Post], list[str]]:
    """The renderer of a format (a typed error naming the formats for any other)."""
    if fmt not in FORMATS:
        raise LeagueError(f"unknown format '{fmt}'; use one of {', '.join(FORMATS)}")
    from importlib import import_module

    module = import_module(f"turnbuckle.league.post.{fmt}")
    render: Callable[[Post], list[str]] = module.render
    return render


def results_post(session: Session, show_key: str, fmt: str, *, base_url: str = "") -> list[str]:
    """A published show's results post in ``fmt``: a list of messages (one, except for Discord's
    messages of at most 2,000 characters). Links are absolute under ``base_url``, else from the
    site's root. A typed ``LeagueError`` for an unknown show, one not yet published, or an unknown format."""
    from turnbuckle.league.context import context
    from turnbuckle.league.post import compose
    from turnbuckle.league.post.card import results_card
    from turnbuckle.league.post.links import base_links

    render = renderer(fmt)
    return render(compose.results_post(results_card(context(session), show_key, base_links(base_url))))


def announcement(session: Session, show_key: str, fmt: str, *, base_url: str = "") -> list[str]:
    """An open show's card announced in ``fmt`` (messages as for :func:`results_post`). A typed
    ``LeagueError`` for an unknown show, a draft, or an unknown format."""
    from turnbuckle.league.context import context
    from turnbuckle.league.post import compose
    from turnbuckle.league.post.announce import announcement_of
    from turnbuckle.league.post.links import base_links

    render = renderer(fmt)
    return render(compose.announcement(announcement_of(context(session), show_key, base_links(base_url))))


__all__ = ["FORMATS", "announcement", "renderer", "results_post"]
