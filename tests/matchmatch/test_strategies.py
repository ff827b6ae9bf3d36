"""Strategies: the rulebook's text layouts (Parts V and VI), the structured form, and validation."""

from __future__ import annotations

import re

import pytest

from tests.matchmatch.helpers import fixture
from turnbuckle.core.errors import StrategyError
from turnbuckle.rulesets.matchmatch.strategy import (
    RoundSpec,
    Strategy,
    load_strategy_data,
    parse_round_spec,
    strategy_problems,
)
from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text, parse_strategy_text
from turnbuckle.rulesets.matchmatch.textlayout import split_document


def _rounds(s: Strategy) -> list[tuple[str, str, str]]:
    return [(e.rounds.text(), e.action.target, e.action.kind) for e in s.rounds]


def test_part6_bob_strategy() -> None:
    _, text = split_document(fixture("bob-part6.txt"))
    s = parse_strategy_text(text, "bob")
    assert (s.plus, s.minus, s.grid_column, s.grid_row) == (("brawling", "cheating"), "martial_arts", "C", None)
    assert _rounds(s) == [("1", "martial_arts", "normal"), ("2", "martial_arts", "high_risk"),
                          ("3", "high_flying", "illegal"), ("4", "stamina", "high_impact"),
                          ("5", "stamina", "normal"), ("6", "stamina", "illegal"), ("7", "stamina", "normal")]
    # Round 1's notes run onto a second line; the parser joins the two lines with a space.
    lines = fixture("bob-part6.txt").splitlines()
    first = next(k for k, line in enumerate(lines) if line.startswith("1\t"))
    assert s.rounds[0].action.notes == lines[first].split("\t")[-1].strip() + " " + lines[first + 1].strip()
    assert s.rounds[3].action.notes == "Time for the Power Bob!"


def test_part6_sam_strategy() -> None:
    _, text = split_document(fixture("sam-part6.txt"))
    s = parse_strategy_text(text, "sam")
    assert (s.plus, s.minus, s.grid_column, s.grid_row) == (("high_flying", "technical"), "brawling", None, 2)
    assert _rounds(s) == [("1", "stamina", "high_spot"), ("2", "stamina", "high_spot"),
                          ("3", "stamina", "high_spot"), ("4", "stamina", "normal"), ("5", "stamina", "normal"),
                          ("6", "brawling", "normal"), ("7", "stamina", "finisher")]


def test_part5_round_by_round() -> None:
    s = parse_strategy_text(fixture("bob-part5-rounds.txt"), "bob")
    assert (s.plus, s.minus, s.grid_column) == (("cheating", "brawling"), "martial_arts", "C")
    # A bare "Special" is read as a Finisher (docs/decisions/matchmatch.md).
    assert _rounds(s)[-1] == ("4", "high_flying", "finisher")
    assert s.rounds[2].action.notes.startswith("While my manager distracts the ref")


def test_part5_by_style_sections() -> None:
    s = parse_strategy_text(fixture("bob-part5-by-style.txt"), "bob")
    assert not s.rounds
    brawl = s.section("brawling")
    assert [(e.rounds.text(), e.action.target, e.action.kind) for e in brawl] == [
        ("1", "martial_arts", "normal"), ("2", "martial_arts", "high_risk"), ("3+", "high_flying", "normal")]
    ma = s.section("martial_arts")
    assert [(e.rounds, e.action.kind) for e in ma] == [(RoundSpec(1, None), "defensive")]
    # The third and later Brawling rounds use "3+"; every Martial Arts round is Defensive.
    assert s.planned(9, "brawling", 3).target == "high_flying"
    assert s.planned(9, "brawling", 2).kind == "high_risk"
    assert s.planned(2, "martial_arts", 1).kind == "defensive"
    assert s.planned(2, "power", 1).kind == "normal"  # nothing written: Normal on Stamina
    assert s.planned(2, "brawling", 7, mode="match").kind == "high_risk"  # the option's other reading


def test_exact_rounds_beat_ranges_and_round_table_beats_sections() -> None:
    s = load_strategy_data({"plus": ["Po", "Te"], "minus": "MA", "grid": "A",
                            "rounds": [{"round": "All", "type": "Defensive"}, {"round": 3, "type": "High Risk"}],
                            "by_style": {"Power": [{"round": 1, "type": "Illegal"}]}}, "s")
    assert s.planned(3, "power", 1).kind == "high_risk"
    assert s.planned(2, "power", 1).kind == "illegal"
    assert s.planned(2, "technical", 1).kind == "defensive"


def test_conditional_text() -> None:
    # The rulebook's own conditional (Part V) as printed, then one in our words.
    text = "+Po +Te -MA, Grid B\n" + fixture("conditional-part5.txt") + \
        "If I have not used my High Spots by round 6, use one on Power.\n"
    s = parse_strategy_text(text, "c")
    assert [(c.resource, c.by_round, c.action.kind, c.action.target) for c in s.conditionals] == [
        ("specials", 15, "finisher", "stamina"), ("high_spots", 6, "high_spot", "power")]
    again = parse_strategy_text(format_strategy_text(s), "again")
    assert [(c.resource, c.by_round, c.action.kind) for c in again.conditionals] == \
        [(c.resource, c.by_round, c.action.kind) for c in s.conditionals]


