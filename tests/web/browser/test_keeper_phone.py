"""The score keeper on a 390 x 844 phone in Chromium, played by tapping only: a boxing bout and a
folkstyle match to the end, one tap a die. After every tap the last answer's narration is on the
first screen (nothing to scroll to), the page is never wider than the phone, and the result is the
engine's for the same dice. The browser's Back is tested: the page it shows says it is behind, a tap
there changes nothing (the server refuses it and says why), and "Carry on from here" plays on from it.

With ``TURNBUCKLE_DOCS_IMAGES=1`` the folkstyle test also writes the phone screenshot that
docs/web.md shows (docs/images/keeper-phone.png)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_table_mode import answers
from tests.web.browser.conftest import PHONE, SCREENSHOTS, TIMEOUT_MS
from tests.web.conftest import LiveServer
from tests.web.test_keeper import seeded

DOCS_IMAGES = Path(__file__).resolve().parents[3] / "docs" / "images"


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """A fresh context sized as a 390 x 844 phone, with touch."""
    ctx = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True,  # type: ignore[arg-type]
                              is_mobile=True, device_scale_factor=2)
    ctx.set_default_timeout(TIMEOUT_MS)
    tab = ctx.new_page()
    try:
        yield tab
    finally:
        ctx.close()


def _start(page: Page, game: str, sides: tuple[str, str], options: str = "") -> None:
    page.goto(f"/keeper?game={game}")
    page.select_option("#side-1", sides[0])
    page.select_option("#side-2", sides[1])
    if options:
        page.fill("#options", options)
    page.click("#start")
    expect(page.locator("#count")).to_have_text("0 answers entered.")


def _on_first_screen(page: Page) -> None:
    """The board and what the last answer did are inside the first 844 px; nothing is wider than
    the phone."""
    assert page.evaluate("window.scrollY") == 0
    last = page.locator("#last").bounding_box()
    assert last is not None and last["height"] > 0
    assert last["y"] + last["height"] <= PHONE["height"], f"the last narration ends at {last['y'] + last['height']}px"
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page is {overflow}px wider than the phone"


def _tap(page: Page, value: str, count: int) -> None:
    """Tap the pad's button for ``value``; the page after it holds ``count`` answers."""
    key = page.locator(f'#pad button[data-value="{value}"]')
    box = key.bounding_box()
    assert box is not None and box["height"] >= 48 and box["width"] >= 48, f"the key {value} is {box}"
    key.tap()
    expect(page.locator("#count")).to_have_text(f"{count} answers entered.")
    expect(page.locator("#entered")).to_contain_text(value)
    _on_first_screen(page)


def _taps(typed: list[str]) -> list[str]:
    """What the table taps for each answer: a roll's faces one at a time, a choice whole."""
    return [face for answer in typed for face in answer.split()]


def test_a_boxing_bout_by_taps_with_back_refused_then_carried_on(phone: Page) -> None:
    bout = seeded("boxing", ["slugger", "speedster"], 11, {"rounds": 1})
    taps = _taps(answers(bout))
    _start(phone, "boxing", ("slugger", "speedster"), "rounds=1")
    expect(phone.locator("#pad button")).to_have_count(12)  # the initiative's d12, one key a face
    _on_first_screen(phone)
    undo = phone.locator("#undo").bounding_box()
    pad = phone.locator("#pad").bounding_box()
    assert undo is not None and pad is not None and undo["y"] >= pad["y"] + pad["height"] + 24  # Undo apart
    for i, value in enumerate(taps[:5]):
        _tap(phone, value, i + 1)
        if phone.locator("#die-word").count():  # the punch's two dice are named one at a time
            expect(phone.locator("#die-word")).to_contain_text("the punch" if "die 1" in
                                                                phone.locator("#ask").inner_text() else "the hand")
    # Back: the page before the last tap says it is behind, and a tap on it changes nothing
    phone.go_back()
    expect(phone.locator("#count")).to_have_text("4 answers entered.")
    expect(phone.locator("#stale")).to_be_visible()
    phone.locator(f'#pad button[data-value="{taps[4]}"]').tap()
    expect(phone.locator("#answer-error")).to_contain_text("you went Back")
    expect(phone.locator("#count")).to_have_text("4 answers entered.")
    expect(phone.locator("#stale")).to_be_visible()
    # carrying on from here takes the later answer back and plays on
    phone.click("#carry-on")
    expect(phone.locator("#stale")).to_be_hidden()
    for i, value in enumerate(taps[4:], start=4):
        _tap(phone, value, i + 1)
    expect(phone.locator("#summary")).to_have_text(bout.result.summary)
    _on_first_screen(phone)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "keeper-boxing-result-phone.png"))


