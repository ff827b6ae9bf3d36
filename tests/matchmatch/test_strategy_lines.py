"""No strategy line is ever silently dropped (issue 12, item 1).

Each accepted form is read into what it means; each refused form is reported with its line number
and, where a word is close to one we know, a did-you-mean. The tests go through the loaders a
front end calls (``load_strategy_document``, ``RULESET.load_text``), not the parser's insides.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.matchmatch.helpers import PART6_GRID, RULESET, fixture, happenings, sample
from turnbuckle.cli.app import app
from turnbuckle.core.errors import RulesError, StrategyError
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.matchmatch.grid import parse_grid
from turnbuckle.rulesets.matchmatch.side import Side, load_strategy_document
from turnbuckle.rulesets.matchmatch.strategy import Strategy, load_strategy_data

STYLE_LINE = "Strategy: +Power +Technical -Martial Arts, Grid B\n"


def read(text: str) -> Strategy:
    return load_strategy_document(text, "plan")


def rows(s: Strategy) -> list[tuple[str, str, str]]:
    return [(e.rounds.text(), e.action.target, e.action.kind) for e in s.rounds]


def refused(text: str) -> str:
    with pytest.raises(RulesError) as info:
        read(text)
    return str(info.value)


# -- accepted forms ----------------------------------------------------------------------------
@pytest.mark.parametrize(("written", "kind"), [
    ("Finisher(S)", "finisher"), ("Finisher (S)", "finisher"), ("High Impact(S)", "high_impact"),
    ("Submission(S)", "submission"), ("Vile Cheat(S)", "vile_cheat"),
])
def test_the_rulebooks_special_mark(written: str, kind: str) -> None:
    s = read(STYLE_LINE + f"4\tStamina\t{written}\tThe big one\n")
    assert rows(s) == [("4", "stamina", kind)]
    assert s.rounds[0].action.notes == "The big one"


@pytest.mark.parametrize(("written", "kind"), [
    ("Special: Finisher", "finisher"), ("Special: Cripple", "cripple"), ("Special: High Impact", "high_impact"),
])
def test_special_colon_kind(written: str, kind: str) -> None:
    s = read(STYLE_LINE + f"4 HF {written} Call for the Power Bob!\n")
    assert rows(s) == [("4", "high_flying", kind)]
    assert s.rounds[0].action.notes == "Call for the Power Bob!"


@pytest.mark.parametrize("label", ["Round 1", "R1", "1.", "Round 1:", "Rd 1", "1)"])
def test_round_labels(label: str) -> None:
    second = label.replace("1", "2")
    s = read(STYLE_LINE + f"{label} MA Normal Drive him into the corner\n{second} MA High Risk Up top\n")
    assert rows(s) == [("1", "martial_arts", "normal"), ("2", "martial_arts", "high_risk")]


@pytest.mark.parametrize(("written", "kind"), [
    ("HS", "high_spot"), ("VC", "vile_cheat"), ("Hi-Risk", "high_risk"), ("Hi Risk", "high_risk"),
])
def test_abbreviated_round_types(written: str, kind: str) -> None:
    s = read(STYLE_LINE + f"3 Stam {written} notes\n")
    assert rows(s) == [("3", "stamina", kind)]


def test_curly_quotes_in_a_conditional() -> None:
    s = read(STYLE_LINE + "If I haven\u2019t used my Specials by round 15, then use one now!\n")
    assert [(c.resource, c.by_round, c.action.kind) for c in s.conditionals] == [("specials", 15, "finisher")]


def test_a_byte_order_mark() -> None:
    s = read("\ufeff" + STYLE_LINE + "1 MA Normal notes\n")
    assert (s.plus, s.minus, s.grid_column) == (("power", "technical"), "martial_arts", "B")
    side = RULESET.load_text("\ufeff" + fixture("bob-part6.txt"), "bob")
    assert side.name == "Brother Bob"
    assert side.strategy is not None and len(side.strategy.rounds) == 7


def test_hyphenated_names_of_the_rulebook() -> None:
    text = ("Friendly Sam\nStamina:10\nTechnical:5\tPower:1\tMartial Arts:5\tBrawling:1\n"
            "Weight:1\tHigh-Flying:4\tCheating:1\tTeamWork:1\nTechnical-Defense:0\tCheating-Defense:2(4)\n"
            "High-Spots: 3 (costs 9)\n"
            "Strategy: +High-Flying +Technical -Brawl, Grid 2\n"
            "1 High-Flying High-Spot Springboard\n"
            "If I haven't used my High-Spots by round 6, use one on Martial-Arts.\n")
    side = RULESET.load_text(text, "sam")
    assert side.sheet == sample("friendly-sam").sheet.model_copy(update={"notes": side.sheet.notes})
    assert side.strategy is not None
    assert rows(side.strategy) == [("1", "high_flying", "high_spot")]
    assert side.strategy.conditionals[0].action.target == "martial_arts"


def test_the_rulebooks_full_printed_grid() -> None:
    text = ("\tFirst name chooses A-C, Second name chooses 1-3\n"
            "        Brother Bob vs. Friendly Sam\n"
            "                A       B       C\n"
            "        1       Po      Te      Br\n"
            "        2       We      MA      HF\n"
            "        3       Br      MA\tCh\n"
            + fixture("bob-part5-rounds.txt"))
    s = read(text)
    assert s.printed_grid == parse_grid(PART6_GRID)
    assert rows(s)[0] == ("1", "martial_arts", "normal")
    # With no grid from the organiser, the match is played on the grid the strategy was written for.
    bob = sample("brother-bob")
    record = RULESET.run([Side(bob.name, bob.sheet, (), s), sample("friendly-sam")], SeededSource(3))
    start = happenings(record, "match_start")[0]
    assert start["grid"] == [list(r) for r in parse_grid(PART6_GRID).rows]
    assert not any("grid cell" in getattr(e, "purpose", "") for e in record.events)


def test_a_strategy_written_for_another_grid_is_refused() -> None:
    text = "Strategy: +Br +Ch -MA, Grid C\n\tA\tB\tC\n1\tPo\tTe\tBr\n2\tWe\tMA\tHF\n3\tBr\tMA\tCh\n"
    bob = sample("brother-bob")
    sides = [Side(bob.name, bob.sheet, (), read(text)), sample("friendly-sam")]
    with pytest.raises(RulesError, match=re.escape("Brother Bob's strategy was written for the grid "
                                                   "'Po Te Br / We MA HF / Br MA Ch', but this match's grid is")):
        RULESET.run(sides, SeededSource(3), {"grid": "Po Po Po / We We We / Br Br Br"})


def test_notes_continued_on_a_line_starting_with_a_sign() -> None:
    text = (STYLE_LINE + "1\tMA\tNormal\t\tDrive him into the corner\n"
            "\t\t\t-then +Cheat behind the referee's back\n"
            "+ a rake of the eyes\n"
            "2\tMA\tHigh Risk\tUp top\n")
    s = read(text)
    assert (s.plus, s.minus) == (("power", "technical"), "martial_arts")
    assert s.rounds[0].action.notes == ("Drive him into the corner -then +Cheat behind the referee's back "
                                        "+ a rake of the eyes")
    assert rows(s)[1] == ("2", "martial_arts", "high_risk")


def test_a_style_heading_without_its_colon() -> None:
    s = read(STYLE_LINE + "Brawling\n1 MA Normal Punches\nMartial Arts rounds\nAll MA Defense Cover up\n")
    assert not s.rounds
    assert [(e.rounds.text(), e.action.kind) for e in s.section("brawling")] == [("1", "normal")]
    assert [(e.rounds.text(), e.action.kind) for e in s.section("martial_arts")] == [("All", "defensive")]


def test_type_before_target() -> None:
    s = read(STYLE_LINE + "5 Normal Stamina Beat him.\n6 High Spot MA Fly\n")
    assert rows(s) == [("5", "stamina", "normal"), ("6", "martial_arts", "high_spot")]
    assert s.rounds[0].action.notes == "Beat him."


@pytest.mark.parametrize(("written", "kind"), [
    ("Finisher(S)", "finisher"), ("Special: Finisher", "finisher"), ("HS", "high_spot"), ("VC", "vile_cheat"),
    ("Hi-Risk", "high_risk"),
])
def test_the_structured_form_reads_the_same_words(written: str, kind: str) -> None:
    s = load_strategy_data({"plus": ["Po", "Te"], "minus": "MA", "rounds": [{"round": 2, "type": written}]}, "s")
    assert rows(s) == [("2", "stamina", kind)]


# -- refused forms: the line, what is wrong, and a did-you-mean ----------------------------------
def test_a_mistyped_round_type_names_its_line_in_a_side_file() -> None:
    text = fixture("sam-part6.txt").replace("7\tStamina\tFinisher", "7\tStamina\tFinsher")
    line = next(n for n, x in enumerate(text.splitlines(), start=1) if "Finsher" in x)
    with pytest.raises(StrategyError) as info:
        RULESET.load_text(text, "sam.txt")
    assert f"line {line}: round 7: 'Finsher' is not a round type; did you mean 'Finisher'?" in str(info.value)


def test_a_mistyped_target() -> None:
    assert "line 2: round 5: 'Stamna' is not a target; did you mean 'Stamina'?" in refused(
        STYLE_LINE + "5 Stamna Normal Beat him.\n")


def test_a_two_word_type_mistyped() -> None:
    assert "line 2: round 2: 'Hgh Risk' is not a round type; did you mean 'High Risk'?" in refused(
        STYLE_LINE + "2 MA Hgh Risk Snap mare\n")


def test_a_row_without_a_type() -> None:
    assert "line 2: round 5: 'Beat' is not a round type" in refused(STYLE_LINE + "5 Stamina Beat him.\n")


def test_a_row_without_a_target() -> None:
    assert "line 2: round 6: no target after 'Normal'" in refused(STYLE_LINE + "6 Normal\n")


def test_an_unreadable_line() -> None:
    message = refused(STYLE_LINE + "1 MA Normal Drive him\nAnd so on.\n")
    assert "line 3: cannot read 'And so on.'" in message
    assert "indent the line" in message


def test_a_mistyped_heading_word() -> None:
    assert "line 1: cannot read 'Stratagy: +Po +Te -MA'; did you mean 'Strategy'?" in refused(
        "Stratagy: +Po +Te -MA\n")


def test_two_wrestlers_in_one_file() -> None:
    both = fixture("bob-part6.txt") + "\n" + fixture("sam-part6.txt")
    reason = "this file holds 2 wrestlers (Brother Bob, Friendly Sam)"
    with pytest.raises(RulesError, match=re.escape(reason)):
        RULESET.load_text(both, "part6.txt")
    assert reason in refused(both)


def test_two_wrestlers_in_a_yaml_list() -> None:
    text = "- name: Ann\n  stamina: 10\n  styles: {power: 3}\n- name: Bea\n  stamina: 9\n  styles: {power: 2}\n"
    with pytest.raises(RulesError, match=re.escape("this file holds 2 wrestlers (Ann, Bea)")):
        RULESET.load_text(text, "pair.yaml")


def test_validate_reads_a_text_strategy_that_yaml_takes_for_a_mapping(tmp_path: Path) -> None:
    path = tmp_path / "plan.txt"
    path.write_text(STYLE_LINE + "4 HF Special: Finisher Call for the Power Bob!\n", encoding="utf-8")
    out = CliRunner().invoke(app, ["validate", "m2", str(path)])
    assert out.exit_code == 0, out.output
    assert "valid matchmatch strategy (Strategy:+Power +Technical -Martial Arts, Grid B)" in out.output


def test_a_sheet_after_the_strategy_is_a_second_wrestler() -> None:
    text = STYLE_LINE + "1 MA Normal x\n\n\tFriendly Sam\n\tStamina:10\n"
    assert "line 5: a wrestler's sheet inside the strategy: this file holds two wrestlers" in refused(text)


def test_a_second_strategy_line() -> None:
    assert "line 3: a second 'Strategy' line" in refused(STYLE_LINE + "1 MA Normal x\nStrategy: +Br +Ch -HF\n")


def test_a_printed_grid_row_with_a_bad_style() -> None:
    assert "line 2: grid row 1: 'Hx' is not a style" in refused(STYLE_LINE + "1 Po Te Hx\n2 We MA HF\n3 Br MA Ch\n")


def test_a_printed_grid_missing_a_row() -> None:
    assert "the grid printed in the strategy has row(s) 1, 2; give all three" in refused(
        STYLE_LINE + "\tA\tB\tC\n1 Po Te Br\n2 We MA HF\n")


def test_an_unreadable_conditional() -> None:
    assert "line 2: cannot read this conditional" in refused(STYLE_LINE + "If I still have Specials at 15, use one\n")


def test_a_conditional_with_a_mistyped_word() -> None:
    assert "line 2: cannot read 'Finsher' in this conditional; did you mean 'Finisher'?" in refused(
        STYLE_LINE + "If I haven't used my Specials by round 15, use a Finsher on Stamina\n")


def test_words_left_over_on_the_style_line() -> None:
    assert "line 1: cannot read 'please' on the style line" in refused(
        "Strategy: +Po +Te -MA, Grid B please\n1 MA Normal\n")


def test_a_mistyped_style_on_the_style_line() -> None:
    assert "line 1: '+Brawlin' is not a style; did you mean 'Brawling'?" in refused("Strategy: +Brawlin +Te -MA\n")


def test_a_round_given_twice() -> None:
    assert "line 3: round 3 is given twice (lines 2 and 3); keep one" in refused(
        STYLE_LINE + "3 MA Normal a\n3 HF Illegal b\n")


def test_the_special_mark_on_a_round_that_is_not_special() -> None:
    assert "'(S)' marks a Special round, and Normal is not a Special" in refused(STYLE_LINE + "4 MA Normal(S)\n")


def test_a_stray_line_in_a_text_sheet() -> None:
    text = fixture("sam-sheet.txt").replace("High Spot: 3 (costs 9)", "High Spot 3")
    with pytest.raises(RulesError, match=re.escape("cannot read 'High Spot 3'")):
        RULESET.load_text(text, "sam")


def test_validate_shows_the_line_and_the_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "plan.txt"
    path.write_text(STYLE_LINE + "1 MA Normal x\n2 Stam Finsher go\n", encoding="utf-8")
    out = CliRunner().invoke(app, ["validate", "m2", str(path)])
    assert out.exit_code == 1
    assert "line 3: round 2: 'Finsher' is not a round type; did you mean 'Finisher'?" in out.output
