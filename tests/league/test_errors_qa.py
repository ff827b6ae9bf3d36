"""QA: the league's command line answers a user's mistake with one line and exit 2, never an internal
error (exit 3): a time zone that is a folder of the zone database, a --db in a folder that does not exist."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app

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
