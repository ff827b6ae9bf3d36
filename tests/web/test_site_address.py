"""Links handed out for use elsewhere (the post and announcement to copy, invite and reset links, the
feeds) begin with the league's site address wherever it is set; without one, the command line says
so on stderr (exit 0) and the web says so beside the copy box."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.league.post_league import copy_post_league
from tests.web.pages_support import client_for
from tests.web.support import Site, post_form, sign_in
from turnbuckle.cli.app import app

SITE = "https://fed.example.org/league"
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _no_base_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TURNBUCKLE_BASE_URL", raising=False)


def _set_site(db: str) -> None:
    done = CliRunner().invoke(app, ["league", "notify", "site", SITE, "--db", db])
    assert done.exit_code == 0, done.output


def test_a_post_without_a_site_address_warns_on_stderr_and_exits_0(tmp_path: Path) -> None:
    db = copy_post_league(tmp_path)
    done = CliRunner().invoke(app, ["league", "post", "1", "-f", "text", "--db", db])
    assert done.exit_code == 0
    assert "warning: no site address is set" in done.stderr and "--base-url" in done.stderr
    assert "warning" not in done.stdout and "</shows/1/matches/1>" in done.stdout
    _set_site(db)
    done = CliRunner().invoke(app, ["league", "post", "1", "-f", "text", "--db", db])
    assert done.exit_code == 0 and done.stderr == ""
    assert f"<{SITE}/shows/1/matches/1>" in done.stdout


def test_command_line_invite_and_reset_links_use_the_site_address(tmp_path: Path) -> None:
    db = str(tmp_path / "league.db")
    runner = CliRunner()
    assert runner.invoke(app, ["league", "init", "--db", db, "--organiser", "Fran"]).exit_code == 0
    done = runner.invoke(app, ["league", "member", "invite", "Cy", "--db", db])
    assert done.exit_code == 0 and done.stdout.startswith("http://127.0.0.1:8000/invite/")
    assert "no site address is set" in done.stderr
    _set_site(db)
    done = runner.invoke(app, ["league", "member", "invite", "Di", "--db", db])
    assert done.exit_code == 0 and done.stdout.startswith(f"{SITE}/invite/") and done.stderr == ""
    done = runner.invoke(app, ["league", "member", "reset", "Fran", "--db", db])
    assert done.exit_code == 0 and done.stdout.startswith(f"{SITE}/reset/")
    done = runner.invoke(app, ["league", "member", "invite", "--db", db, "--base", "http://other.example"])
    assert done.stdout.startswith("http://other.example/invite/")  # --base still wins


def test_the_web_warns_beside_the_copy_box_and_uses_the_site_address(tmp_path: Path) -> None:
    db = copy_post_league(tmp_path)
    with client_for(db, None) as client:
        page = client.get("/shows/1").text
        box = page[page.index('id="post"'):]
        assert "No site address is set" in box[:box.index("</details>")]
        copies = client.get("/shows/1/copies", headers=HTMX).text
        assert "No site address is set" in copies and "http://testserver/shows/1/matches/1" in copies
    _set_site(db)
    with client_for(db, None) as client:
        assert "No site address is set" not in client.get("/shows/1").text
        copies = client.get("/shows/1/copies", headers=HTMX).text
        assert "No site address is set" not in copies and f"{SITE}/shows/1/matches/1" in copies
        assert "testserver" not in copies
        feed = client.get("/feeds/shows.atom").text
        assert f"{SITE}/shows/1" in feed and "testserver" not in feed


def test_web_invite_and_reset_links_use_the_site_address(site: Site) -> None:
    _set_site(site.league.url)
    with site.client() as fran:
        sign_in(fran, "Fran")
        page = post_form(fran, "/account/invites", {"name": "Cy"}).text
        link = re.search(r'id="new-link">([^<]+)<', page)
        assert link and link.group(1).startswith(f"{SITE}/invite/"), page[-500:]
        page = post_form(fran, "/account/resets", {"name": "Ann"}).text
        link = re.search(r'id="new-link">([^<]+)<', page)
        assert link and link.group(1).startswith(f"{SITE}/reset/"), page[-500:]
