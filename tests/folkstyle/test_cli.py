"""The command line with folkstyle: samples, validate, match in every format, scripts and humans."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from turnbuckle.cli.app import app

runner = CliRunner()


def tb(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_rulesets_lists_folkstyle_with_its_players_and_options() -> None:
    code, out = tb("rulesets")
    assert code == 0
    assert "folkstyle  BIG TCG folkstyle wrestling" in out
    assert "aliases: big-tcg, bigtcg" in out
    assert "--player SIDE=KIND with KIND one of: auto, human" in out
    assert "--option riding_threshold=2 (1..9)" in out


def test_samples_lists_ids() -> None:
    code, out = tb("samples", "bigtcg")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == [
        "brick-halvorsen", "cal-okafor", "milo-sarkis", "tess-varga"]


def test_validate_lists_every_problem(tmp_path: Path) -> None:
    code, out = tb("samples", "folkstyle", "cal-okafor")
    bad = out.replace("base: 10, effect: takedown", "base: 12, effect: takedown").replace(
        "{name: Switch, base: 7, effect: reversal}", "{name: Switch, base: 7, effect: takedown}")
    path = tmp_path / "bad.yaml"
    path.write_text(bad)
    code, out = tb("validate", "folkstyle", str(path))
    assert code == 1
    assert "2 problems" in out
    assert "neutral face 3 (Single Leg): base 12 is out of range" in out
    assert "bottom face 4 (Switch): effect 'takedown' cannot be rolled in bottom" in out


def test_text_and_markdown_call_the_score_after_every_turn() -> None:
    _, js = tb("match", "folkstyle", "brick-halvorsen", "cal-okafor", "--seed", "11", "--format", "json")
    record = json.loads(js)
    turn_scores = [e["score"] for e in record["events"] if e["type"] == "turn"]
    assert turn_scores
    for fmt in ("text", "markdown"):
        code, out = tb("match", "folkstyle", "brick-halvorsen", "cal-okafor", "--seed", "11", "--format", fmt)
        assert code == 0
        called = re.findall(r"^(?:- )?Turn \d .*Score (\d+-\d+)\.$", out, flags=re.MULTILINE)
        assert called == turn_scores
        assert "Scoresheet (score called Red-Green)" in out
    assert "| Period | Turn | Position | Red move | Green move | Quality | Result | Points | Score |" in out


def test_json_result_holds_the_score_and_the_scoresheet() -> None:
    _, js = tb("match", "folkstyle", "milo-sarkis", "tess-varga", "--seed", "4", "--format", "json")
    result = json.loads(js)["result"]
    turns = [e for e in json.loads(js)["events"] if e["type"] == "turn"]
    assert result["score"] == f"{result['points']['Red']}-{result['points']['Green']}"
    sheet = result["scoresheet"]
    assert [row["score"] for row in sheet if row["period"] != "RT"] == [t["score"] for t in turns]
    assert set(sheet[0]) == {"period", "turn", "position", "red_move", "green_move", "quality", "result",
                             "points", "score"}


def test_a_dice_script_with_a_human_choice(tmp_path: Path) -> None:
    quiet = "2 2 1 1  4 4 1 1  2 4 1 1\n"
    script = tmp_path / "dice.txt"
    script.write_text(
        "6 1 Green   # colour roll: Brick wins it and takes Green\n"
        + quiet + "6 1 Top\n" + quiet + "Neutral\n" + quiet
    )
    code, out = tb("match", "folkstyle", "brick-halvorsen", "cal-okafor", "--dice", str(script),
                   "--player", "1=human", "--player", "2=human", "--format", "json")
    assert code == 0, out
    record = json.loads(out)
    colours = next(e for e in record["events"] if e["type"] == "colours")
    assert (colours["red"], colours["green"]) == ("Cal Okafor", "Brick Halvorsen")
    starts = [e["position"] for e in record["events"] if e["type"] == "period_start"]
    assert starts == ["Neutral", "Red top", "Neutral"]


def test_human_at_the_prompt(tmp_path: Path) -> None:
    # Cal takes Red; a takedown, a push-away escape, then stalling calls on both in periods 2 and 3
    answers = "\n".join(["6", "1", "Red", "3", "1", "6", "1", *["1"] * 8, "6", "1", "Neutral", *["1"] * 12,
                         "Neutral", *["1"] * 12]) + "\n"
    code, out = tb("match", "folkstyle", "cal-okafor", "tess-varga", "--dice", "ask", "--player", "A=human",
                   "--player", "B=human", input=answers)
    assert code == 0, out
    assert "Red move: roll 1d6" in out
    assert "Red start of period 2: choose one of Top, Bottom, Neutral, Defer" in out
    assert "Red (Cal Okafor) wins on points, 4-2 (Red-Green)." in out


def test_a_human_player_with_seeded_dice_is_a_clear_error() -> None:
    code, out = tb("match", "folkstyle", "cal-okafor", "tess-varga", "--seed", "3", "--player", "2=human")
    assert code == 2
    assert "use --dice ask" in out
    assert "Traceback" not in out


def test_unknown_player_kind() -> None:
    code, out = tb("match", "folkstyle", "cal-okafor", "tess-varga", "--player", "1=smart")
    assert code == 2
    assert "player 'smart' is not one of auto, human" in out
