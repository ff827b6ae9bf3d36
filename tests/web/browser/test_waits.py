"""The browser tests' waits are bounded generously for a loaded machine: Playwright's ``expect()``
waits as long as the contexts do (its own default is 5 s, which a loaded 2-core machine outran)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import TIMEOUT_MS


def test_expect_waits_as_long_as_the_contexts(page: Page) -> None:
    assert TIMEOUT_MS >= 30_000
    # a paragraph that appears after 6 s, past expect()'s own default of 5 s
    page.set_content("<p id='late' hidden>here</p>")
    page.evaluate("setTimeout(() => { document.getElementById('late').hidden = false; }, 6000)")
    expect(page.locator("#late")).to_be_visible()
