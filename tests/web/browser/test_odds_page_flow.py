"""The odds page in a real browser: a run started from the form shows its progress and then its
result in place, swapped in by htmx polling, without a reload."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import screenshots


def test_a_run_shows_its_result_by_polling(page: Page) -> None:
    page.goto("/odds")
    page.select_option("#game", "deathmatch")
    page.click("#choose-game")
    page.select_option("#side-1", "sample:ash-court")
    page.select_option("#side-2", "sample:bog-host")
    page.fill("#n", "400000")  # several seconds of play even on a quiet machine: the page first shows the run going
    page.fill("#seed", "9")
    screenshots(page, "odds-form")
    page.click("#run-odds")
    expect(page.locator("#job")).to_be_attached()
    assert page.locator("#job").get_attribute("data-state") in ("queued", "running")
    screenshots(page, "odds-running")
    url = page.url
    expect(page.locator("#odds-table")).to_be_visible(timeout=60_000)  # swapped in by htmx
    assert page.url == url  # the same page: no reload, no redirect
    expect(page.locator("#odds-table")).to_contain_text("The Ash Court")
    expect(page.locator("#odds-chart svg")).to_be_visible()
    screenshots(page, "odds-result")
