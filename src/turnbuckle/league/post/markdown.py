"""The Markdown form (CommonMark and GitHub's tables-less subset): every member's text through
``escape.md_text`` (entities for ``& < >``, a backslash before the characters that make emphasis,
code, links or a block) after ``escape.defang``; links only to this league's own pages."""

from __future__ import annotations

import re
from collections.abc import Callable

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
    one_message,
)
from turnbuckle.league.post.escape import defang, md_text, one_line
from turnbuckle.league.post.intro import IList, IntroBlock, IPara, Line, Run

_PLAIN_CODE = re.compile(r"[A-Za-z0-9 ./-]+")  # a seed, a hash, a command of ours: safe in a code span


def esc(text: str, line_start: bool = False) -> str:
    return md_text(defang(one_line(text)), line_start)


def href(url: str) -> str:
    """A link target of ours, with nothing in it that ends or breaks the link."""
    return url.replace(" ", "%20").replace("(", "%28").replace(")", "%29").replace("<", "%3C").replace(">", "%3E")


def inline(parts: tuple[Inline, ...], line_start: bool = False) -> str:
    out = []
    for i, p in enumerate(parts):
        first = line_start and i == 0
        if isinstance(p, Strong):
            out.append(f"**{esc(p.text)}**")
        elif isinstance(p, Code):
            out.append(f"`{p.text}`" if _PLAIN_CODE.fullmatch(p.text) else esc(p.text, first))
        elif isinstance(p, Link):
            out.append(f"[{esc(p.text)}]({href(p.href)})")
        else:
            out.append(esc(p.text, first))
    return "".join(out)


def heading(text: str) -> str:
    """A heading's text: a "#" run at its end is escaped (else it is read as the heading's closing
    sequence and dropped: "A vs Foo #" would read "A vs Foo")."""
    return re.sub(r"#+$", lambda m: "\\#" * len(m[0]), esc(text))


def emphasised(text: str, marks: str) -> str:
    """``text`` between ``marks`` (``*``, ``**``), its spaces outside them (an emphasis may not
    open or close on a space)."""
    core = text.strip(" ")
    if not marks or not core:
        return text
    lead, trail = text[:len(text) - len(text.lstrip(" "))], text[len(text.rstrip(" ")):]
    return f"{lead}{marks}{core}{marks}{trail}"


def run_md(r: Run, first: bool, code: Callable[[str], str], esc_: Callable[[str, bool], str],
           link: Callable[[str, str], str]) -> str:
    """One run of the organiser's words in a Markdown dialect: its words escaped (``esc_``) or as
    code, then its emphasis, then its link."""
    words = code(r.text) if r.code else esc_(r.text, first)
    words = emphasised(words, "*" * (2 * r.bold + r.italic))
    return link(words, r.href) if r.href else words


def _code(text: str) -> str:
    return f"`{defang(text)}`" if "`" not in text and text.strip() else esc(text)


def intro_line(line: Line) -> str:
    return "".join(run_md(r, i == 0, _code, esc, lambda words, url: f"[{words}]({href(url)})")
                   for i, r in enumerate(line))


def intro_blocks(blocks: tuple[IntroBlock, ...]) -> list[str]:
    """The organiser's blocks as Markdown lines, a blank line between blocks (a quote's lines
    each start with "> ")."""
    lines: list[str] = []
    for b in blocks:
        if lines:
            lines.append("")
        if isinstance(b, IPara):
            lines.append(intro_line(b.runs))
        elif isinstance(b, IList):
            lines += [(f"{b.start + i}. " if b.ordered else "- ") + intro_line(item) for i, item in enumerate(b.items)]
        else:
            lines += [f"> {line}".rstrip() for line in intro_blocks(b.blocks)]
    return lines


def block(b: Block) -> list[str]:
    if isinstance(b, Intro):
        return [f"> {line}".rstrip() for line in intro_blocks(b.blocks)] + [""]
    if isinstance(b, Heading):
        return ["#" * b.level + " " + heading(b.text), ""]
    if isinstance(b, Para):
        return [inline(b.parts, True), ""]
    if isinstance(b, Items):
        # an item's text starts its own blocks: "- # x" is a heading in a list item, so escape it as a line's start
        return [f"- {inline(item, True)}" for item in b.items] + [""]
    if isinstance(b, Quote):
        lines = []
        for p in b.paras:
            lines += [f"> {esc(p, True)}", ">"]
        return lines[:-1] + [""]
    if isinstance(b, Folded):
        lines = [f"### {heading(b.summary)}", ""]
        for inner in b.blocks:
            lines += block(inner)
        return lines
    raise TypeError(f"no Markdown for {b!r}")


def render(post: Post) -> list[str]:
    return one_message(post, block)
