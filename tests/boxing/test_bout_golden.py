"""Golden bouts: scripted dice in, exact events and result out, for each rule and ruling.

Dice per turn: Red's initiative 2d12, Blue's initiative 2d12, the attacker's punch 2d6 (first die
picks the punch family), then a get-up 2d6 if someone is knocked down.
"""

import json

import pytest

from tests.boxing.helpers import bout, fighter, happenings
from turnbuckle.core.errors import ScriptError
from turnbuckle.core.render import render_json

SLUGGER = fighter("Slugger", 10, 1, 4)  # hits Glass for 2d6 + 9
GLASS = fighter("Glass", 7, 7, 1)  # hits Slugger for 2d6 + 3


def slugger_turn(*dice: int) -> list[int]:
    """Slugger wins initiative (21 vs 9 or less) with no combo (natural 20)."""
    return [10, 10, 1, 1, *dice]


def glass_turn(*dice: int) -> list[int]:
    """Glass wins initiative (natural 3 + Speed >= 5 beats Slugger's 1 + 1 + 1)."""
    return [1, 1, 1, 2, *dice]


# Round 1: Glass hits for 12, 12 and 9 (no knockdowns: under 16 at 15+ HP): Slugger 40 -> 7;
# the interval heals him to 9 and Glass, who attacked all three turns, is at Speed 5 in round 2.
SLUGGER_AT_9 = glass_turn(4, 5) + glass_turn(4, 5) + glass_turn(3, 3)


def test_knockdown_at_15_plus_and_ko_on_a_get_up_of_2() -> None:
    rec = bout(SLUGGER, GLASS, slugger_turn(5, 6, 1, 1))
    (punch,) = happenings(rec, "punch")
    assert punch["punch"] == "Right Uppercut" and punch["damage"] == 20 and punch["hp_after"] == 20
    (kd,) = happenings(rec, "knockdown")
    # Toughness 1 cannot give the -1, so Speed pays it: 7 -> 6.
    assert (kd["fighter"], kd["penalty"], kd["toughness"], kd["speed"]) == ("Glass", 1, 1, 6)
    (getup,) = happenings(rec, "getup")
    assert (getup["table"], getup["roll"], getup["outcome"]) == ("HP 15-40 before the punch", 2, "ko")
    assert rec.to_json()["result"] == {
        "winner": "Slugger", "method": "ko", "round": 1, "turn": 1,
        "summary": "Slugger wins by KO in round 1, turn 1.", "placings": [1, 2], "teams": [1, 2],
    }


@pytest.mark.parametrize(("getup", "outcome", "hp"), [((1, 2), "+1", 21), ((3, 3), "+1", 21), ((3, 4), "+2", 22)])
def test_get_up_outcomes_in_the_top_band(getup: tuple[int, int], outcome: str, hp: int) -> None:
    dice = slugger_turn(5, 6, *getup) + glass_turn(1, 1) + glass_turn(1, 1)
    rec = bout(SLUGGER, GLASS, dice, rounds=1)
    first = happenings(rec, "getup")[0]
    assert (first["outcome"], first["hp"]) == (outcome, hp)
    # Two Left Jabs for 5 each leave Slugger at 30, ahead of Glass on the cards.
    assert rec.result.summary == f"Slugger wins the decision, 30 HP to {hp}."


def test_knockdown_in_the_10_to_14_band_and_ko_on_3() -> None:
    # 15 (40 -> 25), a Left Jab 11 (-> 14), then 13 from 14 HP: the 10-14 band needs 13.
    dice = slugger_turn(3, 3) + slugger_turn(1, 1) + slugger_turn(2, 2, 1, 2)
    rec = bout(SLUGGER, GLASS, dice)
    assert [p["hp_after"] for p in happenings(rec, "punch")] == [25, 14, 1]
    (getup,) = happenings(rec, "getup")
    assert (getup["table"], getup["outcome"]) == ("HP 10-14 before the punch", "ko")
    assert (rec.result.method, rec.result.at) == ("ko", {"round": 1, "turn": 3})


