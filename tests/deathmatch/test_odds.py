"""Exact odds of one exchange, checked against icepool and against the engine itself."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from turnbuckle.rulesets.deathmatch.attack import damage
from turnbuckle.rulesets.deathmatch.odds import (
    damage_distribution,
    expected_damage,
    hit_chance,
    kill_chance,
)

from .helpers import army, battle, fig, happenings

GRID = [(atk, d) for atk in range(0, 11) for d in range(0, 11)]


def _icepool_damage(atk: int, d: int) -> icepool.Die:
    return ((icepool.d6 + atk) - (icepool.d6 + d)).map(lambda x: max(0, x))


@pytest.mark.parametrize(("atk", "d"), GRID)
def test_the_chance_one_figure_beats_another_equals_icepool(atk: int, d: int) -> None:
    assert hit_chance(atk, d) == ((icepool.d6 + atk) > (icepool.d6 + d)).probability(True)


@pytest.mark.parametrize(("atk", "d"), GRID[::7])
def test_the_damage_distribution_equals_icepool(atk: int, d: int) -> None:
    die = _icepool_damage(atk, d)
    ours = damage_distribution(atk, d)
    assert set(ours) == set(die.outcomes())
    for dmg, p in ours.items():
        assert p == die.probability(dmg)
    assert expected_damage(atk, d) == die.mean()
    for hp in range(1, 14):
        assert kill_chance(atk, d, hp) == die.probability(">=", hp)


def test_known_values() -> None:
    assert hit_chance(4, 4) == Fraction(15, 36)
    assert hit_chance(0, 5) == Fraction(0)
    assert hit_chance(6, 0) == Fraction(1)
    assert damage(8, 6) == 2
    assert damage(6, 6) == 0
    assert damage(3, 9) == 0


@pytest.mark.parametrize("atk_face", range(1, 7))
def test_the_engine_deals_what_the_odds_count(atk_face: int) -> None:
    """Every pair of faces played through the engine gives the damage the odds enumerate."""
    for def_face in range(1, 7):
        a = army("Reds", fig("Striker", 50, 9, 5, 0))
        b = army("Blues", fig("Guard", 50, 0, 0, 3))
        record, _ = battle([a, b], [1, 1, atk_face, def_face, 1, 6], max_rounds=1)
        attack = happenings(record, "attack")[0]
        assert attack["damage"] == damage(atk_face + 5, def_face + 3)
        assert attack["hp_after"] == 50 - damage(atk_face + 5, def_face + 3)
