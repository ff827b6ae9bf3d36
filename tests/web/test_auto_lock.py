"""Shows lock themselves once their deadline passes, on SQLite and PostgreSQL: a page or an API
answer that shows a show's status locks what is due first (so none says "open" past its
deadline), and the app's background task does it every few seconds with no request at all,
stopping cleanly with the app."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.conftest import pg_admin, pg_session_db, sqlite_template, url  # noqa: F401  (fixtures)
from tests.league.helpers import League, build, open_show
from turnbuckle.league.models import ShowEvent
from turnbuckle.league.services import shows
from turnbuckle.web.app import create_app
from turnbuckle.web.organiser import autolock

PAGES = ["/", "/shows", "/shows/{n}", "/api/shows", "/api/shows/{n}"]


@pytest.fixture
def lg(url: str) -> Iterator[League]:  # noqa: F811  (the url fixture above)
    league = build(url)
    yield league
    league.close()


def status(lg: League, number: str) -> str:
    with lg.act() as ctx:
        return shows.show(ctx, number).status


def test_every_page_that_shows_a_status_locks_a_due_show_first(lg: League) -> None:
    app = create_app(lg.url, clock=lg.clock, auto_lock_every=None)  # no background task: the pages alone
    for page in PAGES:
        number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
        with TestClient(app) as client:
            assert status(lg, number) == "open"
            lg.clock.advance(days=1, seconds=1)  # one second past its deadline
            r = client.get(page.format(n=number))
            assert r.status_code == 200, page
        assert status(lg, number) == "locked", page
        answer = r.json() if page.startswith("/api/") else None
        if isinstance(answer, dict):
            assert answer["status"] == "locked" and answer["seed_sha256"]
        elif isinstance(answer, list):
            assert {s["status"] for s in answer if str(s["number"]) == number} == {"locked"}
        else:
            assert f"/shows/{number}" not in r.text or '<span class="status">open</span>' not in r.text
    with lg.act() as ctx:
        locks = list(ctx.session.scalars(select(ShowEvent).where(ShowEvent.kind == "lock")))
        assert len(locks) == len(PAGES) and all(e.detail["auto"] for e in locks)
        assert {e.member_id for e in locks} == {ctx.actor.id}  # the league acts: its organiser is named


def test_a_show_not_yet_due_stays_open_and_a_late_strategy_finds_it_locked(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    app = create_app(lg.url, clock=lg.clock, auto_lock_every=None)
    with TestClient(app) as client:
        assert client.get(f"/api/shows/{number}").json()["status"] == "open"
        assert status(lg, number) == "open"
        lg.clock.advance(days=2)
        r = client.post(f"/api/shows/{number}/strategies", json={"position": 1, "competitor_id": 1, "text": "x"})
        assert r.status_code == 401  # not signed in: refused before anything else
    assert status(lg, number) == "locked"  # ...but the show was locked first all the same


def test_the_background_task_locks_due_shows_and_stops_cleanly(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    app = create_app(lg.url, clock=lg.clock, auto_lock_every=0.05)
    with TestClient(app):
        task = app.state.auto_lock
        assert task is not None and not task.done()
        lg.clock.advance(days=2)
        deadline = time.monotonic() + 20
        while status(lg, number) != "locked":  # no request is made: the task alone locks it
            assert time.monotonic() < deadline, "the background task did not lock the show"
            time.sleep(0.05)
    assert task.done() and task.cancelled()  # cancelled at shutdown, not failed


def test_lock_due_now_locks_once_and_names_the_shows(lg: League) -> None:
    due = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    lg.clock.advance(days=2)
    later = open_show(lg, [("m2", ["Iron Ivan", "Lady Lightning"])])
    assert autolock.any_due(lg.engine, lg.clock)
    assert autolock.lock_due_now(lg.engine, lg.clock, lg.program) == [int(due)]
    assert autolock.lock_due_now(lg.engine, lg.clock, lg.program) == []
    assert not autolock.any_due(lg.engine, lg.clock)
    assert (status(lg, due), status(lg, later)) == ("locked", "open")


def test_a_show_the_organiser_unlocked_after_its_deadline_stays_open_until_they_lock_it(lg: League) -> None:
    app = create_app(lg.url, clock=lg.clock, auto_lock_every=None)
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    lg.clock.advance(days=1, seconds=1)
    with TestClient(app) as client:
        assert client.get("/shows").status_code == 200
        assert status(lg, number) == "locked"
        with lg.act() as ctx:
            shows.unlock(ctx, number)  # to mend the card, past the deadline
        assert not autolock.any_due(lg.engine, lg.clock)  # no write unit of work on every page meanwhile
        assert client.get("/shows").status_code == 200 and client.get("/api/shows").status_code == 200
        assert status(lg, number) == "open"
        assert autolock.lock_due_now(lg.engine, lg.clock, lg.program) == []
    with lg.act() as ctx:
        shows.lock(ctx, number)
    assert status(lg, number) == "locked"
