"""Exact per-exchange boxing odds, checked against icepool (which states the rules afresh here)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from turnbuckle.sim.boxing.exact import initiative, punch

SPEEDS = [(5, 5), (8, 3), (3, 8), (1, 10), (0, 7)]


def _p(die: icepool.Die, outcome: object) -> Fraction:
    return Fraction(die.probability(outcome))


@pytest.mark.parametrize(("sa", "sb"), SPEEDS)
def test_initiative_matches_icepool(sa: int, sb: int) -> None:
    d12 = icepool.d12

    def turn(a1: int, a2: int, b1: int, b2: int) -> str:
        ta, tb = a1 + a2 + sa, b1 + b2 + sb
        if ta == tb:
            return "clinch"
        if ta > tb:
            return "a combo" if a1 + a2 >= 21 else "a"
        return "b combo" if b1 + b2 >= 21 else "b"

    die = icepool.map(turn, d12, d12, d12, d12)
    got = initiative(sa, sb)
    assert got.clinch == _p(die, "clinch")
    assert got.a_combo == _p(die, "a combo")
    assert got.b_combo == _p(die, "b combo")
    assert got.a_attacks == _p(die, "a") + _p(die, "a combo")
    assert got.b_attacks == _p(die, "b") + _p(die, "b combo")
    assert got.a_attacks + got.b_attacks + got.clinch == 1


def _icepool_punch(power: int, toughness: int, hp: int, reading: str) -> icepool.Die:
    """One punch from the rulebook's words: (damage, down, stopped) as an icepool die."""
    d6 = icepool.d6

    def outcome(first: int, second: int, g1: int, g2: int) -> tuple[int, bool, bool]:
        damage = max(0, first + second + power - toughness)
        single_jab = first == 1 and second <= 3
        after = min(hp, max(1, hp - damage)) if single_jab else hp - damage
        special = first == 6 and second >= 4
        if special or (after < hp and after <= 0):
            down = True
        elif 15 <= hp <= 40:  # what the punch took counts (a floored Left Jab takes less)
            down = hp - after >= 16
        elif 10 <= hp <= 14:
            down = hp - after >= 13
        elif 1 <= hp <= 9:
            down = hp - after >= 7
        else:
            down = False
        if not down:
            return damage, False, False
        roll = g1 + g2
        if after <= -5:
            return damage, True, True
        if after > 0:
            ko_at = 2 if hp >= 15 else 3
        elif reading == "ruling":
            ko_at = 4 if after >= -3 else 6
        else:
            ko_at = 4 if after == -3 else 6
        return damage, True, roll <= ko_at

    return icepool.map(outcome, d6, d6, d6, d6)


@pytest.mark.parametrize(("power", "toughness", "hp", "reading"), [
    (5, 5, 40, "ruling"), (8, 4, 40, "ruling"), (10, 1, 15, "ruling"), (10, 1, 14, "ruling"),
    (7, 1, 9, "ruling"), (4, 8, 1, "ruling"), (8, 3, 2, "ruling"), (8, 3, 2, "literal"),
    (10, 2, 5, "literal"), (1, 10, 40, "ruling"), (6, 6, -2, "ruling"),
])
def test_punch_matches_icepool(power: int, toughness: int, hp: int, reading: str) -> None:
    die = _icepool_punch(power, toughness, hp, reading)
    got = punch(power, toughness, hp, reading)
    damage = die.map(lambda o: o[0])
    for d in range(0, 23):
        assert got.damage.get(d, Fraction(0)) == _p(damage, d), f"damage {d}"
    assert got.blocked == _p(damage, 0)
    assert got.down == _p(die.map(lambda o: o[1]), True)
    assert got.stopped == _p(die.map(lambda o: o[2]), True)


def test_known_values() -> None:
    """Hand-checked: equal Speeds clinch when both 2d12 totals match (sum of squares / 144**2)."""
    squares = sum(min(s - 1, 25 - s) ** 2 for s in range(2, 25))
    assert initiative(4, 4).clinch == Fraction(squares, 144 * 144)
    # Only a Special Move (3 of the 36 ordered face pairs) knocks down a full-HP fighter here.
    light = punch(1, 10, 40)
    assert light.down == Fraction(3, 36)
    assert light.stopped == Fraction(3, 36) * Fraction(1, 36)  # then only a 2 on 2d6 is a KO


@given(st.integers(0, 10), st.integers(0, 10))
def test_initiative_is_a_distribution(sa: int, sb: int) -> None:
    got = initiative(sa, sb)
    assert got.a_attacks + got.b_attacks + got.clinch == 1
    assert 0 <= got.a_combo <= got.a_attacks
    assert 0 <= got.b_combo <= got.b_attacks
    # Swapping the sides swaps the answers.
    swapped = initiative(sb, sa)
    assert (swapped.a_attacks, swapped.a_combo) == (got.b_attacks, got.b_combo)


@given(st.integers(1, 10), st.integers(1, 10), st.integers(-3, 40), st.sampled_from(["ruling", "literal"]))
def test_punch_is_a_distribution(power: int, toughness: int, hp: int, reading: str) -> None:
    got = punch(power, toughness, hp, reading)
    assert sum(got.damage.values()) == 1
    assert Fraction(3, 36) <= got.down <= 1  # a Special Move always knocks down
    assert 0 <= got.stopped <= got.down
