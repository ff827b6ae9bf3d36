"""The site's pages for keyboards, screen readers and weak eyes: a "Skip to content" link is the
first thing to focus on every page and leads to the main content; the edges of inputs reach 3:1
contrast against the page (computed from the stylesheet's own values, WCAG's formula)."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.test_keeper import client  # noqa: F401  (the client fixture)

_FOCUSABLE = re.compile(r'<(?:a\s[^>]*href|button|input(?![^>]*type="hidden")|select|textarea|summary)\b[^>]*>')


def _luminance(colour: str) -> float:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _resolve(value: str, css: str) -> str:
    found = re.fullmatch(r"var\((--[\w-]+)\)", value.strip())
    if not found:
        return value.strip()
    defined = re.search(rf"{found.group(1)}:\s*(#[0-9a-fA-F]{{3,6}})", css)
    assert defined, f"{found.group(1)} is not defined in style.css"
    return defined.group(1)


def _border_colour(css: str, selector: str) -> str:
    rule = re.search(rf"(?m)^{re.escape(selector)}\s*\{{([^}}]*)\}}", css)
    assert rule, f"no rule for {selector}"
    border = re.search(r"border:\s*[\d.]+px\s+solid\s+([^;]+);", rule.group(1))
    assert border, f"{selector} sets no solid border"
    return _resolve(border.group(1), css)


def test_contrast_is_wcags_formula() -> None:
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#d9d9de", "#ffffff"), 2) == 1.41  # the old input edge


def test_input_edges_reach_three_to_one_against_the_page_and_white() -> None:
    css = (Path(__file__).resolve().parents[2] / "src" / "turnbuckle" / "web" / "static" / "style.css").read_text()
    background = _resolve("var(--bg)", css)
    for selector in ("input, select, textarea, button", ".pad-radio"):
        edge = _border_colour(css, selector)
        for behind in (background, "#ffffff"):  # the page, and a card or a field's own white
            assert contrast(edge, behind) >= 3, f"{selector}: {edge} on {behind} is {contrast(edge, behind):.2f}:1"


def test_the_first_thing_to_focus_on_every_page_skips_to_the_main_content(client: TestClient) -> None:  # noqa: F811
    for path in ("/", "/keeper", "/keeper?game=boxing", "/odds", "/login", "/shows", "/no-such-page"):
        page = client.get(path).text
        body = page[page.index("<body"):]
        first = _FOCUSABLE.search(body)
        assert first, path
        assert first.group(0) == '<a class="skip-link" href="#content">', f"{path}: {first.group(0)}"
        assert body[first.end():].startswith("Skip to content</a>")
        assert re.search(r'<main id="content"[^>]*>', page), path
