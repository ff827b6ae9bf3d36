"""First run: ``turnbuckle serve`` on an empty database creates it and prints a one-time setup link;
the link's page creates the league and the organiser, signs the organiser in, and works once."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
from fastapi.testclient import TestClient

from tests.web.support import csrf_of, empty_league
from turnbuckle.league.assembly import assemble
from turnbuckle.league.db import make_engine, session_scope, upgrade
from turnbuckle.league.services import accounts
from turnbuckle.web.app import create_app

TB = str(Path(sys.executable).with_name("turnbuckle"))
LINK = re.compile(r"set it up at (http://\S+/setup/\S+) \(this link works once\)")
GOOD = "a long walk to the ring"


def setup_form(league: str = "Garage Fed", password2: str = GOOD, level: str = "6") -> dict[str, str]:
    return {"league_name": league, "timezone": "Europe/London", "max_push_level": level, "organiser": "Fran",
            "password": GOOD, "password2": password2}


def test_serve_on_a_missing_database_creates_it_and_prints_a_working_setup_link(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    proc = subprocess.Popen([TB, "serve", "--db", str(db), "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline(), proc.stdout.readline()]
        found = LINK.search(lines[1])
        assert found, f"no setup link in {lines!r}"
        page = httpx.get(found.group(1), timeout=10)
        assert page.status_code == 200 and "Set up the league" in page.text
        assert httpx.get(found.group(1) + "x", timeout=10).status_code == 404
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
    assert db.exists()


def test_a_database_holding_a_league_gets_no_setup_link(tmp_path: Path) -> None:
    url = empty_league(tmp_path, "Old Fed")
    engine = make_engine(url)
    with session_scope(engine) as session:
        assert accounts.create_setup_link(session) is None
    engine.dispose()


def test_the_setup_page_makes_the_league_signs_the_organiser_in_and_works_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'league.db'}"
    upgrade(url)
    app = create_app(url)
    with session_scope(app.state.engine) as session:
        token = accounts.create_setup_link(session)
    path = f"/setup/{token}"
    with TestClient(app) as client:
        wrong = client.post("/setup/" + "x" * 43, data={"csrf_token": csrf_of(client, path)})
        assert wrong.status_code == 404  # a wrong token reads as nothing, whatever the form holds
        empty = client.post(path, data={"csrf_token": csrf_of(client, path)})
        assert empty.status_code == 422 and "name" in empty.text  # the right token: the form's own error
        other = setup_form(password2="something else")
        refused = client.post(path, data={**other, "csrf_token": csrf_of(client, path)})
        assert refused.status_code == 422 and "the two passwords differ" in refused.text
        assert 'value="Garage Fed"' in refused.text  # what was typed stays
        weak = client.post(path, data={**setup_form(level="0"), "csrf_token": csrf_of(client, path)})
        assert weak.status_code == 422 and "Push Level" in weak.text
        no_csrf = client.post(path, data=setup_form())
        assert no_csrf.status_code in (401, 403)
        done = client.post(path, data={**setup_form(), "csrf_token": csrf_of(client, path)}, follow_redirects=False)
        assert done.status_code == 303 and done.headers["location"] == "/"  # the league's home, not the tokens
        account = client.get("/account")
        assert account.status_code == 200 and "Fran" in account.text  # signed in as the organiser
        assert "Garage Fed" in client.get("/").text
        assert client.get(path).status_code == 404  # the link worked once


def test_the_home_page_of_a_server_with_no_league_points_to_the_setup_link(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'league.db'}"
    upgrade(url)
    with TestClient(create_app(url)) as client:
        home = client.get("/")
        assert home.status_code == 404 and "No league yet" in home.text and "setup link" in home.text


def test_the_auto_lock_pass_has_nothing_to_do_before_the_league_exists(tmp_path: Path) -> None:
    from turnbuckle.league.db import make_engine
    from turnbuckle.web.organiser import autolock

    url = f"sqlite:///{tmp_path / 'league.db'}"
    upgrade(url)
    engine = make_engine(url)
    try:  # before: "this database holds no league yet" every 30 s in the server's log
        assert autolock.lock_due_now(engine, lambda: datetime.now(UTC), assemble()) == []
    finally:
        engine.dispose()