def test_no_knockdown_one_point_under_the_threshold() -> None:
    # 12 from 14 HP (band 10-14 needs 13) leaves 2 HP and no knockdown.
    dice = slugger_turn(3, 3) + slugger_turn(1, 1) + slugger_turn(1, 2)
    rec = bout(SLUGGER, GLASS, dice, rounds=1)
    assert happenings(rec, "knockdown") == []
    assert rec.winner_name() == "Slugger"


def test_knockdown_in_the_1_to_9_band_needs_7() -> None:
    rec = bout(SLUGGER, GLASS, SLUGGER_AT_9 + glass_turn(2, 2, 1, 2), rounds=2)
    (kd,) = happenings(rec, "knockdown")
    assert (kd["hp_before"], kd["hp"], kd["damage"]) == (9, 2, 7)
    (getup,) = happenings(rec, "getup")
    assert (getup["table"], getup["roll"], getup["outcome"]) == ("HP 1-9 before the punch", 3, "ko")
    assert rec.result.at == {"round": 2, "turn": 1}


def test_a_get_up_roll_of_4_in_the_1_to_9_band_gains_one() -> None:
    # Up at 3 HP; Glass's two Left Jabs (6 each, Toughness now 3) stop at the 1 HP floor.
    dice = SLUGGER_AT_9 + glass_turn(2, 2, 1, 3) + glass_turn(1, 1) * 2
    rec = bout(SLUGGER, GLASS, dice, rounds=2)
    assert happenings(rec, "getup")[0]["outcome"] == "+1"
    assert [p["hp_after"] for p in happenings(rec, "punch")[-2:]] == [1, 1]


def test_a_bout_that_goes_on_needs_more_dice() -> None:
    with pytest.raises(ScriptError, match="ran out"):
        bout(SLUGGER, GLASS, SLUGGER_AT_9 + glass_turn(2, 2, 1, 3), rounds=2)


def test_round_two_speed_reflects_fatigue_and_healing() -> None:
    rec = bout(SLUGGER, GLASS, SLUGGER_AT_9 + glass_turn(2, 2, 1, 2), rounds=2)
    (interval,) = happenings(rec, "interval")
    assert interval["fatigue"] == {"Slugger": 0, "Glass": 2}
    assert interval["hp"] == {"Slugger": 9, "Glass": 40}
    assert happenings(rec, "round_start")[1]["speed"] == {"Slugger": 1, "Glass": 5}


@pytest.mark.parametrize(
    ("punch", "getup", "hp_after", "table", "outcome"),
    [
        ((3, 3), (2, 2), 0, "HP 0 to -3", "ko"),  # 9 damage from 9: reaching 0 knocks down
        ((3, 3), (2, 3), 0, "HP 0 to -3", "+1"),
        ((3, 6), (3, 4), -3, "HP 0 to -3", "+2"),
        ((4, 6), (3, 3), -4, "HP -4", "ko"),
        ((4, 6), (3, 4), -4, "HP -4", "+1"),
        ((4, 6), (4, 4), -4, "HP -4", "+2"),
    ],
)
def test_get_up_tables_at_zero_and_below(
    punch: tuple[int, int], getup: tuple[int, int], hp_after: int, table: str, outcome: str
) -> None:
    dice = SLUGGER_AT_9 + glass_turn(*punch, *getup)
    if outcome != "ko":  # the bout goes on: two quiet Left Jabs end the last round
        dice += glass_turn(1, 1) + glass_turn(1, 1)
    rec = bout(SLUGGER, GLASS, dice, rounds=2)
    first = happenings(rec, "getup")[0]
    assert (happenings(rec, "knockdown")[0]["hp"], first["table"], first["outcome"]) == (hp_after, table, outcome)


def test_tko_at_minus_5_without_a_get_up_roll() -> None:
    rec = bout(SLUGGER, GLASS, SLUGGER_AT_9 + glass_turn(5, 6), rounds=2)
    assert happenings(rec, "getup") == []
    assert happenings(rec, "tko") == [{"round": 2, "turn": 1, "fighter": "Slugger", "hp": -5}]
    assert (rec.result.method, rec.winner_name()) == ("tko", "Glass")


def test_literal_reading_makes_zero_hp_use_the_harsh_table() -> None:
    dice = SLUGGER_AT_9 + glass_turn(3, 3, 2, 3)  # a 5 is +1 under our ruling, a KO under the literal reading
    rec = bout(SLUGGER, GLASS, dice, rounds=2, getup="literal")
    (getup,) = happenings(rec, "getup")
    assert (getup["table"], getup["outcome"]) == ("HP -4 to 0", "ko")


