"""The offline keeper's engine in Chromium: a page of the site starts Pyodide from /static/pyodide/
with the page's rules (web/static/keeper-engine.js) and plays a seeded match of every game to the
server's record, byte for byte.

The site's Content-Security-Policy (``script-src 'self'``) forbids compiling WebAssembly: the page
that hosts the engine needs ``'wasm-unsafe-eval'`` added to it (Chromium says so: "Compiling or
instantiating WebAssembly module violates the following Content Security policy directive"). Until
that page exists, this test's context bypasses the policy."""

from __future__ import annotations

import json
import os

import pytest
from playwright.sync_api import Browser

from tests.page.cases import GAMES, cases
from tests.web.browser.conftest import PHONE, TIMEOUT_MS
from tests.web.conftest import LiveServer
from turnbuckle.web.serving.page_engine import runtime_folder

PLAY = """async (requests) => {
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error("no engine after 120 s")), 120000));
  const { startEngine } = await import("/static/keeper-engine.js");
  const engine = await Promise.race([startEngine(), late]);
  return requests.map((r) => {
    const a = engine.step(JSON.parse(r));
    return a.ok ? a.record_text : JSON.stringify(a);
  });
}"""


@pytest.mark.slow
def test_a_page_plays_every_game_in_pyodide_to_the_servers_record(browser: Browser, live_server: LiveServer) -> None:
    if runtime_folder() is None:
        if os.environ.get("TURNBUCKLE_REQUIRE_PYODIDE") == "1":
            pytest.fail("the Pyodide runtime is missing (make pyodide), and TURNBUCKLE_REQUIRE_PYODIDE=1")
        pytest.skip("the Pyodide runtime is not fetched here (make pyodide)")
    played = [case for game in GAMES for case in cases(game, 1)]
    ctx = browser.new_context(base_url=live_server.url, viewport=PHONE, bypass_csp=True)  # type: ignore[arg-type]
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        page.goto("/keeper")
        try:
            got = page.evaluate(PLAY, [request for request, _ in played])
        except Exception as exc:
            raise AssertionError(f"{exc}; the page said: {errors[:5]}") from None
    finally:
        ctx.close()
    assert got == [text for _, text in played], errors[:5]
    assert json.loads(played[0][0])["game"] == GAMES[0]
