"""A show's results post and its card's announcement, ready to paste into a forum or a chat, in
five formats (``FORMATS``); the same data feeds the show's page and the league's static archive.
docs/league-format.md describes each format. The renderers read nothing: they lay out the plain
values (``card.ResultsCard``, ``announce.Announcement``) that the query layer
(``league/queries_posts.py``) reads from the database, and import neither the services nor the notifier."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

from turnbuckle.league.errors import LeagueError

if TYPE_CHECKING:
    from turnbuckle.league.post.doc import Post

FORMATS: tuple[str, ...] = ("markdown", "bbcode", "discord", "html", "text")


def renderer(fmt: str) -> Callable[[Post], list[str]]:
    """The renderer of a format (a typed error naming the formats for any other)."""
    if fmt not in FORMATS:
        raise LeagueError(f"unknown format '{fmt}'; use one of {', '.join(FORMATS)}")

    module = import_module(f"turnbuckle.league.post.{fmt}")
    render: Callable[[Post], list[str]] = module.render
    return render


__all__ = ["FORMATS", "renderer"]