def test_special_move_on_toughness_1_costs_speed_5_to_3() -> None:
    target = fighter("Five", 9, 5, 1)
    dice = [10, 10, 1, 1, 6, 4, 6, 6] + [10, 10, 1, 1, 1, 1] + [10, 10, 1, 1, 1, 1]
    rec = bout(SLUGGER, target, dice, rounds=1)
    (kd,) = happenings(rec, "knockdown")
    assert (kd["punch"], kd["penalty"], kd["toughness"], kd["speed"]) == ("Special Move", 2, 1, 3)
    assert happenings(rec, "punch")[0]["damage"] == 19


def test_special_move_penalty_takes_toughness_first() -> None:
    target = fighter("Target", 5, 5, 5)
    dice = [10, 10, 1, 1, 6, 5, 6, 6, *slugger_turn(1, 1), *slugger_turn(1, 1)]
    rec = bout(SLUGGER, target, dice, rounds=1)
    (kd,) = happenings(rec, "knockdown")
    assert (kd["toughness"], kd["speed"]) == (3, 5)
    # Special Move for 16 does 6 + 5 + 10 - 5; the knockdown is automatic whatever the damage.
    assert happenings(rec, "punch")[0]["damage"] == 16


def test_left_jab_floor_and_series_of_jabs() -> None:
    # Slugger 40 -> 28 -> 16 -> 3 (13 at 16 HP is under 16: no knockdown); interval to 5.
    prefix = glass_turn(4, 5) + glass_turn(4, 5) + glass_turn(4, 6)
    rec = bout(SLUGGER, GLASS, prefix + glass_turn(1, 1) + glass_turn(1, 1) + glass_turn(1, 1), rounds=2)
    jabs = happenings(rec, "punch")[3:]
    assert [(j["punch"], j["damage"], j["hp_after"], j["jab_floor"]) for j in jabs] == [
        ("Left Jab", 5, 1, True), ("Left Jab", 5, 1, True), ("Left Jab", 5, 1, True)]
    assert happenings(rec, "knockdown") == []
    rec = bout(SLUGGER, GLASS, prefix + glass_turn(1, 4, 1, 1), rounds=2)
    (kd,) = happenings(rec, "knockdown")
    assert (kd["punch"], kd["hp"]) == ("Series of Left Jabs", -3)


def test_combo_two_punches_knock_down_on_combined_damage() -> None:
    # Natural 21 for Slugger: 13 (no knockdown alone) then 14; 27 combined from 40 HP knocks down.
    dice = [11, 10, 1, 1, 2, 2, 1, 4, 1, 1]
    rec = bout(SLUGGER, GLASS, dice)
    assert happenings(rec, "initiative")[0]["combo"] is True
    punches = happenings(rec, "punch")
    assert [(p["punch"], p["damage"], p["combo_part"]) for p in punches] == [
        ("Left Body Blow", 13, 1), ("Series of Left Jabs", 14, 2)]
    (kd,) = happenings(rec, "knockdown")
    assert (kd["damage"], kd["hp_before"], kd["hp"], kd["punch"]) == (27, 40, 13, "Series of Left Jabs")
    assert happenings(rec, "getup")[0]["table"] == "HP 15-40 before the punch"


def test_combo_stops_when_the_first_punch_knocks_down() -> None:
    rec = bout(SLUGGER, GLASS, [11, 10, 1, 1, 6, 6, 1, 1])
    assert len(happenings(rec, "punch")) == 1
    assert rec.result.method == "ko"


def test_combo_penalty_is_the_more_damaging_punchs() -> None:
    # Special Move (6,4) as the second punch: 19 beats the first punch's 13, so the penalty is 2.
    rec = bout(SLUGGER, GLASS, [11, 10, 1, 1, 2, 2, 6, 4, 1, 1])
    (kd,) = happenings(rec, "knockdown")
    assert (kd["punch"], kd["penalty"], kd["speed"]) == ("Special Move", 2, 5)


