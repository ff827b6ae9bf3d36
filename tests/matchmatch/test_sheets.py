"""Wrestler sheets, the rulebook's plain-text layout, and teams (I.1-I.3 and the rulings)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.matchmatch.helpers import RULESET, fixture, sample, side, wrestler
from turnbuckle.cli.app import app
from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.rulesets.matchmatch.sheet import load_wrestler, sheet_cost, weight_class, wrestler_warnings
from turnbuckle.rulesets.matchmatch.team import build_team
from turnbuckle.rulesets.matchmatch.textlayout import format_sheet_text, parse_sheet_text


def test_sample_wrestlers_cost_exactly_42() -> None:
    for name in ("friendly-sam", "brother-bob"):
        s = sample(name)
        assert sheet_cost(s.sheet) == 42
        assert not wrestler_warnings(s.sheet)


def test_every_sample_loads_and_fits_the_budget() -> None:
    for s in RULESET.samples():
        loaded = RULESET.load_text(s.text, s.id)
        assert sheet_cost(loaded.sheet) <= 42


def test_costs_by_kind() -> None:
    w = load_wrestler(wrestler("A", stamina=5, power=3, def_power=2, high_spots=1), "a")
    assert sheet_cost(w) == 5 + 3 + 2 * 2 + 3
    slack = w.model_copy(update={"ref_slack": 2})
    assert sheet_cost(slack) == sheet_cost(w) + 6


def test_over_budget_and_bad_values_are_all_listed() -> None:
    with pytest.raises(SheetError) as err:
        load_wrestler(wrestler("Big", stamina=16, power=30, technical=-1), "big")
    text = str(err.value)
    assert "stamina is 16" in text
    assert "0 to 15" in text
    assert "Technical style is -1" in text
    assert "over the budget of 42" in text


def test_under_budget_is_legal_with_a_warning() -> None:
    w = load_wrestler(wrestler("Cheap", stamina=10), "cheap")
    assert wrestler_warnings(w) == ["Cheap spends 10 of 42 points"]


def test_weight_classes() -> None:
    assert [weight_class(n) for n in (1, 3, 4, 7, 8, 12)] == [
        "Light-Heavyweight", "Light-Heavyweight", "Heavyweight", "Heavyweight", "Superheavyweight",
        "Superheavyweight"]
    assert sample("brother-bob").sheet.weight_class == "Heavyweight"


def test_rulebook_text_sheets_match_the_samples() -> None:
    sam = parse_sheet_text(fixture("sam-sheet.txt"), "sam")
    bob = parse_sheet_text(fixture("bob-sheet.txt"), "bob")
    assert sam.model_dump(exclude={"notes"}) == sample("friendly-sam").sheet.model_dump(exclude={"notes"})
    assert bob.model_dump(exclude={"notes"}) == sample("brother-bob").sheet.model_dump(exclude={"notes"})


def test_text_sheet_round_trip() -> None:
    bob = sample("brother-bob").sheet
    again = parse_sheet_text(format_sheet_text(bob), "again")
    assert again.model_dump(exclude={"notes"}) == bob.model_dump(exclude={"notes"})


def test_text_sheet_checks_printed_costs() -> None:
    bad = fixture("sam-sheet.txt").replace("Cheating:2(4)", "Cheating:2(3)")
    with pytest.raises(SheetError, match=r"Cheating defense: 2 costs 4, not 3"):
        parse_sheet_text(bad, "sam")


def test_text_sheet_unknown_label() -> None:
    with pytest.raises(SheetError, match="'Charisma' is not a style"):
        parse_sheet_text("Joe\nStamina:10\nCharisma:3\n", "joe")


def test_rulebook_sample_team_validates() -> None:
    team = sample("odd-couple")
    assert team.is_team
    assert [m.name for m in team.members] == ["Friendly Sam", "Brother Bob"]
    s = team.sheet
    assert (s.styles.technical, s.styles.brawling, s.styles.weight, s.styles.teamwork) == (3, 3, 5, 0)
    assert s.high_spots == 1
    assert sheet_cost(s) == 42


def test_team_value_outside_the_range_is_rejected() -> None:
    sam, bob = sample("friendly-sam").sheet, sample("brother-bob").sheet
    scores = sample("odd-couple").sheet
    bad = scores.model_copy(update={"styles": scores.styles.model_copy(update={"brawling": 8})})
    with pytest.raises(SheetError, match=r"Brawling is 8; the members' range allows 1 to 7"):
        build_team("T", [sam, bob], bad)


def test_team_teamwork_must_be_the_lowest() -> None:
    sam, bob = sample("friendly-sam").sheet, sample("brother-bob").sheet
    scores = sample("odd-couple").sheet
    bad = scores.model_copy(update={"styles": scores.styles.model_copy(update={"teamwork": 1}),
                                    "high_spots": 0})
    with pytest.raises(SheetError, match="Teamwork is 1; a team's Teamwork must be 0"):
        build_team("T", [sam, bob], bad)


def test_team_over_budget_even_with_free_high_spots_range() -> None:
    sam, bob = sample("friendly-sam").sheet, sample("brother-bob").sheet
    scores = sample("odd-couple").sheet.model_copy(update={"high_spots": 5})
    with pytest.raises(SheetError, match="over the budget"):
        build_team("T", [sam, bob], scores)


def test_team_may_take_one_members_sheet_whole() -> None:
    sam, bob = sample("friendly-sam").sheet, sample("brother-bob").sheet
    with_bob = build_team("Bob's Way", [sam, bob], use="Brother Bob")
    assert with_bob.sheet.styles == bob.styles
    with_sam = build_team("Sam's Way", [sam, bob], use="friendly sam")
    assert with_sam.sheet.styles.teamwork == 0  # lowered to Bob's 0
    assert sheet_cost(with_sam.sheet) == 41  # the freed point may be spent elsewhere


def test_team_from_yaml_with_inline_members_and_use() -> None:
    doc = {"team": {"name": "Pair", "members": [wrestler("A", power=3), wrestler("B", power=5)], "use": "B"}}
    t = side(doc)
    assert t.sheet.styles.power == 5
    assert t.name == "Pair"


def test_team_needs_two_members_and_known_samples() -> None:
    with pytest.raises(SheetError, match="at least 2 members"):
        side({"team": {"name": "Solo", "members": [wrestler("A")], "use": "A"}})
    with pytest.raises(RulesError, match="not a wrestler sample"):
        RULESET.load_side({"team": {"name": "X", "members": ["nobody", "friendly-sam"], "use": "Friendly Sam"}},
                          "x")


def test_side_json_loads_back() -> None:
    for s in [RULESET.load_text(fixture("bob-part6.txt"), "bob"), sample("odd-couple"), sample("iron-ivan")]:
        again = RULESET.load_side(RULESET.side_json(s), "again")
        assert again.sheet.model_dump(exclude={"notes"}) == s.sheet.model_dump(exclude={"notes"})
        assert [m.name for m in again.members] == [m.name for m in s.members]
        if s.strategy is not None:
            assert again.strategy is not None
            assert again.strategy.rounds == s.strategy.rounds


def test_text_sheet_value_that_is_not_a_number_is_named() -> None:
    with pytest.raises(SheetError, match=r"cannot read 'Power:abc'"):
        parse_sheet_text("Joe\nStamina:10\nTechnical:5\tPower:abc\n", "joe")


def test_a_team_sample_is_not_a_team_member() -> None:
    with pytest.raises(RulesError, match=r"member 'odd-couple'.*a team, not a wrestler"):
        RULESET.load_side({"team": {"name": "X", "members": ["odd-couple", "friendly-sam"],
                                    "use": "Friendly Sam"}}, "x")


@pytest.mark.parametrize("text", [
    "plus: [po, we]\nminus: te\ngrid: B\n",
    "Strategy: +Power +Weight -Technical, Grid B\n",
    "strategy:\n  plus: [po, we]\n  minus: te\n",
    "Strategy: +Power +Weight -Technical, Grid B\nRound Target Type Notes\n1 Stam Finisher Big splash\n",
])
def test_a_strategy_alone_validates_as_a_strategy_but_cannot_play(text: str) -> None:
    verdict = RULESET.check_text(text, "plan")
    assert verdict.valid
    assert verdict.what.startswith("matchmatch strategy (Strategy:+Power +Weight -Technical")
    with pytest.raises(SheetError) as err:
        RULESET.load_text(text, "plan")
    assert "holds a strategy but no wrestler" in err.value.problems[0]
    assert "turnbuckle validate-strategy matchmatch" in err.value.problems[0]


@pytest.mark.parametrize(("text", "problem"), [
    ("plus: [po, po]\nminus: te\ngrid: B\n", "the two '+' styles must differ; both are Power"),
    ("Strategy: +Power +Zz -Technical, Grid B\n", "Zz"),
])
def test_validate_reports_a_bad_strategy_alone(text: str, problem: str) -> None:
    verdict = RULESET.check_text(text, "plan")
    assert verdict.what == "matchmatch strategy"
    assert len(verdict.problems) == 1
    assert problem in verdict.problems[0]


def test_validate_warns_about_points_left_unspent(tmp_path: Path) -> None:
    sheet = tmp_path / "cheap.yaml"
    sheet.write_text(RULESET.sample("friendly-sam").text.replace("stamina: 10", "stamina: 8"))
    out = CliRunner().invoke(app, ["validate", "m2", str(sheet)])
    assert out.exit_code == 0
    assert "  - warning: Friendly Sam spends 40 of 42 points" in out.stdout
    assert "valid matchmatch wrestler 'Friendly Sam'" in out.stdout


def test_validate_command_accepts_the_rulebooks_strategy_text() -> None:
    out = CliRunner().invoke(app, ["validate", "m2", str(Path(__file__).parent / "fixtures" / "bob-part5-rounds.txt")])
    assert out.exit_code == 0, out.stdout
    assert "valid matchmatch strategy (Strategy:" in out.stdout


def test_team_using_a_members_sheet_may_spend_the_freed_point() -> None:
    # Sam's sheet whole, Teamwork lowered to Bob's 0, and the freed point put on Weight (2, within 1-5).
    doc = {"team": {"name": "Sam's Way", "members": ["friendly-sam", "brother-bob"], "use": "Friendly Sam",
                    "styles": {"weight": 2}}}
    t = RULESET.load_side(doc, "team")
    sam = sample("friendly-sam").sheet
    assert t.sheet.styles.model_dump() == {**sam.styles.model_dump(), "teamwork": 0, "weight": 2}
    assert (t.sheet.high_spots, t.sheet.defenses, sheet_cost(t.sheet)) == (3, sam.defenses, 42)
    # and the changed values still answer to the range rule
    doc["team"]["styles"] = {"weight": 6}
    with pytest.raises(SheetError, match="Weight is 6; the members' range allows 1 to 5"):
        RULESET.load_side(doc, "team")


def test_team_push_level_must_be_at_least_one() -> None:
    doc = {"team": {"name": "Pair", "members": ["friendly-sam", "brother-bob"], "use": "Brother Bob",
                    "push_level": 0}}
    with pytest.raises(SheetError, match="push_level is 0; Push Levels start at 1"):
        RULESET.load_side(doc, "team")


@pytest.mark.parametrize(("field", "value", "message"), [
    ("stamina", True, "'stamina': Input should be a valid integer"),
    ("styles", {"brawling": "7"}, "'styles.brawling': Input should be a valid integer"),
    ("name", "  ", "a name needs at least one visible character"),
    ("name", "Brother\nBob", "a name must fit on one line"),
])
def test_sheet_values_are_written_as_they_mean(field: str, value: object, message: str) -> None:
    data: dict[str, object] = {"name": "Brother Bob", "stamina": 10, "styles": {"brawling": 7}}
    data[field] = value
    with pytest.raises(SheetError, match=message):
        load_wrestler(data, "bob.yaml")
