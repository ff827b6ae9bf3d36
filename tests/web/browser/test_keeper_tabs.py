"""The score keeper's page guard beyond Back, on a 390 x 844 phone in Chromium: a tap sent while
offline and sent again by a reload once the network is back is the match's latest page (taps work
on it), and the same match open in two tabs does not split: the tab left behind shows where the
match stands, says another tab moved it on, and a tap on it never plays from the old page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.test_table_mode import answers
from tests.web.browser.conftest import PHONE, TIMEOUT_MS
from tests.web.conftest import LiveServer
from tests.web.test_keeper import seeded


@pytest.fixture
def phone_context(browser: Browser, live_server: LiveServer) -> Iterator[BrowserContext]:
    """A phone-sized context with touch: its tabs share the browser's storage, as a phone's do. Without
    the keeper's service worker: a tap with no network is the browser's own page here, as it is where
    the page cannot play offline (test_keeper_offline_play.py plays it offline)."""
    ctx = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True,  # type: ignore[arg-type]
                              is_mobile=True, device_scale_factor=2, service_workers="block")
    ctx.set_default_timeout(TIMEOUT_MS)
    try:
        yield ctx
    finally:
        ctx.close()


def _taps() -> list[str]:
    bout = seeded("boxing", ["slugger", "speedster"], 11, {"rounds": 1})
    return [face for answer in answers(bout) for face in answer.split()]


def _start(tab: Page) -> None:
    tab.goto("/keeper?game=boxing")
    tab.select_option("#side-1", "slugger")
    tab.select_option("#side-2", "speedster")
    tab.fill("#options", "rounds=1")
    tab.click("#start")
    expect(tab.locator("#count")).to_have_text("0 answers entered.")


def _tap(tab: Page, value: str, count: int) -> None:
    tab.locator(f'#pad button[data-value="{value}"]').tap()
    expect(tab.locator("#count")).to_have_text(f"{count} answers entered.")


def test_a_tap_sent_offline_then_reloaded_is_the_latest_page(phone_context: BrowserContext) -> None:
    taps = _taps()
    tab = phone_context.new_page()
    _start(tab)
    _tap(tab, taps[0], 1)
    phone_context.set_offline(True)
    tab.locator(f'#pad button[data-value="{taps[1]}"]').tap()
    tab.wait_for_load_state()
    expect(tab.locator("#count")).to_have_count(0)  # the browser's own "no internet" page
    phone_context.set_offline(False)
    tab.reload()  # sends the tap again
    expect(tab.locator("#count")).to_have_text("2 answers entered.")
    expect(tab.locator("#stale")).to_be_hidden()
    _tap(tab, taps[2], 3)
    expect(tab.locator("#answer-error")).to_have_count(0)
    expect(tab.locator("#stale")).to_be_hidden()


def _open_again(tab: Page, source: Page) -> None:
    """Open the match ``source`` shows in ``tab`` as well (as a second tab of the same browser would
    hold it): post its state to the keeper."""
    fields = source.evaluate("""() => Array.from(document.getElementById('keeper').elements)
        .filter(e => e.name && (e.tagName === 'TEXTAREA' || e.type === 'hidden')).map(e => [e.name, e.value])""")
    tab.goto("/keeper")
    tab.evaluate("""(fields) => {
        const form = document.createElement('form');
        form.method = 'post'; form.action = '/keeper/play';
        for (const [name, value] of [...fields, ['action', 'start']]) {
            const input = document.createElement('textarea'); input.name = name; input.value = value;
            form.appendChild(input);
        }
        document.body.appendChild(form); form.submit();
    }""", fields)
    expect(tab.locator("#count")).to_have_text(source.locator("#count").inner_text())


def test_one_match_in_two_tabs_does_not_split(phone_context: BrowserContext) -> None:
    taps = _taps()
    first = phone_context.new_page()
    _start(first)
    _tap(first, taps[0], 1)
    _tap(first, taps[1], 2)
    second = phone_context.new_page()
    _open_again(second, first)
    _tap(second, taps[2], 3)
    # the first tab, left at 2 answers, shows where the match stands and says why
    expect(first.locator("#count")).to_have_text("3 answers entered.")
    expect(first.locator("#notice")).to_contain_text("Another tab moved this match on")
    _tap(first, taps[3], 4)
    expect(second.locator("#count")).to_have_text("4 answers entered.")
    entries = first.locator("#entries").input_value()
    assert entries.split() == taps[:4]


def test_a_tap_on_a_tab_left_behind_is_refused_and_shows_the_match(phone_context: BrowserContext) -> None:
    """Where the tab left behind could not follow at once (its page was not the latest, say it was
    reached by Back), its tap is refused by the server and the tab then shows where the match stands."""
    taps = _taps()
    first = phone_context.new_page()
    _start(first)
    for i in range(3):
        _tap(first, taps[i], i + 1)
    first.go_back()
    expect(first.locator("#stale")).to_be_visible()
    second = phone_context.new_page()
    _open_again(second, first)  # 2 answers: this browser's latest page of the match now
    _tap(second, taps[2], 3)
    _tap(second, taps[3], 4)
    expect(first.locator("#stale-text")).to_contain_text("Another tab moved this match on")
    first.evaluate("document.getElementById('show-latest').hidden = true")  # tap the pad, not the offer
    first.locator(f'#pad button[data-value="{taps[2]}"]').tap()
    expect(first.locator("#count")).to_have_text("4 answers entered.")
    expect(first.locator("#notice")).to_contain_text("Another tab moved this match on")
    assert first.locator("#entries").input_value().split() == taps[:4]
