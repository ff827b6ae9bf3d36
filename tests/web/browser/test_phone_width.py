"""Every page a user can reach, at a phone's 390 x 844: nothing is wider than the screen. The pages
come from the app's own routes (a GET route that answers HTML), so a new page fails here until the
walk below knows how to fill in its path; the parameters come from the demo league (two published
shows with every game on the card, a third open for strategies). Each page is visited as the member
who can see it: the public pages signed out, a player's pages as Ann, the organiser's as Fran."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from sqlalchemy import select

from tests.web.browser.conftest import PHONE, TIMEOUT_MS
from tests.web.browser.test_member_flows import sign_in
from tests.web.conftest import LiveServer, serve_in_thread
from turnbuckle.league.demo import LOGINS, ORGANISER
from turnbuckle.league.models import CardMatch, Competitor, Show, TableMatch
from turnbuckle.rulesets.registry import all_rulesets

PLAYER = "Ann"
# Paths that are not pages: data, fragments that a page swaps in, the API's schema.
NOT_PAGES = ("/api/", "/static")
FRAGMENTS = ("/chart", "/status", "/verify", ".json", ".ics", ".atom", ".js")  # .ics, .atom: the feeds; .js:
# the keeper's service worker and engine worker
DATA = ("/keeper/ping", "/keeper/kept")  # the offline keeper's checks: no page

# The page's widest elements: every visible element whose box ends right of the screen, or whose
# content runs out of its box sideways (a line of a pre, a scrolling box), widest first, named by a
# short CSS path (tag#id.class, with its two nearest ancestors).
OFFENDERS_JS = """(limit) => {
  const width = document.documentElement.clientWidth;
  const FIELDS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);  // a long value scrolls inside its field
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    for (const c of el.classList) s += '.' + c;
    return s;
  };
  const path = (el) => {
    const parts = [];
    for (let e = el, i = 0; e && e !== document.body && i < 3; e = e.parentElement, i++) parts.unshift(name(e));
    return parts.join(' > ');
  };
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > width + 0.5) out.push([Math.round(r.right), path(el)]);
    else if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !FIELDS.has(el.tagName))
      out.push([Math.round(r.left + el.scrollWidth), path(el) + ' (its content)']);  // text running out of its box
  }
  out.sort((a, b) => b[0] - a[0]);
  return {scroll: document.documentElement.scrollWidth, width: width, widest: out.slice(0, limit)};
}"""


def page_routes(server: LiveServer) -> list[str]:
    """The path of every GET route that answers a page (not the API, data or a swapped-in fragment)."""
    found: list[str] = []

    def walk(routes: list[Any]) -> None:
        for route in routes:
            if hasattr(route, "original_router"):  # an included router
                walk(route.original_router.routes)
            elif hasattr(route, "path") and "GET" in (getattr(route, "methods", None) or ()):
                path: str = route.path
                if not path.startswith(NOT_PAGES) and not path.endswith(FRAGMENTS) and path not in DATA:
                    found.append(path)

    walk(list(server.app.router.routes))
    return found


def _demo(server: LiveServer) -> dict[str, Any]:
    """What the walk fills paths in with, read from the demo league."""
    from turnbuckle.league.services.accounts import create_invite, create_reset

    with server.ctx() as ctx:
        session = ctx.session
        published = list(session.scalars(select(Show).where(Show.status == "published").order_by(Show.number)))
        open_show = min(s.number for s in session.scalars(select(Show).where(Show.status != "published")))
        matches = [(m.show.number, m.position) for s in published for m in s.matches]
        comps = list(session.scalars(select(Competitor).order_by(Competitor.id)))
        one_per_game: dict[str, Competitor] = {}
        for c in comps:
            one_per_game.setdefault(c.ruleset, c)
        mine = [c for c in comps if c.owner.name == PLAYER]
        strategy = [(m.show.number, m.position, s.competitor.id)
                    for m in session.scalars(select(CardMatch).join(Show).where(Show.number == open_show))
                    for s in m.sides if s.competitor is not None and s.competitor.owner.name == PLAYER][:2]
        table = session.scalars(select(TableMatch.uid)).first()
        invite, reset = create_invite(ctx), create_reset(ctx, "Cy")
        from tests.web.notify_walk import notify_links

        notify = notify_links(ctx, PLAYER)
    return {"published": [s.number for s in published], "open": open_show, "matches": matches,
            "competitors": [c.id for c in one_per_game.values()], "mine": [c.id for c in mine][:3],
            "strategy": strategy, "table": table, "invite": invite, "reset": reset, "notify": notify}


def _table_match(server: LiveServer) -> str:
    """A saved table match's uid: a boxing bout, Otis Granger against someone not in the league."""
    from tests.test_table_mode import answers
    from tests.web.test_keeper import seeded
    from turnbuckle.core.step import play_step
    from turnbuckle.league.services.table import save_table_match
    from turnbuckle.rulesets.registry import get_ruleset

    rs = get_ruleset("boxing")
    bout = seeded("boxing", ["slugger", "speedster"], 11, {"rounds": 1})
    typed = [a.split() if " " in a else [a] for a in answers(bout)]
    sides = [rs.side_by_name(s) for s in ("slugger", "speedster")]
    step = play_step(rs, sides, [t for g in typed for t in g], {"rounds": 1}, narrate=False)
    assert step.record is not None
    with server.ctx() as ctx:
        return save_table_match(ctx, step.record.to_json(), [{"answer": g} for g in typed], ["Otis Granger", None]).uid


