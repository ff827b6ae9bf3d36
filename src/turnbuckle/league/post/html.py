"""The HTML form: a fragment to paste where a site takes HTML (and the archive's show pages).
Every text is HTML-escaped after ``escape.defang``; the only links are this league's own."""

from __future__ import annotations

from html import escape

from turnbuckle.league.post.doc import Block, Code, Folded, Heading, Inline, Items, Link, Para, Post, Quote, Strong
from turnbuckle.league.post.escape import defang, one_line


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


def block(b: Block) -> str:
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
