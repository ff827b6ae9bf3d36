"""A match played on a 390 x 844 phone with the server process stopped, then saved to the league once.

The organiser starts a boxing bout on the keeper (the service worker installs and keeps the offline
keeper), taps three dice, and the server process is stopped (not the browser set offline: a set-offline
context does not stop a service worker's own fetches). The next tap cannot reach it: the worker answers
with the offline keeper, which plays that tap and the rest of the bout in the page; no request reaches
the server while it is stopped (the app counts every request). The server is started again on the same
port; the keeper sends the kept match (a browser may send a POST again on a reused connection: the key
makes that safe); the league holds it once, under the phone's key, with the
record the phone made, and a second look sends nothing more.

Two engines play the page's part: ``stand-in`` answers from the steps the server's own engine gave for
the same taps (it checks the worker, the hand-off, the phone's store and the send, not the rules), and
``pyodide``, the rules package in Pyodide (``make pyodide``), skipped with the reason while the runtime
is not built, unless ``TURNBUCKLE_REQUIRE_PYODIDE=1``."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from tests.web.browser.conftest import PHONE, TIMEOUT_MS
from tests.web.browser.test_member_flows import sign_in
from turnbuckle.core.render import render_json
from turnbuckle.core.step import play_step
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.demo import LOGINS, ORGANISER
from turnbuckle.league.models import TableMatch
from turnbuckle.web.app import create_app
from turnbuckle.web.keeper.form import load, read_form
from turnbuckle.web.keeper.offline import RUNTIME_PATH
from turnbuckle.web.keeper.pads import ask_line

RUNTIME = Path(__file__).resolve().parents[3] / "build" / "pyodide"
RUNTIME_START_MS = 120_000
SETUP = {"game": "boxing", "side-1": "all-rounder", "side-2": "glass-cannon", "options": "rounds=2"}
STAND_IN = """window.keeperEngine = {step: (match) => {
  const steps = window.STAND_IN_STEPS;
  const at = steps[match.entries.length];
  const same = at && match.entries.every((e, i) => e === steps[steps.length - 1].entries[i]);
  return Promise.resolve(same ? at : {error: "the stand-in engine knows only the taps it was made for"});
}};"""
PLAY_ON = """async () => {  // tap until the result shows: a face of 4, or a choice's first option
  for (let i = 0; i < 400 && document.getElementById("o-result").hidden; i++) {
    const before = document.getElementById("o-count").textContent;
    const key = document.querySelector("#o-pad [data-value='4']") || document.getElementById("o-tap-1");
    key.click();
    for (let t = 0; t < 300 && document.getElementById("o-count").textContent === before; t++) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return document.getElementById("o-count").textContent;
}"""
DEBUG = """async () => ({controlled: navigator.serviceWorker.controller !== null,
  kept: !!(await caches.match("/keeper/offline")), matches: await keeperStore.all()})"""
KEPT = """async () => (await keeperStore.all()).filter((m) => m.offline).map((m) => ({key: m.key, status: m.status}))"""


def stand_in_steps() -> list[dict[str, Any]]:
    """The step the server's engine gives after each tap of the bout (a 4 for every die, a choice's first
    option), as the engine in the page answers: what is asked, the board, the narration, the record."""
    game = load(read_form(SETUP))
    entries: list[str] = []
    steps: list[dict[str, Any]] = []
    while True:
        step = play_step(game.rs, game.sides, entries, game.options, game.players)
        need = step.need
        steps.append({"entries": list(entries), "narration": list(step.narration),
                      "board": list(step.seen.board) if step.seen and step.seen.board else [],
                      "record": json.loads(render_json(step.record)) if step.record else None,
                      "need": None if need is None else {
                          "kind": need.kind, "purpose": need.purpose, "side": need.side, "sides": need.sides,
                          "wanted": need.wanted, "options": list(need.options), "note": need.note,
                          "ask": ask_line(need)}})
        if need is None:
            return steps
        entries.append("4" if need.kind == "roll" else need.options[0])


class Counted:
    """The app, counting every request that reaches it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.seen: list[str] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            self.seen.append(f"{scope['method']} {scope['path']}")
        await self.app(scope, receive, send)


class Restartable:
    """The web app served on one port that can be stopped (the process's server gone, the port closed)
    and started again on the same port (the service worker's origin)."""

    def __init__(self, app: Counted) -> None:
        self.app = app
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", access_log=False, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "the test server did not start"
            time.sleep(0.01)

    def stop(self) -> None:
        assert self.server is not None and self.thread is not None
        self.server.should_exit = True
        self.thread.join(timeout=30)
        assert not self.thread.is_alive(), "the test server did not stop"


