"""Golden tests for match resolution: each round type, damage, ties, DQ, injury, victory checks,
time limit; dice scripted, results asserted exactly.

The standard duel: A and B (Stamina 10, Power 3, Technical 3, Weight 3), both +Power +Technical
-Martial Arts, on an all-Power grid; the style list is Po Te Po Te Po, so style face 1 is Power.
Each round's script: the style die, A's dice, B's dice, injury checks, then victory checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tests.matchmatch.helpers import happenings, play, side
from turnbuckle.core.errors import RulesError
from turnbuckle.core.match import MatchRecord
from turnbuckle.rulesets.matchmatch.side import Side

ALL_POWER = "Po Po Po / Po Po Po / Po Po Po"


def duelist(name: str, rounds: Sequence[dict[str, Any]] = (), conditionals: Sequence[dict[str, Any]] = (),
            plus: Sequence[str] = ("power", "technical"), minus: str = "martial_arts", **over: Any) -> Side:
    styles = {"power": 3, "technical": 3, "weight": 3, **over.pop("styles", {})}
    sheet = {"name": name, "stamina": 10, "styles": styles, **over}
    strategy = {"plus": list(plus), "minus": minus, "grid": "A1", "rounds": list(rounds),
                "conditionals": list(conditionals)}
    return side({"wrestler": sheet, "strategy": strategy})


def r(n: int, kind: str, target: str = "stamina", notes: str = "") -> dict[str, Any]:
    return {"round": n, "type": kind, "target": target, "notes": notes}


def duel(a: Side, b: Side, script: Sequence[int], **options: Any) -> MatchRecord:
    options.setdefault("grid", ALL_POWER)
    options.setdefault("rounds", 1)
    return play([a, b], script, **options)


def total(rec: MatchRecord, who: str, rnd: int = 1) -> int:
    return int(next(x for x in happenings(rec, "attack") if x["side"] == who and x["round"] == rnd)["total"])


def test_normal_round_damage_injury_check_and_pin() -> None:
    # A 18+3=21, B 3+3=6: won by 15 -> 4 damage; 3 or more taken: injury check 3d6 - 6 - 3 - 0.
    rec = duel(duelist("A"), duelist("B"), [1, 6, 6, 6, 1, 1, 1, 6, 6, 6, 6, 6, 5])
    dmg = happenings(rec, "damage")[0]
    assert (dmg["side"], dmg["damage"], dmg["stamina"]) == ("B", 4, 6)
    inj = happenings(rec, "injury_check")[0]
    assert (inj["roll"], inj["total"], inj["injured"]) == (18, 9, False)
    pin = happenings(rec, "victory_check")[0]
    assert (pin["roll"], pin["total"], pin["count"]) == (17, 6, 3)  # 17 - 6 Stamina - 5 styles
    assert (rec.result.winner, rec.result.method, rec.result.at) == (0, "pinfall", {"round": 1})


def test_high_risk_sixes_count_zero_and_threes_roll_again() -> None:
    a = duelist("A", [r(1, "High Risk")])
    rec = duel(a, duelist("B"), [1, 3, 6, 2, 4, 2, 2, 2, 1, 1, 1])
    att = happenings(rec, "attack")[0]
    assert (att["counted"], att["extra"], att["total"]) == ([3, 0, 2], [4], 12)
    assert happenings(rec, "damage")[0]["damage"] == 1
    assert (rec.result.winner, rec.result.method) == (None, "draw")


def test_high_spot_and_defensive_bonuses() -> None:
    a = duelist("A", [r(1, "Defensive")])
    b = duelist("B", [r(1, "High Spot")], high_spots=1)
    rec = duel(a, b, [1, 2, 2, 2, 2, 2, 2, 1, 1, 1])
    assert (total(rec, "A"), total(rec, "B")) == (12, 11)  # 6+3+3 and 6+3+2
    dmg = happenings(rec, "damage")[0]
    assert (dmg["side"], dmg["raw"], dmg["damage"], dmg["stamina"]) == ("B", 1, 0, 10)  # Defensive winner: 0


def test_defense_reduces_but_never_below_one() -> None:
    b = duelist("B", defenses={"power": 3})
    rec = duel(duelist("A"), b, [1, 6, 6, 6, 2, 2, 2, 1, 1, 1])
    dmg = happenings(rec, "damage")[0]
    assert (dmg["raw"], dmg["damage"]) == (3, 1)  # won by 12: 3, less 3 defense, floor 1


def test_finisher_attack_and_pin_bonus() -> None:
    a = duelist("A", [r(1, "Finisher")])
    rec = duel(a, duelist("B"), [1, 3, 3, 3, 3, 3, 3, 6, 6, 5])
    assert total(rec, "A") == 9 + 3 + 4
    pin = happenings(rec, "victory_check")[0]
    assert (pin["round_type"], pin["total"]) == (2, 17 + 2 - 9 - 5)
    assert rec.result.method == "pinfall"
    assert happenings(rec, "finish")[0]["round_type"] == "finisher"


def test_high_impact_damage_and_pin() -> None:
    a = duelist("A", [r(1, "High Impact")])
    rec = duel(a, duelist("B"), [1, 3, 3, 3, 3, 3, 3, 1, 1, 1])
    assert total(rec, "A") == 13
    assert happenings(rec, "damage")[0]["damage"] == 2  # won by 1: 1 + 1 High Impact
    assert happenings(rec, "victory_check")[0]["round_type"] == 2


def test_submission_pin_bonus_and_method() -> None:
    a = duelist("A", [r(1, "Submission")])
    rec = duel(a, duelist("B"), [1, 4, 4, 4, 3, 3, 3, 6, 6, 2])
    pin = happenings(rec, "victory_check")[0]
    assert (pin["round_type"], pin["total"]) == (4, 14 + 4 - 9 - 5)
    assert (rec.result.winner, rec.result.method) == (0, "submission")


def test_cripple_any_damage_checks_injury_with_plus_two() -> None:
    a = duelist("A", [r(1, "Cripple", "power")])
    rec = duel(a, duelist("B", stamina=4), [1, 4, 4, 4, 3, 3, 3, 6, 6, 6, 1, 1, 1])
    dmg = happenings(rec, "damage")[0]
    assert (dmg["target"], dmg["damage"], dmg["after"]) == ("power", 1, 2)
    inj = happenings(rec, "injury_check")[0]
    assert (inj["cripple"], inj["total"], inj["injured"]) == (True, 18 - 4 - 2 - 0 + 2, True)
    assert inj["injuries"] == 1


def test_illegal_dq_and_success() -> None:
    a = duelist("A", [r(1, "Illegal")])
    rec = duel(a, duelist("B"), [1, 1, 1, 1, 5, 5, 1, 1, 1])
    assert (rec.result.winner, rec.result.method) == (1, "dq")
    rec = duel(a, duelist("B"), [1, 1, 1, 1, 4, 5, 1, 1, 1, 1, 1, 1])
    att = happenings(rec, "attack")[0]
    assert (att["cheat"], att["total"], att["dq_threshold_after"]) == ([4, 5], 15, 9)


def test_vile_cheat_adds_two_more_dice_and_counts_out() -> None:
    a = duelist("A", [r(1, "Vile Cheat")])
    rec = duel(a, duelist("B"), [1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 6, 6, 6])
    att = happenings(rec, "attack")[0]
    assert (att["cheat"], att["total"]) == ([1, 1, 2, 2], 3 + 3 + 6)
    assert (rec.result.winner, rec.result.method) == (0, "count-out")  # a natural 18 always wins
    assert happenings(rec, "victory_check")[0]["natural"] is True


def test_vile_cheat_dq_takes_no_extra_dice() -> None:
    a = duelist("A", [r(1, "Vile Cheat")])
    rec = duel(a, duelist("B"), [1, 1, 1, 1, 6, 4, 1, 1, 1])
    assert (rec.result.winner, rec.result.method) == (1, "dq")


def test_referee_thresholds_and_ref_slack() -> None:
    a = duelist("A", [r(1, "Illegal")])
    rec = duel(a, duelist("B"), [1, 1, 1, 1, 2, 3, 1, 1, 1], referee="Zero Tolerance")
    assert (rec.result.winner, rec.result.method) == (1, "dq")  # 5 >= 5
    slick = duelist("A", [r(1, "Illegal")], ref_slack=1)
    rec = duel(slick, duelist("B"), [1, 1, 1, 1, 2, 3, 1, 1, 1, 1, 1, 1], referee="Zero Tolerance")
    assert happenings(rec, "side")[0]["dq_threshold"] == 6
    assert happenings(rec, "attack")[0]["dq_threshold_after"] == 5
    rec = duel(a, duelist("B"), [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], referee="roll")
    assert happenings(rec, "match_start")[0]["referee"] == "Zero Tolerance"  # 2d6 = 12 on the table
    assert happenings(rec, "attack")[0]["dq"] is False  # a check of 2 is under 5


def test_tie_both_take_one_and_both_check() -> None:
    a = duelist("A", [r(1, "Normal", "technical")])
    rec = duel(a, duelist("B"), [1, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1])
    dmg = {d["side"]: (d["target"], d["after"]) for d in happenings(rec, "damage")}
    assert dmg == {"A": ("stamina", 9), "B": ("technical", 2)}
    assert len(happenings(rec, "victory_check")) == 2
    assert rec.result.method == "draw"


def test_tie_double_count_out() -> None:
    rec = duel(duelist("A"), duelist("B"), [1, 3, 3, 3, 3, 3, 3, 6, 6, 6, 6, 6, 6])
    assert (rec.result.winner, rec.result.method) == (None, "double count-out")


def test_tie_one_side_wins() -> None:
    rec = duel(duelist("A"), duelist("B"), [1, 3, 3, 3, 3, 3, 3, 1, 1, 1, 6, 6, 6])
    assert (rec.result.winner, rec.result.method) == (1, "pinfall")


def test_overflow_from_a_style_to_stamina() -> None:
    a = duelist("A", [r(1, "Normal", "technical")])
    rec = duel(a, duelist("B"), [1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    dmg = happenings(rec, "damage")[0]
    assert (dmg["damage"], dmg["to_style"], dmg["to_stamina"], dmg["stamina"]) == (4, 3, 1, 9)


def test_victory_modifiers_weight_zero_styles_injuries() -> None:
    a = duelist("A", styles={"weight": 5})
    b = duelist("B", styles={"technical": 0}, injuries=2)
    rec = duel(a, b, [1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 4, 4, 4])
    pin = happenings(rec, "victory_check")[0]
    assert (pin["weight"], pin["zero_styles"], pin["injuries"], pin["stamina"], pin["styles"]) == (1, 1, 2, 6, 5)
    assert pin["total"] == 12 + 1 + 1 + 2 - 6 - 5


def test_minus_style_halves_the_opponent_rounded_up() -> None:
    a = duelist("A", minus="power")
    b = duelist("B", styles={"power": 7})
    rec = duel(a, b, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    assert happenings(rec, "side")[1]["styles"]["power"] == 4
    assert total(rec, "B") == 7


def test_time_limit_draw_default_is_20_rounds() -> None:
    script: list[int] = []
    for _ in range(20):
        script += [1, 1, 1, 1, 1, 1, 2, 1, 1, 1]  # B wins each round by 1, no count
    rec = play([duelist("A", stamina=15), duelist("B", stamina=15)], script, grid=ALL_POWER)
    assert (rec.result.winner, rec.result.method, rec.result.at) == (None, "draw", {"round": 20})
    assert happenings(rec, "time_limit")[0]["rounds"] == 20


def test_conditional_fires_when_specials_unused_and_guard_turns_excess_normal() -> None:
    a = duelist("A", [r(2, "Finisher")], conditionals=[{"unused": "specials", "by_round": 1, "type": "Finisher"}])
    rec = duel(a, duelist("B"), [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1], rounds=2)
    acts = [x for x in happenings(rec, "action") if x["side"] == "A"]
    assert (acts[0]["round_type"], acts[0]["source"]) == ("finisher", "conditional")
    assert (acts[1]["round_type"], acts[1]["wanted"]) == ("normal", "finisher")
    assert "no Specials left" in str(acts[1]["reason"])


def test_strategy_over_the_limits_is_rejected_at_the_bell() -> None:
    a = duelist("A", [r(1, "High Spot"), r(2, "High Spot")], high_spots=1)
    with pytest.raises(RulesError, match=r"A: round 1, round 2: 2 High Spot round\(s\)"):
        duel(a, duelist("B"), [], rounds=2)


def test_by_style_sections_follow_occurrences() -> None:
    strat = {"plus": ["power", "technical"], "minus": "martial_arts", "grid": "A1",
             "by_style": {"power": [{"round": 2, "type": "Defensive"}],
                          "technical": [{"round": "All", "type": "High Risk"}]}}
    a = side({"wrestler": {"name": "A", "stamina": 10, "styles": {"power": 3, "technical": 3}}, "strategy": strat})
    # rounds: Power (1st), Technical (1st), Power (2nd): Normal, High Risk, Defensive
    script = [1, 1, 1, 1, 2, 2, 2, 1, 1, 1,
              2, 1, 1, 1, 2, 2, 2, 1, 1, 1,
              1, 1, 1, 1, 2, 2, 3, 1, 1, 1]
    rec = duel(a, duelist("B"), script, rounds=3)
    kinds = [x["round_type"] for x in happenings(rec, "action") if x["side"] == "A"]
    assert kinds == ["normal", "high_risk", "defensive"]
