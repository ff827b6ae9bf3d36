"""Sign-out on a 390 x 844 phone leaves nothing private: the organiser plays a match of a league
competitor (its sheet is in the page, so in the keeper's page guard; a match kept on the phone may
hold one too) with the keeper's service worker installed; signing out with a match played offline not yet saved asks
whether to keep it on the device or discard it; after either, localStorage and sessionStorage are
empty, Cache Storage holds only public files (the worker never kept a private answer), and IndexedDB
holds nothing, or only the kept offline match."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.browser.conftest import PHONE, TIMEOUT_MS
from tests.web.browser.test_member_flows import sign_in
from tests.web.conftest import LiveServer
from turnbuckle.league.demo import LOGINS, ORGANISER
from turnbuckle.web.keeper.offline import PUBLIC_PAGES

DUMP = """async () => {
  const out = {local: Object.keys(localStorage), session: Object.keys(sessionStorage), caches: [], matches: null};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const got = await cache.match(request);
      const path = new URL(request.url).pathname;
      const text = path.indexOf("/static/pyodide/") === 0 ? "" : await got.text();
      out.caches.push({path: path, rule: got.headers.get("cache-control") || "", text: text});
    }
  }
  const names = (await indexedDB.databases()).map((d) => d.name);
  if (names.indexOf("turnbuckle-keeper") >= 0) {
    out.matches = await new Promise((resolve) => {
      const req = indexedDB.open("turnbuckle-keeper");
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains("matches")) { db.close(); resolve([]); return; }
        const all = db.transaction("matches").objectStore("matches").getAll();
        all.onsuccess = () => { db.close(); resolve(all.result); };
      };
    });
  }
  return out;
}"""
PLANT = """(secret) => keeperStore.put({key: keeperStore.newKey(), match: "planted", offline: true, status: "finished",
  game: "boxing", title: "Boxing", groups: [["4"]], seeds: [null], state: [["sheet-1", secret]],
  engine: {game: "boxing"}})"""


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    ctx = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True,  # type: ignore[arg-type]
                              is_mobile=True)
    ctx.set_default_timeout(TIMEOUT_MS)
    tab = ctx.new_page()
    try:
        yield tab
    finally:
        ctx.close()


def dump(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(DUMP)
    return found


def until(page: Page, what: str, test: Any) -> dict[str, Any]:
    """The storage once ``test`` holds of it (bounded by TIMEOUT_MS)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while True:
        now = dump(page)
        if test(now):
            return now
        assert time.monotonic() < deadline, f"{what}: {json.dumps(now)[:600]}"
        time.sleep(0.1)


def play_a_league_side(page: Page) -> str:
    """Start a boxing bout with a league competitor as side 1; its name (in its sheet, so private)."""
    page.goto("/keeper?game=boxing")
    option = page.locator("#side-1 optgroup[label='League competitors'] option").first
    name = option.inner_text().strip()
    page.select_option("#side-1", option.get_attribute("value") or "")
    page.click("#start")
    expect(page.locator("#ask")).to_be_visible()
    return name


def private_left(now: dict[str, Any]) -> list[str]:
    """Whatever of ``now`` is private: web storage (but the path htmx notes for the page signed out
    to), a cached answer that is not a public file or was answered to the signed-in organiser (names
    them), a kept match that is not the planted offline one."""
    found = [f"localStorage holds {k}" for k in now["local"] if k != "turnbuckle-keeper-kept"]  # a flag: kept matches
    found += [f"sessionStorage holds {k}" for k in now["session"] if k != "htmx-current-path-for-history"]
    for c in now["caches"]:
        public = c["path"].startswith("/static/") or c["path"] in PUBLIC_PAGES
        if not public or "no-store" in c["rule"] or "private" in c["rule"] or f">{ORGANISER}<" in c["text"]:
            found.append(f"cached {c['path']} ({c['rule']})")
    found += [f"kept match {m['match']}" for m in now["matches"] or [] if m["match"] != "planted"]
    return found


def test_sign_out_leaves_nothing_private_and_asks_about_a_match_not_saved(phone: Page) -> None:
    sign_in(phone, ORGANISER, LOGINS[ORGANISER])
    name = play_a_league_side(phone)
    until(phone, "the worker kept the offline keeper",
          lambda s: any(c["path"] == "/keeper/offline" for c in s["caches"]))
    # private so far: the keeper's page guard holds the competitor's sheet as played
    assert name in json.dumps(phone.evaluate("Object.values(localStorage)"))
    phone.evaluate(PLANT, name)
    assert private_left(dump(phone))
    phone.get_by_role("button", name="Sign out").click()
    expect(phone.locator("#signout-dialog")).to_contain_text("not saved to the league")
    phone.click("#discard-kept")
    expect(phone.locator("header .who")).to_contain_text("Sign in")
    after = dump(phone)
    assert private_left(after) == [] and after["matches"] is None, json.dumps(after)[:600]
    assert any(c["path"] == "/keeper/offline" for c in after["caches"])  # public files stay for next time

    sign_in(phone, ORGANISER, LOGINS[ORGANISER])
    name = play_a_league_side(phone)
    phone.evaluate(PLANT.replace('"planted"', '"saved-before"').replace('"finished"', '"saved"'), name)
    phone.evaluate(PLANT, f"{name}'s sheet, kept as the organiser chose")
    phone.get_by_role("button", name="Sign out").click()
    phone.click("#keep-kept")
    expect(phone.locator("header .who")).to_contain_text("Sign in")
    kept = dump(phone)
    assert private_left(kept) == []
    assert [m["match"] for m in kept["matches"]] == ["planted"]
