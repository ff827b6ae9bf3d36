"""The Slack form (mrkdwn), for the league's webhook when its receiver is Slack: ``*bold*``
headings and emphasis, ``<https://...|words>`` links (this league's own, and only when absolute),
``>`` quotes and bulleted lists. A member's text is defanged like every format's and has ``&``,
``<`` and ``>`` written as Slack asks (``&amp;``, ``&lt;``, ``&gt;``), so it makes no link, mention
or quote; Slack has no backslash escape, so nothing is shown with one. Not one of the copy-and-paste
formats of ``league post``: the notification sender calls it (``league.notify.messages``)."""

from __future__ import annotations

import re

from turnbuckle.league.post.doc import Block, Code, Folded, Heading, Inline, Items, Link, Para, Post, Quote, Strong
from turnbuckle.league.post.escape import defang, one_line

_CODE_SAFE = re.compile(r"[A-Za-z0-9 ./-]+")


def escape(text: str) -> str:
    """Text as Slack's mrkdwn shows it literally: its three control characters escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def esc(text: str) -> str:
    return escape(defang(one_line(text)))


def _absolute(href: str) -> bool:
    return href.startswith(("https://", "http://"))


def link(href: str, text: str) -> str:
    """A link Slack shows as ``text`` (``|`` would end the address: it is percent-encoded there)."""
    return f"<{escape(href).replace('|', '%7C')}|{text}>"


def inline(parts: tuple[Inline, ...]) -> str:
    out = []
    for p in parts:
        if isinstance(p, Strong):
            out.append(f"*{esc(p.text)}*")
        elif isinstance(p, Code):
            out.append(f"`{p.text}`" if _CODE_SAFE.fullmatch(p.text) else esc(p.text))
        elif isinstance(p, Link):
            out.append(link(p.href, esc(p.text)) if _absolute(p.href) else esc(p.text))
        else:
            out.append(esc(p.text))
    return "".join(out)


def block(b: Block) -> list[str]:
    if isinstance(b, Heading):
        return [f"*{esc(b.text)}*"]
    if isinstance(b, Para):
        if all(isinstance(p, Link) and not _absolute(p.href) for p in b.parts):
            return []  # only a link from the site's root: it leads nowhere in a chat
        return [inline(b.parts)]
    if isinstance(b, Items):
        return [f"\u2022 {inline(item)}" for item in b.items]
    if isinstance(b, Quote):
        return [f">{esc(p)}" for p in b.paras]
    if isinstance(b, Folded):
        lines = [f"*{esc(b.summary)}*"]
        for inner in b.blocks:
            lines += block(inner)
        return lines
    raise TypeError(f"no Slack form for {b!r}")


def render(post: Post) -> list[str]:
    """The post as one text per unit (the sender packs them into messages)."""
    return ["\n".join(line for b in unit for line in block(b)) for unit in post.units]
