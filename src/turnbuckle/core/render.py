"""Renderers over a match record: plain text (the ringside call), Markdown and JSON."""

from __future__ import annotations

import json

from turnbuckle.core.match import MatchRecord
from turnbuckle.core.writeup import Heading, Line, Table, Writeup

FORMATS = ("text", "markdown", "json")


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


def render(record: MatchRecord, writeup: Writeup | None, fmt: str) -> str:
    """Render a record in one of FORMATS (``writeup`` is needed for text and markdown)."""
    if fmt == "json":
        return render_json(record)
    if writeup is None:
        raise ValueError("text and markdown need the ruleset's write-up")
    return render_text(writeup) if fmt == "text" else render_markdown(writeup)