def test_a_folkstyle_match_by_taps_restates_the_moves_and_the_scramble(phone: Page) -> None:
    record = seeded("folkstyle", ["cal-okafor", "tess-varga"], 132)
    taps = _taps(answers(record))
    _start(phone, "folkstyle", ("cal-okafor", "tess-varga"))
    notes = []
    for i, value in enumerate(taps):
        if phone.locator("#note").count():
            notes.append(phone.locator("#note").inner_text())
            if len(notes) == 2 and os.environ.get("TURNBUCKLE_DOCS_IMAGES") == "1":  # Green's quality roll
                DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
                phone.screenshot(path=str(DOCS_IMAGES / "keeper-phone.png"))
        _tap(phone, value, i + 1)
    expect(phone.locator("#summary")).to_have_text(record.result.summary)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "keeper-folkstyle-result-phone.png"), full_page=True)
    assert any("This turn: Red rolled" in n and "Quality" in n for n in notes)
    assert any("the scramble number is" in n for n in notes)
    assert any("near fall" in n for n in notes)
    # the scoresheet is a table laid out for the phone (its cells stacked), not a wrapped text table
    sheet = phone.locator("#narration table").first
    expect(sheet).to_contain_text("Scramble")
    box = sheet.bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    assert "------  ----" not in phone.locator("#last").inner_text()
    # the history is below the pad's place, the last narration above it
    last = phone.locator("#last").bounding_box()
    history = phone.locator("#history").bounding_box()
    assert last is not None and history is not None and last["y"] < history["y"]


def test_headlock_at_one_phone_covers_the_next_players_turn_until_they_tap(phone: Page) -> None:
    """Two people, one phone: after The Rhino's card and move, the page passes the device to
    Wildcat Rosa with her board and ask covered (his pick was made in secret); she taps to see them."""
    phone.goto("/keeper?game=headlock")
    phone.select_option("#side-1", "the-rhino")
    phone.select_option("#side-2", "wildcat-rosa")
    phone.select_option("#player-1", "human")
    phone.select_option("#player-2", "human")
    phone.click("#start")
    for key in (phone.locator("label:has(#rank-10)"), phone.locator("#suit-H")):
        box = key.bounding_box()
        assert box is not None and box["width"] >= 48 and box["height"] >= 48, box
    phone.locator("label:has(#rank-10)").tap()
    phone.locator("#suit-H").tap()
    expect(phone.locator("#count")).to_have_text("1 answers entered.", timeout=TIMEOUT_MS)
    assert phone.locator("#pass").count() == 0  # his own move: no one else's secret yet
    expect(phone.locator("#note")).to_contain_text("Moves: ")
    phone.locator("#pad button").first.tap()
    expect(phone.locator("#pass")).to_contain_text("Pass the device to Wildcat Rosa")
    expect(phone.locator("#entered")).to_have_text(
        "Entered The Rhino's answer (kept from Wildcat Rosa until the reveal)")
    assert "10H" not in phone.locator("#last").inner_text()  # his card is not on her screen
    expect(phone.locator("#keeper")).to_be_hidden()
    expect(phone.locator("#board")).to_be_hidden()
    phone.locator("#pass").tap()
    expect(phone.locator("#suit-S")).to_be_visible()
    expect(phone.locator("#board")).to_contain_text("Wildcat Rosa")
    _on_first_screen(phone)