# Slugger's natural 21: a Right Uppercut (5,6) for 20 would floor Glass alone, so use a fighter it
# does not floor: Kid (Power 5) hits Glass (Toughness 1) for 2d6 + 4. A Right Uppercut (5,6) for 15
# (40 -> 25, under the 15-40 band's 16) then a Special Move (6,4) for 14 (25 -> 11): the Special Move
# took less, and it always floors. Glass gets up (8: +2 HP) and her next two punches are blocked.
KID = fighter("Kid", 5, 1, 9)
SPECIAL_LAST = [11, 10, 1, 1, 5, 6, 6, 4, 4, 4] + [1, 1, 1, 2, 1, 1] * 2


def test_a_special_move_in_a_combo_carries_its_own_minus_2() -> None:
    """Rules 1.2 (the rulings' advanced combo): the Special Move's -2 applies even though the other
    punch of the combo took more."""
    rec = bout(KID, GLASS, SPECIAL_LAST, rounds=1)
    assert [(p["punch"], p["damage"], p["combo_part"]) for p in happenings(rec, "punch")] == [
        ("Right Uppercut", 15, 1), ("Special Move", 14, 2), ("Left Jab", 0, 0), ("Left Jab", 0, 0)]
    (kd,) = happenings(rec, "knockdown")
    assert (kd["punch"], kd["damage"], kd["hp"], kd["penalty"], kd["toughness"], kd["speed"]) == (
        "Special Move", 29, 11, 2, 1, 5)
    assert rec.ruleset_version == "1.2"
    assert rec.result.summary == "Kid wins the decision, 40 HP to 13."


def test_rules_1_1_gave_the_more_damaging_punchs_minus_1() -> None:
    """The same dice under rules 1.1 (kept for stored bouts): the Right Uppercut took more, so -1."""
    rec = bout(KID, GLASS, SPECIAL_LAST, rounds=1, version="1.1")
    (kd,) = happenings(rec, "knockdown")
    assert (kd["punch"], kd["damage"], kd["hp"], kd["penalty"], kd["toughness"], kd["speed"]) == (
        "Right Uppercut", 29, 11, 1, 1, 6)
    assert rec.ruleset_version == "1.1"


def test_combo_that_does_not_knock_down() -> None:
    iron = fighter("Iron", 4, 3, 8)
    dice = [11, 10, 1, 1, 1, 4, 1, 5] + slugger_turn(1, 1) + slugger_turn(1, 1)
    rec = bout(SLUGGER, iron, dice, rounds=1)
    assert [p["damage"] for p in happenings(rec, "punch")] == [7, 8, 4, 4]
    assert happenings(rec, "knockdown") == []


def test_combo_option_off_gives_one_punch() -> None:
    dice = [11, 10, 1, 1, 2, 2] + slugger_turn(1, 1) + slugger_turn(1, 1)
    rec = bout(SLUGGER, GLASS, dice, rounds=1, combo=False)
    assert happenings(rec, "initiative")[0]["combo"] is False
    assert len(happenings(rec, "punch")) == 3


def test_only_the_initiative_winner_gets_a_combo() -> None:
    # Slugger rolls a natural 22 but Fast's 20 + 9 wins: one punch, no combo for anyone.
    fast = fighter("Fast", 5, 9, 1)
    dice = [10, 10, 11, 11, 2, 2] + [10, 10, 1, 1, 1, 1] * 2
    rec = bout(fast, SLUGGER, dice, rounds=1)
    first = happenings(rec, "initiative")[0]
    assert (first["attacker"], first["naturals"], first["combo"]) == ("Fast", [20, 22], False)
    assert len(happenings(rec, "punch")) == 3


def test_clinch_heals_two_but_never_above_40() -> None:
    # Glass jabs Slugger (40 -> 35), then two clinches: 13 = 6+6+1 = 3+3+7.
    dice = glass_turn(1, 1) + [6, 6, 3, 3] + [6, 6, 3, 3]
    rec = bout(SLUGGER, GLASS, dice, rounds=1)
    assert [c["hp"] for c in happenings(rec, "clinch")] == [
        {"Slugger": 37, "Glass": 40}, {"Slugger": 39, "Glass": 40}]
    assert rec.to_json()["result"] == {
        "winner": "Glass", "method": "decision", "round": 1, "turn": 3,
        "summary": "Glass wins the decision, 40 HP to 39.", "placings": [2, 1], "teams": [1, 2],
    }


