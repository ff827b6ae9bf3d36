"""The hooks the pages ask a game (docs/web.md "Game hooks"): a game without the feature gets the
generic default (nothing), the game with it gives its own answer, read from its own rules."""

from __future__ import annotations

import pytest
import yaml

from tests.core.facet_helpers import PlainReporting, editor, report, written
from turnbuckle.core.errors import StrategyError
from turnbuckle.core.events import Happening
from turnbuckle.core.page_hooks import RefereeCard, SheetPoints
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.matchmatch.side import load_strategy_document
from turnbuckle.rulesets.matchmatch.strategy import strategy_problem_list
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

M2 = get_ruleset("matchmatch")
#: A game with none of MatchMatch's written strategies, grids, match types or referees.
PLAIN = get_ruleset("headlock")
SAM = M2.sample("friendly-sam").text


def test_chart_default_is_none_and_each_game_charts_its_own_record() -> None:
    record = M2.run([M2.side_by_name("friendly-sam"), M2.side_by_name("iron-ivan")], SeededSource(3))
    assert PlainReporting().chart(record) is None  # the generic default
    chart = report(M2).chart(record)
    assert chart is not None and chart.kind == "matchmatch" and {s.name for s in chart.series} == set(record.names)
    happened = [e for e in record.events if isinstance(e, Happening)]
    assert len(chart.notes) == len([e for e in happened if e.type == "round_start"]) > 0  # a style note a round
    stamina: dict[str, object] = {}  # an independent reading: the Stamina the events last give each side
    for e in happened:
        if e.type in ("round_start", "time_limit") and isinstance(e.data["stamina"], dict):
            stamina.update(e.data["stamina"])
        elif e.type == "damage":
            stamina[str(e.data["side"])] = e.data["stamina"]
    assert {s.name: s.final for s in chart.series} == stamina
    for rs in all_rulesets():  # every bundled game draws its own
        other = rs.run([rs.side_by_name(x.id) for x in rs.samples()[:2]], SeededSource(1))
        drawn = report(rs).chart(other)
        assert drawn is not None and drawn.kind == rs.info.id and drawn.series


def test_sheet_form_default_is_text_only_and_matchmatch_lists_its_sheet() -> None:
    assert editor(PLAIN).sheet_form() is None
    form = editor(M2).sheet_form()
    assert form is not None
    names = [f.name for f in form.fields]
    assert form.wrapper == "wrestler" and names[:3] == ["name", "nickname", "stamina"]
    body = yaml.safe_load(SAM)["wrestler"]
    for key, value in body.items():  # every number of the rulebook's sample sheet has a field
        if isinstance(value, dict):
            assert {f"{key}.{k}" for k in value} <= set(names), key
        elif isinstance(value, int):
            assert key in names, key
    headed = [f.starts for f in form.fields if f.starts]
    assert headed == ["Styles", "Defenses"]
    boxing = editor(get_ruleset("boxing")).sheet_form()
    assert boxing is not None and boxing.wrapper == "" and [f.name for f in boxing.fields if f.number] == [
        "power", "speed", "toughness"]


def test_sheet_points_default_is_none_and_the_games_that_buy_count_theirs() -> None:
    assert editor(PLAIN).sheet_points(PLAIN.sample("the-rhino").text) is None
    assert editor(M2).sheet_points(SAM) == SheetPoints(42, 42)  # the rulebook's sample spends 42 exactly
    dearer = editor(M2).sheet_points(SAM.replace("stamina: 10", "stamina: 12"))
    assert dearer is not None and dearer.spent > 42 and dearer.left < 0
    assert editor(M2).sheet_points("wrestler: [unclosed") is None
    boxing = get_ruleset("boxing")
    assert editor(boxing).sheet_points("name: A\npower: 7\nspeed: 5\ntoughness: 5\n") == SheetPoints(17, 15)
    assert editor(boxing).sheet_points("name: A\npower: lots\n") is None
    army = editor(get_ruleset("deathmatch")).sheet_points(get_ruleset("deathmatch").sample("ash-court").text)
    assert army is not None and army.what == "power" and army.spent == 10


def test_grid_table_default_is_none_and_matchmatch_names_each_cell() -> None:
    assert written(PLAIN).grid_table("Po Te Br / We MA HF / Br MA Ch") is None
    assert written(M2).grid_table("Po Te Br / We MA HF / Br MA Ch") == [
        ("1", ["Power", "Technical", "Brawling"]), ("2", ["Weight", "Martial Arts", "High Flying"]),
        ("3", ["Brawling", "Martial Arts", "Cheating"])]
    assert written(M2).grid_table("Po Te") is None


def test_strategy_choices_default_is_none_and_matchmatch_offers_its_styles_and_actions() -> None:
    assert written(PLAIN).strategy_choices() is None
    picks = written(M2).strategy_choices()
    assert picks is not None
    assert len(picks.styles) == 7 and "Teamwork" not in picks.styles  # a + style is one of the grid's seven
    assert picks.targets[0] == "Stamina" and "Teamwork" in picks.targets
    assert {"Normal", "Finisher", "High Spot"} <= set(picks.actions)
    assert dict(picks.grid_picks) == {"column": ("A", "B", "C"), "row": ("1", "2", "3"), "none": ()}
    assert set(dict(picks.axis_text)) == {"column", "row", "none"} and "column" in dict(picks.axis_text)["column"]
    assert dict(picks.resources) == {"specials": "Specials", "high_spots": "High Spots"}


