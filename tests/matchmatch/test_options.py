"""MatchMatch's options are decoded once (rulesets/matchmatch/options.py) for the reference engine,
validation and the fast engine; extra match types come in as text, never as a path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.core.errors import OptionError, RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.registry import get_ruleset

RS = get_ruleset("matchmatch")
LADDER = "ladder:\n  name: Ladder Match\n  damage_modifier: 1\n  dq_threshold_change: 2\n"


def decoded(**given: object) -> object:
    return match_options(resolve_options(RS.info.options, given))


def test_the_referee_option_decodes_to_none_a_roll_or_a_named_referee() -> None:
    for word in ("", "none", "Standard"):
        got = decoded(referee=word)
        assert (got.referee, got.referee_rolled) == (None, False)  # type: ignore[attr-defined]
    rolled = decoded(referee="roll")
    assert (rolled.referee, rolled.referee_rolled) == (None, True)  # type: ignore[attr-defined]
    named = decoded(referee="sam atan")
    assert named.referee.name == "Sam Atan" and not named.referee_rolled  # type: ignore[attr-defined]
    with pytest.raises(RulesError):
        decoded(referee="nobody at all")


def test_extra_match_types_come_as_text() -> None:
    got = decoded(type="ladder", types=LADDER, rounds=7, by_style_rounds="match")
    assert (got.match_type.name, got.match_type.dq_threshold_change) == ("Ladder Match", 2)  # type: ignore[attr-defined]
    assert (got.rounds, got.by_style_rounds) == (7, "match")  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="no match type 'ladder'"):
        decoded(type="ladder")


def test_a_match_takes_no_file_path() -> None:
    sides = [RS.load_text(RS.sample(s).text, s) for s in ("brother-bob", "friendly-sam")]
    with pytest.raises(OptionError, match="type_file"):
        RS.run(sides, SeededSource(1), {"type_file": "/etc/passwd"})


def test_the_command_line_reads_the_type_file_and_the_record_replays_without_it(tmp_path: Path) -> None:
    types = tmp_path / "types.yaml"
    types.write_text(LADDER, encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["match", "m2", "brother-bob", "friendly-sam", "--seed", "4", "--type", "ladder",
                              "-o", f"type_file={types}", "--format", "json"])
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["options"]["types"] == LADDER.strip() and "type_file" not in data["options"]
    record = tmp_path / "m.json"
    record.write_text(out.stdout, encoding="utf-8")
    types.unlink()
    assert runner.invoke(app, ["replay", str(record)]).exit_code == 0
    missing = runner.invoke(app, ["match", "m2", "brother-bob", "friendly-sam", "-o", f"type_file={types}"])
    assert missing.exit_code == 2 and "not found" in missing.stderr
