"""The table-side score keeper in a real browser: a boxing bout played to the end by typing the dice
the table rolled, with one wrong entry taken back by undo; the result, the chart and the downloaded
record are those of the same bout played by the engine with the same dice."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from tests.test_table_mode import answers
from tests.web.browser.conftest import screenshots
from tests.web.conftest import LiveServer
from tests.web.test_keeper import seeded


def _set_up_the_bout(page: Page) -> None:
    """The keeper's setup form filled in for the seeded bout: boxing, slugger against speedster,
    one round."""
    page.goto("/keeper")
    page.select_option("#game", "boxing")
    page.click("#choose-game")
    page.select_option("#side-1", "slugger")
    page.select_option("#side-2", "speedster")
    page.fill("#options", "rounds=1")


def test_a_boxing_bout_by_dice_with_one_undo(page: Page) -> None:
    bout = seeded("boxing", ["slugger", "speedster"], 11, {"rounds": 1})
    typed = answers(bout)
    assert len(typed) > 6
    _set_up_the_bout(page)
    screenshots(page, "keeper-setup")
    page.click("#start")
    expect(page.locator("#whose")).to_contain_text("Turn:")
    screenshots(page, "keeper-play")
    for i, answer in enumerate(typed):
        if i == 3:  # a wrong entry first, taken back with undo
            page.fill("#answer", "6 6" if answer != "6 6" else "5 5")
            page.click("#enter")
            expect(page.locator("#count")).to_have_text(f"{i + 1} answers entered.")
            page.click("#undo")
            expect(page.locator("#notice")).to_contain_text("Took back")
            expect(page.locator("#count")).to_have_text(f"{i} answers entered.")
            screenshots(page, "keeper-undo")
        page.fill("#answer", answer)
        page.click("#enter")
        expect(page.locator("#count")).to_have_text(f"{i + 1} answers entered.")
    expect(page.locator("#summary")).to_have_text(bout.result.summary)
    expect(page.locator("#chart svg")).to_be_visible()
    screenshots(page, "keeper-result")
    with page.expect_download() as download:
        page.click("#download")
    record = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert record["events"] == bout.to_json()["events"]
    assert record["result"] == bout.to_json()["result"]


def test_the_organiser_saves_a_finished_bout_to_the_league(page: Page, live_server: LiveServer) -> None:
    """Signed in, the organiser finishes a bout at the keeper, says which league boxers took the
    sides, saves it, and lands on its public page; the stored record is the bout's."""
    from sqlalchemy import select

    from tests.web.browser.test_member_flows import sign_in
    from turnbuckle.league.demo import LOGINS, ORGANISER
    from turnbuckle.league.models import TableMatch

    bout = seeded("boxing", ["slugger", "speedster"], 11, {"rounds": 1})
    sign_in(page, ORGANISER, LOGINS[ORGANISER])
    _set_up_the_bout(page)
    page.click("#start")
    for i, answer in enumerate(answers(bout)):
        page.fill("#answer", answer)
        page.click("#enter")
        expect(page.locator("#count")).to_have_text(f"{i + 1} answers entered.")
    page.select_option("#competitor-1", label="Otis Granger")
    page.select_option("#competitor-2", label="Dutch Kessler")
    screenshots(page, "keeper-save")
    page.click("#save")
    expect(page).to_have_url(re.compile(r"/table-matches/\w+"))
    expect(page.locator("#sides")).to_contain_text("Otis Granger")
    expect(page.locator("#sides")).to_contain_text("Dutch Kessler")
    expect(page.locator("#summary")).to_have_text(bout.result.summary)
    uid = page.url.rsplit("/", 1)[1].split("?")[0]
    with live_server.ctx() as ctx:
        saved = ctx.session.scalars(select(TableMatch).where(TableMatch.uid == uid)).one()
        assert saved.record["events"] == bout.to_json()["events"]
