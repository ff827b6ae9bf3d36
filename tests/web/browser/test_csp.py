"""The Content-Security-Policy (web/serving/headers.py) in a real browser: the pages that run scripts (htmx's
lazy charts, the sheet editor's check while typing, the strategy page, the odds page, the score keeper)
work under it with no violation reported, and Chromium does refuse an inline script on them."""

from __future__ import annotations

import time

from playwright.sync_api import ConsoleMessage, Page, expect

from tests.web.browser.conftest import TIMEOUT_MS
from tests.web.browser.test_member_flows import _open_show, _wrestler, sign_in
from tests.web.conftest import LiveServer
from turnbuckle.league.demo import LOGINS
from turnbuckle.league.models import Show
from turnbuckle.web.serving.headers import CSP


def test_pages_with_scripts_run_under_the_policy_without_a_violation(page: Page, live_server: LiveServer) -> None:
    refused: list[str] = []

    def watch(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            refused.append(f"{page.url}: {message.text}")

    page.on("console", watch)
    page.on("pageerror", lambda exc: refused.append(f"{page.url}: {exc}"))
    with live_server.ctx() as ctx:
        number = max(s.number for s in ctx.session.query(Show).filter(Show.status == "published"))
    answer = page.goto(f"/shows/{number}")
    assert answer is not None and answer.headers.get("content-security-policy") == CSP
    expect(page.locator("section.result figure.chart svg").first).to_be_visible()
    assert page.evaluate("typeof htmx") == "object"
    for path in ("/odds", "/keeper"):
        page.goto(path)
        assert page.evaluate("typeof htmx") == "object"
    cid, name = _wrestler(live_server, "Ann")
    _theirs, their_name = _wrestler(live_server, "Bo", "friendly-sam")
    show = _open_show(live_server, [[their_name, name]])
    sign_in(page, "Ann", LOGINS["Ann"])
    page.goto(f"/shows/{show}/matches/1/strategy/{cid}")
    expect(page.locator("textarea#text")).to_be_visible()
    page.goto(f"/competitors/{cid}/sheet")
    details = page.locator("details.sheet-text")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    box = page.locator("textarea#text")
    box.fill(box.input_value().replace("brawling: 7", "brawling: 17"))  # htmx posts it and swaps the check in
    expect(page.locator("#sheet-check .problems")).to_be_visible()
    assert refused == []
    # The policy is enforced: an inline script put on the page is refused and reported.
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.inlineRan = 1';"
                  " document.head.appendChild(s); }")
    assert page.evaluate("window.inlineRan === undefined")
    deadline = time.monotonic() + TIMEOUT_MS / 1000  # the report comes as a console message: wait for it
    while not any("inline script" in r for r in refused) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert any("inline script" in r for r in refused), refused
