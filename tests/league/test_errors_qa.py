"""QA: the league's command line answers a user's mistake with one line and exit 2, never an internal
error (exit 3): a time zone that is a folder of the zone database, a --db in a folder that does not exist."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.league.services.card import add_match

runner = CliRunner()


@pytest.mark.parametrize("zone", ["Europe", "x" * 300, "zone1970.tab", "", "Europe/Lon\x00don"])
def test_league_init_refuses_a_time_zone_that_is_no_zone_with_one_line(tmp_path: Path, zone: str) -> None:
    db = tmp_path / "tz.db"
    result = runner.invoke(app, ["league", "init", "--db", str(db), "--name", "X", "--organiser", "Y",
                                 "--timezone", zone])
    assert result.exit_code == 2, result.output
    assert "unknown time zone" in result.stderr and "internal error" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["serve"], ["league", "init"], ["league", "standings"]])
def test_a_db_in_a_folder_that_does_not_exist_says_so_in_one_line(tmp_path: Path, command: list[str]) -> None:
    folder = tmp_path / "no" / "such"
    result = runner.invoke(app, [*command, "--db", str(folder / "x.db")])
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and f"the folder '{folder}' does not exist" in line, line
    assert "league init" not in line  # which would fail the same way
    assert not (tmp_path / "no").exists()


def test_a_referee_option_on_the_card_says_how_the_league_gives_a_referee(sqlite_template: Path,
                                                                          tmp_path: Path) -> None:
    import shutil
    from datetime import timedelta

    from tests.league.helpers import build
    from turnbuckle.league.errors import LeagueError
    from turnbuckle.league.services import shows

    shutil.copy(sqlite_template, tmp_path / "league.db")
    lg = build(f"sqlite:///{tmp_path / 'league.db'}")
    try:
        with lg.act() as ctx:
            number = str(shows.create_show(ctx, "Week", "2026-11-09", lg.clock.now + timedelta(days=1)).number)
        for value in ("rolled", "roll", "Sam Atan"):
            with lg.act() as ctx, pytest.raises(LeagueError) as refused:
                add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], {"referee": value})
            says = str(refused.value)
            assert "--referee" in says and "league referee list" in says and "drawn" in says, says
            assert "type_file" not in says and "server path" not in says
        with lg.act() as ctx, pytest.raises(LeagueError, match="server path"):
            add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"], {"type_file": "/etc/passwd"})
    finally:
        lg.close()


@pytest.mark.parametrize("command", [["serve"], ["league", "init"], ["league", "standings"]])
@pytest.mark.parametrize(("db", "says"), [
    ("FOLDER", "is a folder, not a database file"),
    ("TEXT", "file is not a database"),
    ("bogus://x", "cannot use the database URL bogus://x"),
    ("mysql://u@h/x", "cannot use the database URL mysql://u@h/x"),
])
def test_a_db_that_is_no_database_is_one_line_exit_2(tmp_path: Path, command: list[str], db: str,
                                                      says: str) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "notes.txt").write_text("hello\n" * 100)
    db = {"FOLDER": str(tmp_path / "folder"), "TEXT": str(tmp_path / "notes.txt")}.get(db, db)
    result = runner.invoke(app, [*command, "--db", db])
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and says in line and "internal error" not in line, line
    assert (tmp_path / "notes.txt").read_text() == "hello\n" * 100


@pytest.mark.parametrize("scheduler", ["bogus", "tcp://", "http://127.0.0.1:8786", "ENV"])
def test_serve_refuses_a_scheduler_that_is_no_address_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               scheduler: str) -> None:
    from turnbuckle.cli import web_cmds
    SCHEDULER_ENV = "TURNBUCKLE_SCHEDULER"

    def would_serve(*_args: object) -> None:
        raise AssertionError("serve started with a scheduler that is no address")

    monkeypatch.setattr(web_cmds, "_listen", would_serve)
    args = ["serve", "--db", str(tmp_path / "x.db")]
    if scheduler == "ENV":
        monkeypatch.setenv(SCHEDULER_ENV, "tcp:/nowhere")
    else:
        args += ["--scheduler", scheduler]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (result.output, result.exception)
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and "give tcp://HOST:PORT" in line, line