@pytest.fixture
def server(league_db: str, engine_kind: str, tmp_path: Path) -> Iterator[Restartable]:
    app = create_app(league_db)
    if engine_kind == "stand-in":  # a runtime served (so the page plays offline), the stand-in in its place
        (tmp_path / "pyodide.mjs").write_text("// the stand-in engine answers instead\n")
        app.router.routes.insert(0, Mount(RUNTIME_PATH, StaticFiles(directory=tmp_path)))
    served = Restartable(Counted(app))
    served.start()
    try:
        yield served
    finally:
        if served.thread is not None and served.thread.is_alive():
            served.stop()


@pytest.fixture(params=["stand-in", "pyodide"])
def engine_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    if kind == "pyodide" and not (RUNTIME / "pyodide.mjs").is_file():
        reason = f"the page's Python runtime is not built ({RUNTIME}: `make pyodide`)"
        if os.environ.get("TURNBUCKLE_REQUIRE_PYODIDE") == "1":
            pytest.fail(f"{reason}, and TURNBUCKLE_REQUIRE_PYODIDE=1 requires it", pytrace=False)
        pytest.skip(reason)
    return kind


def test_a_bout_played_with_the_server_stopped_is_saved_once(browser: Browser, engine_kind: str,
                                                           server: Restartable, league_db: str) -> None:
    steps = stand_in_steps()
    ctx = browser.new_context(base_url=server.url, viewport=PHONE, has_touch=True, is_mobile=True)  # type: ignore[arg-type]
    ctx.set_default_timeout(TIMEOUT_MS)
    if engine_kind == "stand-in":
        ctx.add_init_script(f"window.STAND_IN_STEPS = {json.dumps(steps)};\n{STAND_IN}")
    try:
        page = ctx.new_page()
        sign_in(page, ORGANISER, LOGINS[ORGANISER])
        page.goto("/keeper?game=boxing")
        wait_for(page, "the worker keeps the offline keeper and controls the keeper",
                 "async () => navigator.serviceWorker.controller !== null && !!(await caches.match('/keeper/offline'))")
        for field in ("side-1", "side-2"):
            page.select_option(f"#{field}", SETUP[field])
        page.fill("#options", SETUP["options"])
        page.click("#start")
        for n in range(1, 4):
            page.click("#pad [data-value='4']")
            expect(page.locator("#count")).to_have_text(f"{n} answers entered.")
        server.stop()
        reached = len(server.app.seen)

        page.click("#pad [data-value='4']")  # the server is gone: the offline keeper plays this tap
        started = time.monotonic()
        # the in-page runtime's one start (Pyodide compiles its WebAssembly): bounded apart
        expect(page.locator("#o-count")).to_have_text("4 answers entered.", timeout=RUNTIME_START_MS)
        print(f"offline keeper's first step, with the engine's start: {time.monotonic() - started:.1f} s")
        expect(page.locator("#o-entered")).to_contain_text("4")
        shown = page.evaluate(PLAY_ON)
        assert shown == f"{len(steps) - 1} answers entered."
        expect(page.locator("#o-summary")).to_have_text(steps[-1]["record"]["result"]["summary"])
        page.click("#o-finish")
        kept = page.evaluate(KEPT)
        assert [k["status"] for k in kept] == ["finished"]
        assert server.app.seen[reached:] == []  # nothing reached the server while it was stopped

        server.start()
        page.goto("/keeper?game=boxing")  # back online: the keeper sends what the phone kept
        wait_for(page, "the kept match is saved",
                 "async () => (await keeperStore.all()).some((m) => m.status === 'saved')")
        sent = [r for r in server.app.seen[reached:] if r == "POST /keeper/save"]
        # at least once: a browser may send a POST again on a reused connection the server closed
        # (Chromium does), which is what the match's key is for; the league below holds it once
        assert sent, server.app.seen[reached:]
        page.reload()
        expect(page.locator("#choose-game")).to_be_visible()
        seen = len(server.app.seen)
        again = page.evaluate("async () => await window.keeperSync.send()")
        assert again["sent"] == 0 and again["waiting"] == 0, again  # a second look sends nothing more
        assert "POST /keeper/save" not in server.app.seen[seen:]
    finally:
        ctx.close()
    engine = make_engine(league_db)
    try:
        with session_scope(engine) as session:
            saved = session.scalars(select(TableMatch).where(TableMatch.client_key == kept[0]["key"])).all()
            assert len(saved) == 1
            assert render_json_of(saved[0].record) == render_json_of(steps[-1]["record"])
    finally:
        engine.dispose()


def render_json_of(record: dict[str, Any]) -> str:
    """A record as compared byte for byte: which turnbuckle played it aside."""
    return json.dumps({k: v for k, v in record.items() if k != "turnbuckle_version"}, sort_keys=True)


def wait_for(page: Page, what: str, script: str) -> None:
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(script):
        assert time.monotonic() < deadline, (f"waited {TIMEOUT_MS // 1000} s for: {what}", page.evaluate(DEBUG))
        time.sleep(0.1)
