"""A published show's page in Chromium: the organiser's intro first, then the results card linking to
each match's ringside call, the short write-ups, and the seeds last and folded; its copy buttons
(static/post_copy.js, under the strict CSP) put each format's text on the clipboard; an open show's
page offers its card's announcement the same way."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Page, expect

from tests.web.browser.conftest import screenshots
from tests.web.conftest import LiveServer
from turnbuckle.league.models import Show


def test_results_page_order_and_copy_buttons(page: Page, live_server: LiveServer) -> None:
    refused: list[str] = []

    def watch(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", watch)
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400
            and not r.url.endswith("/favicon.ico") else None)
    page.on("pageerror", lambda exc: refused.append(str(exc)))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    with live_server.ctx() as ctx:
        number = min(s.number for s in ctx.session.query(Show).filter(Show.status == "published"))
        opened = min(s.number for s in ctx.session.query(Show).filter(Show.status == "open"))
    page.goto(f"/shows/{number}")
    tops = {name: page.locator(sel).first.bounding_box() for name, sel in (
        ("intro", "blockquote.intro"), ("card", "ol.results-card"), ("accounts", "p.account"),
        ("seeds", "details.seeds"))}
    ys = [box["y"] for box in tops.values() if box is not None]
    assert len(ys) == 4 and ys == sorted(ys), tops
    assert not page.locator("details.seeds code.seed").is_visible()  # folded until opened
    first = page.locator("ol.results-card a").first
    assert first.get_attribute("href") == f"/shows/{number}/matches/1"
    page.locator("details#post summary").click()  # the texts come now (htmx), then the buttons work
    button = page.locator("button[data-copy='post-markdown-1']")
    button.click()
    expect(button).to_have_text("Copied")
    pasted = page.evaluate("navigator.clipboard.readText()")
    assert pasted == page.locator("textarea#post-markdown-1").input_value()
    assert pasted.startswith("# ") and f"/shows/{number}/matches/1)" in pasted
    screenshots(page, "show-results-post")
    first.click()
    expect(page.locator("h2, h3").first).to_be_visible()
    assert page.url.endswith(f"/shows/{number}/matches/1")
    page.goto(f"/shows/{opened}")
    page.locator("details#announce summary").click()
    page.locator("button[data-copy='announce-text-1']").click()
    assert "The card is set." in page.evaluate("navigator.clipboard.readText()")
    assert refused == []
