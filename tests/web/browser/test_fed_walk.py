"""The whole weekly job on pages alone, from an empty database: ``turnbuckle serve`` prints the setup
link; the organiser sets the league up, invites a player, who signs up and adds a MatchMatch wrestler;
the organiser adds one of their own, builds a card and opens the show; the player writes a strategy
from what the strategy page shows (a pick on the wrong grid axis is refused while typing) and sends it;
the organiser locks, runs and publishes; the show's page verifies it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.league.helpers import SAM_STRATEGY
from tests.web.browser.conftest import DESKTOP, TIMEOUT_MS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

TB = str(Path(sys.executable).with_name("turnbuckle"))
SERVING = re.compile(r"at (http://127\.0\.0\.1:\d+)/")
LINK = re.compile(r"set it up at (http://\S+/setup/\S+) ")
ORGANISER, PLAYER = "Fran", "Pat"
PASSWORD = {ORGANISER: "a long walk to the ring", PLAYER: "the top rope at midnight"}


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """``turnbuckle serve`` on a database that does not exist yet: (its address, the setup link)."""
    proc = subprocess.Popen([TB, "serve", "--db", str(tmp_path / "fed.db"), "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        first, second = proc.stdout.readline(), proc.stdout.readline()
        served, link = SERVING.search(first), LINK.search(second)
        assert served and link, f"serve printed {first!r} {second!r}"
        yield served.group(1), link.group(1)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


def tab(browser: Browser, base: str) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(base_url=base, viewport=DESKTOP)  # type: ignore[arg-type]
    ctx.set_default_timeout(TIMEOUT_MS)
    return ctx, ctx.new_page()


def add_wrestler(page: Page, sample: str) -> str:
    """A MatchMatch wrestler from one of the game's samples, added in the sheet editor; its page's path."""
    page.goto(f"/roster/new/m2?sample={sample}")
    page.get_by_role("button", name="Add the competitor").first.click()
    page.wait_for_url(re.compile(r"/competitors/\d+\?done=added$"))
    return page.url


def test_a_fed_from_an_empty_database_to_a_verified_show(browser: Browser, fresh_server: tuple[str, str]) -> None:
    from playwright.sync_api import expect

    base, setup = fresh_server
    org_ctx, org = tab(browser, base)
    player_ctx, player = tab(browser, base)
    try:
        # First run: the setup link makes the league and the organiser, signed in.
        org.goto(setup)
        org.get_by_label("League name").fill("Garage Fed")
        org.get_by_label("Time zone").fill("Europe/London")
        org.get_by_label("Highest Push Level").fill("5")
        org.get_by_label("Your name in the league").fill(ORGANISER)
        org.get_by_label("Password (8 characters or more)").fill(PASSWORD[ORGANISER])
        org.get_by_label("The same password again").fill(PASSWORD[ORGANISER])
        org.get_by_role("button", name="Create the league").click()
        expect(org.locator("header .who")).to_contain_text(ORGANISER)
        org.goto(setup)
        expect(org.get_by_role("button", name="Create the league")).to_have_count(0)  # it worked once

        # An invitation; the player signs up and adds a wrestler from a sheet.
        org.goto("/account")
        org.get_by_label("Their name").fill(PLAYER)
        org.get_by_role("button", name="Make an invitation link").click()
        invite = org.locator("#new-link").inner_text().strip()
        player.goto(invite)
        player.get_by_label("Password (8 characters or more)").fill(PASSWORD[PLAYER])
        player.get_by_label("The same password again").fill(PASSWORD[PLAYER])
        player.get_by_role("button", name="Sign up").click()
        expect(player.locator("header .who")).to_contain_text(PLAYER)
        add_wrestler(player, "friendly-sam")
        expect(player.get_by_role("heading", level=1)).to_contain_text("Friendly Sam")

        # The organiser's own wrestler, a show, a card, opened.
        add_wrestler(org, "brother-bob")
        org.goto("/organiser/shows/new")
        org.get_by_label("Name").fill("Garage Night")
        when = datetime.now() + timedelta(days=3)
        org.get_by_label("Date (YYYY-MM-DD)").fill(when.strftime("%Y-%m-%d"))
        org.get_by_label("Strategy deadline").fill(when.strftime("%Y-%m-%d 20:00"))
        org.get_by_role("button", name="Create the show").click()
        org.wait_for_url(re.compile(r"/organiser/shows/1$"))
        org.locator("form.add-match select#side1").select_option("Friendly Sam")
        org.locator("form.add-match select#side2").select_option("Brother Bob")
        org.get_by_role("button", name="Add the match").click()
        org.get_by_role("button", name="Open for strategies").click()
        expect(org.locator(".status").first).to_have_text("open")

        # The player reads which axis they pick, is refused live on the other one, then sends.
        player.goto("/shows/1")
        player.get_by_role("link", name="Send a strategy").click()
        axis = player.locator("p.axis").inner_text()
        found = re.search(r"pick a (column|row), (\w)", axis)
        assert found, axis
        wrong = "2" if found.group(1) == "column" else "B"
        box = player.locator("textarea#text")
        box.fill(SAM_STRATEGY.replace("Grid B", f"Grid {wrong}"))
        expect(player.locator("#paste-check")).to_contain_text(f"so it picks the grid's {found.group(1)}")
        box.fill(SAM_STRATEGY.replace("Grid B", f"Grid {found.group(2)}"))
        expect(player.locator("#paste-check")).not_to_contain_text("picks the grid's")
        player.get_by_role("button", name="Send this strategy").first.click()
        expect(player.locator(".ok.sent")).to_be_visible()

        # Lock, run, publish.
        org.goto("/organiser/shows/1")
        org.get_by_role("button", name="Lock the card").click()
        org.get_by_role("button", name="Run the show").click()
        publish = org.get_by_role("button", name="Publish the results")
        expect(publish).to_be_visible(timeout=30_000)
        publish.click()
        expect(org.locator(".status").first).to_have_text("published")

        # Anyone verifies it on the show's page.
        player.goto("/shows/1")
        player.get_by_role("button", name="Verify this show").click()
        expect(player.locator("#verify .verified")).to_contain_text("Verified", timeout=TIMEOUT_MS)
        expect(player.get_by_role("link", name="Download the export")).to_have_attribute("href", "/shows/1/export.json")
    finally:
        org_ctx.close()
        player_ctx.close()
