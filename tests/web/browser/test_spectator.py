"""A spectator (not signed in) reads the league in a real browser: the home page's standings and
latest results, then a published show's results with each match's chart drawn as SVG, its seed and
the export that ``turnbuckle verify`` checks."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import screenshots
from tests.web.conftest import LiveServer
from turnbuckle.league.models import Show
from turnbuckle.league.verify import load_export, verify_export


def test_a_spectator_reads_results_and_charts(page: Page, live_server: LiveServer) -> None:
    with live_server.ctx() as ctx:
        published = sorted((s.number, s.name) for s in ctx.session.query(Show).filter(Show.status == "published"))
    number, name = published[-1]
    page.goto("/")
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    screenshots(page, "spectator-home")

    page.get_by_role("link", name=name).first.click()
    expect(page).to_have_url(f"{live_server.url}/shows/{number}")
    expect(page.get_by_role("heading", name="Results")).to_be_visible()
    results = page.locator("section.result")
    assert results.count() >= 2
    charts = page.locator("section.result figure.chart svg")
    assert charts.count() >= 1
    # The chart is drawn: it has a visible size and marks in it.
    box = charts.first.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 80
    assert charts.first.locator("path, polyline, rect, line").count() > 3
    expect(page.locator("code.seed")).not_to_be_empty()
    screenshots(page, "spectator-results")

    with page.expect_download() as download:
        page.get_by_role("link", name="Download the export").click()
    text = download.value.path().read_text(encoding="utf-8")
    findings, _notes = verify_export(load_export(text, "the downloaded export"))
    assert findings == []
