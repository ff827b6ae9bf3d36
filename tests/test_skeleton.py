"""One skeleton for every game: sheets name things with the shared ``Name`` rules and count with
strict whole numbers; engines end a match early with core's one ``MatchOver``; no game defines an
exception of its own outside the RulesError family."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from turnbuckle.core.errors import SheetError
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.registry import Ruleset
from turnbuckle.rulesets.registry import all_rulesets

ROOT = Path(__file__).resolve().parents[1] / "src" / "turnbuckle"
RULESETS = all_rulesets()
IDS = [rs.info.id for rs in RULESETS]


def _named(data: Any) -> dict[str, Any]:
    """The mapping of a sample that holds its name (a MatchMatch sample nests it)."""
    for key in ("wrestler", "team"):
        if isinstance(data.get(key), dict):
            return data[key]  # type: ignore[no-any-return]
    return data  # type: ignore[no-any-return]


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
@pytest.mark.parametrize(("name", "problem"), [
    ("   ", "a name needs at least one visible character"),
    ("Two\nLines", "a name must fit on one line"),
    ("Evil\u202eTwin", "invisible or text-direction character (U+202E)"),
])
def test_every_sheet_names_with_the_shared_rules(rs: Ruleset[Any], name: str, problem: str) -> None:
    data: Any = parse_yaml(rs.samples()[0].text, "sample")
    _named(data)["name"] = name
    with pytest.raises(SheetError) as err:
        rs.load_side(data, "sheet")
    assert any(problem in p for p in err.value.problems), err.value.problems


def _first_number(data: Any) -> tuple[dict[Any, Any], Any] | None:
    """The mapping and key of the first whole number in a sheet, depth first."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        if type(value) is int and isinstance(data, dict):
            return data, key
        found = _first_number(value)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_every_sheet_counts_in_strict_whole_numbers(rs: Ruleset[Any]) -> None:
    """The first whole number a sample's sheet gives, written as text or as true, is refused."""
    checked = 0
    for sample in rs.samples():
        data: Any = parse_yaml(sample.text, "sample")
        found = _first_number(data)
        if found is None:
            continue
        held, field = found
        for wrong in (str(held[field]), True):
            held[field] = wrong
            with pytest.raises(SheetError, match="valid integer"):
                rs.load_side(data, "sheet")
        checked += 1
    if rs.info.id != "deathmatch":  # an army lists figures by name: it has no number of its own
        assert checked


def _classes(folder: Path) -> list[tuple[str, list[str]]]:
    out = []
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                out.append((f"{path.name}:{node.name}", [ast.unparse(b) for b in node.bases]))
    return out


def test_no_game_defines_its_own_exception() -> None:
    """'The match is over' is core's MatchOver; bad input is a RulesError subclass from core."""
    own = [name for name, bases in _classes(ROOT / "rulesets") if {"Exception", "BaseException"} & set(bases)]
    assert own == []
