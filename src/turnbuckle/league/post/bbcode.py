"""The BBCode form, in the tags every forum has (b, i, url, quote, list). BBCode has no escape, so
a member's ``[`` is followed by a zero-width space: ``[b]`` written in a note is no tag any more.
HTML is left to the forum, which shows its text as text."""

from __future__ import annotations

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
from turnbuckle.league.post.escape import ZWSP, defang, one_line
from turnbuckle.league.post.intro import IList, IntroBlock, IPara, Line


def esc(text: str) -> str:
    return defang(one_line(text)).replace("[", "[" + ZWSP)


def href(url: str) -> str:
    return url.replace("[", "%5B").replace("]", "%5D").replace(" ", "%20").replace('"', "%22")


def inline(parts: tuple[Inline, ...]) -> str:
    out = []
    for p in parts:
        if isinstance(p, Strong):
            out.append(f"[b]{esc(p.text)}[/b]")
        elif isinstance(p, Code):
            out.append(esc(p.text))
        elif isinstance(p, Link):
            out.append(f"[url={href(p.href)}]{esc(p.text)}[/url]")
        else:
            out.append(esc(p.text))
    return "".join(out)


def intro_line(line: Line) -> str:
    out = []
    for r in line:
        words = esc(r.text)
        if r.italic:
            words = f"[i]{words}[/i]"
        if r.bold:
            words = f"[b]{words}[/b]"
        out.append(f"[url={href(r.href)}]{words}[/url]" if r.href else words)
    return "".join(out)


def intro_blocks(blocks: tuple[IntroBlock, ...]) -> str:
    """The organiser's blocks in BBCode: paragraphs apart, [list] (numbered: [list=1]) and [quote]."""
    out = []
    for b in blocks:
        if isinstance(b, IPara):
            out.append(intro_line(b.runs))
        elif isinstance(b, IList):
            out.append(("[list=1]" if b.ordered else "[list]") + "".join(f"[*]{intro_line(i)}" for i in b.items)
                       + "[/list]")
        else:
            out.append(f"[quote]{intro_blocks(b.blocks)}[/quote]")
    return "\n\n".join(out)


def block(b: Block) -> list[str]:
    if isinstance(b, Intro):
        return [f"[quote]{intro_blocks(b.blocks)}[/quote]", ""]
    if isinstance(b, Heading):
        return [f"[b]{esc(b.text)}[/b]", ""] if b.level > 1 else [f"[b][i]{esc(b.text)}[/i][/b]", ""]
    if isinstance(b, Para):
        return [inline(b.parts), ""]
    if isinstance(b, Items):
        return ["[list]", *(f"[*]{inline(item)}" for item in b.items), "[/list]", ""]
    if isinstance(b, Quote):
        return ["[quote]" + "\n\n".join(esc(p) for p in b.paras) + "[/quote]", ""]
    if isinstance(b, Folded):
        lines = [f"[b]{esc(b.summary)}[/b]", ""]
        for inner in b.blocks:
            lines += block(inner)
        return lines
    raise TypeError(f"no BBCode for {b!r}")


def render(post: Post) -> list[str]:
    return one_message(post, block)
