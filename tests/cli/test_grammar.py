"""The shared grammar: shortcuts, SIDE=VALUE pairs, formats and standard input (issue 18.1)."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import one_error_line, tb
from turnbuckle.cli.grammar import players_and_policies, rules_options, side_pairs
from turnbuckle.core.errors import OptionError
from turnbuckle.core.inputs import MAX_INPUT_BYTES
from turnbuckle.rulesets.registry import get_ruleset


def test_a_shortcut_is_the_same_as_its_option() -> None:
    by_flag = tb("match", "boxing", "slugger", "speedster", "--seed", "4", "--rounds", "3", "-f", "json")
    by_option = tb("match", "boxing", "slugger", "speedster", "--seed", "4", "-o", "rounds=3", "-f", "json")
    assert by_flag.exit_code == 0, by_flag.stderr
    assert by_flag.stdout == by_option.stdout
    assert json.loads(by_flag.stdout)["options"]["rounds"] == 3


def test_rules_options_merge_and_refuse() -> None:
    known = ["rounds", "type"]
    assert rules_options(known, ["rounds=5"], "g", type="cage", rounds=None) == {"rounds": "5", "type": "cage"}
    with pytest.raises(OptionError, match="unknown option 'round' \\(did you mean 'rounds'\\?\\)"):
        rules_options(known, ["round=5"], "g")
    with pytest.raises(OptionError, match="--cap: g has no cap option"):
        rules_options(known, [], "g", cap=3)
    with pytest.raises(OptionError, match="given twice"):
        rules_options(known, ["rounds=5", "rounds=6"], "g")


@pytest.mark.parametrize(("who", "index"), [("1", 0), ("2", 1), ("a", 0), ("B", 1), ("iron mike", 1),
                                            ("Rocky", 0)])
def test_a_side_by_number_letter_or_name(who: str, index: int) -> None:
    assert side_pairs("--player", [f"{who}=human"], ["Rocky", "Iron Mike"], "1=human") == {index: "human"}


@pytest.mark.parametrize(("pair", "message"), [
    ("3=human", "no side 3; sides are numbered 1 to 2"),
    ("C=human", "no side C"),
    ("Rokcy=human", "did you mean 'Rocky'?"),
    ("human", "must be SIDE=VALUE"),
    ("1=", "must be SIDE=VALUE"),
])
def test_bad_side_pairs(pair: str, message: str) -> None:
    with pytest.raises(OptionError, match=message.replace("?", "\\?")):
        side_pairs("--player", [pair], ["Rocky", "Iron Mike"], "1=human")


def test_player_and_policy_are_one_setting() -> None:
    names = ["A", "B"]
    assert players_and_policies(["1=human"], ["2=weakest"], names) == {0: "human", 1: "weakest"}
    with pytest.raises(OptionError, match="give one"):
        players_and_policies(["1=human"], ["1=weakest"], names)


def test_stdin_dash_reads_a_side_for_match_and_validate() -> None:
    sheet = get_ruleset("boxing").sample("slugger").text
    from_stdin = tb("match", "boxing", "-", "speedster", "--seed", "5", "-f", "json", input=sheet)
    from_sample = tb("match", "boxing", "slugger", "speedster", "--seed", "5", "-f", "json")
    assert from_stdin.exit_code == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout)["sides"] == json.loads(from_sample.stdout)["sides"]
    out = tb("validate", "boxing", "-", input=sheet)
    assert out.exit_code == 0 and out.stdout.startswith("standard input: valid boxing fighter")


def test_stdin_dash_is_bounded_and_refused_with_dice_ask() -> None:
    message = one_error_line(tb("validate", "boxing", "-", input="#" * (MAX_INPUT_BYTES + 1)))
    assert message.startswith("standard input is over")
    message = one_error_line(tb("match", "boxing", "-", "slugger", "--dice", "ask", input="name: x\n"))
    assert "--dice ask prompts there" in message
    message = one_error_line(tb("match", "boxing", "-", "-", input="name: x\n"))
    assert "only once" in message


def test_summary_prints_the_result_in_a_few_lines() -> None:
    out = tb("match", "boxing", "slugger", "speedster", "--seed", "3", "-q")
    assert out.exit_code == 0
    record = json.loads(tb("match", "boxing", "slugger", "speedster", "--seed", "3", "-f", "json").stdout)
    lines = out.stdout.splitlines()
    assert len(lines) == 2
    assert record["result"]["summary"] == lines[1]
    assert tb("match", "boxing", "slugger", "speedster", "--seed", "3", "--summary").stdout == out.stdout


@pytest.mark.parametrize("game", ["boxing", "headlock", "folkstyle", "matchmatch"])
def test_write_ups_end_with_the_result_block(game: str) -> None:
    rs = get_ruleset(game)
    sides = [s.id for s in rs.samples()[:2]]
    text = tb("match", game, *sides, "--seed", "3").stdout
    summary = json.loads(tb("match", game, *sides, "--seed", "3", "-f", "json").stdout)["result"]["summary"]
    tail = text.rstrip("\n").splitlines()[-4:]
    assert tail[-3:] == ["Result", "------", summary]


# -- odds: the same grammar (issue 12.12) ------------------------------------------------------------
def test_odds_takes_player_per_side_and_refuses_idle_options() -> None:
    base = ["odds", "headlock", "the-rhino", "amethyst-assassin", "-n", "2000", "--seed", "2", "-f", "json"]
    solo = tb(*base, "--player", "2=solo", "--cap", "1")
    assert solo.exit_code == 0, solo.stderr
    data = json.loads(solo.stdout)
    assert data["players"] == {"The Amethyst Assassin": "solo"}
    assert data["options"]["cap"] == 1
    by_name = tb(*base, "--player", "the amethyst assassin=solo", "-o", "cap=1")
    assert by_name.stdout == solo.stdout
    smart = json.loads(tb(*base).stdout)
    assert smart["sides"] != data["sides"]  # the solo player with cap 1 plays worse than the smart one
    message = one_error_line(tb(*base, "-o", "cap=1"))
    assert "option cap changes nothing here" in message and "solo" in message
    message = one_error_line(tb(*base, "-o", "getup_die=d8"))
    assert "knockout variant" in message
    assert "nobody at the table" in one_error_line(tb(*base, "--player", "1=human"))


def test_odds_players_reach_the_engine_that_plays_them() -> None:
    """Headlock's fast engine plays the solo player itself; an engine that plays its default
    players only hands the run to the reference engine, saying so."""
    out = tb("odds", "headlock", "the-rhino", "amethyst-assassin", "-n", "200", "--seed", "3", "-f", "json",
             "--player", "1=solo")
    data = json.loads(out.stdout)
    assert data["engine"] == "fast" and data["notes"] == [] and data["players"] == {"The Rhino": "solo"}
    out = tb("odds", "boxing", "slugger", "speedster", "-n", "20", "--seed", "3", "-f", "json",
             "--player", "1=auto", "--threads", "1")
    data = json.loads(out.stdout)
    assert data["engine"] == "fast" and data["players"] == {}  # auto is every game's default: nothing to hand over


@pytest.mark.parametrize("fmt", ["markdown", "csv"])
def test_odds_markdown_and_csv(fmt: str) -> None:
    args = ["odds", "boxing", "slugger", "speedster", "-n", "500", "--seed", "4"]
    data = json.loads(tb(*args, "-f", "json").stdout)
    out = tb(*args, "-f", fmt)
    assert out.exit_code == 0, out.stderr
    if fmt == "csv":
        import csv

        rows = list(csv.DictReader(out.stdout.splitlines()))
        assert [r["side"] for r in rows] == [s["name"] for s in data["sides"]]
        assert [int(r["win"]) for r in rows] == [s["win"]["count"] for s in data["sides"]]
    else:
        assert out.stdout.startswith("# Dutch Kessler vs Lupe Ferreira")
        assert "| side | win | draw | loss |" in out.stdout


def test_odds_exchange_refuses_players_and_tables() -> None:
    assert "no player choice" in one_error_line(tb("odds", "boxing", "slugger", "speedster", "--exchange",
                                                    "--player", "1=auto"))
    assert "text or json" in one_error_line(tb("odds", "boxing", "slugger", "speedster", "--exchange", "-f", "csv"))


def test_strategy_takes_the_rules_options() -> None:
    by_flag = tb("strategy", "m2", "friendly-sam", "brother-bob", "--rounds", "5", "--type", "cage")
    by_option = tb("strategy", "m2", "friendly-sam", "brother-bob", "-o", "rounds=5", "-o", "type=cage")
    assert by_flag.exit_code == 0, by_flag.stderr
    assert by_flag.stdout == by_option.stdout
    assert "Submission" not in by_flag.stdout
    assert "--cap: matchmatch has no cap option" in one_error_line(
        tb("strategy", "m2", "friendly-sam", "brother-bob", "--cap", "3"))
