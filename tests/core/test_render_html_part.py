"""The ringside call as part of a web page (core/render.py ``render_html_part``): no ``=====`` or
space-aligned columns (they are as wide as their longest line and widen a phone's page), every text
escaped, each table cell labelled with its column for stacking on a narrow screen."""

from __future__ import annotations

from turnbuckle.core.render import render_html, render_html_part, render_text
from turnbuckle.core.writeup import Writeup


def _writeup() -> Writeup:
    w = Writeup("Ann <the Axe> vs Bo & Co: a very long title for a match that runs on and on")
    w.heading("Round 1")
    w.line("Ann opens.")
    w.line("  Bo answers.")
    w.table(["Judge", "Ann", "Bo"], [["Lee", 10, 9], ["Kim", 9, 10]], title="Scorecards")
    return w


def test_the_page_part_has_no_text_rules_and_escapes_every_text() -> None:
    part = render_html_part(_writeup())
    assert "=====" in render_text(_writeup())  # the command line's text keeps its rules
    assert "===" not in part and "---" not in part
    assert '<h3 class="writeup-title">Ann &lt;the Axe&gt; vs Bo &amp; Co' in part
    assert "<h4>Round 1</h4>" in part and '<p class="d1">Bo answers.</p>' in part
    assert '<table class="stack">' in part and "<caption>Scorecards</caption>" in part
    assert '<tr><td data-label="Judge">Lee</td><td data-label="Ann">10</td><td data-label="Bo">9</td></tr>' in part
    assert "<!DOCTYPE" not in part and "<style>" not in part  # a part, under the page's own stylesheet


def test_the_standalone_page_is_unchanged_by_the_part() -> None:
    page = render_html(_writeup())
    assert page.startswith("<!DOCTYPE html>") and "<h2>Round 1</h2>" in page
    assert "<table>" in page and "<td>Lee</td>" in page and "data-label" not in page
