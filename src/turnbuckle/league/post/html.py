"""The HTML form: a fragment to paste where a site takes HTML (and the archive's show pages).
Every text is HTML-escaped after ``escape.defang``; the only links are this league's own."""

from __future__ import annotations

from html import escape

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


def esc(text: str) -> str:
    return escape(defang(one_line(text)))


def inline(parts: tuple[Inline, ...]) -> str:
    out = []
    for p in parts:
        if isinstance(p, Strong):
            out.append(f"<strong>{esc(p.text)}</strong>")
        elif isinstance(p, Code):
            out.append(f"<code>{esc(p.text)}</code>")
        elif isinstance(p, Link):
            out.append(f'<a href="{escape(p.href)}">{esc(p.text)}</a>')
        else:
            out.append(esc(p.text))
    return "".join(out)


def intro_line(line: Line) -> str:
    out = []
    for r in line:
        words = f"<code>{esc(r.text)}</code>" if r.code else esc(r.text)
        if r.italic:
            words = f"<em>{words}</em>"
        if r.bold:
            words = f"<strong>{words}</strong>"
        out.append(f'<a href="{escape(r.href)}" rel="nofollow noopener">{words}</a>' if r.href else words)
    return "".join(out)


def intro_blocks(blocks: tuple[IntroBlock, ...]) -> str:
    """The organiser's blocks as HTML: p, ul/ol (with its start), blockquote; nothing else."""
    out = []
    for b in blocks:
        if isinstance(b, IPara):
            out.append(f"<p>{intro_line(b.runs)}</p>")
        elif isinstance(b, IList):
            items = "".join(f"<li>{intro_line(i)}</li>" for i in b.items)
            out.append(f'<ol start="{b.start}">{items}</ol>' if b.ordered else f"<ul>{items}</ul>")
        else:
            out.append(f"<blockquote>{intro_blocks(b.blocks)}</blockquote>")
    return "".join(out)


def intro(blocks: tuple[IntroBlock, ...]) -> str:
    """The organiser's intro as the results post sets it apart."""
    return f'<blockquote class="intro">{intro_blocks(blocks)}</blockquote>'


def block(b: Block) -> str:
    if isinstance(b, Intro):
        return intro(b.blocks)
    if isinstance(b, Heading):
        return f"<h{b.level}>{esc(b.text)}</h{b.level}>"
    if isinstance(b, Para):
        return f"<p>{inline(b.parts)}</p>"
    if isinstance(b, Items):
        return "<ul>" + "".join(f"<li>{inline(item)}</li>" for item in b.items) + "</ul>"
    if isinstance(b, Quote):
        return '<blockquote class="intro">' + "".join(f"<p>{esc(p)}</p>" for p in b.paras) + "</blockquote>"
    if isinstance(b, Folded):
        inner = "\n".join(block(x) for x in b.blocks)
        return f'<details class="seeds"><summary>{esc(b.summary)}</summary>\n{inner}\n</details>'
    raise TypeError(f"no HTML for {b!r}")


def render(post: Post) -> list[str]:
    units = ["\n".join(block(b) for b in unit) for unit in post.units]
    return ["\n".join(units) + "\n"]
