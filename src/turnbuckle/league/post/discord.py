"""The Discord form: messages of at most 2,000 characters (Discord's limit), split between the
post's units (the intro, the card, each match, the seeds); a unit too long for one message is split
between its lines, then between sentences. A member's text has a backslash before every character
Discord's Markdown reads (so ``<@123>`` and ``**`` are text) and mentions broken by a zero-width
space (``@everyone`` pings nobody); links are this league's own, masked and without a preview,
and only when absolute (a relative link means nothing in a chat)."""

from __future__ import annotations

import re

from turnbuckle.league.post.doc import Block, Code, Folded, Heading, Inline, Items, Link, Para, Post, Quote, Strong
from turnbuckle.league.post.escape import defang, one_line

LIMIT = 2000
_SPECIAL = re.compile(r"([\\*_~`|\[\]<:])")  # emphasis, code, spoilers, links, mentions, emoji
_LINE_START = re.compile(r"^(\s*)([#>+-]|\d+(?=\.))")  # a heading, quote or list where a line begins
_SENTENCE = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\u201d\"')]))\s+")  # after a full stop, or its closing quote


def esc(text: str, line_start: bool = False) -> str:
    out = _SPECIAL.sub(r"\\\1", defang(one_line(text)))
    if line_start:
        out = _LINE_START.sub(lambda m: m[1] + ("\\" + m[2] if not m[2][0].isdigit() else m[2] + "\\"), out, 1)
    return out


def inline(parts: tuple[Inline, ...], line_start: bool = False) -> str:
    out = []
    for i, p in enumerate(parts):
        if isinstance(p, Strong):
            out.append(f"**{esc(p.text)}**")
        elif isinstance(p, Code):
            out.append(f"`{p.text}`" if re.fullmatch(r"[A-Za-z0-9 ./-]+", p.text) else esc(p.text))
        elif isinstance(p, Link):
            absolute = p.href.startswith(("https://", "http://"))
            out.append(f"[{esc(p.text)}](<{p.href}>)" if absolute else esc(p.text))
        else:
            out.append(esc(p.text, line_start and i == 0))
    return "".join(out)


def block(b: Block) -> list[str]:
    if isinstance(b, Heading):
        return [f"**{esc(b.text)}**"] if b.level > 1 else [f"## {esc(b.text)}"]
    if isinstance(b, Para):
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


def pieces(text: str, limit: int = LIMIT) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters: whole lines where they fit, else a
    line's sentences, else (one sentence longer than a message) cut at the limit."""
    if len(text) <= limit:
        return [text]
    out: list[str] = []
    for line in text.split("\n"):
        parts = [line] if len(line) <= limit else _SENTENCE.split(line)
        for part in parts:
            while len(part) > limit:
                out.append(part[:limit])
                part = part[limit:]
            out.append(part)
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


def render(post: Post, limit: int = LIMIT) -> list[str]:
    chunks: list[str] = []
    for unit in post.units:
        text = "\n".join(line for b in unit for line in block(b))
        chunks += pieces(text, limit)
    return pack(chunks, limit, "\n\n")
