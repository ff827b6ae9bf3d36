"""Figures, armies, the bestiary, samples and how a command-line army argument is read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from turnbuckle.cli.sides import resolve_side
from turnbuckle.core.errors import InputFileError, RulesError, SheetError
from turnbuckle.rulesets.deathmatch.figures import RATINGS, army_from_ids, bestiary, load_army
from turnbuckle.rulesets.deathmatch.ruleset import INFO

from .helpers import RS, fig


def test_bestiary_has_a_dozen_figures_of_every_rating() -> None:
    beasts = bestiary()
    assert len(beasts) >= 12
    assert {f.power for f in beasts.values()} == {1, 2, 3}
    for key in beasts:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", key)
    assert bestiary()["ash-wyrm"].rating == "Fiend"
    assert bestiary()["bone-knight"].rating == "Grunt"
    assert bestiary()["gutter-imp"].rating == "Runt"


def test_ratings_are_runt_grunt_fiend() -> None:
    assert RATINGS == {1: "Runt", 2: "Grunt", 3: "Fiend"}


def test_an_army_mixes_bestiary_ids_and_written_figures() -> None:
    a = load_army({"name": "Mixed", "figures": ["ash-wyrm", fig("Blob", 5, 1, 2, 3, 2)]}, "t")
    assert [f.name for f in a.figures] == ["Ash Wyrm", "Blob"]
    assert a.power == 5
    assert a.figures[1].defence == 3


def test_army_json_loads_back() -> None:
    a = load_army({"name": "Mixed", "figures": ["ash-wyrm", fig("Blob", 5, 1, 2, 3, 2)], "notes": "n"}, "t")
    assert load_army(a.to_json(), "again") == a


def test_every_problem_is_listed_at_once() -> None:
    bad = {"name": "Bad", "figures": ["no-such-beast", fig("Zero", 0, 1, 2, 3, 4), 7]}
    with pytest.raises(SheetError) as err:
        load_army(bad, "bad.yaml")
    problems = err.value.problems
    assert any("'no-such-beast' is not in the bestiary" in p for p in problems)
    assert any("figure 2 (Zero): hp is 0" in p for p in problems)
    assert any("figure 2 (Zero): power is 4" in p for p in problems)
    assert any("figure 3: expected a bestiary id or a mapping" in p for p in problems)


@pytest.mark.parametrize("count", [0, 7])
def test_an_army_has_one_to_six_figures(count: int) -> None:
    with pytest.raises(SheetError, match=f"the army has {count} figures; an army has 1 to 6"):
        load_army({"name": "X", "figures": ["bog-rat"] * count}, "x")


def test_six_figures_are_fine() -> None:
    assert len(load_army({"name": "X", "figures": ["bog-rat"] * 6}, "x").figures) == 6


def test_stat_ranges_and_unknown_fields() -> None:
    with pytest.raises(SheetError) as err:
        load_army({"name": "X", "figures": [{**fig("F", 100, -1, 21, 0), "claws": 3}]}, "x")
    assert any("'claws' is not a field" in p for p in err.value.problems)
    with pytest.raises(SheetError) as err:
        load_army({"name": "X", "figures": [fig("F", 100, -1, 21, 0)]}, "x")
    text = " ".join(err.value.problems)
    assert "hp is 100" in text
    assert "spd is -1" in text
    assert "atk is 21" in text


def test_samples_are_valid_armies_within_the_default_cap() -> None:
    samples = RS.samples()
    assert len(samples) >= INFO.max_sides
    cap = next(o.default for o in INFO.options if o.name == "cap")
    for s in samples:
        a = RS.load_text(s.text, s.id)
        assert a.power <= int(cap)
    # the first four (the demo battle) are even: every one exactly at the cap
    assert [RS.load_text(s.text, s.id).power for s in samples[:4]] == [cap] * 4


def test_sample_ids_and_bestiary_ids_never_collide() -> None:
    assert not {s.id for s in RS.samples()} & set(bestiary())


def test_a_comma_separated_list_of_bestiary_ids_is_an_army() -> None:
    a = resolve_side(RS, "ash-wyrm, gutter-imp,GUTTER-IMP")
    assert [f.name for f in a.figures] == ["Ash Wyrm", "Gutter Imp", "Gutter Imp"]
    assert a.name == "Ash Wyrm + Gutter Imp x2"
    assert resolve_side(RS, "bog-rat").figures[0].name == "Bog Rat"
    assert army_from_ids("bog-rat,nope") is None


def test_an_army_argument_that_is_nothing_says_what_to_do() -> None:
    with pytest.raises(InputFileError, match="'nope' not in the bestiary"):
        resolve_side(RS, "bog-rat,nope")
    with pytest.raises(InputFileError, match="bestiary figures separated by commas"):
        resolve_side(RS, "nothing-like-this")
    with pytest.raises(InputFileError, match=r"file 'missing\.yaml' not found"):
        resolve_side(RS, "missing.yaml")
    with pytest.raises(SheetError, match="the army has 7 figures"):
        resolve_side(RS, ",".join(["bog-rat"] * 7))


def test_a_sample_and_a_file_are_read(tmp_path: Path) -> None:
    assert resolve_side(RS, "ash-court").name == "The Ash Court"
    path = tmp_path / "mine.yaml"
    path.write_text("name: Mine\nfigures: [night-weaver, bog-rat]\n", encoding="utf-8")
    assert resolve_side(RS, str(path)).power == 4


@given(st.text(max_size=300))
def test_any_text_loads_or_raises_a_rules_error(text: str) -> None:
    try:
        army = RS.load_text(text, "fuzz")
    except RulesError:
        return
    assert 1 <= len(army.figures) <= 6
    assert RS.load_side(RS.side_json(army), "again") == army


@given(st.recursive(st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=8),
                    lambda c: st.lists(c, max_size=7) | st.dictionaries(st.text(max_size=6), c, max_size=7),
                    max_leaves=30))
def test_any_data_loads_or_raises_a_rules_error(data: object) -> None:
    for doc in (data, {"name": "X", "figures": data}, {"name": "X", "figures": [data]}):
        try:
            army = RS.load_side(doc, "fuzz")
        except RulesError:
            continue
        assert all(1 <= f.power <= 3 and 1 <= f.hp <= 99 for f in army.figures)


@pytest.mark.parametrize(("field", "value"), [("hp", True), ("spd", False), ("atk", "3"), ("def", 2.0),
                                              ("power", True)])
def test_figure_numbers_must_be_whole_numbers_not_booleans_or_text(field: str, value: object) -> None:
    with pytest.raises(SheetError, match=f"figure 1: '{field}'"):
        load_army({"name": "X", "figures": [{**fig("F", 5, 3, 2, 1), field: value}]}, "x")


@pytest.mark.parametrize("name", ["   ", "Two\nLines", "Tab\there"])
def test_names_need_a_visible_character_and_one_line(name: str) -> None:
    with pytest.raises(SheetError, match="name"):
        load_army({"name": "X", "figures": [fig(name, 5, 3, 2, 1)]}, "x")
    with pytest.raises(SheetError, match="name"):
        load_army({"name": name, "figures": ["bog-rat"]}, "x")


def test_a_bad_army_name_does_not_hide_the_figures_problems() -> None:
    with pytest.raises(SheetError) as err:
        load_army({"name": "  ", "figures": ["unicorn", fig("Zero", 0, 1, 2, 3)], "colour": "red"}, "x")
    problems = err.value.problems
    assert any(p.startswith("'name'") for p in problems)
    assert any("'colour' is not a field" in p for p in problems)
    assert any("figure 1: 'unicorn' is not in the bestiary" in p for p in problems)
    assert any("figure 2 (Zero): hp is 0" in p for p in problems)
