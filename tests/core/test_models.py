import pytest
from pydantic import BaseModel, ConfigDict

from turnbuckle.core.errors import InputFileError, SheetError
from turnbuckle.core.match import unique_names
from turnbuckle.core.models import StrictInt, load_model
from turnbuckle.core.registry import parse_yaml


class _Sheet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    power: StrictInt


@pytest.mark.parametrize("bad", [True, "5", 5.0])
def test_strict_int_refuses_booleans_strings_and_floats(bad: object) -> None:
    with pytest.raises(SheetError, match="'power'"):
        load_model(_Sheet, {"name": "X", "power": bad}, "x")


def test_a_huge_bad_value_gives_a_short_message_quickly() -> None:
    # Nested YAML aliases ("billion laughs") expand to millions of items; the message must stay short.
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 7)]
    lines.append("power: *a6")
    data = parse_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert isinstance(data, dict)
    with pytest.raises(SheetError) as err:
        load_model(_Sheet, {"name": "X", "power": data["power"]}, "bomb.yaml")
    assert len(str(err.value)) < 400


def test_a_key_given_twice_is_an_error_naming_the_line() -> None:
    with pytest.raises(InputFileError, match=r"at line 3.*the key 'power' is given twice"):
        parse_yaml("name: X\npower: 5\npower: 6\n", "dup.yaml")
    assert parse_yaml("a: {b: 1}\nc: {b: 2}\n", "ok.yaml") == {"a": {"b": 1}, "c": {"b": 2}}


def test_unique_names_never_collide() -> None:
    assert unique_names(["A", "A (2)", "A"]) == ["A", "A (2)", "A (3)"]
    assert unique_names(["A", "A", "A"]) == ["A", "A (2)", "A (3)"]
    assert unique_names(["B", "A"]) == ["B", "A"]
