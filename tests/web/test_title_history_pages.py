"""Issue 27: title history is public information on the pages: the competitor page (and its API)
lists each reign with the show it was won at and lost at, and an opponent's briefing (strategy page
and API) carries it; a change made in a show that has run but is not published shows nowhere."""

from __future__ import annotations

import re
import sqlite3
from html import unescape
from pathlib import Path

from tests.web.pages_support import client_for, competitor_id, copy_demo
from turnbuckle.league.context import context
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.services import accounts

STRATEGY = "/shows/3/matches/1/strategy/{}"
BELT = "Light-Heavyweight Championship"


def _reigns(page: str) -> str:
    """The competitor page's list of reigns, as text ('' when it lists none)."""
    if '<ul id="reigns">' not in page:
        return ""
    listed = page.split('<ul id="reigns">', 1)[1].split("</ul>", 1)[0].replace("</li>", "\n")
    return unescape(re.sub(r"<[^>]+>", "", listed))


def _token(url: str, name: str) -> dict[str, str]:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            raw, _ = accounts.create_token(context(session, name), "tests")
    finally:
        engine.dispose()
    return {"Authorization": f"Bearer {raw}"}


def _set_reigns(url: str, sam: int, bob: int) -> None:
    """The belt's reigns, whatever the demo's dice did: Sam won it in show 1 and lost it to Bob in show 2."""
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        [[first]] = db.execute("SELECT MIN(r.id) FROM results r JOIN shows s ON r.show_id = s.id WHERE s.number = 1")
        [[second]] = db.execute("SELECT MIN(r.id) FROM results r JOIN shows s ON r.show_id = s.id WHERE s.number = 2")
        [[belt]] = db.execute("SELECT id FROM titles WHERE name = ?", (BELT,))
        db.execute("DELETE FROM reigns WHERE title_id = ?", (belt,))
        db.execute("INSERT INTO reigns (title_id, competitor_id, won_result_id, lost_result_id, started_at, ended_at) "
                   "VALUES (?, ?, ?, ?, '2026-11-12', '2026-11-19'), (?, ?, ?, NULL, '2026-11-19', NULL)",
                   (belt, sam, first, second, belt, bob, second))


def test_title_history_as_published_on_the_competitor_and_strategy_pages(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)  # Cy's Iron Ivan meets Ann's Brother Bob in show 3 (open)
    sam, bob, ivan = (competitor_id(url, n) for n in ("Friendly Sam", "Brother Bob", "Iron Ivan"))
    _set_reigns(url, sam, bob)
    with client_for(url, None) as anyone:
        assert _reigns(anyone.get(f"/competitors/{sam}").text) == f"{BELT}: won at show 1, lost at show 2\n"
        bob_page = anyone.get(f"/competitors/{bob}").text
        listed = anyone.get(f"/api/competitors/{sam}").json()["title_history"]
    assert f'<li>{BELT}: won at <a href="/shows/2">show 2</a>, held</li>' in bob_page
    assert listed == [{"title": BELT, "won_show": 1, "lost_show": 2}]
    with client_for(url, "Cy") as cy:
        strategy = unescape(cy.get(STRATEGY.format(ivan)).text)
        api = cy.get("/api/shows/3/matches/1/briefing", params={"competitor_id": ivan}, headers=_token(url, "Cy"))
    assert f'<dt>Title history</dt><dd class="reigns">{BELT}: won at show 2, held</dd>' in strategy
    assert api.status_code == 200, api.text
    [told] = api.json()["opponents"]
    assert told["title_history"] == [{"title": BELT, "won_show": 2, "lost_show": None}]
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:  # as if show 2 had run and were not published
        db.execute("UPDATE shows SET status = 'run' WHERE number = 2")
    with client_for(url, None) as anyone:
        assert _reigns(anyone.get(f"/competitors/{sam}").text) == f"{BELT}: won at show 1, held\n"
        bob_page = anyone.get(f"/competitors/{bob}").text
        assert anyone.get(f"/api/competitors/{sam}").json()["title_history"] == [
            {"title": BELT, "won_show": 1, "lost_show": None}]
        assert anyone.get(f"/api/competitors/{bob}").json()["title_history"] == []
    assert _reigns(bob_page) == "" and "No title reigns." in bob_page
    with client_for(url, "Cy") as cy:
        assert '<dt>Title history</dt><dd class="reigns">none</dd>' in cy.get(STRATEGY.format(ivan)).text
