import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turnbuckle.cli.sides import resolve_side
from turnbuckle.core.errors import InputFileError, RulesError, SheetError
from turnbuckle.rulesets.boxing import BoxingRuleset
from turnbuckle.rulesets.boxing.sheet import load_fighter

RS = BoxingRuleset()


def test_every_sample_is_a_legal_fighter_and_builds_differ() -> None:
    builds = set()
    for sample in RS.samples():
        f = RS.load_text(sample.text, sample.id)
        assert f.power + f.speed + f.toughness == 15
        builds.add((f.power, f.speed, f.toughness))
    assert len(RS.samples()) >= 4 and len(builds) == len(RS.samples())


def test_a_sheet_over_budget_names_the_total_and_the_budget() -> None:
    with pytest.raises(SheetError) as err:
        load_fighter({"name": "Big", "power": 10, "speed": 5, "toughness": 5}, "big.yaml")
    assert err.value.problems == ["power + speed + toughness = 20, over the budget: spend exactly 15 points"]
    assert str(err.value).startswith("big.yaml: ")


def test_under_budget_and_out_of_range_are_all_reported() -> None:
    with pytest.raises(SheetError) as err:
        load_fighter({"name": "Odd", "power": 0, "speed": 11, "toughness": 1}, "odd.yaml")
    assert err.value.problems == [
        "power is 0; each ability must be 1 to 10",
        "speed is 11; each ability must be 1 to 10",
        "power + speed + toughness = 12, under the budget: spend exactly 15 points",
    ]


def test_missing_and_unknown_fields() -> None:
    with pytest.raises(SheetError) as err:
        load_fighter({"name": "Typo", "powr": 5, "speed": 5, "toughness": 5}, "t.yaml")
    assert "'power' is missing" in err.value.problems
    assert "'powr' is not a field of this sheet (a typo?)" in err.value.problems


@pytest.mark.parametrize(("text", "message"), [
    ("", "expected a mapping of fields (key: value lines), got an empty document"),
    ("- a\n- b\n", "got a list"),
    ("name: [unclosed\n", "not valid YAML at line"),
    ("name: X\npower: five\nspeed: 5\ntoughness: 5\n", "'power': Input should be a valid integer"),
])
def test_bad_documents_give_rules_errors(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        RS.load_text(text, "f.yaml")


def test_validate_text_lists_problems_and_accepts_good_sheets() -> None:
    assert RS.validate_text(RS.sample("slugger").text, "s") == []
    assert RS.validate_text("{{{ not: [valid\n", "junk.yaml")[0].startswith("junk.yaml: not valid YAML")


def test_missing_file_and_unknown_sample() -> None:
    with pytest.raises(InputFileError, match=r"file 'nope/me\.yaml' not found"):
        resolve_side(RS, "nope/me.yaml")
    with pytest.raises(InputFileError, match="neither a file nor a boxing sample; samples are: all-rounder"):
        resolve_side(RS, "nobody")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_a_fighter_or_a_rules_error(text: str) -> None:
    try:
        f = RS.load_text(text, "fuzz.yaml")
    except RulesError:
        return
    assert f.power + f.speed + f.toughness == 15


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["name", "power", "speed", "toughness", "nickname", "x"]),
                       st.one_of(st.integers(-5, 20), st.text(max_size=5), st.none(), st.floats())))
def test_any_mapping_is_a_fighter_or_a_rules_error(data: dict[str, object]) -> None:
    try:
        f = load_fighter(data, "fuzz")
    except RulesError:
        return
    assert all(1 <= v <= 10 for v in (f.power, f.speed, f.toughness))


@pytest.mark.parametrize(("field", "raw", "shown"), [
    ("speed", "true", "True"),  # YAML true is not a Speed of 1
    ("power", "no", "False"),
    ("toughness", '"5"', "'5'"),  # a quoted number is text, not a number
    ("power", "5.0", "5.0"),
])
def test_abilities_must_be_written_as_whole_numbers(field: str, raw: str, shown: str) -> None:
    values = {"power": "5", "speed": "5", "toughness": "5", field: raw}
    text = "name: Strict\n" + "".join(f"{k}: {v}\n" for k, v in values.items())
    with pytest.raises(SheetError) as err:
        RS.load_text(text, "s.yaml")
    assert err.value.problems == [f"'{field}': Input should be a valid integer (got {shown})"]


@pytest.mark.parametrize(("name", "problem"), [
    ("   ", "'name': Value error, a name needs at least one visible character (got '   ')"),
    ("Two\nLines", "'name': Value error, a name must fit on one line, without tabs or control characters "
                   "(got 'Two\\nLines')"),
])
def test_a_name_must_be_one_visible_line(name: str, problem: str) -> None:
    with pytest.raises(SheetError) as err:
        load_fighter({"name": name, "power": 5, "speed": 5, "toughness": 5}, "n.yaml")
    assert err.value.problems == [problem]


def test_field_errors_and_budget_errors_are_reported_together() -> None:
    with pytest.raises(SheetError) as err:
        load_fighter({"name": "Big", "power": 10, "speed": 10, "toughness": 11, "reach": 3}, "b.yaml")
    assert err.value.problems == [
        "'reach' is not a field of this sheet (a typo?)",
        "toughness is 11; each ability must be 1 to 10",
        "power + speed + toughness = 31, over the budget: spend exactly 15 points",
    ]


def test_the_budget_is_not_guessed_while_an_ability_is_unreadable() -> None:
    with pytest.raises(SheetError) as err:
        load_fighter({"name": "Odd", "power": "ten", "speed": 0, "toughness": 5}, "o.yaml")
    assert err.value.problems == [
        "'power': Input should be a valid integer (got 'ten')",
        "speed is 0; each ability must be 1 to 10",
    ]
