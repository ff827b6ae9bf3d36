"""The rule tables, one rule at a time."""

import pytest

from turnbuckle.rulesets.boxing.punches import (
    apply_penalty,
    fatigue_for,
    getup_table,
    hp_after_punch,
    is_left_jab,
    is_special,
    knockdown_penalty,
    knocked_down,
    penalty_punch,
    punch_damage,
    punch_name,
)


@pytest.mark.parametrize(
    ("first", "second", "name"),
    [
        (1, 3, "Left Jab"), (1, 4, "Series of Left Jabs"), (2, 1, "Left Body Blow"), (2, 6, "Right Body Blow"),
        (3, 2, "Straight Left"), (3, 5, "Straight Right"), (4, 3, "Left Hook"), (4, 4, "Right Hook"),
        (5, 1, "Left Uppercut"), (5, 6, "Right Uppercut"), (6, 3, "Counterpunch"), (6, 4, "Special Move"),
    ],
)
def test_punch_names_from_the_two_dice(first: int, second: int, name: str) -> None:
    assert punch_name(first, second) == name


def test_only_the_single_left_jab_and_the_special_are_flagged() -> None:
    flagged = {(a, b) for a in range(1, 7) for b in range(1, 7) if is_left_jab(a, b)}
    assert flagged == {(1, 1), (1, 2), (1, 3)}
    specials = {(a, b) for a in range(1, 7) for b in range(1, 7) if is_special(a, b)}
    assert specials == {(6, 4), (6, 5), (6, 6)}


def test_damage_is_2d6_plus_power_minus_toughness_and_blocks_below_one() -> None:
    assert punch_damage(3, 4, 5, 2) == 10
    assert punch_damage(1, 1, 1, 3) == 0  # 2 + 1 - 3 = 0: blocked
    assert punch_damage(1, 1, 1, 10) == 0  # -7: blocked, never negative
    assert punch_damage(1, 1, 2, 3) == 1


def test_left_jab_floor_at_one_hp() -> None:
    assert hp_after_punch(5, 9, left_jab=True) == 1
    assert hp_after_punch(5, 9, left_jab=False) == -4  # a Series of Left Jabs has no floor
    assert hp_after_punch(1, 4, left_jab=True) == 1
    assert hp_after_punch(-2, 4, left_jab=True) == -2  # never lowers HP already below 1
    assert hp_after_punch(20, 4, left_jab=True) == 16


@pytest.mark.parametrize(
    ("hp", "threshold"),
    [(40, 16), (15, 16), (14, 13), (10, 13), (9, 7), (1, 7)],
)
def test_knockdown_threshold_by_band_before_the_punch(hp: int, threshold: int) -> None:
    assert knocked_down(hp, hp - threshold, special=False)
    below = threshold - 1
    if hp - below > 0:
        assert not knocked_down(hp, hp - below, special=False)


def test_reaching_zero_always_knocks_down_and_special_always_does() -> None:
    assert knocked_down(12, 0, special=False)  # 12 < 13 but HP reached 0
    assert knocked_down(40, 38, special=True)
    assert not knocked_down(-1, -1, special=False)  # a blocked punch knocks nobody down


def test_a_floored_left_jab_is_tested_on_the_damage_it_took() -> None:
    # 11 nominal points at 3 HP: the floor stops the jab at 1, so only 2 were taken (1-9 needs 7).
    assert hp_after_punch(3, 11, left_jab=True) == 1
    assert not knocked_down(3, hp_after_punch(3, 11, left_jab=True), special=False)
    # 14 nominal at 14 HP: the floor stops it at 1, but 13 taken still meets the 10-14 band's 13.
    assert knocked_down(14, hp_after_punch(14, 14, left_jab=True), special=False)
    # 13 nominal at 12 HP stops at 1: 11 taken, under 13.
    assert not knocked_down(12, hp_after_punch(12, 13, left_jab=True), special=False)


def test_getup_tables_for_each_band_and_outcome() -> None:
    top = getup_table(20, 3)
    assert [top.outcome(t) for t in (2, 3, 6, 7, 12)] == [0, 1, 1, 2, 2]
    for hp_before in (14, 10, 9, 1):
        mid = getup_table(hp_before, 1) if hp_before > 1 else getup_table(1, 1)
        assert [mid.outcome(t) for t in (3, 4, 6, 7)] == [0, 1, 1, 2]
    zero = getup_table(10, 0)
    assert zero is not None and [zero.outcome(t) for t in (4, 5, 6, 7)] == [0, 1, 1, 2]
    assert getup_table(10, -3).ko_max == 4
    harsh = getup_table(10, -4)
    assert [harsh.outcome(t) for t in (6, 7, 8)] == [0, 1, 2]
    assert getup_table(10, -5).tko and getup_table(40, -20).tko


def test_literal_reading_of_the_overlapping_bands() -> None:
    assert getup_table(10, -3, "literal").ko_max == 4
    for hp in (0, -1, -2, -4):
        table = getup_table(10, hp, "literal")
        assert (table.ko_max, table.one_max) == (6, 7)
    assert getup_table(10, -5, "literal").tko


def test_knockdown_penalties() -> None:
    assert knockdown_penalty(6, 4) == 2
    assert knockdown_penalty(6, 3) == 1
    assert knockdown_penalty(1, 1) == 1
    assert apply_penalty(5, 5, 1) == (4, 5)
    assert apply_penalty(5, 5, 2) == (3, 5)
    assert apply_penalty(2, 5, 2) == (1, 4)  # one from Toughness, the rest from Speed
    assert apply_penalty(1, 5, 2) == (1, 3)  # the rulebook's example
    assert apply_penalty(1, 2, 2) == (1, 1)  # never below 1
    assert apply_penalty(1, 1, 2) == (1, 1)  # at 1 and 1, no more penalties


def test_which_punch_gives_a_knockdown_its_penalty() -> None:
    # One punch: itself, whatever the rules.
    assert penalty_punch([(6, 4, 13)]) == penalty_punch([(2, 2, 5)], special_own=False) == 0
    # A combo without a Special Move: the punch that took more; on equal HP the first.
    assert penalty_punch([(2, 2, 8), (5, 6, 9)]) == 1
    assert penalty_punch([(5, 6, 9), (2, 2, 8)]) == 0
    assert penalty_punch([(3, 3, 8), (2, 4, 8)]) == 0
    # A Special Move second: rules 1.1 took the more damaging punch (the Special on equal HP, its
    # -2 being heavier); from 1.2 the Special Move always carries its own -2.
    assert penalty_punch([(5, 6, 14), (6, 4, 13)], special_own=False) == 0
    assert penalty_punch([(5, 6, 13), (6, 4, 13)], special_own=False) == 1
    assert penalty_punch([(5, 6, 14), (6, 4, 13)]) == 1
    # HP a Left Jab's floor kept counts as not taken, under both.
    assert penalty_punch([(1, 1, 0), (6, 5, 3)], special_own=False) == 1


def test_interval_fatigue() -> None:
    assert [fatigue_for(n) for n in range(4)] == [0, 0, 1, 2]


def test_a_special_move_is_never_blocked_so_it_always_lands_its_knockdown() -> None:
    # 6 + 4 + Power 1 - Toughness 10 = 1 is the least a Special Move can do against a legal sheet
    # (Toughness only ever falls), so "blocked punches never knock down" never meets a Special.
    least = min(punch_damage(6, second, power, toughness)
                for second in (4, 5, 6) for power in range(1, 11) for toughness in range(1, 11)
                if power + toughness <= 14)
    assert least == 1
