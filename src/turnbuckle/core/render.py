"""Renderers over a match record: plain text (the ringside call), Markdown, a standalone HTML page
and JSON."""

from __future__ import annotations

import json
from html import escape

from turnbuckle.core.match import MatchRecord
from turnbuckle.core.writeup import Heading, Line, Table, Writeup

FORMATS = ("text", "markdown", "json", "html")


def render_json(record: MatchRecord) -> str:
    """Deterministic JSON: fixed key order, two-space indent, UTF-8, a final newline."""
    return json.dumps(record.to_json(), indent=2, ensure_ascii=False) + "\n"


def _text_table(block: Table) -> list[str]:
    widths = [len(h) for h in block.headers]
    for row in block.rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    def fmt(cells: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()
    out = [block.title] if block.title else []
    out.append(fmt(block.headers))
    out.append("  ".join("-" * w for w in widths))
    out.extend(fmt(row) for row in block.rows)
    return out


def render_text(writeup: Writeup) -> str:
    lines = [writeup.title, "=" * len(writeup.title)]
    for block in writeup.blocks:
        if isinstance(block, Heading):
            lines += ["", block.text, ("-" if block.level >= 2 else "=") * len(block.text)]
        elif isinstance(block, Line):
            lines.append(block.text)
        else:
            lines.append("")
            lines += _text_table(block)
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_markdown(writeup: Writeup) -> str:
    lines = [f"# {writeup.title}"]
    for block in writeup.blocks:
        if isinstance(block, Heading):
            lines += ["", "#" * block.level + " " + block.text, ""]
        elif isinstance(block, Line):
            text = block.text.lstrip(" ")
            depth = (len(block.text) - len(text)) // 2
            lines.append(f"{'  ' * depth}- {text}")
        else:
            lines.append("")
            if block.title:
                lines += [f"**{block.title}**", ""]
            lines.append("| " + " | ".join(_md_cell(h) for h in block.headers) + " |")
            lines.append("|" + "|".join("---" for _ in block.headers) + "|")
            lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in block.rows]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


_STYLE = ("body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;"
          "line-height:1.45}table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #bbb;"
          "padding:.2rem .5rem;text-align:left}caption{font-weight:bold;text-align:left}"
          "p{margin:.2rem 0}p.d1{margin-left:1.5rem}p.d2{margin-left:3rem}p.d3{margin-left:4.5rem}")


def _h(text: str) -> str:
    return escape(text, quote=True)


def _html_blocks(writeup: Writeup, shift: int = 0, labelled: bool = False) -> list[str]:
    """The write-up's blocks as HTML elements, every text escaped: headings ``shift`` levels down,
    lines as paragraphs (indented by class), tables (with ``labelled``, each cell carries its column's
    heading as ``data-label``, for a stylesheet that stacks a row's cells on a narrow screen)."""
    out = []
    for block in writeup.blocks:
        if isinstance(block, Heading):
            level = min(max(block.level, 2) + shift, 6)
            out.append(f"<h{level}>{_h(block.text)}</h{level}>")
        elif isinstance(block, Line):
            text = block.text.lstrip(" ")
            depth = min((len(block.text) - len(text)) // 2, 3)
            out.append(f'<p class="d{depth}">{_h(text)}</p>' if depth else f"<p>{_h(text)}</p>")
        else:
            out.append('<table class="stack">' if labelled else "<table>")
            if block.title:
                out.append(f"<caption>{_h(block.title)}</caption>")
            out.append("<tr>" + "".join(f"<th>{_h(c)}</th>" for c in block.headers) + "</tr>")
            for row in block.rows:
                cells = (f'<td data-label="{_h(h)}">' if labelled else "<td>" for h in block.headers)
                out.append("<tr>" + "".join(f"{td}{_h(c)}</td>" for td, c in zip(cells, row, strict=True)) + "</tr>")
            out.append("</table>")
    return out


def render_html(writeup: Writeup) -> str:
    """A standalone HTML page (no scripts, no outside resources); every text is escaped."""
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_h(writeup.title)}</title>", f"<style>{_STYLE}</style>", "</head>", "<body>",
           f"<h1>{_h(writeup.title)}</h1>", *_html_blocks(writeup)]
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def render_html_part(writeup: Writeup) -> str:
    """The write-up as a part of a web page, under the page's own ``h2``: its title an ``h3``, its
    headings a level further down, its tables labelled for stacking on a phone; every text escaped.
    The pages show this rather than :func:`render_text`, whose ``=====`` rules and space-aligned
    columns are as wide as their longest line."""
    out = [f'<h3 class="writeup-title">{_h(writeup.title)}</h3>', *_html_blocks(writeup, shift=2, labelled=True)]
    return "\n".join(out) + "\n"


def render(record: MatchRecord, writeup: Writeup | None, fmt: str) -> str:
    """Render a record in one of FORMATS (``writeup`` is needed for all but json)."""
    if fmt == "json":
        return render_json(record)
    if writeup is None:
        raise ValueError("text, markdown and html need the ruleset's write-up")
    if fmt == "html":
        return render_html(writeup)
    return render_text(writeup) if fmt == "text" else render_markdown(writeup)

#: A cell starting with one of these is a formula to a spreadsheet (OWASP's "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_text(text: str) -> str:
    """A name as a CSV cell a spreadsheet shows as text: one that would start a formula gets a
    leading ``'`` (a sheet's name is its author's; the organiser opening a sweep should not run it)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text
