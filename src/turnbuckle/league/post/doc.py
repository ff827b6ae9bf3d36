"""A post as a short list of blocks, before any format: what every renderer (markdown, bbcode,
discord, html, text) walks. Every text here is the league's or a member's words, unescaped; each
renderer escapes it for its own target. A post is a list of *units* (the intro, one match, the
seeds): the Discord form splits its messages between units."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from turnbuckle.league.post.intro import IntroBlock


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Strong:
    text: str


@dataclass(frozen=True)
class Code:
    text: str


@dataclass(frozen=True)
class Link:
    """A link that this program made (a ringside call, a page of the league): ``href`` is its own,
    never a member's text; ``text`` is escaped like any other."""

    text: str
    href: str


Inline = Text | Strong | Code | Link


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Para:
    parts: tuple[Inline, ...]


@dataclass(frozen=True)
class Items:
    items: tuple[tuple[Inline, ...], ...]


@dataclass(frozen=True)
class Quote:
    """A member's own words, set apart (the organiser's intro)."""

    paras: tuple[str, ...]


@dataclass(frozen=True)
class Intro:
    """The organiser's own words, set apart, in the Markdown they wrote them in (``intro.parse``:
    emphasis, safe links, lists and quotes; each format writes them its own way)."""

    blocks: tuple[IntroBlock, ...]


@dataclass(frozen=True)
class Folded:
    """Blocks a reader opens if they want them (the seeds and hashes): folded where the target can."""

    summary: str
    blocks: tuple[Heading | Para | Items, ...]


Block = Heading | Para | Items | Quote | Intro | Folded
Unit = tuple[Block, ...]


@dataclass(frozen=True)
class Post:
    title: str
    units: tuple[Unit, ...]


def para(*parts: Inline | str) -> Para:
    return Para(tuple(Text(p) if isinstance(p, str) else p for p in parts))


def one_message(post: Post, block: Callable[[Block], list[str]]) -> list[str]:
    """The whole post as one message, each block's lines as a format's ``block`` writes them (the
    forms with no length limit: Markdown, BBCode, text)."""
    lines: list[str] = []
    for unit in post.units:
        for b in unit:
            lines += block(b)
    return ["\n".join(lines).rstrip("\n") + "\n"]
