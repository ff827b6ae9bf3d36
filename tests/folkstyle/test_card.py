"""Wrestler cards: the samples, validation with every problem listed, and arbitrary input."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.folkstyle.helpers import DRILL
from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.rulesets.folkstyle.card import ALLOWED, EFFECTS, POSITIONS, card_json, load_card
from turnbuckle.rulesets.registry import get_ruleset

RS = get_ruleset("folkstyle")


def test_aliases_reach_the_ruleset() -> None:
    assert get_ruleset("big-tcg") is RS
    assert get_ruleset("BigTCG") is RS


def test_at_least_four_samples_and_together_they_use_every_effect() -> None:
    samples = RS.samples()
    assert len(samples) >= 4
    used = set()
    for s in samples:
        card = RS.load_text(s.text, s.id)
        for position in POSITIONS:
            moves = card.moves(position)
            assert sorted(moves) == [1, 2, 3, 4, 5, 6]
            used |= {m.effect for m in moves.values()}
    assert used == set(EFFECTS)


@pytest.mark.parametrize("sample", [s.id for s in get_ruleset("folkstyle").samples()])
def test_sample_round_trips_through_json(sample: str) -> None:
    card = RS.load_text(RS.sample(sample).text, sample)
    assert load_card(card_json(card), "again") == card
    assert RS.validate_text(RS.sample(sample).text, sample) == []


def _card(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "Test", **copy.deepcopy(DRILL)}
    for path, value in changes.items():
        position, face, field = path.split("__")
        data[position][int(face)][field] = value
    return data


def problems(data: object) -> list[str]:
    with pytest.raises(SheetError) as info:
        load_card(data, "card.yaml")
    return info.value.problems


def test_base_must_leave_room_for_the_die() -> None:
    assert problems(_card(neutral__1__base=11)) == [
        "neutral face 1 (Single Leg): base 11 is out of range; base + a d6 must top out at 16 at most, "
        "so use 0 to 10"
    ]
    assert problems(_card(top__2__base=-1))[0].startswith("top face 2 (Half Nelson): base -1 is out of range")


def test_effect_must_belong_to_the_position() -> None:
    assert problems(_card(neutral__1__effect="reversal")) == [
        "neutral face 1 (Single Leg): effect 'reversal' cannot be rolled in neutral; use one of takedown, "
        "scramble, defensive, stalemate"
    ]
    assert "cannot be rolled in bottom" in problems(_card(bottom__1__effect="push-away"))[0]
    assert "cannot be rolled in top" in problems(_card(top__1__effect="takedown"))[0]


def test_unknown_effect_is_named() -> None:
    (problem,) = problems(_card(top__4__effect="gut wrench"))
    assert problem.startswith("'top.4.effect': Input should be 'takedown', 'near-fall'")
    assert "'gut wrench'" in problem


def test_scramble_numbers() -> None:
    data = _card(neutral__3__scramble=None)
    assert problems(data) == [
        "neutral face 3 (Scramble): a scramble needs its number, e.g. 'scramble: 3' (1 to 6)"
    ]
    assert problems(_card(bottom__3__scramble=7)) == [
        "bottom face 3 (Scramble): scramble number 7 is out of range; use 1 to 6"
    ]
    assert problems(_card(top__4__scramble=2)) == [
        "top face 4 (Spiral Ride): only a scramble has a scramble number; remove 'scramble: 2'"
    ]


def test_faces_one_to_six_exactly() -> None:
    data = _card()
    del data["top"][6]
    data["bottom"][7] = {"name": "Extra", "base": 1, "effect": "escape"}
    assert problems(data) == [
        "top: no move for face(s) 6; give one move for each face 1 to 6",
        "bottom: face(s) 7 do not exist on a d6; use faces 1 to 6",
    ]


def test_every_problem_is_listed_at_once() -> None:
    found = problems(_card(neutral__1__base=12, top__1__effect="escape", bottom__2__base=40))
    assert len(found) == 3


def test_missing_and_unknown_fields() -> None:
    data = _card()
    del data["neutral"]
    data["weight"] = 165
    assert problems(data) == ["'neutral' is missing", "'weight' is not a field of this sheet (a typo?)"]


def test_not_a_mapping() -> None:
    assert problems(None) == ["expected a mapping of fields (key: value lines), got an empty document"]
    assert problems([1, 2]) == ["expected a mapping of fields (key: value lines), got a list"]


def test_yaml_text_with_string_faces_loads() -> None:
    text = yaml.safe_dump(_card()).replace("1:", "'1':", 1)
    assert RS.load_text(text, "t").name == "Test"


yaml_scalars = st.one_of(st.none(), st.booleans(), st.integers(-20, 40), st.text(max_size=12))
yaml_values = st.recursive(
    yaml_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(st.text(max_size=8), st.integers(0, 8)), inner, max_size=6)),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text_loads_or_raises_a_rules_error(text: str) -> None:
    with contextlib.suppress(RulesError):
        RS.load_text(text, "fuzz.yaml")


@settings(max_examples=150, deadline=None)
@given(yaml_values)
def test_any_yaml_structure_loads_or_raises_a_rules_error(value: object) -> None:
    with contextlib.suppress(RulesError):
        RS.load_text(yaml.safe_dump(value), "fuzz.yaml")


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(POSITIONS), st.integers(1, 6), st.sampled_from(EFFECTS), st.integers(-3, 13),
       st.one_of(st.none(), st.integers(0, 7)))
def test_any_single_move_change_loads_or_lists_its_problem(position: str, face: int, effect: str, base: int,
                                                            scramble: int | None) -> None:
    data = _card()
    data[position][face] = {"name": "Mutant", "base": base, "effect": effect, "scramble": scramble}
    legal = (
        effect in ALLOWED[position]  # type: ignore[index]
        and 0 <= base <= 10
        and (scramble is not None) == (effect == "scramble")
        and (scramble is None or 1 <= scramble <= 6)
    )
    if legal:
        assert load_card(data, "mutant").move(position, face).base == base  # type: ignore[arg-type]
    else:
        found = problems(data)
        assert found
        assert all(p.startswith(f"{position} face {face} (Mutant)") for p in found)


def test_true_or_text_is_not_a_number() -> None:
    found = problems(_card(neutral__3__scramble=True, top__4__base="8"))
    assert len(found) == 2
    assert "'neutral.3.scramble'" in found[0] and "True" in found[0]
    assert "'top.4.base'" in found[1] and "'8'" in found[1]


@pytest.mark.parametrize(("name", "message"), [
    ("  ", "a name needs at least one visible character"),
    ("Cal\tOkafor", "a name must fit on one line"),
])
def test_a_card_name_is_one_visible_line(name: str, message: str) -> None:
    rs = get_ruleset("folkstyle")
    data = yaml.safe_load(rs.sample("cal-okafor").text)
    data["name"] = name
    with pytest.raises(SheetError, match=message):
        load_card(data, "card")
