import pytest
from pydantic import BaseModel, ConfigDict

from turnbuckle.core.errors import InputFileError, InputRefused, SheetError
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.match import unique_names
from turnbuckle.core.models import StrictInt, load_model


class _Sheet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    power: StrictInt


@pytest.mark.parametrize("bad", [True, "5", 5.0])
def test_strict_int_refuses_booleans_strings_and_floats(bad: object) -> None:
    with pytest.raises(SheetError, match="'power'"):
        load_model(_Sheet, {"name": "X", "power": bad}, "x")


def test_a_huge_bad_value_gives_a_short_message_quickly() -> None:
    # A value of a million items (what YAML aliases once made of a small file): the message stays short.
    huge = [["x"] * 1000 for _ in range(1000)]
    with pytest.raises(SheetError) as err:
        load_model(_Sheet, {"name": "X", "power": huge}, "bomb.yaml")
    assert len(str(err.value)) < 400


def test_yaml_aliases_are_refused_without_being_expanded() -> None:
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 7)]
    lines.append("power: *a6")
    with pytest.raises(InputRefused, match=r"bomb.yaml at line 2, column 10: the alias '\*a0'"):
        parse_yaml("\n".join(lines) + "\n", "bomb.yaml")


def test_a_key_given_twice_is_an_error_naming_the_line() -> None:
    with pytest.raises(InputFileError, match=r"at line 3.*the key 'power' is given twice"):
        parse_yaml("name: X\npower: 5\npower: 6\n", "dup.yaml")
    assert parse_yaml("a: {b: 1}\nc: {b: 2}\n", "ok.yaml") == {"a": {"b": 1}, "c": {"b": 2}}


def test_unique_names_never_collide() -> None:
    assert unique_names(["A", "A (2)", "A"]) == ["A", "A (2)", "A (3)"]
    assert unique_names(["A", "A", "A"]) == ["A", "A (2)", "A (3)"]
    assert unique_names(["B", "A"]) == ["B", "A"]


class _Rated(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    power: int
    speed: int
    moves: dict[int, str] = {}
    tags: list[int] = []


def _rated_problems(m: _Rated) -> list[str]:
    problems = [f"{key} is {getattr(m, key)}; it must be 1 to 10" for key in ("power", "speed")
                if not 1 <= getattr(m, key) <= 10]
    if sorted(m.moves) != [1, 2]:
        problems.append("moves: give one at 1 and one at 2")
    return problems


def test_load_model_lists_rule_problems_beside_structural_ones() -> None:
    data = {"name": "x", "power": 11, "speed": 0, "moves": {1: "jab", 2: ["not", "a", "name"]}, "colour": "red"}
    with pytest.raises(SheetError) as caught:
        load_model(_Rated, data, "sheet", _rated_problems)
    problems = caught.value.problems
    assert any("moves.2" in p for p in problems)
    assert any("'colour' is not a field" in p for p in problems)
    assert "power is 11; it must be 1 to 10" in problems
    assert "speed is 0; it must be 1 to 10" in problems
    assert not any(p.startswith("moves: give one") for p in problems)  # the repaired field is not blamed again
    assert data["moves"] == {1: "jab", 2: ["not", "a", "name"]}  # the caller's data is left alone


def test_load_model_with_an_unrepairable_field_lists_the_structural_problem_only() -> None:
    with pytest.raises(SheetError) as caught:
        load_model(_Rated, {"name": "x", "power": "lots", "speed": 0}, "sheet", _rated_problems)
    assert len(caught.value.problems) == 1 and "'power'" in caught.value.problems[0]


def test_load_model_runs_the_rules_on_a_well_formed_value() -> None:
    with pytest.raises(SheetError, match="power is 0"):
        load_model(_Rated, {"name": "x", "power": 0, "speed": 3, "moves": {1: "a", 2: "b"}}, "s", _rated_problems)
    assert load_model(_Rated, {"name": "x", "power": 1, "speed": 3, "moves": {1: "a", 2: "b"}}, "s",
                      _rated_problems).power == 1
