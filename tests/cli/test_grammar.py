"""The shared grammar: shortcuts, SIDE=VALUE pairs, formats and standard input (issue 18.1)."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import one_error_line, tb
from turnbuckle.cli.grammar import players_and_policies, rules_options, side_pairs
from turnbuckle.core.errors import OptionError
from turnbuckle.core.inputs import MAX_INPUT_BYTES
from turnbuckle.core.registry import get_ruleset


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
