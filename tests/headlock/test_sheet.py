"""Character sheets: the rulebook's samples, stat ranges, moves, validation and round trips."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.rulesets.headlock.sheet import character_problems, load_character

from .util import RS, sheet

RESERVED = ("The Vulpine Nightmare", "The Emerald Blaze", "La Loba Luchanda")



def test_rulebook_free_samples_as_printed() -> None:
    aa = RS.load_text(RS.sample("amethyst-assassin").text, "aa")
    assert (aa.atk, aa.defense, aa.spd, aa.sta, aa.res, aa.hp) == (18, 12, 12, 8, 3, 80)
    assert [aa.strikes[p] for p in (1, 3, 5, 7)] == ["Back elbow", "Big boot", "Dropkick", "Top-rope elbow drop"]
    assert [m.name for m in aa.moves()[4:]] == ["Pull-back clothesline", "DDT", "Back suplex", "Neckbreaker"]
    assert aa.atk + 20 == 38  # "a full 38 attack power" on her special
    rhino = RS.load_text(RS.sample("the-rhino").text, "rhino")
    assert (rhino.atk, rhino.defense, rhino.spd, rhino.sta, rhino.res, rhino.hp) == (15, 16, 7, 11, 6, 110)
    assert rhino.special.name == "Chokeslam"


def test_move_by_code_is_the_listed_move() -> None:
    aa = RS.load_text(RS.sample("amethyst-assassin").text, "aa")
    for m in aa.moves():
        assert aa.move(m.code) == m
    for code in ("s2", "g8", "s01", "x1", "s", "", "special", "S1"):
        with pytest.raises(KeyError):
            aa.move(code)


#: The reserved characters' stat lines (ATK, DEF, SPD, STA, RES): not shipped under another name either.
RESERVED_STATS = ((14, 8, 17, 9, 6), (8, 12, 17, 12, 1), (18, 9, 18, 8, 6))


def test_reserved_characters_are_not_shipped() -> None:
    texts = " ".join(s.text for s in RS.samples()).lower()
    for name in RESERVED:
        assert name.lower() not in texts
    for s in RS.samples():
        c = RS.load_text(s.text, s.id)
        assert (c.atk, c.defense, c.spd, c.sta, c.res) not in RESERVED_STATS, s.id
    assert len(RS.samples()) >= 4


def test_every_sample_is_valid_and_the_first_two_are_the_rulebook_pair() -> None:
    ids = [s.id for s in RS.samples()]
    assert ids[:2] == ["amethyst-assassin", "the-rhino"]
    for s in RS.samples():
        assert RS.validate_text(s.text, s.id) == []


def test_hp_is_ten_times_sta() -> None:
    assert load_character(sheet(sta=11), "x").hp == 110
    assert load_character(sheet(sta=1), "x").hp == 10


def test_stats_must_be_in_their_dice_ranges_all_problems_listed() -> None:
    with pytest.raises(SheetError) as err:
        load_character(sheet(atk=21, defense=0, spd=20, sta=13, res=7), "bad")
    problems = err.value.problems
    assert problems == [
        "atk is 21; atk is rolled on a d20, so it must be 1 to 20",
        "def is 0; def is rolled on a d20, so it must be 1 to 20",
        "sta is 13; sta is rolled on a d12, so it must be 1 to 12",
        "res is 7; res is rolled on a d6, so it must be 1 to 6",
    ]


def test_moves_need_exactly_powers_1_3_5_7() -> None:
    data = sheet()
    data["strikes"] = {1: "a", 3: "b", 4: "c"}
    with pytest.raises(SheetError, match="strikes: missing power 5, 7; power 4 is not allowed"):
        load_character(data, "bad")


def test_grapple_and_special_kinds() -> None:
    data = sheet(grapples=("grapple", "submission", "choke", "grapple"), special="choke")
    c = load_character(data, "ok")
    assert [c.grapple(p).kind for p in (1, 3, 5, 7)] == ["grapple", "submission", "choke", "grapple"]
    assert c.grapple(5).is_submission
    assert c.grapple(5).is_choke
    assert c.special_move().special
    assert c.special_move().is_choke
    data["special"] = {"name": "X", "kind": "pin"}
    with pytest.raises(SheetError, match=r"special\.kind"):
        load_character(data, "bad")
    data = sheet()
    data["grapples"] = {1: "a", 3: "b", 5: "c", 7: {"name": "d", "kind": "strike"}}
    with pytest.raises(SheetError, match="grapples"):
        load_character(data, "bad")


@pytest.mark.parametrize(("name", "message"), [
    ("   ", "a name needs at least one visible character"),
    ("Two\nLines", "a name must fit on one line"),
])
def test_blank_or_multi_line_name_is_reported(name: str, message: str) -> None:
    with pytest.raises(SheetError, match=message):
        load_character(sheet(name=name), "bad")


@pytest.mark.parametrize("bad", [True, "12", 12.0])
def test_stats_must_be_whole_numbers(bad: Any) -> None:
    with pytest.raises(SheetError, match="'atk'"):
        load_character(sheet(atk=bad), "bad")


def test_unknown_field_is_reported() -> None:
    data = sheet()
    data["defence"] = 3
    with pytest.raises(SheetError, match="'defence' is not a field"):
        load_character(data, "bad")


def test_round_trip_through_side_json_and_yaml() -> None:
    for s in RS.samples():
        c = RS.load_text(s.text, s.id)
        data = RS.side_json(c)
        assert RS.load_side(data, "again") == c
        assert RS.load_text(yaml.safe_dump(data), "yaml") == c


def test_round_trip_of_a_sheet_written_with_mappings() -> None:
    c = load_character(sheet(grapples=("grapple", "submission", "choke", "grapple"), special="choke"), "x")
    assert RS.load_side(RS.side_json(c), "again") == c


def test_move_names_must_not_be_blank_or_too_long() -> None:
    data = sheet()
    data["strikes"] = {1: " ", 3: "b", 5: "c", 7: "x" * 61}
    with pytest.raises(SheetError) as err:
        load_character(data, "bad")
    assert any("strikes.7" in p for p in err.value.problems)
    data["strikes"] = {1: " ", 3: "b", 5: "c", 7: "d"}
    with pytest.raises(SheetError, match="strikes 1: the name is blank"):
        load_character(data, "bad")


def test_bare_grapple_names_are_normal_grapples() -> None:
    c = RS.load_text(RS.sample("the-rhino").text, "rhino")
    assert [c.grapple(p).kind for p in (1, 3, 5, 7)] == ["grapple"] * 4


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_loads_or_raises_rules_error(text: str) -> None:
    with contextlib.suppress(RulesError):
        RS.load_text(text, "fuzz")


_values = st.one_of(st.integers(-5, 30), st.text(max_size=8), st.none(), st.booleans(),
                    st.dictionaries(st.sampled_from([1, 3, 5, 7, 4, "name", "kind"]),
                                    st.one_of(st.text(max_size=5), st.integers(0, 8),
                                              st.sampled_from(["grapple", "submission", "choke", "strike"])),
                                    max_size=5))


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["name", "atk", "def", "spd", "sta", "res", "strikes", "grapples",
                                        "special", "notes", "extra"]), _values, max_size=11))
def test_any_mapping_loads_or_raises_sheet_error(data: dict[str, object]) -> None:
    problems: list[str] = []
    loaded = None
    try:
        loaded = load_character(data, "fuzz")
    except SheetError as exc:
        problems = exc.problems
    assert (loaded is None) == bool(problems)
    if loaded is not None:
        assert character_problems(loaded) == []
