"""The command line for Headlock: build --roll, match options and players, table play from a script."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.core.table import Table
from turnbuckle.rulesets.headlock.build import roll_character

from .util import RS

runner = CliRunner()


def test_build_roll_is_seeded_and_valid(tmp_path: Path) -> None:
    first = runner.invoke(app, ["build", "headlock", "--roll", "--seed", "5"])
    again = runner.invoke(app, ["build", "headlock", "--roll", "--seed", "5"])
    assert first.exit_code == 0
    assert first.stdout == again.stdout
    assert first.stdout.startswith("# Rolled with turnbuckle build headlock --roll --seed 5")
    path = tmp_path / "rolled.yaml"
    path.write_text(first.stdout)
    checked = runner.invoke(app, ["validate", "headlock", str(path)])
    assert checked.exit_code == 0
    assert "valid headlock wrestler" in checked.stdout


def test_build_roll_uses_the_dice_for_each_stat() -> None:
    script = [17, 4, 9, 11, 2, 1, 1, 1, 2, 3, 4, 1, 2, 3, 4, 10]
    c = roll_character(Table(ScriptedSource.from_values(script)))
    assert (c.atk, c.defense, c.spd, c.sta, c.res, c.hp) == (17, 4, 9, 11, 2, 110)
    assert c.name == "Crimson Viper"
    assert c.special.kind == "choke"


def test_build_needs_roll_and_headlock() -> None:
    r = runner.invoke(app, ["build", "headlock"])
    assert r.exit_code == 2
    r = runner.invoke(app, ["build", "boxing", "--roll"])
    assert r.exit_code == 2


def test_match_options_and_players_from_the_cli() -> None:
    r = runner.invoke(app, ["match", "headlock", "the-rhino", "velvet-hammer", "--seed", "3", "--option",
                            "deck=own", "--option", "knockout=true", "--option", "choke=true",
                            "--player", "A=solo", "--cap", "3", "--format", "json"])
    assert r.exit_code == 0, r.stdout
    data = json.loads(r.stdout)
    assert data["options"]["deck"] == "own"
    assert data["options"]["cap"] == 3
    assert data["sides"][0]["player"] == "solo"
    moves = [e["moves"]["The Rhino"] for e in data["events"] if e["type"] == "reveal"]
    assert set(moves) <= {"s1", "s3", "g1", "g3", "special"}


def test_human_player_from_a_dice_script(tmp_path: Path) -> None:
    script = tmp_path / "table.txt"
    script.write_text("# turn 1: each side draws, then picks its move\n9H g5 3H\n")
    r = runner.invoke(app, ["match", "headlock", "amethyst-assassin", "the-rhino", "--dice", str(script),
                            "--player", "A=human", "--player", "B=solo", "--option", "turns=1", "-f", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    choice = next(e for e in data["events"] if e["type"] == "choice")
    assert (choice["chosen"], choice["by"]) == ("g5", "script")
    hit = next(e for e in data["events"] if e["type"] == "hit")
    assert hit["move"] == "Back suplex"


def test_tag_match_on_the_cli() -> None:
    ids = [s.id for s in RS.samples()][:4]
    r = runner.invoke(app, ["match", "headlock", *ids, "--seed", "8"])
    assert r.exit_code == 0, r.output
    assert "&" in r.stdout.splitlines()[0]
