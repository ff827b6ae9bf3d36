"""An Atom (RFC 4287) writer for the league's news feed: each entry's HTML content escaped as text
(``type="html"``), every id a stable URN, and every character XML 1.0 forbids (a control
character, a lone surrogate, U+FFFE, U+FFFF: a strategy's note may hold one, and the results post
quotes notes) left out, so that one note cannot make the whole feed unreadable."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from xml.sax.saxutils import escape as _escape
from xml.sax.saxutils import quoteattr as _quoteattr

#: What XML 1.0 does not allow in a document, and the C1 controls it discourages.
_NOT_XML = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def clean(text: str) -> str:
    return _NOT_XML.sub("", text)


def escape(text: str) -> str:
    return _escape(clean(text))


def quoteattr(text: str) -> str:
    return _quoteattr(clean(text))


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    updated: datetime
    link: str
    html: str
    summary: str = ""


def _when(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def feed(feed_id: str, title: str, self_url: str, site_url: str, entries: list[Entry], updated: datetime) -> str:
    out = ['<?xml version="1.0" encoding="utf-8"?>', '<feed xmlns="http://www.w3.org/2005/Atom">',
           f"  <id>{escape(feed_id)}</id>", f"  <title>{escape(title)}</title>",
           f"  <updated>{_when(updated)}</updated>", "  <generator>turnbuckle</generator>",
           f"  <link rel=\"self\" type=\"application/atom+xml\" href={quoteattr(self_url)}/>",
           f"  <link rel=\"alternate\" type=\"text/html\" href={quoteattr(site_url)}/>",
           f"  <author><name>{escape(title)}</name></author>"]
    for e in entries:
        out += ["  <entry>", f"    <id>{escape(e.id)}</id>", f"    <title>{escape(e.title)}</title>",
                f"    <updated>{_when(e.updated)}</updated>",
                f"    <link rel=\"alternate\" type=\"text/html\" href={quoteattr(e.link)}/>"]
        if e.summary:
            out.append(f"    <summary>{escape(e.summary)}</summary>")
        out += [f"    <content type=\"html\">{escape(e.html)}</content>", "  </entry>"]
    out.append("</feed>")
    return "\n".join(out) + "\n"