def test_text_round_trip() -> None:
    s = parse_strategy_text(fixture("bob-part5-by-style.txt"), "bob")
    again = parse_strategy_text(format_strategy_text(s), "again")
    assert (again.plus, again.minus, again.grid_column, again.by_style) == (s.plus, s.minus, s.grid_column,
                                                                             s.by_style)


def test_round_specs() -> None:
    assert parse_round_spec("3+") == RoundSpec(3, None)
    assert parse_round_spec("All") == RoundSpec(1, None)
    assert parse_round_spec("2-4").size(20) == 3
    with pytest.raises(Exception, match="is not a round"):
        parse_round_spec("x")


@pytest.mark.parametrize(("data", "message"), [
    ({"plus": ["Po", "Po"], "minus": "MA"}, "the two '+' styles must differ"),
    ({"plus": ["Po", "Tw"], "minus": "MA"}, "Teamwork can never be a '+' style"),
    ({"plus": ["Po"], "minus": "MA"}, "exactly two '+' styles"),
    ({"plus": ["Po", "Te"], "minus": "Charm"}, "'Charm' is not a style"),
    ({"plus": ["Po", "Te"], "minus": "MA", "grid": "D"}, "grid pick 'D'"),
    ({"plus": ["Po", "Te"], "minus": "MA", "rounds": [{"round": 2, "type": "Flying Elbow"}]},
     "round 2: 'Flying Elbow' is not a round type"),
    ({"plus": ["Po", "Te"], "minus": "MA", "rounds": [{"round": 2, "target": "Nose"}]},
     "round 2: 'Nose' is not a target"),
    ({"plus": ["Po", "Te"], "minus": "MA", "conditionals": [{"unused": "specials", "by_round": 5,
                                                              "type": "normal"}]},
     "must play a Special"),
])
def test_strategy_shape_errors(data: dict[str, object], message: str) -> None:
    with pytest.raises(StrategyError, match=re.escape(message)):
        load_strategy_data(data, "s")


def test_limits_name_the_rounds() -> None:
    s = load_strategy_data({"plus": ["Po", "Te"], "minus": "MA", "rounds": [
        {"round": 2, "type": "High Spot"}, {"round": 4, "type": "High Spot"},
        {"round": 6, "type": "Finisher"}, {"round": "8+", "type": "Submission"}]}, "s")
    problems = strategy_problems(s, high_spots=1, push_level=2, match_rounds=10, forbidden=("submission",),
                                 type_name="Cage Match")
    assert "round 2, round 4: 2 High Spot round(s) stratted but the sheet bought 1 High Spot(s)" in problems
    assert "round 6, round 8+ (x3): 4 Special round(s) stratted but Push Level 2 allows 2 Special round(s)" \
        in problems
    assert "round 8+: Submission may not be stratted in a Cage Match" in problems
    assert strategy_problems(s, high_spots=2, push_level=4, match_rounds=10) == []


def test_signs_and_grid_words_inside_notes_are_prose() -> None:
    text = ("Strategy: +Po +Te -MA, Grid B\nRound Target Type Notes\n1 Stam Normal Lift him up\n"
            "\tthen -Brawl him and +Cheat, the grid is B2 anyway\n")
    s = parse_strategy_text(text, "notes")
    assert (s.plus, s.minus, s.grid_column) == (("power", "technical"), "martial_arts", "B")
    assert s.rounds[0].action.notes == "Lift him up then -Brawl him and +Cheat, the grid is B2 anyway"


@pytest.mark.parametrize(("text", "message"), [
    ("Strategy: +Po +Te -Zz, Grid B", "'-Zz' is not a style"),
    ("Strategy: +Charm +Te -MA, Grid B", "'+Charm' is not a style"),
    ("Strategy: +Po +Te -MA, Grid Q", "grid pick 'Q'"),
    ("+Po +Te\n-Zz\nGrid A", "'-Zz' is not a style"),
])
def test_text_style_line_names_the_bad_value(text: str, message: str) -> None:
    with pytest.raises(StrategyError, match=re.escape(message)):
        parse_strategy_text(text, "s")


def test_a_plus_style_may_also_be_the_minus_style() -> None:
    # III.1: the two '+' styles differ, but either may be the side's own '-' style.
    s = load_strategy_data({"plus": ["Br", "Ch"], "minus": "Brawl", "grid": "C"}, "s")
    assert (s.plus, s.minus) == (("brawling", "cheating"), "brawling")
    assert parse_strategy_text("Strategy: +Power +Weight -Power, Grid B", "t").minus == "power"


def test_comments_and_the_table_header_are_not_rows() -> None:
    s = parse_strategy_text("# week 3: 3 MA Finisher\nStrategy: +Po +Te -MA, Grid B\nRound\tTarget\tType\t\tNotes:\n"
                            "1 MA Normal x\n", "c")
    assert [(e.rounds.text(), e.action.kind) for e in s.rounds] == [("1", "normal")]