Who = str  # "" signed out, else the member's name
# reached through a form, or on an empty database
ELSEWHERE = ("/odds/jobs/{job_id}", "/setup/{token}", "/advice/jobs/{job_id}")
Filler = Callable[[dict[str, Any]], list[tuple[Who, str]]]
GAMES = [rs.info.id for rs in all_rulesets()]
ROUTES: dict[str, Filler] = {
    "/": lambda d: [("", "/"), (PLAYER, "/"), (ORGANISER, "/")],
    "/roster": lambda d: [("", "/roster")],
    "/competitors/{cid}": lambda d: [(who, f"/competitors/{c}") for c in d["competitors"] for who in ("", ORGANISER)],
    "/history": lambda d: [("", "/history")],
    "/titles": lambda d: [("", "/titles")],
    "/shows": lambda d: [("", "/shows")],
    "/shows/{number}": lambda d: [("", f"/shows/{n}") for n in [*d["published"], d["open"]]],
    "/shows/{number}/copies": lambda d: [("", f"/shows/{n}/copies") for n in [d["published"][0], d["open"]]],
    "/shows/{number}/matches/{position}": lambda d: [("", f"/shows/{n}/matches/{p}") for n, p in d["matches"]],
    "/organiser/shows/{number}/delete": lambda d: [(ORGANISER, f"/organiser/shows/{d['open']}/delete")],
    "/organiser/shows/new": lambda d: [(ORGANISER, "/organiser/shows/new")],
    "/organiser/shows/{number}": lambda d: [(ORGANISER, f"/organiser/shows/{n}")
                                            for n in [d["published"][0], d["open"]]],
    "/shows/{number}/matches/{position}/strategy/{cid}": lambda d: [
        (PLAYER, f"/shows/{n}/matches/{p}/strategy/{c}") for n, p, c in d["strategy"]],
    "/competitors/{cid}/sheet": lambda d: [(PLAYER, f"/competitors/{c}/sheet") for c in d["mine"]]
                                          + [(ORGANISER, f"/competitors/{c}/sheet") for c in d["competitors"]],
    "/roster/new": lambda d: [(ORGANISER, "/roster/new")],
    "/roster/new/{game}": lambda d: [(ORGANISER, f"/roster/new/{g}") for g in GAMES],
    "/roster/new-team": lambda d: [(ORGANISER, "/roster/new-team")],
    "/organiser/referees": lambda d: [(ORGANISER, "/organiser/referees")],
    "/organiser/titles": lambda d: [(ORGANISER, "/organiser/titles")],
    "/organiser/settings": lambda d: [(ORGANISER, "/organiser/settings")],
    "/keeper": lambda d: [("", "/keeper")] + [("", f"/keeper?game={g}") for g in GAMES],
    "/keeper/offline": lambda d: [("", "/keeper/offline")],
    "/table-matches/{uid}": lambda d: [("", f"/table-matches/{d['table']}")],
    "/odds": lambda d: [("", "/odds")] + [("", f"/odds?game={g}") for g in GAMES],
    "/odds/jobs/{job_id}": lambda d: [],  # visited after a run is started from the form (below)
    "/advice/jobs/{job_id}": lambda d: [],  # the strategy page's "Advise me" (tests/sim/advisor/test_advice_page.py)
    "/login": lambda d: [("", "/login")],
    "/setup/{token}": lambda d: [],  # only on a database without a league: test_the_setup_page_fits_a_phone
    "/invite/{token}": lambda d: [("", f"/invite/{d['invite']}")],
    "/reset/{token}": lambda d: [("", f"/reset/{d['reset']}")],
    "/account": lambda d: [(PLAYER, "/account"), (ORGANISER, "/account")],
    "/organiser/notifications": lambda d: [(ORGANISER, "/organiser/notifications")],
    "/account/notifications": lambda d: [(PLAYER, "/account/notifications")],
    "/notify/confirm/{token}": lambda d: [("", f"/notify/confirm/{d['notify']['confirm']}")],
    "/notify/unsubscribe/{token}": lambda d: [("", f"/notify/unsubscribe/{d['notify']['unsubscribe']}")],
}