def test_equal_hp_after_the_last_round_is_a_draw() -> None:
    rec = bout(SLUGGER, GLASS, [6, 6, 3, 3] * 3, rounds=1)
    assert rec.to_json()["result"] == {
        "winner": None, "method": "draw", "round": 1, "turn": 3,
        "summary": "A draw on the judges' cards: 40 HP each.", "placings": [1, 1], "teams": [1, 2],
    }


def test_fatigue_lasts_one_round_by_default_and_adds_up_when_cumulative() -> None:
    # Round 1: Glass attacks 3 times; round 2: Slugger attacks 3 times; round 3: Glass again.
    r1 = glass_turn(1, 1) * 3
    r2 = slugger_turn(1, 1) * 3
    r3 = glass_turn(1, 1) * 3
    rec = bout(SLUGGER, GLASS, r1 + r2 + r3, rounds=3)
    speeds = [r["speed"] for r in happenings(rec, "round_start")]
    assert speeds == [{"Slugger": 1, "Glass": 7}, {"Slugger": 1, "Glass": 5}, {"Slugger": 0, "Glass": 7}]
    rec = bout(SLUGGER, GLASS, r1 + r2 + r3, rounds=3, fatigue="cumulative")
    speeds = [r["speed"] for r in happenings(rec, "round_start")]
    assert speeds == [{"Slugger": 1, "Glass": 7}, {"Slugger": 1, "Glass": 5}, {"Slugger": 0, "Glass": 5}]


def test_two_attacks_in_a_round_cost_one_speed() -> None:
    r1 = glass_turn(1, 1) * 2 + slugger_turn(1, 1)
    rec = bout(SLUGGER, GLASS, r1 + glass_turn(1, 1) * 3, rounds=2)
    (interval,) = happenings(rec, "interval")
    assert interval["fatigue"] == {"Slugger": 0, "Glass": 1}
    assert interval["speed_next"] == {"Slugger": 1, "Glass": 6}


def test_no_interval_after_the_last_round() -> None:
    rec = bout(SLUGGER, GLASS, glass_turn(1, 1) * 3, rounds=1)
    assert happenings(rec, "interval") == []
    assert rec.result.summary == "Glass wins the decision, 40 HP to 25."


def test_whole_record_of_a_one_turn_bout_is_exact() -> None:
    rec = bout(SLUGGER, GLASS, slugger_turn(5, 6, 1, 1))
    data = json.loads(render_json(rec))
    assert data["format"] == "turnbuckle.match/2"
    assert (data["ruleset"], data["ruleset_version"], data["seed"], data["dice"]) == ("boxing", "1.2", None, "script")
    assert data["options"] == {"rounds": 12, "combo": True, "fatigue": "next-round", "getup": "ruling",
                               "last_interval": "none"}
    assert data["sides"][0] == {"name": "Slugger", "entrant": None, "player": "auto",
                                "sheet": {"name": "Slugger", "power": 10, "speed": 1, "toughness": 4}}
    assert data["events"] == [
        {"type": "bout_start", "rounds": 12, "combo": True, "fatigue": "next-round"},
        {"type": "round_start", "round": 1, "speed": {"Slugger": 1, "Glass": 7}, "hp": {"Slugger": 40, "Glass": 40}},
        {"type": "roll", "purpose": "Slugger initiative", "dice": "2d12", "faces": [10, 10], "total": 20,
         "side": "Slugger"},
        {"type": "roll", "purpose": "Glass initiative", "dice": "2d12", "faces": [1, 1], "total": 2, "side": "Glass"},
        {"type": "initiative", "round": 1, "turn": 1, "totals": [21, 9], "naturals": [20, 2], "attacker": "Slugger",
         "combo": False},
        {"type": "roll", "purpose": "Slugger punch", "dice": "2d6", "faces": [5, 6], "total": 11, "side": "Slugger"},
        {"type": "punch", "round": 1, "turn": 1, "attacker": "Slugger", "defender": "Glass",
         "punch": "Right Uppercut", "dice": [5, 6], "power": 10, "toughness": 1, "damage": 20, "blocked": False,
         "jab_floor": False, "hp_before": 40, "hp_after": 20, "combo_part": 0},
        {"type": "knockdown", "round": 1, "turn": 1, "fighter": "Glass", "by": "Slugger", "punch": "Right Uppercut",
         "damage": 20, "hp_before": 40, "hp": 20, "penalty": 1, "toughness": 1, "speed": 6, "count": 1},
        {"type": "roll", "purpose": "Glass get-up", "dice": "2d6", "faces": [1, 1], "total": 2, "side": "Glass"},
        {"type": "getup", "round": 1, "turn": 1, "fighter": "Glass", "table": "HP 15-40 before the punch", "roll": 2,
         "outcome": "ko", "hp": 20},
    ]


