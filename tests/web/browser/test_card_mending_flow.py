"""The organiser mends an open card in a real browser: unfolds a match's form, changes its match
type, and moves the show's deadline; each lands with its message and shows on the page. The test
makes its own show and wrestlers (through the services), so the order of tests does not matter."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from playwright.sync_api import Page, expect

from tests.web.browser.conftest import screenshots
from tests.web.browser.test_member_flows import _open_show, _wrestler, sign_in
from tests.web.conftest import LiveServer
from turnbuckle.league.demo import LOGINS, ORGANISER
from turnbuckle.league.services import shows


def test_the_organiser_edits_a_match_and_moves_the_deadline(page: Page, live_server: LiveServer) -> None:
    _a, first = _wrestler(live_server, "Ann")
    _b, second = _wrestler(live_server, "Bo", "iron-ivan")
    number = _open_show(live_server, [[first, second]])
    with live_server.ctx() as ctx:
        zone = ZoneInfo(ctx.league.timezone)
    sign_in(page, ORGANISER, LOGINS[ORGANISER])
    page.goto(f"/organiser/shows/{number}")
    match = page.locator("#match-1")
    expect(match.locator("table.grid")).to_be_visible()  # fixed when the show opened
    match.get_by_text("Change this match").click()
    page.locator("#m1-match_type").fill("cage")
    match.get_by_role("button", name="Save the match").click()
    expect(page.locator(".done")).to_have_text("Match changed.")
    expect(page.locator("#match-1")).to_contain_text("Match type: Cage Match")
    new = (datetime.now(UTC) + timedelta(days=5)).astimezone(zone).strftime("%Y-%m-%d %H:%M")
    page.locator("#deadline").fill(new)
    page.get_by_role("button", name="Move the deadline").click()
    expect(page.locator(".done")).to_have_text("Deadline moved.")
    expect(page.locator("main > p").first).to_contain_text(f"strategies due by {new}")
    screenshots(page, "organiser-card-mended")
    with live_server.ctx() as ctx:
        s = shows.show(ctx, str(number))
        assert s.matches[0].options == {"type": "cage"} and s.matches[0].edited_at is not None
        assert ctx.local(s.deadline).startswith(new)
