"""The score keeper against a careless or hostile table. In Chromium, the Back guard: the page from
before an undo and a new answer holds as many answers as the latest page, but not the same ones, so
a tap on it is refused; after the device was passed on, Back never shows the other player's card.
Through the test client: a post from a page that is not the tab's latest, an undo of the other
player's secret pick, the armies' plural, a record nested too deep, a seed that does not give its
answer."""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from tests.web.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TIMEOUT_MS, _missing
from tests.web.conftest import LiveServer
from tests.web.support import Site, sign_in
from tests.web.test_keeper import Forms, client, post, start  # noqa: F401  (the client fixture)
from tests.web.test_keeper_save import finished_bout

try:
    from playwright.sync_api import Page, expect, sync_playwright
except ImportError:  # pragma: no cover - the browser tests' own conftest says why they cannot run
    pytest.skip("playwright is not installed", allow_module_level=True)


def on_a_phone(url: str, *tests: Callable[[Page], None]) -> None:
    """Run each test on a 390 x 844 phone (a fresh context each) in a Chromium of its own, in a thread
    of its own: the browser tests' session browser may already hold this thread's event loop (one
    Playwright a thread)."""
    if not os.access(CHROMIUM, os.X_OK):
        _missing(f"Chromium is not installed at {CHROMIUM}")
    failed: list[BaseException] = []

    def run() -> None:
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                try:
                    for test in tests:
                        ctx = browser.new_context(base_url=url, viewport=PHONE,  # type: ignore[arg-type]
                                                  has_touch=True, is_mobile=True)
                        ctx.set_default_timeout(TIMEOUT_MS)
                        test(ctx.new_page())
                        ctx.close()
                finally:
                    browser.close()
        except BaseException as exc:  # handed to the test's own thread
            failed.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def _tap(page: Page, value: str, count: int) -> None:
    page.locator(f'#pad button[data-value="{value}"]').tap()
    expect(page.locator("#count")).to_have_text(f"{count} answers entered.")


@pytest.mark.browser  # Chromium on a phone (the browser tests under tests/web/browser are marked by folder)
def test_back_never_plays_on_from_a_taken_back_answer_nor_shows_another_players_secret(
        live_server: LiveServer) -> None:
    on_a_phone(live_server.url, back_after_an_undo, back_to_a_secret)


def back_after_an_undo(phone: Page) -> None:
    phone.goto("/keeper?game=boxing")
    phone.select_option("#side-1", "slugger")
    phone.select_option("#side-2", "speedster")
    phone.click("#start")
    expect(phone.locator("#count")).to_have_text("0 answers entered.")
    _tap(phone, "3", 1)
    _tap(phone, "4", 2)   # a mistake: the table rolled a 5
    phone.click("#undo")
    expect(phone.locator("#count")).to_have_text("1 answers entered.")
    _tap(phone, "5", 2)   # the right die
    phone.go_back()       # the page after the undo (1 answer)
    expect(phone.locator("#count")).to_have_text("1 answers entered.")
    expect(phone.locator("#stale")).to_be_visible()
    phone.go_back()       # the page that holds the mistake: as many answers as the latest, not the same
    expect(phone.locator("#count")).to_have_text("2 answers entered.")
    expect(phone.locator("#entries")).to_have_text("3\n4")
    expect(phone.locator("#stale")).to_be_visible()
    phone.locator('#pad button[data-value="6"]').tap()
    expect(phone.locator("#answer-error")).to_contain_text("you went Back")
    expect(phone.locator("#entries")).to_have_text("3\n4")
    expect(phone.locator("#stale")).to_be_visible()
    # carrying on from here is the table's own choice: it plays on from the page's answers
    phone.click("#carry-on")
    expect(phone.locator("#stale")).to_be_hidden()
    _tap(phone, "6", 3)
    expect(phone.locator("#entries")).to_have_text("3\n4\n6")


def test_a_post_from_a_page_that_is_not_the_tabs_latest_changes_nothing(client: TestClient) -> None:  # noqa: F811
    page = start(client, "boxing", "slugger", "speedster")
    page = post(client, page, "keeper", tap="3")
    mistake = post(client, page, "keeper", tap="4")
    undone = post(client, mistake, "keeper", action="undo")
    latest = post(client, undone, "keeper", tap="5")
    stamp = re.findall(r'data-stamp="([0-9a-f]{16})"', latest.text)
    assert len(stamp) == 1 and stamp != re.findall(r'data-stamp="([0-9a-f]{16})"', mistake.text)
    # the page that holds the taken-back 4, posted with the latest page's count and stamp (the script)
    refused = post(client, mistake, "keeper", tap="6", latest="2", newest=stamp[0])
    assert refused.status_code == 400 and "you went Back" in refused.text
    assert Forms(refused.text).forms["keeper"]["entries"] == "3\n4"
    # the latest page itself, and a stamp that is not one, play on
    assert post(client, latest, "keeper", tap="6", latest="2", newest=stamp[0]).status_code == 200
    on = post(client, mistake, "keeper", tap="6", newest="not a stamp")
    assert on.status_code == 200 and Forms(on.text).forms["keeper"]["entries"] == "3\n4\n6"


