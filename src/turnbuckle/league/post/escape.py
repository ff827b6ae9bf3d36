"""What every format does to a member's text before its own escaping: remove what could hide or
reorder text (control and bidirectional characters), and break what a chat or forum would turn
into a ping or a link (``@everyone``, ``<@123>``, Slack's ``<!channel>``, ``https://...``) with a
zero-width space, and the dot of ``www.``, of a Discord invite (``discord.gg/x``) and of a host
that a linkifying renderer links on its own (``evil.com``) with a one-dot leader (U+2024, which
looks like a full stop): a zero-width space there is not enough, since a linkifying renderer takes
``discord\u200b.gg`` for a host of its own and links the look-alike. So the words read the same
and do nothing."""

from __future__ import annotations

import re

ZWSP = "\u200b"
DOT_LEADER = "\u2024"
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")  # C0, DEL, C1, bidi
_SCHEME = re.compile(r"(?<=[A-Za-z0-9+.-]):(?=//)")
_CHAT_TAG = re.compile(r"<(?=[!#@])")
_SPACES = re.compile(r"\s+")
_WWW = re.compile(r"(?i)\b(www)\.")
#: A host a linkifying renderer links without a scheme (linkify-it's fuzzy links: a known top-level
#: domain, any two letters or one of its generic ones), such as ``evil.com`` after a broken ``https://``.
_HOST = re.compile(r"(?i)\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:[a-z]{2}|com|net|org|edu|gov|biz|info|name|pro|shop|"
                   r"aero|asia|coop|museum|xxx|web)(?![\w.-]*\w)")
_INVITE = re.compile(r"(?i)\b(discord(?:app)?)\.(?=(?:gg|com|io|me|li)\b)")  # an invite, with or without https://


def defang(text: str) -> str:
    """``text`` with no hidden characters, and no mention, autolink or bare address left working.

    >>> defang("@everyone see https://x.example") == "@\\u200beveryone see https:\\u200b//x.example"
    True
    """
    text = _HIDDEN.sub("", text)
    text = text.replace("@", "@" + ZWSP)
    text = _CHAT_TAG.sub("<" + ZWSP, text)  # Slack's <!channel>, <#C1>, <@U1>
    text = _SCHEME.sub(":" + ZWSP, text)
    text = _INVITE.sub(lambda m: m[1] + DOT_LEADER, text)
    text = _WWW.sub(lambda m: m[1] + DOT_LEADER, text)
    return _HOST.sub(lambda m: m[0].replace(".", DOT_LEADER), text)


def one_line(text: str) -> str:
    """A name or sentence on one line (a member's line break starts no block in any format)."""
    return _SPACES.sub(" ", text)


def paragraphs(text: str) -> tuple[str, ...]:
    """A member's text as paragraphs: split at blank lines, each joined onto one line."""
    return tuple(p for p in (one_line(chunk).strip() for chunk in re.split(r"\n\s*\n", text.strip())) if p)


_MD_PUNCT = re.compile(r"([\\`*_\[\]|~])")  # emphasis, code, links and images, table cells, strikethrough
_MD_LINE_START = re.compile(r"^(\s*)([#>+=-]|\d+(?=[.)]))")  # a heading, quote, list item or setext line


def md_text(value: object, line_start: bool = False) -> str:
    """``value`` as Markdown text that renders as those characters and nothing more: HTML's ``& < >`` as
    entities (every renderer keeps entities as text, so no tag or autolink survives), and a backslash before
    the characters that make emphasis, code, links, images or table cells; line breaks become spaces (a name
    cannot start a block). ``line_start``: the text begins a line, so a heading or list marker is escaped too."""
    text = " ".join(str(value).splitlines())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_PUNCT.sub(r"\\\1", text)
    if line_start:  # a backslash before "#" or "-" starts nothing; a digit takes none: the dot after it is escaped
        text = _MD_LINE_START.sub(lambda m: m[1] + (m[2] + "\\" if m[2][0].isdigit() else "\\" + m[2]), text, 1)
    return text
