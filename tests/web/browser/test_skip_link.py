"""The skip link in Chromium at phone size: the first Tab shows "Skip to content" on the screen
(it is off screen until focused), and Enter on it moves the focus to the page's main content."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import PHONE


def test_the_first_tab_shows_the_skip_link_and_enter_reaches_the_content(page: Page) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    page.goto("/keeper?game=boxing")
    skip = page.locator(".skip-link")
    box = skip.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 0  # out of sight until focused
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.keyboard.press("Enter")
    expect(page.locator("main#content")).to_be_focused()
    page.keyboard.press("Tab")  # the next Tab goes on inside the content, not back to the header
    assert page.evaluate("document.getElementById('content').contains(document.activeElement)")