def test_the_walk_knows_every_page_of_the_app(live_server: LiveServer) -> None:
    unknown = [p for p in page_routes(live_server) if p not in ROUTES]
    assert unknown == [], f"pages the phone-width walk does not visit: add them to ROUTES in {__file__}"
    assert len(ROUTES) >= 25


def _check(page: Page, where: str, too_wide: list[str]) -> None:
    seen = page.evaluate(OFFENDERS_JS, 4)
    if seen["scroll"] > PHONE["width"] or seen["widest"]:
        widest = "; ".join(f"{sel} (right edge {right}px)" for right, sel in seen["widest"])
        too_wide.append(f"{where}: page {seen['scroll']}px wide; {widest}")


def test_no_page_is_wider_than_a_phone(browser: Any, live_server: LiveServer) -> None:
    data = _demo(live_server)
    if data["table"] is None:
        data["table"] = _table_match(live_server)
    visits: dict[Who, list[str]] = {}
    for pattern, fill in ROUTES.items():
        filled = fill(data)
        assert filled or pattern in ELSEWHERE, f"the demo league gave no page for {pattern}"
        for who, path in filled:
            visits.setdefault(who, []).append(path)
    too_wide: list[str] = []
    failed: list[str] = []
    count = 0
    for who, paths in visits.items():
        ctx = browser.new_context(base_url=live_server.url, viewport=PHONE)
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        try:
            if who:
                sign_in(page, who, LOGINS[who])
            for path in paths:
                response = page.goto(path)
                assert response is not None
                _check(page, f"{path} ({who or 'signed out'})", too_wide)
                count += 1
            if not who:  # the pages a form leads to: the score keeper's match and an odds run
                page.goto("/keeper?game=boxing")
                page.select_option("#side-1", "slugger")
                page.select_option("#side-2", "speedster")
                page.click("#start")
                page.wait_for_selector("#answer")
                _check(page, "the keeper's match (signed out)", too_wide)
                page.goto("/odds?game=boxing")
                page.fill("#n", "200")
                page.fill("#seed", "3")
                page.click("#run-odds")
                page.wait_for_selector("#odds-table", timeout=TIMEOUT_MS)
                _check(page, f"{page.url} (signed out)", too_wide)
                count += 2
        finally:
            ctx.close()
    assert failed == []
    assert count >= 70
    assert too_wide == [], "wider than a 390px phone:\n" + "\n".join(too_wide)


def test_the_setup_page_fits_a_phone(browser: Any, tmp_path: Path) -> None:
    """The one page the demo league cannot show: the first run's setup form, on a database with no league."""
    from turnbuckle.league.db import make_engine, session_scope, upgrade
    from turnbuckle.league.services.accounts import create_setup_link
    from turnbuckle.web.app import create_app

    url = f"sqlite:///{tmp_path / 'empty.db'}"
    upgrade(url)
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            token = create_setup_link(session)
    finally:
        engine.dispose()
    assert token is not None
    too_wide: list[str] = []
    with serve_in_thread(create_app(url)) as base:
        ctx = browser.new_context(base_url=base, viewport=PHONE)
        ctx.set_default_timeout(TIMEOUT_MS)
        try:
            page = ctx.new_page()
            response = page.goto(f"/setup/{token}")
            assert response is not None and response.status == 200
            _check(page, "the setup page", too_wide)
        finally:
            ctx.close()
    assert too_wide == []