FORM = {"plus1": "Cheating", "plus2": "Brawling", "minus": "Martial Arts", "grid": "B",
        "round1": "1", "target1": "Martial Arts", "type1": "Normal", "notes1": "Smack  him.",
        "round2": "4", "target2": "High Flying", "type2": "Finisher", "round3": "9",
        "cond_unused1": "high_spots", "cond_round1": "15"}


def test_strategy_from_form_default_is_none_and_matchmatch_writes_what_its_reader_reads() -> None:
    assert written(PLAIN).strategy_from_form(FORM, 20, 3) is None
    draft = written(M2).strategy_from_form(FORM, 20, 3)
    assert draft is not None
    assert draft.text.splitlines() == [
        "Strategy: +Cheating +Brawling -Martial Arts, Grid B", "Round\tTarget\tType\tNotes",
        "1\tMartial Arts\tNormal\tSmack him.", "4\tHigh Flying\tFinisher",  # row 3 is empty: no line
        "If I haven't used my High Spots by round 15, use a High Spot on Stamina"]
    assert draft.line_fields == {1: "plus1", 3: "row1", 4: "row2", 5: "cond1"}
    assert draft.round_fields == {"grid": "grid", "round 1": "row1", "round 4": "row2", "conditional 1": "cond1"}
    plan = written(M2).strategy_form_values(draft.text, 20, 3)  # the game's own reader takes it back
    assert plan is not None and plan["target4"] == "High Flying" and plan["cond_unused1"] == "high_spots"


def test_matchmatch_problems_name_the_part_whose_field_the_draft_gives() -> None:
    """A problem carries the part of the strategy it is about (a round, a conditional, the grid
    pick), and the form's draft maps each part to its field: no message is read for it."""
    draft = written(M2).strategy_from_form(FORM, 20, 3)
    assert draft is not None
    plan = load_strategy_document(draft.text, "strategy")
    problems = strategy_problem_list(plan, high_spots=1, push_level=0, match_rounds=10)
    assert [(p.field, draft.round_fields.get(p.field or "")) for p in problems] == [
        ("round 4", "row2"), ("conditional 1", "cond1")]  # a Special at Push Level 0; round 15 of 10
    assert str(problems[0]).startswith("round 4: 1 Special round(s) stratted")
    with pytest.raises(StrategyError) as read:
        load_strategy_document(draft.text.replace("Grid B", "Grid B Grid C"), "strategy")
    assert [(p.line, p.field) for p in read.value.details] == [(1, "grid")]
    assert str(read.value) == f"strategy: {read.value.details[0]}"


def test_strategy_form_values_default_is_none_and_matchmatch_reads_a_strategy_back() -> None:
    text = ("Strategy: +Cheating +Brawling -MA, Grid B\nRound\tTarget\tType\tNotes\n"
            "1\tMA\tNormal\tSmack him.\n4\tHF\tFinisher\tThe end.\n"
            "If I haven't used my High Spots by round 15, use a High Spot on Stamina\n")
    assert written(PLAIN).strategy_form_values(text, 20, 3) is None
    values = written(M2).strategy_form_values(text, 20, 3)
    assert values is not None
    assert (values["plus1"], values["plus2"], values["minus"], values["grid"]) == (
        "Cheating", "Brawling", "Martial Arts", "B")
    assert (values["round4"], values["target4"], values["type4"], values["notes4"]) == (
        "4", "High Flying", "Finisher", "The end.")
    assert "target2" not in values and values["round2"] == "2"  # an empty row keeps its round
    assert (values["cond_unused1"], values["cond_round1"], values["cond_type1"]) == ("high_spots", "15", "High Spot")
    narrow = written(M2).strategy_form_values(text, 3, 3)  # round 4 past a 3-row form: the rows in the order written
    assert narrow is not None and (narrow["round2"], narrow["target2"]) == ("4", "High Flying")
    assert written(M2).strategy_form_values(text, 1, 3) is None  # two rounds written, one row
    assert written(M2).strategy_form_values(text, 20, 0) is None  # a conditional and no place for it
    assert written(M2).strategy_form_values("Strategy: nonsense", 20, 3) is None


def test_match_types_default_is_none_and_matchmatch_bundles_the_rulebooks() -> None:
    assert PLAIN.league_rules() is None
    rules = M2.league_rules()
    assert rules is not None and {"standard", "cage", "strap", "scaffold"} <= set(rules.match_types())


@pytest.mark.parametrize("game", [rs.info.id for rs in all_rulesets() if rs.info.id != "matchmatch"])
def test_only_matchmatch_has_league_rules(game: str) -> None:
    assert get_ruleset(game).league_rules() is None


def test_matchmatch_bundles_the_rulebooks_referees() -> None:
    rules = M2.league_rules()
    assert rules is not None
    refs = rules.bundled_referees()
    assert RefereeCard("Stan Model", "Standard Model", 10) in refs
    assert len({r.name for r in refs}) == len(refs) == 5
