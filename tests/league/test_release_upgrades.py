"""Every release's league, upgraded, still verifies: each folder under fixtures/releases/ holds a league
database made by that release's own code (its make.sh says how). A copy is upgraded by this turnbuckle
(``league init``), then verified on the command line (``league verify``, and ``league export`` then
``verify``) and on the show page: nothing is found, every old match is counted as replayed, and an edit to
a stored match record of an old show is still caught."""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app

RELEASES = Path(__file__).parent / "fixtures" / "releases"
VERSIONS = sorted(p.name for p in RELEASES.iterdir() if (p / "league.db.gz").is_file())
runner = CliRunner()


def test_every_release_has_a_fixture() -> None:
    assert "0.1.0" in VERSIONS
    for v in VERSIONS:
        assert (RELEASES / v / "make.sh").is_file(), f"releases/{v} does not say how its league was made"


def upgraded(tmp_path: Path, version: str) -> tuple[Path, dict[int, int]]:
    """A copy of the release's league, upgraded; with the number of matches each published show played."""
    db = tmp_path / "league.db"
    db.write_bytes(gzip.decompress((RELEASES / version / "league.db.gz").read_bytes()))
    with sqlite3.connect(db) as con:
        played = dict(con.execute("SELECT s.number, count(r.id) FROM shows s JOIN results r ON r.show_id = s.id "
                                  "WHERE s.status = 'published' GROUP BY s.number").fetchall())
    con.close()
    assert played, "the fixture has no published show"
    done = runner.invoke(app, ["league", "init", "--db", str(db)])
    assert done.exit_code == 0, done.output
    return db, played


def replayed(output: str) -> dict[int, int]:
    return {int(n): int(k) for n, k in re.findall(r"^show (\d+): (\d+) match\(es\) replayed", output, re.M)}


@pytest.mark.parametrize("version", VERSIONS)
def test_an_upgraded_league_verifies_on_the_command_line(tmp_path: Path, version: str) -> None:
    db, played = upgraded(tmp_path, version)
    got = runner.invoke(app, ["league", "verify", "--db", str(db)])
    assert got.exit_code == 0, got.output
    assert "FINDING" not in got.output and replayed(got.output) == played
    export = tmp_path / "export.json"
    done = runner.invoke(app, ["league", "export", "--db", str(db), "-o", str(export)])
    assert done.exit_code == 0, done.output
    data = json.loads(export.read_text())
    assert sum(len(s["matches"]) for s in data["shows"]) == sum(played.values())
    got = runner.invoke(app, ["verify", str(export)])
    assert got.exit_code == 0, got.output
    assert replayed(got.output) == played


@pytest.mark.parametrize("version", VERSIONS)
def test_an_edited_record_in_an_old_show_is_still_caught(tmp_path: Path, version: str) -> None:
    db, _ = upgraded(tmp_path, version)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE results SET record = json_set(record, '$.result.method', 'forged') "
                    "WHERE id = (SELECT min(id) FROM results)")
    con.close()
    got = runner.invoke(app, ["league", "verify", "--db", str(db)])
    assert got.exit_code == 1
    assert "replay differs" in got.output and got.output.count("FINDING") == 1, got.output


@pytest.mark.parametrize("version", VERSIONS)
def test_an_upgraded_show_verifies_on_its_page(tmp_path: Path, version: str) -> None:
    from tests.web.pages_support import client_for
    from tests.web.support import csrf_of
    from tests.web.test_verify_page import wait_verified

    db, played = upgraded(tmp_path, version)
    number = min(played)
    with client_for(f"sqlite:///{db}", None) as client:
        started = client.post(f"/shows/{number}/verify", data={"csrf_token": csrf_of(client, f"/shows/{number}")},
                              follow_redirects=False)
        assert started.status_code == 303
        part = wait_verified(client, number)
    assert "<strong>Verified</strong>" in part, part
    assert f"show {number}: {played[number]} match(es) replayed" in part


@pytest.mark.parametrize("version", VERSIONS)
def test_a_show_the_release_opened_runs_and_verifies_after_the_upgrade(tmp_path: Path, version: str) -> None:
    """A show still open at the upgrade keeps the draws its release made, a match added to it since is
    drawn as this turnbuckle draws: locked, run and published by this turnbuckle, it verifies."""
    db, played = upgraded(tmp_path, version)
    with sqlite3.connect(db) as con:
        opened = [n for (n,) in con.execute("SELECT number FROM shows WHERE status = 'open'")]
        pair = [n for (n,) in con.execute("SELECT name FROM competitors WHERE ruleset = 'matchmatch' "
                                          "AND members = '[]' ORDER BY id LIMIT 2")]
    con.close()
    if not opened:
        pytest.skip(f"release {version}'s league has no open show")
    added = runner.invoke(app, ["league", "card", "add", str(opened[0]), "matchmatch", *pair, "--rebook",
                                "--db", str(db)])
    assert added.exit_code == 0, added.output
    for number in opened:
        for step in ("lock", "run", "publish"):
            done = runner.invoke(app, ["league", step, str(number), "--db", str(db)])
            assert done.exit_code == 0, done.output
    got = runner.invoke(app, ["league", "verify", "--db", str(db)])
    assert got.exit_code == 0, got.output
    assert set(replayed(got.output)) == set(played) | set(opened)
