"""The pure rule functions of round resolution (IV.2-IV.3), referees and Ref Slack (VII.1)."""

from __future__ import annotations

import pytest

from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.matchmatch.referees import find_referee, referee_for_roll, referees
from turnbuckle.rulesets.matchmatch.rounds import (
    EFFECTS,
    apply_damage,
    count_for,
    dq_probability,
    finish_method,
    high_risk_value,
    injury_check_total,
    pin_modifiers,
    round_damage,
    slack_threshold,
)


def test_round_type_table() -> None:
    assert (EFFECTS["defensive"].attack, EFFECTS["finisher"].attack, EFFECTS["high_impact"].attack,
            EFFECTS["high_spot"].attack) == (3, 4, 1, 2)
    assert (EFFECTS["finisher"].pin, EFFECTS["high_impact"].pin, EFFECTS["submission"].pin) == (2, 2, 4)
    assert EFFECTS["cripple"].injury == 2
    assert EFFECTS["submission"].attack == 0
    assert EFFECTS["normal"] == EFFECTS["high_risk"]


def test_high_risk_dice() -> None:
    assert [high_risk_value(f) for f in range(1, 7)] == [1, 2, 3, 4, 5, 0]


def test_damage_margin_and_defense() -> None:
    assert round_damage(4, "normal", 0) == (1, 1)
    assert round_damage(5, "normal", 0) == (2, 2)
    assert round_damage(11, "normal", 1) == (3, 2)  # Part VI round 1
    assert round_damage(0, "normal", 5) == (1, 1)  # never below 1 from defense
    assert round_damage(4, "high_impact", 0) == (2, 2)
    assert round_damage(4, "defensive", 0) == (1, 0)  # a Defensive winner may do 0
    assert round_damage(10, "defensive", 1) == (3, 1)
    assert round_damage(4, "normal", 0, modifier=1) == (2, 2)


def test_damage_overflow_to_stamina() -> None:
    styles = {"power": 1}
    assert apply_damage(styles, 5, "power", 3) == (1, 2, 3)
    assert styles["power"] == 0
    assert apply_damage({"power": 0}, 1, "stamina", 4) == (0, 1, 0)


def test_injury_check_sum() -> None:
    assert injury_check_total(18, 5, 2, 1, cripple=False) == 10
    assert injury_check_total(16, 5, 2, 1, cripple=True) == 10
    assert injury_check_total(12, 5, 2, 1, cripple=False, chance_modifier=4) == 8


def test_victory_modifiers_each_term() -> None:
    m = pin_modifiers(5, 1, 2, "finisher", 3, 6, 5, match_type=-4)
    assert (m.weight, m.zero_styles, m.round_type, m.injuries, m.stamina, m.styles, m.match_type) == \
        (1, 2, 2, 3, 6, 5, -4)
    assert m.total == 1 + 2 + 2 + 3 - 6 - 5 - 4
    assert pin_modifiers(1, 5, 0, "submission", 0, 0, 6).total == 4 - 6
    assert pin_modifiers(5, 5, 0, "high_impact", 0, 0, 5).weight == 0  # equal Weight: no bonus


def test_counts_and_natural_18() -> None:
    assert [count_for(t, 10) for t in (-3, 0, 1, 2, 3, 4, 9)] == [0, 1, 1, 2, 2, 3, 3]
    assert count_for(-30, 18) == 3


def test_finish_methods() -> None:
    assert finish_method("submission") == "submission"
    assert finish_method("illegal") == "count-out"
    assert finish_method("vile_cheat") == "count-out"
    assert finish_method("finisher") == "pinfall"
    assert finish_method("normal") == "pinfall"


def test_referee_table_and_stated_odds() -> None:
    assert [referee_for_roll(n).name for n in range(2, 13)] == [
        "Sam Atan", "Myron Opia", *["Stan Model"] * 7, "Bill Order", "Zero Tolerance"]
    zero = find_referee("Zero Tolerance")
    ways, of = dq_probability(zero.dq_threshold)
    assert ways * 6 == of * 5  # a first illegal action is a DQ 5 times in 6
    atan = find_referee("atan").dq_threshold
    assert dq_probability(atan)[0] == 0
    assert dq_probability(atan - 1)[0] == 0
    assert dq_probability(atan - 2)[0] == 1
    assert len(referees()) == 5
    with pytest.raises(RulesError, match="no referee named"):
        find_referee("Earl")


def test_ref_slack_caps() -> None:
    assert [slack_threshold(t, 3) for t in (14, 12, 10, 8, 5)] == [16, 14, 12, 11, 8]
    assert slack_threshold(11, 1) == 12
    assert slack_threshold(12, 1) == 13
    assert slack_threshold(10, 0) == 10
    assert slack_threshold(13, 0) == 13
