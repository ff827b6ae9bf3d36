"""The Discord form: messages of at most 2,000 characters (Discord's limit), split between the
post's units (the intro, the card, each match, the seeds); a unit too long for one message is split
between its lines, then between sentences. A member's text has a backslash before every character
Discord's Markdown reads (so ``<@123>`` and ``**`` are text) and mentions broken by a zero-width
space (``@everyone`` pings nobody); links are this league's own, masked and without a preview,
and only when absolute (a relative link means nothing in a chat)."""

from __future__ import annotations

import re

from turnbuckle.league.post.doc import (
    Block,
    Code,
    Folded,
    Heading,
    Inline,
    Intro,
    Items,
    Link,
    Para,
    Post,
    Quote,
    Strong,
)
from turnbuckle.league.post.escape import defang, one_line
from turnbuckle.league.post.intro import IList, IntroBlock, IPara, Line
from turnbuckle.league.post.markdown import run_md

LIMIT = 2000
_SPECIAL = re.compile(r"([\\*_~`|\[\]<:])")  # emphasis, code, spoilers, links, mentions, emoji
_LINE_START = re.compile(r"^(\s*)([#>+-]|\d+(?=\.))")  # a heading, quote or list where a line begins
_SENTENCE = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\u201d\"')]))\s+")  # after a full stop, or its closing quote


def _absolute(href: str) -> bool:
    return href.startswith(("https://", "http://"))


def inline(parts: tuple[Inline, ...], line_start: bool = False) -> str:
    out = []
    for i, p in enumerate(parts):
        if isinstance(p, Strong):
            out.append(f"**{esc(p.text)}**")
        elif isinstance(p, Code):
            out.append(f"`{p.text}`" if re.fullmatch(r"[A-Za-z0-9 ./-]+", p.text) else esc(p.text))
        elif isinstance(p, Link):
            out.append(f"[{esc(p.text)}](<{p.href}>)" if _absolute(p.href) else esc(p.text))
        else:
            out.append(esc(p.text, line_start and i == 0))
    return "".join(out)


def _code(text: str) -> str:
    return f"`{text}`" if re.fullmatch(r"[A-Za-z0-9 ./-]+", text) else esc(text)


def _link(words: str, url: str) -> str:
    """A masked link where Discord makes one (http and https); a mail address written after its words."""
    if _absolute(url):
        return f"[{words}](<{url}>)"
    return f"{words} ({esc(url.partition(':')[2])})"


def intro_line(line: Line) -> str:
    return "".join(run_md(r, i == 0, _code, esc, _link) for i, r in enumerate(line))


def intro_lines(blocks: tuple[IntroBlock, ...]) -> list[str]:
    """The organiser's blocks as Discord lines (Discord quotes one level deep: a quote in the intro
    is its lines, in the intro's own quote)."""
    lines: list[str] = []
    for b in blocks:
        if isinstance(b, IPara):
            lines.append(intro_line(b.runs))
        elif isinstance(b, IList):
            lines += [(f"{b.start + i}. " if b.ordered else "- ") + intro_line(item) for i, item in enumerate(b.items)]
        else:
            lines += intro_lines(b.blocks)
    return lines


def block(b: Block) -> list[str]:
    if isinstance(b, Intro):
        return [f"> {line}" for line in intro_lines(b.blocks)]
    if isinstance(b, Heading):
        return [f"**{esc(b.text)}**"] if b.level > 1 else [f"## {esc(b.text)}"]
    if isinstance(b, Para):
        if all(isinstance(p, Link) and not _absolute(p.href) for p in b.parts):
            return []  # a line that is only a link from the site's root: it would lead nowhere in a chat
        return [inline(b.parts, True)]
    if isinstance(b, Items):
        return [f"- {inline(item, True)}" for item in b.items]
    if isinstance(b, Quote):
        return [f"> {esc(p, True)}" for p in b.paras]
    if isinstance(b, Folded):
        lines = [f"**{esc(b.summary)}**"]
        for inner in b.blocks:
            lines += block(inner)
        return lines
    raise TypeError(f"no Discord form for {b!r}")


def _line_start(text: str) -> str:
    """``text`` escaped where it begins a line (a heading, quote, list or numbered item starts nothing)."""
    return _LINE_START.sub(lambda m: m[1] + ("\\" + m[2] if not m[2][0].isdigit() else m[2] + "\\"), text, 1)


def esc(text: str, line_start: bool = False) -> str:
    out = _SPECIAL.sub(r"\\\1", defang(one_line(text)))
    return _line_start(out) if line_start else out


def _cut(text: str, limit: int) -> int:
    """Where to cut ``text`` (longer than ``limit``) for a first piece of at most ``limit``: at its
    last space that fits (past half the limit: a quote's "> " stays with its words), else at the
    limit, never between an escaping backslash and what it escapes."""
    space = text.rfind(" ", limit // 2, limit + 1)  # a word boundary in the message's second half
    if space > 0:
        return space
    backslashes = limit - len(text[:limit].rstrip("\\"))
    return max(1, limit - 1) if backslashes % 2 else limit  # an odd run's last one escapes what follows


_QUOTE = "> "


def pieces(text: str, limit: int = LIMIT) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters: whole lines where they fit, else a
    line's sentences, else (one sentence longer than a message) cut between words, or at the limit
    when a word is longer. What a cut puts at a line's start is escaped there (a member's "# x"
    after a full stop starts no heading); a quoted line's pieces each keep the quote's "> "."""
    if len(text) <= limit:
        return [text]
    out: list[str] = []
    for line in text.split("\n"):
        quote = _QUOTE if line.startswith(_QUOTE) else ""
        if len(line) <= limit:
            out.append(line)
            continue
        room = limit - len(quote)
        for i, part in enumerate(_SENTENCE.split(line[len(quote):])):
            if i:
                part = _line_start(part)
            while len(part) > room:
                at = _cut(part, room)
                out.append(quote + part[:at])
                part = _line_start(part[at:].lstrip(" "))
            out.append(quote + part)
    return pack(out, limit, "\n")


def pack(chunks: list[str], limit: int, sep: str) -> list[str]:
    """Consecutive chunks joined by ``sep`` into as few messages of at most ``limit`` as their order allows."""
    messages: list[str] = []
    for chunk in chunks:
        if messages and len(messages[-1]) + len(sep) + len(chunk) <= limit:
            messages[-1] += sep + chunk
        else:
            messages.append(chunk)
    return messages


def _heading_lines(b: Block) -> list[str]:
    if isinstance(b, Heading):
        return block(b)
    if isinstance(b, Folded):
        return [f"**{esc(b.summary)}**"]
    return []


def _keep_headings_with_what_follows(messages: list[str], headings: set[str], limit: int) -> list[str]:
    """A message that ends with a heading ("**Results**") gives it to the next message, which it
    heads (where the two fit in one; else the heading stays, as nothing better fits)."""
    out = list(messages)
    for i in range(len(out) - 1):
        head, sep, last = out[i].rstrip("\n").rpartition("\n")
        if sep and last in headings and len(last) + 1 + len(out[i + 1]) <= limit:
            out[i] = head.rstrip("\n")
            out[i + 1] = last + "\n" + out[i + 1]
    return out


def render(post: Post, limit: int = LIMIT) -> list[str]:
    chunks: list[str] = []
    headings: set[str] = set()
    for unit in post.units:
        text = "\n".join(line for b in unit for line in block(b))
        headings.update(line for b in unit for line in _heading_lines(b))
        chunks += pieces(text, limit)
    return _keep_headings_with_what_follows(pack(chunks, limit, "\n\n"), headings, limit)
