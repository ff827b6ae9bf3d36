"""The rulebook's worked examples, as golden tests."""

from __future__ import annotations

from .helpers import army, battle, fig, happenings


def test_speed_4_rolling_6_has_speed_10_this_round() -> None:
    """'a speed base stat of 4, and you roll a 6 then their speed for this round is 10'."""
    a = army("Reds", fig("Four", 10, 4, 4, 0))
    b = army("Blues", fig("Other", 10, 0, 0, 4))
    record, _ = battle([a, b], [6, 1, 1, 1, 1, 1], max_rounds=1)
    assert happenings(record, "initiative_rolls")[0]["totals"] == {"A1": 10, "B1": 1}
    assert happenings(record, "initiative")[0]["order"] == ["A1", "B1"]


def test_attack_total_8_against_defence_total_6_deals_2() -> None:
    """'an ATK total of 8 and ... a DEF total of 6, then the defending figure sustains damage of 2
    points' and subtracts it from its HP."""
    a = army("Reds", fig("Striker", 10, 9, 5, 0))
    b = army("Blues", fig("Guard", 10, 0, 0, 2))
    record, source = battle([a, b], [1, 1, 3, 4, 1, 6], max_rounds=1)
    attack = happenings(record, "attack")[0]
    assert (attack["attack_total"], attack["defence_total"], attack["damage"]) == (8, 6, 2)
    assert (attack["hp_before"], attack["hp_after"]) == (10, 8)
    assert happenings(record, "round_end")[0]["hp"] == {"A1": 10, "B1": 8}
    assert source.remaining == 0
