"""Exact per-punch probabilities from the engine's own tables, checked against icepool."""

from fractions import Fraction

import icepool
import pytest

from turnbuckle.rulesets.boxing.punches import (
    hp_after_punch,
    is_left_jab,
    is_special,
    knocked_down,
    punch_damage,
)


def knockdown_chance_from_tables(power: int, toughness: int, hp: int) -> Fraction:
    """Enumerate the 36 ordered pairs of the punch's 2d6 through the engine's own functions."""
    hits = 0
    for first in range(1, 7):
        for second in range(1, 7):
            damage = punch_damage(first, second, power, toughness)
            after = hp_after_punch(hp, damage, is_left_jab(first, second))
            hits += knocked_down(hp, after, is_special(first, second))
    return Fraction(hits, 36)


def knockdown_chance_icepool(power: int, toughness: int, hp: int) -> Fraction:
    """The same rule stated independently, as an icepool expression over two ordered d6."""
    threshold = 16 if hp >= 15 else 13 if hp >= 10 else 7

    def down(first: int, second: int) -> bool:
        damage = max(0, first + second + power - toughness)
        if first == 6 and second >= 4:
            return True
        lost = min(damage, max(0, hp - 1)) if (first == 1 and second <= 3) else damage
        return lost >= threshold or (lost > 0 and hp - lost <= 0)

    die = icepool.map(down, icepool.d6, icepool.d6)
    return Fraction(die.quantity(True), die.denominator())


@pytest.mark.parametrize(("power", "toughness", "hp"), [
    (10, 1, 40), (8, 4, 40), (5, 5, 20), (7, 1, 14), (4, 8, 12), (5, 3, 9), (3, 3, 4), (10, 2, 2), (1, 10, 40),
    (10, 1, 12), (9, 1, 3),
])
def test_knockdown_chance_from_one_punch_equals_icepool(power: int, toughness: int, hp: int) -> None:
    assert knockdown_chance_from_tables(power, toughness, hp) == knockdown_chance_icepool(power, toughness, hp)


def test_known_values() -> None:
    # Against an untouched 40 HP fighter only Special Moves (3 of 36) knock down at power 5, toughness 5.
    assert knockdown_chance_from_tables(5, 5, 40) == Fraction(3, 36)
    # Power 10 against Toughness 1: 16+ damage needs 2d6 >= 7 (21 of 36 pairs), plus the specials
    # already counted among them.
    assert knockdown_chance_from_tables(10, 1, 40) == Fraction(21, 36)


def test_a_floored_left_jab_knocks_down_only_on_what_it_took() -> None:
    # Power 9 on Toughness 1 at 3 HP: every punch does 10+ nominal and every Series or heavier one
    # takes HP to 0 or below; the three single Left Jabs stop at 1 HP (2 taken, under 7): no knockdown.
    assert knockdown_chance_from_tables(9, 1, 3) == Fraction(33, 36)
