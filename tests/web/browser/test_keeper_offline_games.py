"""One match of every game played on a 390 x 844 phone from its first entry to its last with the server
process stopped, then saved to the league once when it answers again.

The organiser opens the keeper once online (the service worker installs and keeps the offline keeper),
and the server process is stopped (a context set offline does not stop a service worker's own
fetches). The offline keeper is opened and, on that one page, a match of each game is started on its
start form (sides, who makes the choices, options) and tapped to the end: dice on the faces' pad, cards
as a rank and a suit, choices on their buttons, and the pass-the-device screen tapped away where one
player's secret is pending (it covers the board and the ask until then); a card drawn for the table
is one the rules take, and Undo takes it back; options the rules refuse start nothing. The page stays
inside the phone's width, its keys at least 48 px. No request reaches the server while it is stopped
(the app counts every request). The server is started again on the same port, the organiser taps
"save now", and the league holds the match once under the phone's key, with the record the server's
own engine gives for the same entries, byte for byte; a second tap sends nothing more.

The page, its service worker and the engine start once for the module (one per engine): the games
share them, so each game's test time is its own play. Two engines: ``stand-in`` answers from the
steps the server's engine gave for the same entries (it checks the pads, the screens, the store and the
save, not the rules), and ``pyodide``, the rules package in Pyodide (``make pyodide``), skipped with the
reason while the runtime is not built, unless ``TURNBUCKLE_REQUIRE_PYODIDE=1``."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from tests.page.cases import PickingSource, entries_of
from tests.web.browser.conftest import PHONE, TIMEOUT_MS
from tests.web.browser.test_keeper_offline_play import RUNTIME, Counted, Restartable, wait_for
from tests.web.browser.test_member_flows import sign_in
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.render import render_json
from turnbuckle.core.step import play_step
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.demo import LOGINS, ORGANISER
from turnbuckle.league.models import TableMatch
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.app import create_app
from turnbuckle.web.keeper.offline import RUNTIME_PATH
from turnbuckle.web.keeper.pads import ask_line


@dataclass(frozen=True)
class Setup:
    """A short match of one game: its two samples, whether people make the choices, its options, and the
    seed of the picks that play it (chosen so that the match holds what the game asks a keeper for)."""

    sides: tuple[str, str]
    humans: bool
    options: dict[str, str]
    seed: int
    #: What the match must ask for (need kinds), and whether the device is passed at least once.
    kinds: frozenset[str]
    passed: bool


SETUPS = {
    "boxing": Setup(("glass-cannon", "speedster"), False, {"rounds": "1"}, 11, frozenset({"roll"}), False),
    "deathmatch": Setup(("ash-court", "dread-trio"), True, {"max_rounds": "1"}, 35,
                        frozenset({"roll", "choice"}), False),
    "folkstyle": Setup(("milo-sarkis", "brick-halvorsen"), True, {}, 38, frozenset({"roll", "choice"}), False),
    "headlock": Setup(("amethyst-assassin", "wildcat-rosa"), True, {"turns": "6"}, 10,
                      frozenset({"roll", "card", "choice"}), True),
    "matchmatch": Setup(("brother-bob", "iron-ivan"), True, {"rounds": "2"}, 5, frozenset({"roll", "choice"}), True),
}
STAND_IN = """window.keeperEngine = {step: (match) => {
  const steps = (window.STAND_IN || {})[match.game] || [];
  const at = steps[match.entries.length];
  const same = at && match.entries.every((e, i) => e === steps[steps.length - 1].entries[i]);
  return Promise.resolve(same ? at : {error: "the stand-in engine knows only the taps it was made for"});
}, ready: () => Promise.resolve(null)};"""
#: Tap each entry on the pads, the way a person does: the pass screen first where it covers the turn
#: (noting that it hides the board and the ask), a card as its rank then its suit. Every wait is for a
#: condition, bounded by the given milliseconds a step.
PLAY = """async ([entries, bound]) => {
  const $ = (id) => document.getElementById(id);
  const visible = (id) => $(id) && !$(id).hidden;
  const passes = [];
  let wider = 0;  // how far the page ever got wider than the phone
  let smallest = 1000;  // the smallest key of a pad, across or down, in px
  const shown = (id) => $(id).offsetParent !== null;  // laid out on the screen (not only un-hidden)
  const misplaced = [];  // a button shown where it does nothing: Finish mid-match, Roll for a choice
  const until = async (ok, what) => {
    const end = Date.now() + bound;
    while (!ok()) {
      if (visible("o-error") || visible("o-fatal")) {
        throw new Error(what + ": " + ($("o-error").textContent || $("o-fatal").textContent));
      }
      if (Date.now() > end) { throw new Error("waited " + bound + " ms for " + what); }
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  for (let i = 0; i < entries.length; i++) {
    const token = entries[i];
    if (visible("o-pass")) {
      passes.push({at: i, text: $("o-pass").textContent.replace(/\\s+/g, " ").trim(),
        covered: $("o-board").hidden && $("o-form").hidden});
      $("o-pass").click();
      await until(() => !$("o-form").hidden, "the turn shown after the pass");
    }
    const count = $("o-count").textContent;
    wider = Math.max(wider, document.documentElement.scrollWidth - window.innerWidth);
    if (shown("o-finish") || shown("o-another")) { misplaced.push(i + ": Finish or Start another"); }
    if ($("o-choices") && shown("o-roll")) { misplaced.push(i + ": " + $("o-roll").textContent + " for a choice"); }
    $("o-pad").querySelectorAll(".pad-key").forEach((k) => {
      const box = k.getBoundingClientRect();
      smallest = Math.min(smallest, box.width, box.height);
    });
    let key;
    if ($("o-suits")) {
      const rank = $("o-rank-" + token.slice(0, -1));
      if (!rank) { throw new Error("no rank key for the card " + token); }
      rank.click();
      key = $("o-suit-" + token.slice(-1));
    } else {
      key = $("o-pad").querySelector("[data-value='" + token + "']");
    }
    if (!key) { throw new Error("no key for entry " + (i + 1) + " (" + token + ") under: " + $("o-ask").textContent); }
    key.click();
    await until(() => $("o-count").textContent !== count, "entry " + (i + 1) + " (" + token + ")");
  }
  return {count: $("o-count").textContent, passes: passes, wider: wider, smallest: smallest, misplaced: misplaced};
}"""
KEPT = """async () => (await keeperStore.all()).filter((m) => m.offline)
  .map((m) => ({key: m.key, game: m.game, status: m.status, recordText: m.recordText}))"""
#: How long one step may take on a loaded machine (the engine replays the match so far each time).
STEP_BOUND_MS = 60_000


def refused(page: Page, options: str, said: str) -> None:
    """The start form with ``options`` starts no match and says ``said``."""
    before = page.evaluate(KEPT)
    page.fill("#o-options", options)
    page.click("#o-start-button")
    expect(page.locator("#o-start-error")).to_contain_text(said)
    expect(page.locator("#o-start")).to_be_visible()
    assert page.evaluate(KEPT) == before


def draw_and_take_back(page: Page, held: int) -> None:
    """Draw for me, on the phone: a card the pile still holds is entered; Undo takes it back."""
    if page.locator("#o-pass").is_visible():
        page.click("#o-pass")
    expect(page.locator("#o-roll")).to_have_text("Draw for me")
    page.click("#o-roll")
    expect(page.locator("#o-count")).to_have_text(f"{held + 1} answers entered.")
    groups = page.evaluate("async () => (await keeperStore.all()).filter((m) => m.status === 'playing')[0].groups")
    assert len(groups) == held + 1 and re.fullmatch(r"(A|[2-9]|10|J|Q|K)[CDHS]", " ".join(groups[-1])), groups[-1]
    if page.locator("#o-pass").is_visible():
        page.click("#o-pass")
    page.click("#o-undo")
    expect(page.locator("#o-count")).to_have_text(f"{held} answers entered.")


def planned(game: str) -> tuple[list[str], list[dict[str, Any]], str]:
    """The match's entries (a seeded person's dice, cards and picks), the step the server's engine gives
    after each (as the engine in the page answers), and the record text the server writes for it."""
    setup = SETUPS[game]
    rs = get_ruleset(game)
    sides = [rs.side_by_name(s) for s in setup.sides]
    players = {0: "human", 1: "human"} if setup.humans else {}
    entries = entries_of(rs.run(sides, PickingSource(setup.seed), setup.options, players))
    steps: list[dict[str, Any]] = []
    for n in range(len(entries) + 1):
        step = play_step(rs, sides, entries[:n], setup.options, players)
        need = step.need
        steps.append({"entries": list(step.entries), "narration": list(step.narration), "secret": step.others_secret,
                      "board": list(step.seen.board) if step.seen and step.seen.board else [],
                      "record": json.loads(render_json(step.record)) if step.record else None,
                      "record_text": render_json(step.record) if step.record else None,
                      "need": None if need is None else {
                          **need.to_json(), "wanted": need.wanted, "ask": ask_line(need)}})
    kinds = {s["need"]["kind"] for s in steps if s["need"]}
    assert kinds == setup.kinds, f"{game}: the match asks for {sorted(kinds)}, not {sorted(setup.kinds)}"
    record_text = steps[-1]["record_text"]
    assert record_text is not None, f"{game}: the entries do not finish the match"
    return entries, steps, record_text


@dataclass
class Table:
    """The phone's one page on the offline keeper, the server behind it (stopped between games)."""

    page: Page
    server: Restartable
    engine: str
    started_s: float


@pytest.fixture(scope="module", params=["stand-in", "pyodide"])
def table(request: pytest.FixtureRequest, browser: Browser, league_db: str,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    engine: str = request.param
    if engine == "pyodide" and not (RUNTIME / "pyodide.mjs").is_file():
        reason = f"the page's Python runtime is not built ({RUNTIME}: `make pyodide`)"
        if os.environ.get("TURNBUCKLE_REQUIRE_PYODIDE") == "1":
            pytest.fail(f"{reason}, and TURNBUCKLE_REQUIRE_PYODIDE=1 requires it", pytrace=False)
        pytest.skip(reason)
    began = time.monotonic()
    app = create_app(league_db)
    if engine == "stand-in":  # no runtime kept on the phone: the stand-in answers instead
        empty = tmp_path_factory.mktemp("no-runtime")
        app.router.routes.insert(0, Mount(RUNTIME_PATH, StaticFiles(directory=empty)))
    server = Restartable(Counted(app))
    server.start()
    ctx = browser.new_context(base_url=server.url, viewport=PHONE, has_touch=True, is_mobile=True)  # type: ignore[arg-type]
    ctx.set_default_timeout(TIMEOUT_MS)
    if engine == "stand-in":
        ctx.add_init_script(STAND_IN)
    try:
        page = ctx.new_page()
        sign_in(page, ORGANISER, LOGINS[ORGANISER])
        page.goto("/keeper")
        wait_for(page, "the worker keeps the offline keeper and controls the keeper",
                 "async () => navigator.serviceWorker.controller !== null && !!(await caches.match('/keeper/offline'))")
        server.stop()
        page.goto("/keeper/offline")  # the server is gone: the worker answers from what it kept
        expect(page.locator("#o-start")).to_be_visible()
        # the engine's one start (Pyodide compiles its WebAssembly), shared by every game
        page.evaluate("() => keeperEngine.ready()")  # bounded by the engine's own 2 minutes (keeper-step.js)
        started = time.monotonic() - began
        print(f"\n[{engine}] shared start (server, sign-in, worker, offline page, engine): {started:.1f} s")
        yield Table(page, server, engine, started)
    finally:
        ctx.close()
        if server.thread is not None and server.thread.is_alive():
            server.stop()


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_a_match_played_with_the_server_stopped_is_saved_once(table: Table, game: str, league_db: str) -> None:
    began = time.monotonic()
    setup = SETUPS[game]
    entries, steps, record_text = planned(game)
    page, server = table.page, table.server
    reached = len(server.app.seen)
    if table.engine == "stand-in":
        page.evaluate("([game, steps]) => { window.STAND_IN = {[game]: steps}; }", [game, steps])
    if page.locator("#o-another").is_visible():  # the last game's result is on the screen
        page.click("#o-another")
    elif not page.locator("#o-start").is_visible():  # a game before stopped halfway: the page anew
        page.reload()
    expect(page.locator("#o-start")).to_be_visible()
    page.select_option("#o-game", game)
    for i, side in enumerate(setup.sides, 1):
        page.select_option(f"#o-side-{i}", side)
        if setup.humans:
            page.select_option(f"#o-player-{i}", "human")
    if game == "boxing":  # options the rules cannot take start nothing, and the form says why
        refused(page, "rounds", "Write each option as name=value")
        if table.engine == "pyodide":  # (the stand-in answers the steps it was given, whatever the options)
            refused(page, "rounds=zero", "option rounds: expected a whole number")
    page.fill("#o-options", ", ".join(f"{k}={v}" for k, v in setup.options.items()))
    page.click("#o-start-button")
    expect(page.locator("#o-count")).to_have_text("0 answers entered.")
    expect(page.locator("#o-title")).to_have_text(get_ruleset(game).info.name)

    cards = [n for n, s in enumerate(steps) if s["need"] and s["need"]["kind"] == "card"]
    first = page.evaluate(PLAY, [entries[:cards[0]], STEP_BOUND_MS]) if cards else {
        "passes": [], "wider": 0, "smallest": 1000, "misplaced": []}
    if cards:  # a card drawn on the phone is one the rules take; it is taken back, and the match goes on
        draw_and_take_back(page, cards[0])
    played = page.evaluate(PLAY, [entries[cards[0] if cards else 0:], STEP_BOUND_MS])
    played["passes"] += first["passes"]
    assert played["count"] == f"{len(entries)} answers entered."
    assert max(played["wider"], first["wider"]) <= 1, "the page got wider than the phone"
    assert min(played["smallest"], first["smallest"]) >= 48, "a pad's key is under 48 px"
    assert played["misplaced"] + first["misplaced"] == []
    expect(page.locator("#o-summary")).to_have_text(steps[-1]["record"]["result"]["summary"])
    if setup.passed:  # one player's secret was kept off the other's screen until they tapped
        assert played["passes"], f"{game}: the device was never passed"
        assert all(p["covered"] and "Pass the device to" in p["text"] for p in played["passes"]), played["passes"]
    page.click("#o-finish")
    kept = [k for k in page.evaluate(KEPT) if k["game"] == game and k["status"] == "finished"]
    assert len(kept) == 1
    assert kept[0]["recordText"] == record_text  # the phone's record, byte for byte the server's
    assert server.app.seen[reached:] == []  # nothing reached the server while it was stopped
    offline_s = time.monotonic() - began

    server.start()
    try:
        page.click("#o-send")  # back online: the organiser saves what the phone kept
        wait_for(page, "the kept match is saved",
                 f"async () => (await keeperStore.all()).some((m) => m.key === {json.dumps(kept[0]['key'])} "
                 "&& m.status === 'saved')")
        expect(page.locator("#kept-status")).to_contain_text("1 kept match saved to the league.")
        page.click("#o-send")  # a second look sends nothing more
        expect(page.locator("#kept-status")).to_have_text("Nothing is waiting to be saved.")
    finally:
        server.stop()
    engine = make_engine(league_db)
    try:
        with session_scope(engine) as session:
            saved = session.scalars(select(TableMatch).where(TableMatch.client_key == kept[0]["key"])).all()
            assert len(saved) == 1
            assert render_json(record_from_json(saved[0].record)) == record_text
    finally:
        engine.dispose()
    print(f"\n[{table.engine}] {game}: {len(entries)} entries offline in {offline_s:.1f} s, "
          f"with the save {time.monotonic() - began:.1f} s")
