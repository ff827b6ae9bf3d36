"""The organiser's intro, read as the Markdown it is written in (``--writeup``, the publish form's
write-up): paragraphs, emphasis, links, lists and quotes, parsed by markdown-it-py (CommonMark)
into a few plain blocks that every format writes its own way. Nothing else passes: raw HTML is
text (each format escapes it), a link leads only to ``http``, ``https`` or ``mailto`` (any other
is its words alone), an image is its alt text, a heading a bold paragraph, a code block its lines.
The words themselves still go through each format's escaping after ``escape.defang``, as a
member's do: only the organiser's own Markdown makes emphasis, links, lists or quotes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

#: The link schemes an intro's link may have.
SCHEMES = ("http", "https", "mailto")
#: Nesting beyond this (a quote in a list in a quote ...) is read as the level above's words.
MAX_DEPTH = 4


@dataclass(frozen=True)
class Run:
    """Words of one look: bold, italic, code, and a link's address ("" for none)."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False
    href: str = ""


Line = tuple[Run, ...]


@dataclass(frozen=True)
class IPara:
    runs: Line


@dataclass(frozen=True)
class IList:
    items: tuple[Line, ...]
    ordered: bool = False
    start: int = 1


@dataclass(frozen=True)
class IQuote:
    blocks: tuple[IntroBlock, ...]


IntroBlock = IPara | IList | IQuote


def safe_href(url: str) -> str:
    """``url`` if it is an http, https or mailto address, else "" (``javascript:``, ``data:``, a
    relative or scheme-less link: no link).

    >>> safe_href("https://fed.example/x"), safe_href(" JavaScript:alert(1)"), safe_href("/shows/1")
    ('https://fed.example/x', '', '')
    """
    url = url.strip()
    scheme, colon, rest = url.partition(":")
    if not colon or scheme.lower() not in SCHEMES or not rest or any(not c.isprintable() or c.isspace() for c in url):
        return ""
    if scheme.lower() in ("http", "https") and not rest.startswith("//"):
        return ""
    return url


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt  # lazy: the Markdown parser loads only for an organiser's intro

    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def parse(text: str) -> tuple[IntroBlock, ...]:
    """The organiser's Markdown as blocks (see the module's docstring).

    >>> parse("**Night One** was *loud*.")
    (IPara(runs=(Run(text='Night One', bold=True, italic=False, code=False, href=''), \
Run(text=' was ', bold=False, italic=False, code=False, href=''), \
Run(text='loud', bold=False, italic=True, code=False, href=''), \
Run(text='.', bold=False, italic=False, code=False, href=''))),)
    """
    tokens = _parser().parse(text)
    blocks, _ = _blocks(tokens, 0, None, 0)
    return tuple(blocks)


def _blocks(tokens: list[Token], i: int, close: str | None, depth: int) -> tuple[list[IntroBlock], int]:
    """The blocks from token ``i`` up to the token of type ``close`` (None: the end), and where it ends."""
    out: list[IntroBlock] = []
    while i < len(tokens):
        t = tokens[i]
        if close is not None and t.type == close:
            return out, i + 1
        if t.type in ("paragraph_open", "heading_open"):
            runs = _runs(tokens[i + 1]) if i + 1 < len(tokens) and tokens[i + 1].type == "inline" else ()
            if t.type == "heading_open":
                runs = tuple(Run(r.text, True, r.italic, r.code, r.href) for r in runs)
            if runs:
                out.append(IPara(runs))
            i = _after(tokens, i, t.type.replace("_open", "_close"))
        elif t.type in ("bullet_list_open", "ordered_list_open"):
            start = t.attrGet("start")
            items, i = _items(tokens, i + 1, t.type.replace("_open", "_close"), depth)
            if items:
                out.append(IList(tuple(items), t.type == "ordered_list_open",
                                 int(start) if isinstance(start, int | str) and str(start).isdigit() else 1))
        elif t.type == "blockquote_open":
            inner, i = _blocks(tokens, i + 1, "blockquote_close", depth + 1)
            if inner and depth < MAX_DEPTH:
                out.append(IQuote(tuple(inner)))
            else:
                out += inner
        elif t.type in ("fence", "code_block"):
            lines = [line for line in t.content.splitlines() if line.strip()]
            if lines:
                out.append(IPara((Run(" ".join(lines), code=True),)))
            i += 1
        else:  # hr, a closing token left over: nothing to show
            i += 1
    return out, i


def _after(tokens: list[Token], i: int, close: str) -> int:
    while i < len(tokens) and tokens[i].type != close:
        i += 1
    return i + 1


def _items(tokens: list[Token], i: int, close: str, depth: int) -> tuple[list[Line], int]:
    """A list's items, each on one line (an item's paragraphs joined; a list inside an item gives
    its own items after it), up to ``close``."""
    items: list[Line] = []
    while i < len(tokens) and tokens[i].type != close:
        if tokens[i].type == "list_item_open":
            inner, i = _blocks(tokens, i + 1, "list_item_close", depth + 1)
            line: list[Run] = []
            nested: list[Line] = []
            for b in inner:
                if isinstance(b, IPara):
                    line += ([Run(" ")] if line else []) + list(b.runs)
                elif isinstance(b, IList):
                    nested += b.items
                else:
                    line += [r for q in _flat(b) for r in q]
            if line:
                items.append(tuple(line))
            items += nested
        else:
            i += 1
    return items, i + 1


def _flat(b: IntroBlock) -> list[Line]:
    if isinstance(b, IPara):
        return [b.runs]
    if isinstance(b, IList):
        return list(b.items)
    return [line for inner in b.blocks for line in _flat(inner)]


def _runs(inline: Token) -> Line:
    """An inline token's words as runs (softbreaks and hard breaks as spaces)."""
    out: list[Run] = []
    bold = italic = 0
    href = ""
    in_link = False
    for c in inline.children or []:
        if c.type == "strong_open":
            bold += 1
        elif c.type == "strong_close":
            bold = max(0, bold - 1)
        elif c.type == "em_open":
            italic += 1
        elif c.type == "em_close":
            italic = max(0, italic - 1)
        elif c.type == "link_open":
            in_link = True
            href = safe_href(str(c.attrGet("href") or ""))
        elif c.type == "link_close":
            in_link, href = False, ""
        elif c.type in ("softbreak", "hardbreak"):
            out.append(Run(" ", bool(bold), bool(italic), False, href if in_link else ""))
        elif c.type == "code_inline":
            out.append(Run(c.content, bool(bold), bool(italic), True, href if in_link else ""))
        elif c.type == "image":
            alt = "".join(x.content for x in c.children or [] if x.type == "text")
            if alt:
                out.append(Run(alt, bool(bold), bool(italic), False, href if in_link else ""))
        elif c.content:  # text, and raw HTML as its own characters (html is off: none is made)
            out.append(Run(c.content, bool(bold), bool(italic), False, href if in_link else ""))
    return _merged(out)


def _merged(runs: list[Run]) -> Line:
    """Neighbouring runs of one look as one."""
    out: list[Run] = []
    for r in runs:
        if out and (out[-1].bold, out[-1].italic, out[-1].code, out[-1].href) == (r.bold, r.italic, r.code, r.href):
            out[-1] = Run(out[-1].text + r.text, r.bold, r.italic, r.code, r.href)
        else:
            out.append(r)
    return tuple(out)


def plain(blocks: tuple[IntroBlock, ...]) -> str:
    """The intro's words alone, paragraph by paragraph (a summary, a search)."""
    return "\n\n".join("".join(r.text for r in line) for b in blocks for line in _flat(b))
