"""The league home page in a real browser: it loads with its stylesheet and the vendored htmx."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import screenshots


def test_home_page_loads_with_style_and_htmx(page: Page) -> None:
    failed: list[str] = []
    page.on("requestfailed", lambda req: failed.append(req.url))
    page.on("response", lambda resp: failed.append(resp.url) if resp.status >= 400 else None)
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Turnbuckle Demo Federation")
    assert page.evaluate("typeof window.htmx") == "object"
    # The stylesheet applied: the site header is dark, not the browser's default transparent.
    assert page.eval_on_selector("header.site", "e => getComputedStyle(e).backgroundColor") == "rgb(29, 29, 31)"
    for shot in screenshots(page, "home"):
        assert shot.stat().st_size > 1000
    assert failed == []
