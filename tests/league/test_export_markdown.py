"""The Markdown export escapes what the league's members wrote: a wrestler, team, show, title or league
named with HTML or Markdown link syntax renders, through a common Markdown renderer (markdown-it-py with
raw HTML allowed, as many sites render), as those very characters and never as a tag or a link."""

from __future__ import annotations

import re
from typing import Any

from tests.league.markdown_support import rendered
from tests.league.test_old_exports import old_export
from turnbuckle.league.export import export_html, export_markdown, md_text

EVIL = ["<script>alert(1)</script>", '<img src=x onerror="alert(2)">', "[x](javascript:alert(3))",
        "<javascript:alert(4)>", "![i](http://evil.example/a.png)", "*a* _b_ `c` ~~d~~ | e \\ f & g"]
SAFE_TAGS = {"h1", "h2", "h3", "p", "ul", "li", "code", "table", "thead", "tbody", "tr", "th", "td", "blockquote"}


def poisoned() -> dict[str, Any]:
    """The 0.1.0 export with every name a member could choose replaced by one of EVIL (the titles' names
    reach the Markdown through the match notes, the results through the summaries)."""
    data = old_export()
    data["league"]["name"] = EVIL[0]
    names = {c["uid"]: EVIL[i % len(EVIL)] for i, c in enumerate(data["competitors"])}
    for c in data["competitors"]:
        c["name"] = names[c["uid"]]
    for k, s in enumerate(data["shows"]):
        s["name"] = EVIL[(k + 1) % len(EVIL)]
        for m in s["matches"]:
            for side in m["sides"]:
                side["name"] = names.get(side["competitor"], EVIL[1])
            m["notes"] = [f"{EVIL[2]} wins the {EVIL[1]} Championship", "\n# a heading smuggled in a note"]
            m["record"]["result"]["summary"] = f"{EVIL[3]} pins {EVIL[0]}"
        for p in s["push_changes"]:
            p["reason"] = f"match 1: beat {EVIL[5]}"
    return data


def test_names_with_html_or_links_render_as_text() -> None:
    markdown = export_markdown(poisoned())
    page = rendered(markdown)
    assert {tag for tag, _ in page.tags} <= SAFE_TAGS, sorted({tag for tag, _ in page.tags} - SAFE_TAGS)
    assert all(not attrs for tag, attrs in page.tags if tag != "td" and tag != "th")  # no href, src, onerror
    text = "".join(page.text)
    for evil in EVIL:  # shown as written (a bare address broken by a zero-width space), escaped, not dropped
        assert evil in text.replace("\u200b", "")
    assert "<script" not in markdown and "<img" not in markdown
    assert re.search(r"(?<!\\)\]\(", markdown) is None  # every "](" has its bracket escaped


def test_a_summary_cannot_start_a_block() -> None:
    for start in ("# big", "- item", "1. item", "> quote", "===", "+ item", "2) item"):
        page = rendered(f"para\n{md_text(start, line_start=True)}\n")
        assert [tag for tag, _ in page.tags] == ["p"], start
        assert "".join(page.text).split("\n")[-2] == start


def test_plain_names_are_unchanged_and_the_html_export_is_not_escaped_twice() -> None:
    data = old_export()
    markdown = export_markdown(data)
    assert "## Show 1: Monday Mayhem (2026-10-18, published)" in markdown
    assert "Brother Bob pins Friendly Sam in round 10." in markdown
    data["shows"][0]["name"] = "Bash & <Brawl>"
    page = export_html(data)
    assert "Bash &amp; &lt;Brawl&gt;" in page and "&amp;amp;" not in page and "&amp;lt;" not in page
