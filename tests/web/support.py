"""A league served by the web app for tests: organiser Fran, players Ann and Bo (tests/league/helpers),
each with a password, the app on the league's hand-moved clock, and helpers to sign in and post
forms with the page's CSRF token."""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from pathlib import Path

import httpx2 as httpx
from fastapi.testclient import TestClient

from tests.league.helpers import League, build
from turnbuckle.league.credentials import use_fast_hashing_for_tests
from turnbuckle.league.db import upgrade
from turnbuckle.league.services import accounts
from turnbuckle.web.app import create_app

PASSWORDS = {"Fran": "fran-password", "Ann": "ann-password", "Bo": "bo-password"}
_CSRF = re.compile(r'name="csrf_token" value="([^"]*)"')


@functools.cache
def _template() -> Path:
    """The league with its passwords set, built once per test process and copied for each test."""
    use_fast_hashing_for_tests()
    path = Path(tempfile.mkdtemp(prefix="tb-accounts-")) / "league.db"
    url = f"sqlite:///{path}"
    upgrade(url)
    league = build(url)
    for name, password in PASSWORDS.items():
        with league.act() as ctx:
            accounts.set_password(ctx, name, password)
    league.close()
    return path


class Site:
    def __init__(self, tmp_path: Path) -> None:
        use_fast_hashing_for_tests()
        target = tmp_path / "league.db"
        shutil.copyfile(_template(), target)
        self.league = League(f"sqlite:///{target}")
        self.app = create_app(self.league.url, clock=self.league.clock)

    def client(self) -> TestClient:
        return TestClient(self.app, follow_redirects=False)

    def close(self) -> None:
        self.league.close()


def csrf_of(client: TestClient, path: str = "/login") -> str:
    """The CSRF token a page of ``path`` carries for this client."""
    page = client.get(path)
    found = _CSRF.search(page.text)
    assert found, f"no csrf field on {path}: {page.status_code}"
    return found.group(1)


def sign_in(client: TestClient, name: str, password: str | None = None) -> httpx.Response:
    token = csrf_of(client)
    return client.post("/login", data={"name": name, "password": password or PASSWORDS[name], "csrf_token": token})


def post_form(client: TestClient, path: str, data: dict[str, str], page: str = "/account") -> httpx.Response:
    return client.post(path, data={**data, "csrf_token": csrf_of(client, page)})


def empty_league(folder: Path, name: str) -> str:
    """The URL of a new SQLite league in ``folder``: only its organiser, Fedhead."""
    from turnbuckle.league.db import make_engine, session_scope
    from turnbuckle.league.services.roster import create_league

    url = f"sqlite:///{folder / 'league.db'}"
    upgrade(url)
    engine = make_engine(url)
    with session_scope(engine) as session:
        create_league(session, name, "Fedhead")
    engine.dispose()
    return url