#: A word too long for a phone's line, typed where a refusal quotes it back.
LONG = "Superextraordinarilyunbreakable" * 4


def _refused(page: Page, submit: str, where: str, too_wide: list[str]) -> None:
    """Send the form whose button is ``submit``; the page that comes back refuses it (400, a
    problem shown) and must fit the phone too."""
    with page.expect_response(lambda r: r.request.method == "POST" and r.request.resource_type == "document") as sent:
        page.click(submit)
    page.wait_for_load_state()
    assert sent.value.status == 400, f"{where}: {sent.value.status}, not refused"
    assert page.locator(".problem").count() > 0, f"{where}: no problem shown"
    _check(page, f"{where} (refused)", too_wide)


def test_form_pages_shown_with_their_problems_fit_a_phone(browser: Any, live_server: LiveServer) -> None:
    """The form pages as they come back refused: a bad sheet (as text and as fields), a refused
    strategy (pasted and filled in), a bad card entry, a bad new show and a bad referee."""
    writes = {rs.info.id for rs in all_rulesets() if rs.written_strategies() is not None}
    with live_server.ctx() as ctx:
        session = ctx.session
        open_show = min(s.number for s in session.scalars(select(Show).where(Show.status == "open")))
        mine = next(c for c in session.scalars(select(Competitor).order_by(Competitor.id))
                    if c.owner.name == PLAYER and c.ruleset in writes and not c.members)
        side = next((m.position, sd.competitor_id) for m in session.scalars(
            select(CardMatch).join(Show).where(Show.number == open_show)) if m.ruleset in writes
            for sd in m.sides if sd.competitor.owner.name == PLAYER)
        game, name = mine.ruleset, mine.name
    too_wide: list[str] = []
    for who in (PLAYER, ORGANISER):
        ctx = browser.new_context(base_url=live_server.url, viewport=PHONE)
        ctx.set_default_timeout(TIMEOUT_MS)
        page = ctx.new_page()
        try:
            sign_in(page, who, LOGINS[who])
            if who == PLAYER:
                page.goto(f"/competitors/{mine.id}/sheet")
                page.fill("#f-stamina", LONG)
                _refused(page, "form.sheet-fields button[type=submit]", "a sheet's fields", too_wide)
                page.goto(f"/competitors/{mine.id}/sheet")
                page.evaluate("document.querySelector('details.sheet-text').open = true")
                page.fill("#text", f"wrestler:\n  name: {LONG}\n  stamina: {LONG}\n  styles: {{{LONG}: 5}}\n")
                _refused(page, "form.sheet-editor button[type=submit]", "a sheet as text", too_wide)
                strategy = f"/shows/{open_show}/matches/{side[0]}/strategy/{side[1]}"
                page.goto(strategy)
                page.fill("form.paste #text", f"Strategy: +{LONG} +Brawling -MA, Grid 9\nRound\tTarget\tType\tNotes\n"
                                              f"1\t{LONG}\tNormal\t{LONG}\n2\tHF\t{LONG}\tHm.\n")
                _refused(page, "form.paste button[type=submit]", "a pasted strategy", too_wide)
                page.goto(strategy)
                page.select_option("#plus1", index=1)
                page.select_option("#plus2", index=1)
                page.select_option("#target1", index=1)
                page.select_option("#type1", label="Finisher")
                page.fill("#notes1", LONG)
                _refused(page, "form.strategy-form button[type=submit]", "a strategy's form", too_wide)
            else:
                page.goto(f"/organiser/shows/{open_show}")
                page.select_option("#game", game)
                page.select_option("#side1", name)
                page.select_option("#side2", name)
                page.fill("#match_type", LONG)
                page.fill("#options", f"rounds=lots\n{LONG}=1")
                _refused(page, "form.add-match button[type=submit]", "a card entry", too_wide)
                page.goto("/organiser/shows/new")
                page.fill("#show_date", LONG)
                page.fill("#deadline", LONG)
                _refused(page, "form[action='/organiser/shows/new'] button[type=submit]", "a new show", too_wide)
                page.goto("/organiser/referees")
                page.fill("#ref-name", LONG[:100])
                page.fill("#ref-dq", LONG)
                _refused(page, "#own-referee button[type=submit]", "a referee sheet", too_wide)
        finally:
            ctx.close()
    assert too_wide == [], "wider than a 390px phone:\n" + "\n".join(too_wide)