def test_blocked_punch_does_nothing() -> None:
    iron = fighter("Iron", 1, 4, 10)
    weak = fighter("Weak", 3, 10, 2)
    dice = [1, 1, 10, 10, 1, 1] * 3  # Weak wins each turn; 2 + 3 - 10 < 1: blocked
    rec = bout(iron, weak, dice, rounds=1)
    assert all(p["blocked"] and p["hp_after"] == 40 for p in happenings(rec, "punch"))
    assert rec.result.method == "draw"


def test_a_floored_left_jab_is_tested_on_the_damage_it_took() -> None:
    # 15 (40 -> 25), 13 (-> 12), then a Left Jab for 13 at 12 HP: the floor stops it at 1 HP, so
    # Glass took 11, under the 10-14 band's 13: no knockdown (its 13 nominal points do not count).
    dice = slugger_turn(3, 3) + slugger_turn(2, 2) + slugger_turn(1, 3)
    rec = bout(SLUGGER, GLASS, dice, rounds=1)
    jab = happenings(rec, "punch")[-1]
    assert (jab["punch"], jab["damage"], jab["hp_before"], jab["hp_after"], jab["jab_floor"]) == (
        "Left Jab", 13, 12, 1, True)
    assert happenings(rec, "knockdown") == []
    assert rec.result.summary == "Slugger wins the decision, 40 HP to 1."


def test_a_jab_from_low_hp_to_the_floor_cannot_knock_down_on_its_nominal_points() -> None:
    # Round 1: 15, 11, 11 (40 -> 25 -> 14 -> 3), healed to 5. Round 2: a Left Jab for 12 stops at
    # 1 HP: 4 taken, under the 1-9 band's 7. Two more jabs take nothing from 1 HP.
    dice = slugger_turn(3, 3) + slugger_turn(1, 1) * 2 + slugger_turn(1, 2) + slugger_turn(1, 1) * 2
    rec = bout(SLUGGER, GLASS, dice, rounds=2)
    assert [(p["damage"], p["hp_after"]) for p in happenings(rec, "punch")][3:] == [(12, 1), (11, 1), (11, 1)]
    assert happenings(rec, "knockdown") == []
    assert rec.result.summary == "Slugger wins the decision, 40 HP to 1."


def test_a_floored_left_jab_still_knocks_down_when_what_it_took_meets_the_band() -> None:
    # Three jabs of 11 (40 -> 29 -> 18 -> 7), healed to 9. A jab for 11 at 9 HP stops at 1, but the
    # 8 taken meets the 1-9 band's 7: down, and a 2 on the get-up is a KO.
    dice = slugger_turn(1, 1) * 3 + slugger_turn(1, 1, 1, 1)
    rec = bout(SLUGGER, GLASS, dice, rounds=2)
    (kd,) = happenings(rec, "knockdown")
    assert (kd["punch"], kd["damage"], kd["hp_before"], kd["hp"]) == ("Left Jab", 8, 9, 1)
    (getup,) = happenings(rec, "getup")
    assert (getup["table"], getup["outcome"]) == ("HP 1-9 before the punch", "ko")
    assert rec.result.summary == "Slugger wins by KO in round 2, turn 1."


# Glass jabs Slugger for 5 (40 -> 35), then two clinches (Slugger 12 + 1 = Glass 6 + 7) bring him
# to 39 while Glass stays at the 40 cap.
LEAD_OF_ONE = glass_turn(1, 1) + [6, 6, 3, 3] * 2


