"""``turnbuckle advise``: its strategy passes ``validate`` and the league's submit as printed; a game
without an advisor and bad budgets are one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.league.helpers import build, open_show
from tests.sim.advisor.helpers import SAM_PART_VI
from turnbuckle.cli.app import app
from turnbuckle.league.db import upgrade
from turnbuckle.league.services import shows

runner = CliRunner()
QUICK = ["--budget-matches", "60000", "--measure", "2000", "--seed", "8"]


def test_the_advised_strategy_passes_validate_and_the_leagues_submit_as_printed(tmp_path: Path) -> None:
    out = runner.invoke(app, ["advise", "matchmatch", "friendly-sam", "brother-bob", *QUICK, "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    strategy = data["strategy"]
    assert strategy.startswith("Strategy:+") and data["mode"] == "robust"
    assert data["advised"][0]["matches"] == 2000 and 0 <= data["advised"][0]["win_low"] <= data["advised"][0]["win"]
    file = tmp_path / "advised.txt"
    file.write_text(strategy)
    checked = runner.invoke(app, ["validate-strategy", "matchmatch", str(file), "--sheet", "friendly-sam"])
    assert checked.exit_code == 0, checked.output
    url = f"sqlite:///{tmp_path / 'league.db'}"
    upgrade(url)
    lg = build(url)
    try:
        number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
        with lg.act("Ann") as ctx:
            sub = shows.submit(ctx, number, 1, "Friendly Sam", strategy)
        assert sub.text == strategy
    finally:
        lg.close()


def test_text_output_shows_the_strategy_and_both_measurements(tmp_path: Path) -> None:
    theirs = tmp_path / "sam.txt"
    theirs.write_text(SAM_PART_VI)
    out = runner.invoke(app, ["advise", "m2", "brother-bob", "friendly-sam", "--their-strategy", str(theirs), *QUICK])
    assert out.exit_code == 0, out.output
    assert "a best response to the strategy given" in out.stdout
    assert "advised" in out.stdout and "automatic" in out.stdout and "never used by the search" in out.stdout
    assert "budget 60,000 matches, seed 8" in out.stdout


def test_a_game_without_an_advisor_and_bad_budgets_are_exit_2() -> None:
    out = runner.invoke(app, ["advise", "headlock", "the-rhino", "amethyst-assassin"])
    assert out.exit_code == 2 and "no advisor for" in out.output
    out = runner.invoke(app, ["advise", "m2", "brother-bob", "friendly-sam", "--budget-matches", "0"])
    assert out.exit_code == 2 and "--budget-matches 0" in out.output
    out = runner.invoke(app, ["advise", "m2", "brother-bob", "friendly-sam", "--position", "3"])
    assert out.exit_code == 2 and "--position 3" in out.output
    out = runner.invoke(app, ["advise", "m2", *["brother-bob"] * 9, "--budget-matches", "1000"])  # was exit 3
    assert out.exit_code == 2 and "needs 2 to 8 wrestlers, got 9" in out.output


def test_each_share_has_its_95_percent_interval_in_json() -> None:
    out = runner.invoke(app, ["advise", "m2", "iron-ivan", "lady-lightning", *QUICK, "-f", "json"])
    assert out.exit_code == 0, out.output
    row = json.loads(out.stdout)["automatic"][0]
    assert abs(row["win"] + row["draw"] + row["loss"] - 1) < 1e-9
    for part in ("win", "draw", "loss"):
        assert row[f"{part}_low"] <= row[part] <= row[f"{part}_high"]


def test_the_same_seed_and_budget_in_matches_give_the_same_output_byte_for_byte() -> None:
    # A wall-clock figure (the search's seconds) made two runs differ; with a budget in matches
    # there is none, in text or JSON.
    for fmt in ("text", "json"):
        args = ["advise", "m2", "brother-bob", "friendly-sam", "--budget-matches", "20000", "--measure", "1000",
                "--seed", "3", "-f", fmt]
        one, two = runner.invoke(app, args), runner.invoke(app, args)
        assert one.exit_code == 0 and two.exit_code == 0, one.output
        assert one.stdout == two.stdout
        assert " s (" not in one.stdout and '"seconds"' not in one.stdout


def test_a_negative_seed_and_a_bad_option_are_one_line_and_exit_2(tmp_path: Path) -> None:
    # A negative seed was an internal error (exit 3); a bad match type came after the seed's note.
    out = runner.invoke(app, ["advise", "m2", "brother-bob", "friendly-sam", "--seed", "-1"])
    assert out.exit_code == 2 and out.output.strip().splitlines() == [
        "turnbuckle: error: --seed -1 is out of range; use a whole number from 0 to 2**64-1"]
    out = runner.invoke(app, ["advise", "m2", "brother-bob", "friendly-sam", "--type", "hell"])
    assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1 and "no match type 'hell'" in out.output
    out = runner.invoke(app, ["advise", "m2", "brother-bob", "friendly-sam", "--measure", "99999999999"])
    assert out.exit_code == 2 and "1,000 to 10,000,000,000" in out.output
    record = tmp_path / "record.json"
    record.write_text("{}")
    out = runner.invoke(app, ["explain", str(record), "--seed", "-1"])
    assert out.exit_code == 2 and "--seed -1 is out of range" in out.output
