"""The organiser's ways in from the command line (a password, an invitation, a reset link) and the
demo league's sign-ins that ``make serve`` prints."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.web.pages_support import copy_demo
from tests.web.support import csrf_of, sign_in
from turnbuckle.cli.app import app
from turnbuckle.league.credentials import use_fast_hashing_for_tests
from turnbuckle.league.demo import LOGINS, ORGANISER, demo_logins
from turnbuckle.web.app import create_app

runner = CliRunner()


def tb(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_password_invite_and_reset_from_the_command_line(tmp_path: Path) -> None:
    use_fast_hashing_for_tests()
    db = str(tmp_path / "league.db")
    assert tb("league", "init", "--db", db, "--organiser", "Fran")[0] == 0
    code, out, err = tb("league", "member", "password", "Fran", "--stdin", "--db", db, stdin="fran-password\n")
    assert (code, out.strip()) == (0, "password set for Fran"), err
    code, _, err = tb("league", "member", "password", "Fran", "--stdin", "--db", db, stdin="short\n")
    assert code == 2 and "at least 8 characters" in err and "Traceback" not in err
    code, out, _ = tb("league", "member", "invite", "Cy", "--db", db, "--base", "http://league.example/")
    assert code == 0 and out.startswith("http://league.example/invite/")
    invite_path = out.strip().removeprefix("http://league.example")
    code, _, err = tb("league", "member", "reset", "Nobody", "--db", db)
    assert code == 2 and "no member named 'Nobody'" in err
    assert tb("league", "member", "add", "Ann", "--db", db)[0] == 0
    code, _, err = tb("league", "member", "invite", "--as", "Ann", "--db", db)
    assert code == 2 and "only the organiser" in err
    with TestClient(create_app(f"sqlite:///{db}"), follow_redirects=False) as client:
        assert sign_in(client, "Fran", "fran-password").status_code == 303
    with TestClient(create_app(f"sqlite:///{db}"), follow_redirects=False) as client:
        token = csrf_of(client, invite_path)
        r = client.post(invite_path, data={"password": "cy-password", "password2": "cy-password", "csrf_token": token})
        assert r.status_code == 303


def test_the_demo_league_has_sign_ins_and_serve_lists_them(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)
    logins = demo_logins(url)
    assert [(n, p) for n, p, _ in logins] == list(LOGINS.items())
    assert {n: r for n, _, r in logins}[ORGANISER] == "organiser"
    with TestClient(create_app(url), follow_redirects=False) as client:
        assert sign_in(client, "Ann", LOGINS["Ann"]).status_code == 303
        assert sign_in(client, ORGANISER, LOGINS[ORGANISER]).status_code == 303
    other = tmp_path / "other.db"
    assert tb("league", "init", "--db", str(other))[0] == 0
    assert demo_logins(f"sqlite:///{other}") == []
