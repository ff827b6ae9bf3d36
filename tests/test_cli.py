"""The command-line contract, for every registered ruleset (the same ground as the shared checker)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.core.registry import Ruleset
from turnbuckle.rulesets.registry import all_rulesets

RULESETS = all_rulesets()
IDS = [rs.info.id for rs in RULESETS]
runner = CliRunner()


def tb(*args: str, input: str | None = None) -> Any:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def sample_ids(ruleset: str) -> list[str]:
    out = tb("samples", ruleset)
    assert out.exit_code == 0
    return [line.split()[0] for line in out.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_rulesets_lists_every_game_with_version_and_options(rs: Ruleset[Any]) -> None:
    out = tb("rulesets")
    assert out.exit_code == 0
    assert f"{rs.info.id}  {rs.info.name}  v{rs.info.version}" in out.stdout
    for spec in rs.info.options:
        assert f"--option {spec.name}=" in out.stdout


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_samples_print_ids_and_a_sample_prints_a_valid_sheet(rs: Ruleset[Any], tmp_path: Path) -> None:
    ids = sample_ids(rs.info.id)
    assert ids == [s.id for s in rs.samples()]
    sheet = tmp_path / "mine.yaml"
    sheet.write_text(tb("samples", rs.info.id, ids[0]).stdout)
    out = tb("validate", rs.info.id, str(sheet))
    assert out.exit_code == 0 and "valid" in out.stdout


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_match_json_is_deterministic_and_complete(rs: Ruleset[Any]) -> None:
    sides = sample_ids(rs.info.id)[: rs.info.min_sides]
    a = tb("match", rs.info.id, *sides, "--seed", "11", "--format", "json")
    b = tb("match", rs.info.id, *sides, "--seed", "11", "--format", "json")
    assert a.exit_code == 0, a.stderr
    assert a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert data["seed"] == 11 and data["ruleset_version"] == rs.info.version
    assert {"winner", "method"} <= set(data["result"])
    assert len(data["sides"]) == rs.info.min_sides
    assert any("purpose" in e for e in data["events"])


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_match_write_ups(rs: Ruleset[Any], fmt: str) -> None:
    sides = sample_ids(rs.info.id)[: rs.info.min_sides]
    out = tb("match", rs.info.id, *sides, "--seed", "11", "--format", fmt)
    assert out.exit_code == 0 and len(out.stdout) > 200


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_clear_errors_never_tracebacks(rs: Ruleset[Any], tmp_path: Path) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_text("{{{ not: [valid\n")
    out = tb("validate", rs.info.id, str(junk))
    assert out.exit_code == 1 and "not valid YAML" in out.stdout
    sides = sample_ids(rs.info.id)[: rs.info.min_sides]
    missing = str(tmp_path / "missing.yaml")
    out = tb("match", rs.info.id, missing, *sides[1:])
    assert out.exit_code == 2 and "not found" in out.stderr
    script = tmp_path / "dice.txt"
    script.write_text("1\n")  # too short for any match; for a card game, not even a card
    out = tb("match", rs.info.id, *sides, "--dice", str(script))
    assert out.exit_code == 2
    assert "ran out" in out.stderr or "expected a card" in out.stderr
    out = tb("match", rs.info.id, *sides, "--option", "nonsense=1")
    assert out.exit_code == 2 and "unknown option 'nonsense'" in out.stderr
    out = tb("match", rs.info.id, *sides, "--format", "pdf")
    assert out.exit_code == 2 and "--format 'pdf'" in out.stderr


def test_unknown_ruleset_and_seed_with_dice() -> None:
    out = tb("samples", "tiddlywinks")
    assert out.exit_code == 2 and "no ruleset named 'tiddlywinks'" in out.stderr
    out = tb("match", "boxing", "slugger", "speedster", "--seed", "1", "--dice", "ask")
    assert out.exit_code == 2 and "not both" in out.stderr


def test_validate_lists_every_problem(tmp_path: Path) -> None:
    sheet = tmp_path / "big.yaml"
    sheet.write_text("name: Big\npower: 11\nspeed: 5\ntoughness: 5\n")
    out = tb("validate", "boxing", str(sheet))
    assert out.exit_code == 1
    assert "- power is 11; each ability must be 1 to 10" in out.stdout
    assert "- power + speed + toughness = 21, over the budget" in out.stdout


def test_dice_ask_plays_from_the_prompt() -> None:
    # A one-round bout between equal fighters: equal initiative rolls typed at the prompt, three clinches.
    out = tb("match", "boxing", "all-rounder", "all-rounder", "--dice", "ask", "-o", "rounds=1",
             "--format", "json", input="3 3\n3 3\n" * 3)
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["dice"] == "ask" and data["seed"] is None
    assert data["result"]["method"] == "draw"
    assert "initiative: roll 2d12" in out.stderr


def test_player_flag_is_checked() -> None:
    out = tb("match", "boxing", "slugger", "speedster", "--player", "1=human")
    assert out.exit_code == 2 and "player 'human' is not one of auto" in out.stderr
    out = tb("match", "boxing", "slugger", "speedster", "--player", "9=auto")
    assert out.exit_code == 2 and "side 9" in out.stderr


def test_help_and_version() -> None:
    assert tb("--version").stdout.startswith("turnbuckle ")
    out = tb("match", "--help")
    assert out.exit_code == 0 and "--dice" in out.stdout


def test_sample_ids_in_any_case_and_player_numbering_from_one() -> None:
    assert tb("match", "boxing", "SLUGGER", "Speedster", "--seed", "1").exit_code == 0
    out = tb("match", "boxing", "slugger", "speedster", "--player", "0=auto")
    assert out.exit_code == 2
    assert "sides are numbered 1 to 2" in out.stderr
    out = tb("match", "boxing", "slugger", "speedster", "--player", "²=auto")
    assert out.exit_code == 2
    assert "no side '²'" in out.stderr


def test_rulesets_says_armies() -> None:
    assert "2-4 armies" in tb("rulesets").stdout


def test_python_dash_m_turnbuckle_runs_the_program() -> None:
    """``python -m turnbuckle`` is the program too (the benches fall back on it where no script
    was installed): same output and exit codes as the ``turnbuckle`` command."""
    ran = subprocess.run([sys.executable, "-m", "turnbuckle", "samples", "boxing"], capture_output=True, text=True)
    assert ran.returncode == 0
    assert ran.stdout.split() and ran.stdout.split()[0] == sample_ids("boxing")[0]
    wrong = subprocess.run([sys.executable, "-m", "turnbuckle", "samples", "no-such-game"], capture_output=True,
                           text=True)
    assert wrong.returncode == 2