def test_no_interval_after_the_last_round_by_default() -> None:
    rec = bout(SLUGGER, GLASS, LEAD_OF_ONE, rounds=1)
    assert happenings(rec, "final_interval") == []
    assert rec.result.summary == "Glass wins the decision, 40 HP to 39."


def test_last_interval_heal_heals_both_before_the_decision() -> None:
    # The literal reading: both heal 2 HP after the final bell; Glass is capped at 40, so a draw.
    rec = bout(SLUGGER, GLASS, LEAD_OF_ONE, rounds=1, last_interval="heal")
    (heal,) = happenings(rec, "final_interval")
    assert heal == {"round": 1, "hp": {"Slugger": 40, "Glass": 40}}
    assert rec.result.method == "draw"
    assert rec.result.summary == "A draw on the judges' cards: 40 HP each."


def test_a_combo_is_tested_in_the_band_before_its_first_punch() -> None:
    # Eve hits Dee for 2d6 + 1. Two Right Uppercuts (12 each) leave Dee at 16. Then a natural 21:
    # 8 (16 -> 8) and 7 (8 -> 1). Alone, 7 at 8 HP would floor Dee (1-9 band: 7+), but the combo's
    # combined 15 is tested in the 15-40 band Dee was in before it, and 15 < 16: no knockdown.
    eve, dee = fighter("Eve", 6, 4, 5), fighter("Dee", 5, 5, 5)
    dice = [10, 10, 1, 1, 5, 6] * 2 + [11, 10, 1, 1, 3, 4, 2, 4]
    rec = bout(eve, dee, dice, rounds=1)
    assert [(p["damage"], p["hp_after"], p["combo_part"]) for p in happenings(rec, "punch")] == [
        (12, 28, 0), (12, 16, 0), (8, 8, 1), (7, 1, 2)]
    assert happenings(rec, "knockdown") == []
    assert rec.result.summary == "Eve wins the decision, 40 HP to 1."


def test_a_combo_whose_second_punch_reaches_zero_knocks_down_under_the_threshold() -> None:
    # Round 1: 12, 12 and 6 leave Dee at 10, healed to 12 in the interval. Round 2 opens with a
    # combo: 5 (12 -> 7) then 7 (7 -> 0). Combined 12 is under the 10-14 band's 13, but reaching 0
    # knocks down; the get-up uses the 0 to -3 table and a 5 gains 1 HP. Two floored jabs follow.
    eve, dee = fighter("Eve", 6, 4, 5), fighter("Dee", 5, 5, 5)
    round_1 = [10, 10, 1, 1, 5, 6] * 2 + [10, 10, 1, 1, 2, 3]
    round_2 = [11, 10, 1, 1, 2, 2, 2, 4, 2, 3] + [10, 10, 1, 1, 1, 1] * 2
    rec = bout(eve, dee, round_1 + round_2, rounds=2)
    (kd,) = happenings(rec, "knockdown")
    assert (kd["damage"], kd["hp_before"], kd["hp"], kd["punch"], kd["toughness"]) == (
        12, 12, 0, "Right Body Blow", 4)
    (getup,) = happenings(rec, "getup")
    assert (getup["table"], getup["outcome"], getup["hp"]) == ("HP 0 to -3", "+1", 1)
    assert rec.result.summary == "Eve wins the decision, 40 HP to 1."


def test_a_one_point_special_move_still_floors_and_the_get_up_cannot_pass_40() -> None:
    # 6 + 4 + Power 1 - Toughness 10 = 1: Wall goes down at 39 and a 7 on the get-up brings him to
    # 40, not 41. Tap's next punches (2 + 1 - 8) are blocked, so the judges see 40 each: a draw.
    tap, wall = fighter("Tap", 1, 4, 10), fighter("Wall", 1, 4, 10)
    dice = [10, 10, 1, 1, 6, 4, 3, 4] + [10, 10, 1, 1, 1, 1] * 2
    rec = bout(tap, wall, dice, rounds=1)
    (kd,) = happenings(rec, "knockdown")
    assert (kd["punch"], kd["damage"], kd["hp"], kd["penalty"], kd["toughness"]) == ("Special Move", 1, 39, 2, 8)
    (getup,) = happenings(rec, "getup")
    assert (getup["outcome"], getup["hp"]) == ("+2", 40)
    assert rec.result.method == "draw"