def test_undo_by_the_next_player_keeps_the_other_players_card_covered(client: TestClient) -> None:  # noqa: F811
    page = start(client, "headlock", "the-rhino", "amethyst-assassin", **{"player-1": "human", "player-2": "human"})
    page = post(client, page, "keeper", action="enter", answer="9H")
    page = post(client, page, "keeper", tap="g7")
    assert 'id="pass"' in page.text  # passed to The Amethyst Assassin
    undone = post(client, page, "keeper", action="undo")
    assert undone.status_code == 200
    notice = re.findall(r'id="notice">([^<]*)<', undone.text)
    assert notice == ["Took back The Rhino&#39;s last answer (not shown: The Rhino&#39;s secret)"]
    # the board (The Rhino's card) stays covered until The Rhino taps to show it
    assert re.search(r'id="pass"[^>]*>Pass the device to <strong>The Rhino</strong>', undone.text)
    assert Forms(undone.text).forms["keeper"]["entries"] == "9H"


def back_to_a_secret(phone: Page) -> None:
    phone.goto("/keeper?game=headlock")
    phone.select_option("#side-1", "the-rhino")
    phone.select_option("#side-2", "amethyst-assassin")
    phone.select_option("#player-1", "human")
    phone.select_option("#player-2", "human")
    phone.click("#start")
    phone.fill("#answer", "9H")
    phone.click("#enter")
    expect(phone.locator("#board")).to_contain_text("9H")
    phone.locator('#pad button[data-value="g7"]').tap()
    expect(phone.locator("#pass")).to_be_visible()  # passed to The Amethyst Assassin
    expect(phone.locator("#board")).to_be_hidden()
    phone.go_back()  # The Rhino's own turn: his card and his moves
    expect(phone.locator("#count")).to_have_text("1 answers entered.")
    expect(phone.locator("#stale")).to_be_visible()
    expect(phone.locator("#board")).to_be_hidden()
    expect(phone.locator("#keeper")).to_be_hidden()
    assert "9H" not in phone.locator("#keeper-page").inner_text()  # nor what was entered last
    # carrying on from here is The Rhino's to do (it takes his pick back): then his turn shows
    phone.click("#carry-on")
    expect(phone.locator("#board")).to_contain_text("9H")
    expect(phone.locator("#keeper")).to_be_visible()


def test_too_many_armies_is_said_in_english(client: TestClient) -> None:  # noqa: F811
    page = client.get("/keeper?game=deathmatch")
    assert "UOV Deathmatch: 2 to 4 armies</h2>" in page.text
    fields = Forms(page.text).forms["setup"] | {f"side-{i}": s for i, s in
                                                enumerate(["ash-court", "bog-host", "ash-court", "bog-host",
                                                           "ash-court"], 1)}
    refused = client.post("/keeper/play", data=fields)
    assert refused.status_code == 400
    assert "UOV Deathmatch needs 2 to 4 armies; 5 chosen" in refused.text


def test_a_record_nested_too_deep_is_refused_not_a_500(site: Site) -> None:
    with site.client() as http:
        assert sign_in(http, "Fran").status_code == 303
        page = finished_bout(http)
        data = Forms(page.text).forms["save-form"] | {"record": "[" * 100_000 + "]" * 100_000}
        refused = http.post("/keeper/save", data=data)
        assert refused.status_code == 400
        assert "the record is missing or is not JSON" in refused.text


def test_a_seed_that_does_not_give_its_answer_is_refused_at_the_save(site: Site) -> None:
    seeds = iter(range(500, 100000))
    site.app.state.keeper_seeds = lambda: next(seeds)
    with site.client() as http:
        assert sign_in(http, "Fran").status_code == 303
        page = finished_bout(http, roll_first=True)
        form = Forms(page.text).forms["save-form"]
        assert form["seeds"] == "0=500"
        for claimed in ("0=501,1=7", "0=" + "9" * 20):  # a typed answer or another seed claimed as rolled
            refused = http.post("/keeper/save", data=form | {"seeds": claimed})
            assert refused.status_code == 400, claimed
            assert "was not rolled from the seed the page names" in refused.text
        saved = http.post("/keeper/save", data=form)  # the genuine seed
        assert saved.status_code == 303


def test_a_post_from_a_tab_another_tab_moved_on_says_so_and_changes_nothing(client: TestClient) -> None:  # noqa: F811
    page = start(client, "boxing", "slugger", "speedster")
    page = post(client, page, "keeper", tap="3")
    other = post(client, page, "keeper", tap="4")  # what the other tab entered
    stamp = re.findall(r'data-stamp="([0-9a-f]{16})"', other.text)[0]
    refused = post(client, page, "keeper", tap="6", latest="2", newest=stamp, elsewhere="1")
    assert refused.status_code == 400 and "another tab moved this match on (it holds 2 answers" in refused.text
    assert Forms(refused.text).forms["keeper"]["entries"] == "3"
    # the page that is the latest plays on, whatever the flag says
    assert post(client, other, "keeper", tap="6", latest="2", newest=stamp, elsewhere="1").status_code == 200


def test_a_move_names_the_page_it_was_made_on_for_a_reload_that_sends_it_again(client: TestClient) -> None:  # noqa: F811
    page = start(client, "boxing", "slugger", "speedster")
    assert "data-parent" not in page.text
    made_on = re.findall(r'data-stamp="([0-9a-f]{16})"', page.text)[0]
    moved = post(client, page, "keeper", tap="3")
    assert re.findall(r'data-parent="([0-9a-f]{16})"', moved.text) == [made_on]
    refused = post(client, moved, "keeper", tap="13")  # no such face: nothing moved
    assert refused.status_code == 400 and "data-parent" not in refused.text
