"""The command line for MatchMatch, automatic strategies, and the write-up."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.matchmatch.helpers import FIXTURES, PART6_GRID, RULESET, fixture, sample
from tests.matchmatch.test_example_match import SCRIPT
from turnbuckle.cli.app import app
from turnbuckle.core.render import render_markdown, render_text
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.matchmatch.auto import auto_strategy
from turnbuckle.rulesets.matchmatch.grid import parse_grid
from turnbuckle.rulesets.matchmatch.strategy import strategy_problems
from turnbuckle.rulesets.matchmatch.strategy_text import parse_strategy_text

runner = CliRunner()


def test_auto_strategy_plays_to_strengths() -> None:
    bob, sam = sample("brother-bob").sheet, sample("friendly-sam").sheet
    plan = auto_strategy(bob, [sam], 20, parse_grid(PART6_GRID))
    assert plan.plus == ("brawling", "cheating")
    assert plan.minus == "martial_arts"  # Sam's biggest edge over Bob
    assert (plan.grid_column, plan.grid_row) == ("A", 3)
    sam_plan = auto_strategy(sam, [bob], 20, parse_grid(PART6_GRID))
    assert sam_plan.plus == ("martial_arts", "high_flying")
    assert sam_plan.minus == "brawling"
    spots = [e.rounds.first for e in sam_plan.rounds if e.action.kind == "high_spot"]
    assert spots == [1, 2, 3]
    specials = [e.rounds.first for e in sam_plan.rounds if e.action.kind == "finisher"]
    assert specials == [8]
    assert strategy_problems(sam_plan, sam.high_spots, sam.push_level, 20) == []


def test_auto_strategy_respects_forbidden_specials_and_tag() -> None:
    ivan, sam = sample("iron-ivan").sheet, sample("friendly-sam").sheet
    plan = auto_strategy(ivan, [sam], 20, None, ("submission", "finisher"), tag=True)
    kinds = {e.action.kind for e in plan.rounds}
    assert "finisher" not in kinds
    assert "high_impact" in kinds
    assert len([e for e in plan.rounds if e.action.kind == "high_impact"]) == ivan.push_level
    assert "teamwork" not in plan.plus


def test_strategy_command_prints_the_rulebook_layout() -> None:
    out = runner.invoke(app, ["strategy", "m2", "brother-bob", "friendly-sam", "--grid", PART6_GRID])
    assert out.exit_code == 0, out.output
    assert "Strategy:+Brawling +Cheating -Martial Arts, Grid A/3" in out.output
    text = out.output.split("\n", 1)[1]
    plan = parse_strategy_text(text, "printed")  # what it prints reads back in
    assert plan.plus == ("brawling", "cheating")


def test_strategy_command_rejects_other_games() -> None:
    out = runner.invoke(app, ["strategy", "boxing", "slugger", "speedster"])
    assert out.exit_code == 2
    assert "MatchMatch command" in out.output


def test_match_from_rulebook_text_files_and_dice_script(tmp_path: Path) -> None:
    dice = tmp_path / "dice.txt"
    dice.write_text(" ".join(str(v) for v in SCRIPT), encoding="utf-8")
    out = runner.invoke(app, ["match", "m2", str(FIXTURES / "bob-part6.txt"), str(FIXTURES / "sam-part6.txt"),
                              "--dice", str(dice), "--option", f"grid={PART6_GRID}", "--option", "rounds=7",
                              "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert (data["result"]["winner"], data["result"]["method"], data["result"]["round"]) == \
        ("Friendly Sam", "pinfall", 7)
    assert data["sides"][0]["sheet"]["strategy"].startswith("Strategy:+Brawling +Cheating -Martial Arts, Grid C")


def test_yaml_side_with_text_strategy(tmp_path: Path) -> None:
    _, strat = fixture("sam-part6.txt").split("\n\n\n", 1)
    doc = "wrestler: friendly-sam\nstrategy: |\n" + "".join(f"  {line}\n" for line in strat.strip().splitlines())
    path = tmp_path / "sam.yaml"
    path.write_text(doc, encoding="utf-8")
    out = runner.invoke(app, ["validate", "m2", str(path)])
    assert out.exit_code == 0, out.output
    assert "valid matchmatch wrestler 'Friendly Sam'" in out.output
    out = runner.invoke(app, ["match", "m2", str(path), "brother-bob", "--seed", "3", "--type", "cage"])
    assert out.exit_code == 0, out.output


def test_validate_reports_team_range_problems(tmp_path: Path) -> None:
    path = tmp_path / "team.yaml"
    path.write_text(sample_team_text().replace("brawling: 3", "brawling: 9"), encoding="utf-8")
    out = runner.invoke(app, ["validate", "m2", str(path)])
    assert out.exit_code == 1
    assert "Brawling is 9; the members' range allows 1 to 7" in out.output


def sample_team_text() -> str:
    return RULESET.sample("odd-couple").text


def test_referee_and_type_flags() -> None:
    out = runner.invoke(app, ["match", "m2", "brother-bob", "friendly-sam", "--seed", "5", "--referee", "roll",
                              "--type", "scaffold"])
    assert out.exit_code == 0, out.output
    assert "Scaffold Match" in out.output
    out = runner.invoke(app, ["match", "m2", "brother-bob", "friendly-sam", "--referee", "Nobody"])
    assert out.exit_code == 2
    assert "no referee named 'Nobody'" in out.output


def test_write_up_uses_explanations_and_shows_the_finish() -> None:
    bob = RULESET.load_text(fixture("bob-part6.txt"), "bob")
    sam = RULESET.load_text(fixture("sam-part6.txt"), "sam")
    rec = RULESET.run([bob, sam], ScriptedSource.from_values(SCRIPT), {"grid": PART6_GRID, "rounds": 7})
    text = render_text(RULESET.narrate(rec))
    assert "Round 1: High Flying" in text
    assert "Time for the Power Bob!" in text
    assert "Friendly Finale!" in text
    assert "Friendly Sam pins Brother Bob with a Finisher in round 7." in text
    assert "Round by round" in text
    md = render_markdown(RULESET.narrate(rec))
    assert md.startswith("# Brother Bob vs. Friendly Sam")


def test_validate_strategy_command(tmp_path: Path) -> None:
    out = runner.invoke(app, ["validate-strategy", "m2", str(FIXTURES / "bob-part5-by-style.txt")])
    assert out.exit_code == 0, out.output
    assert "Strategy:+Cheating +Brawling -Martial Arts, Grid C" in out.output
    out = runner.invoke(app, ["validate-strategy", "m2", str(FIXTURES / "sam-part6.txt"), "--sheet", "brother-bob"])
    assert out.exit_code == 1
    assert "3 High Spot round(s) stratted but the sheet bought 0 High Spot(s)" in out.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("plus: [Po, Tw]\nminus: MA\n", encoding="utf-8")
    out = runner.invoke(app, ["validate-strategy", "m2", str(bad)])
    assert out.exit_code == 1
    assert "Teamwork can never be a '+' style" in out.output
    cage = tmp_path / "cage.yaml"
    cage.write_text("strategy:\n  plus: [Po, Te]\n  minus: MA\n  rounds:\n    - {round: 5, type: Submission}\n",
                    encoding="utf-8")
    out = runner.invoke(app, ["validate-strategy", "m2", str(cage), "--sheet", "friendly-sam", "--type", "cage"])
    assert out.exit_code == 1
    assert "round 5: Submission may not be stratted in a Cage Match" in out.output
