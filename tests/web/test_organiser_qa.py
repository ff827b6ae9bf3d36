"""The organiser's weekly job on the web, as found in a quality pass: a card form sent from a page
loaded before the show locked (the deadline passed meanwhile, or another tab locked it) is refused
with a line saying why, not the same page again with a bare 400."""

from __future__ import annotations

import re
import sqlite3
from html import unescape
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from tests.league.helpers import open_show
from tests.web.pages_support import client_for, competitor_id, copy_demo
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.services import shows


def post(client: TestClient, path: str, data: dict[str, str] | None = None) -> httpx.Response:
    return client.post(path, data={**(data or {}), "csrf_token": csrf_of(client, "/login")})


BELT = "Light-Heavyweight Championship"
EDIT = {"side1": "Friendly Sam", "side2": "Brother Bob", "match_type": "cage", "referee": "", "title": "",
        "options": ""}


@pytest.mark.parametrize(("path", "data"), [
    ("matches/1/edit", EDIT),
    ("matches/1/move", {"to": "1"}),
    ("matches/1/remove", {}),
    ("matches", {"game": "m2", "side1": "Iron Ivan", "side2": "Lady Lightning"}),
    ("deadline", {"deadline": "2099-01-01 10:00"}),
])
def test_a_card_form_sent_after_lock_says_the_show_is_locked(site: Site, path: str, data: dict[str, str]) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act() as ctx:
        shows.lock(ctx, number)
    with site.client() as fran:
        assert sign_in(fran, "Fran").status_code == 303
        refused = post(fran, f"/organiser/shows/{number}/{path}", data)
        assert refused.status_code == 400
        assert f"show {number} is locked" in unescape(refused.text)
        assert 'class="problem form-problem" role="alert"' in refused.text
    with site.league.act() as ctx:
        s = shows.show(ctx, number)
        assert s.status == "locked" and [m.options for m in s.matches] == [{}]


def _sam_then_bob_in_a_run_show(tmp_path: Path, sam_lost_to_bob: bool) -> tuple[str, str]:
    """A demo copy whose belt Friendly Sam won at show 1 and Brother Bob at show 2, which has run but is
    not published; Sam's reign ended by losing to Bob there, or by being vacated on 15 November.
    Returns what anyone reads: the belt's section of /titles and the home page, as text."""
    url = copy_demo(tmp_path)
    sam, bob = (competitor_id(url, n) for n in ("Friendly Sam", "Brother Bob"))
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        [[first]] = db.execute("SELECT MIN(r.id) FROM results r JOIN shows s ON r.show_id = s.id WHERE s.number = 1")
        [[second]] = db.execute("SELECT MIN(r.id) FROM results r JOIN shows s ON r.show_id = s.id WHERE s.number = 2")
        [[belt]] = db.execute("SELECT id FROM titles WHERE name = ?", (BELT,))
        db.execute("DELETE FROM reigns WHERE title_id = ?", (belt,))
        lost, ended = (second, "2026-11-19") if sam_lost_to_bob else (None, "2026-11-15")
        db.execute("INSERT INTO reigns (title_id, competitor_id, won_result_id, lost_result_id, started_at, ended_at) "
                   "VALUES (?, ?, ?, ?, '2026-11-12', ?), (?, ?, ?, NULL, '2026-11-19', NULL)",
                   (belt, sam, first, lost, ended, belt, bob, second))
        db.execute("UPDATE shows SET status = 'run' WHERE number = 2")  # Bob's win: run, not published
    with client_for(url, None) as anyone:
        section = text_of(anyone.get("/titles").text.split(f"<h2>{BELT}", 1)[1].split("</section>", 1)[0])
        return section, text_of(anyone.get("/").text)


def test_the_titles_page_keeps_the_champion_until_the_show_that_beat_them_is_published(tmp_path: Path) -> None:
    """A title that changed hands in a show that has run but is not published: the titles page
    names the champion as the published shows left them, still holding it ("now"), never the end
    date of their reign nor a "result pending" that a retained title would not show."""
    section, home = _sam_then_bob_in_a_run_show(tmp_path, sam_lost_to_bob=True)
    assert "Champion: Friendly Sam since Monday Mayhem (show 1, 2026-11-14)" in section
    assert "result pending" not in section
    assert "Brother Bob" not in section and "2026-11-19" not in section
    assert "Friendly Sam Monday Mayhem (show 1, 2026-11-14) now" in section, section
    # the home page's champions too (it said "result pending", which a title kept would not say)
    assert f"{BELT} (MatchMatch (M2)): Friendly Sam since Monday Mayhem (show 1, 2026-11-14)" in home, home
    assert "result pending" not in home, home


def test_a_vacant_title_won_in_an_unpublished_show_still_reads_vacant(tmp_path: Path) -> None:
    """Vacated (no result ended the reign), then won in a show that has run but is not published: the
    pages say vacant, not the last champion 'now'."""
    section, home = _sam_then_bob_in_a_run_show(tmp_path, sam_lost_to_bob=False)
    assert "Champion: vacant" in section and "Brother Bob" not in section
    assert "Friendly Sam Monday Mayhem (show 1, 2026-11-14) 2026-11-15" in section, section
    assert f"{BELT} (MatchMatch (M2)): vacant" in home, home


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_a_team_of_one_wrestler_ticked_twice_is_refused(site: Site) -> None:
    """The team form's boxes sent with one wrestler's id twice made a "team" of that wrestler alone
    (members [id, id]); it is refused as the same wrestler named twice, and nothing is added."""
    from sqlalchemy import select

    from turnbuckle.league.models import Competitor

    with site.league.act() as ctx:
        sam = ctx.session.scalars(select(Competitor.id).where(Competitor.name == "Friendly Sam")).one()
        before = len(ctx.session.scalars(select(Competitor)).all())
    with site.client() as ann:
        assert sign_in(ann, "Ann").status_code == 303
        refused = ann.post("/roster/new-team", data={"name": "Sam and Sam", "members": [str(sam), str(sam)],
                                                     "csrf_token": csrf_of(ann, "/roster/new-team")})
    assert refused.status_code == 400 and "is named twice; a team needs at least two different wrestlers" in \
        refused.text.replace("&#39;", "'")
    with site.league.act() as ctx:
        assert len(ctx.session.scalars(select(Competitor)).all()) == before
