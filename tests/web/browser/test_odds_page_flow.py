"""The odds page in a real browser: a run started from the form shows its progress and then its
result in place, swapped in by htmx polling, without a reload."""

from __future__ import annotations

import threading
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import screenshots
from tests.web.conftest import LiveServer
from turnbuckle.league import jobs
from turnbuckle.league.db import session_scope

RELEASE = threading.Event()


def _hold(_params: dict[str, Any], _progress: jobs.Progress, _client: Any) -> dict[str, Any]:
    RELEASE.wait(60)
    return {}


jobs.register("test-browser-hold", _hold)


def test_a_run_shows_its_result_by_polling(page: Page, live_server: LiveServer) -> None:
    # The server's one job worker is held by another user's run until the page has been seen
    # waiting, so the page is first shown queued however fast the machine plays the battles.
    release = RELEASE
    release.clear()
    with session_scope(live_server.app.state.engine) as session:
        jobs.submit(session, "test-browser-hold", {}, "another user", title="a run ahead in the queue", total=1)
    try:
        page.goto("/odds")
        page.select_option("#game", "deathmatch")
        page.click("#choose-game")
        page.select_option("#side-1", "sample:ash-court")
        page.select_option("#side-2", "sample:bog-host")
        page.fill("#n", "100000")
        page.fill("#seed", "9")
        screenshots(page, "odds-form")
        page.click("#run-odds")
        expect(page.locator("#job")).to_be_attached()
        assert page.locator("#job").get_attribute("data-state") == "queued"
        screenshots(page, "odds-running")
        release.set()
        url = page.url
        expect(page.locator("#odds-table")).to_be_visible(timeout=60_000)  # swapped in by htmx
        assert page.url == url  # the same page: no reload, no redirect
        expect(page.locator("#odds-table")).to_contain_text("The Ash Court")
        expect(page.locator("#odds-chart svg")).to_be_visible()
        screenshots(page, "odds-result")
    finally:
        release.set()
