"""The plain-text form: headings underlined (= - ~ by level), lists with dashes, links written out after their
words; a member's text on one line, defanged (no mention or bare address left working)."""

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
    one_message,
)
from turnbuckle.league.post.escape import defang, one_line
from turnbuckle.league.post.intro import IList, IntroBlock, IPara, Line


def esc(text: str) -> str:
    return defang(one_line(text))


def inline(parts: tuple[Inline, ...]) -> str:
    out = []
    for p in parts:
        if isinstance(p, Link):
            out.append(f"{esc(p.text)} <{p.href}>")
        elif isinstance(p, Code):
            out.append(esc(p.text))
        else:
            out.append(esc(p.text))
    return "".join(out)


def intro_line(line: Line) -> str:
    """Words only (no emphasis in plain text); a link's address after its words."""
    out = []
    for r in line:
        words = esc(r.text)
        out.append(words if not r.href else f"<{r.href}>" if r.text == r.href else f"{words} <{r.href}>")
    return "".join(out)


def intro_lines(blocks: tuple[IntroBlock, ...]) -> list[str]:
    lines: list[str] = []
    for b in blocks:
        if isinstance(b, IPara):
            lines += [intro_line(b.runs), ""]
        elif isinstance(b, IList):
            lines += [(f"{b.start + i}. " if b.ordered else "- ") + intro_line(item) for i, item in enumerate(b.items)]
            lines.append("")
        else:
            lines += [f"> {line}".rstrip() for line in intro_lines(b.blocks)[:-1]] + [""]
    return lines


def block(b: Block) -> list[str]:
    if isinstance(b, Intro):
        return [f"  {line}".rstrip() for line in intro_lines(b.blocks)]
    if isinstance(b, Heading):
        text = esc(b.text)
        return [text, "=-~"[min(b.level, 3) - 1] * len(text), ""]  # names keep their own case
    if isinstance(b, Para):
        return [inline(b.parts), ""]
    if isinstance(b, Items):
        return [f"- {inline(item)}" for item in b.items] + [""]
    if isinstance(b, Quote):
        lines = []
        for p in b.paras:
            lines += [f"  {esc(p)}", ""]
        return lines
    if isinstance(b, Folded):
        lines = [esc(b.summary), "-" * len(esc(b.summary)), ""]
        for inner in b.blocks:
            lines += block(inner)
        return lines
    raise TypeError(f"no text for {b!r}")


def render(post: Post) -> list[str]:
    return one_message(post, block)
