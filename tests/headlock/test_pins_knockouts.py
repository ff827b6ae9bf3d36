"""Pins (suit advantage, under a quarter, three rolls) and the knockout variant."""

from __future__ import annotations

from turnbuckle.core.sources import ScriptedSource
from turnbuckle.core.table import Table
from turnbuckle.rulesets.headlock.finishes import InRing, knockdown
from turnbuckle.rulesets.headlock.holds import getup_need, max_knockdowns

from .util import char, events, one, play


def test_pin_on_suit_advantage_under_a_quarter_three_failed_rolls() -> None:
    red, blue = char(name="Red"), char(name="Blue", sta=3, defense=1)
    # Red 9H s7: speed 10 + 9 - 7 + 5 = 17 against 10 + 2 - 1 = 11; 10 + 9 + 7 = 26 against 1 + 2: 23 -> 7 of 30.
    rec = play([red, blue], ["9H", "s7", "2S", "s1", 8, 8, 8], turns=1)
    h = one(rec, "hold")
    assert (h["kind"], h["hp"], h["die"], h["target"], h["rolls"]) == ("pin", 7, 8, 7, 3)
    assert one(rec, "pinfall") == {"turn": 1, "attacker": "Red", "defender": "Blue"}
    assert (rec.result.winner, rec.result.method) == (0, "pinfall")


def test_pin_kicked_out_of() -> None:
    red, blue = char(name="Red"), char(name="Blue", sta=3, defense=1)
    rec = play([red, blue], ["9H", "s7", "2S", "s1", 8, 3], turns=1)
    assert one(rec, "escape")["roll"] == 2
    assert rec.result.method == "decision"


def test_no_pin_on_equal_suit() -> None:
    red, blue = char(name="Red"), char(name="Blue", sta=3, defense=1)
    rec = play([red, blue], ["9S", "s7", "2S", "s1"], turns=1)
    assert one(rec, "hit")["hp"] == 7
    assert events(rec, "hold") == []


def test_no_pin_at_or_above_a_quarter() -> None:
    red, blue = char(name="Red"), char(name="Blue", sta=4, defense=1)
    rec = play([red, blue], ["9H", "s7", "2S", "s1"], turns=1)
    assert one(rec, "hit")["hp"] == 17  # 17 of 40: above the quarter (10)
    assert events(rec, "hold") == []


def test_pin_at_zero_hp_uses_a_d12_and_bare_res() -> None:
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=2, defense=1, res=5)
    rec = play([red, blue], ["9H", "s7", "2S", "s1", 6, 7, 9], turns=1)
    h = one(rec, "hold")
    assert (h["hp"], h["die"], h["target"]) == (0, 12, 5)
    assert rec.result.method == "pinfall"


def test_pin_after_a_cancelled_special() -> None:
    """Blue's Queen of Diamonds is cut off by Red's Spades; Red has the advantage, so can pin."""
    red, blue = char(name="Red"), char(name="Blue", sta=2, defense=1, res=1)
    rec = play([red, blue], ["7S", "s5", "QD", 1], turns=1)
    hit = one(rec, "hit")
    assert (hit["attack"], hit["defense"], hit["bare"], hit["hp"]) == (22, 1, True, 0)
    assert one(rec, "hold")["kind"] == "pin"
    assert one(rec, "escape")["face"] == 1


def test_knockout_caps_from_the_rulebook() -> None:
    assert max_knockdowns(6) == 13
    assert max_knockdowns(1) == 8
    assert getup_need(6, 1) == 0  # one free knockdown
    assert getup_need(6, 2) == 1
    assert getup_need(1, 1) == 5


def test_knockdown_rolls_to_get_up() -> None:
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=1, defense=1, res=3)
    rec = play([red, blue], ["9H", "s5", "3H", "s1", 1, 2, 3, 4], turns=1, knockout=True)
    kd = one(rec, "knockdown")
    assert (kd["count"], kd["need"], kd["die"], kd["rolls"]) == (1, 3, 12, 10)
    assert one(rec, "getup") == {"turn": 1, "fighter": "Blue", "roll": 4, "face": 4, "automatic": False}
    assert rec.result.method == "decision"


def test_knockdown_ten_failed_rolls_is_a_knockout() -> None:
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=1, defense=1, res=1)
    rec = play([red, blue], ["9H", "s5", "3H", "s1", *[5] * 10], turns=1, knockout=True)
    assert one(rec, "knockout")["need"] == 5
    assert (rec.result.winner, rec.result.method) == (0, "knockout")


def test_res_6_first_knockdown_is_free_second_needs_more_than_1() -> None:
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=1, defense=1, res=6)
    script = ["9H", "s5", "3H", "s1",  # knockdown 1: free
              "8H", "s5", "2H", "s1", 1, 2]  # knockdown 2: needs more than 1
    rec = play([red, blue], script, turns=2, knockout=True)
    ups = events(rec, "getup")
    assert [(u["automatic"], u["roll"]) for u in ups] == [(True, 0), (False, 2)]
    assert [k["need"] for k in events(rec, "knockdown")] == [0, 1]


def test_knockout_variant_options_change_rolls_and_die() -> None:
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=1, defense=1, res=1)
    rec = play([red, blue], ["9H", "s5", "3H", "s1", 5, 5, 6], turns=1, knockout=True, getup_rolls=3,
               getup_die="d8")
    kd = one(rec, "knockdown")
    assert (kd["die"], kd["rolls"]) == (8, 3)
    assert one(rec, "getup")["roll"] == 3


def test_impossible_count_is_a_knockout_without_rolls() -> None:
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=1, defense=1, res=1)
    rec = play([red, blue], ["9H", "s5", "3H", "s1", 6], turns=1, knockout=True, getup_die="d8", getup_rolls=1)
    assert one(rec, "getup")["face"] == 6
    # need 5 on a d8 is possible; on the 4th knockdown the need (8) reaches the die's size:
    assert max_knockdowns(1, die=8) == 4


def test_submission_never_causes_a_knockdown() -> None:
    red = char(name="Red", atk=20, grapples=("grapple", "grapple", "submission", "grapple"))
    blue = char(name="Blue", sta=1, defense=1, res=1)
    rec = play([red, blue], ["9H", "g5", "3H", "s1", 1], turns=1, knockout=True)
    assert events(rec, "knockdown") == []
    assert one(rec, "hold")["kind"] == "submission"


def test_without_the_knockout_option_zero_hp_is_no_knockdown() -> None:
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=1, defense=1, res=3)
    rec = play([red, blue], ["9H", "s5", "3H", "s1"], turns=1)
    assert one(rec, "hit")["hp"] == 0
    assert events(rec, "knockdown") == []


def _knockdown_after(res: int, earlier: int, faces: list[int]) -> tuple[str | None, int]:
    table = Table(ScriptedSource.from_values(faces))
    att = InRing(0, "Red", char(name="Red"), "human", 100)
    dfn = InRing(1, "Blue", char(name="Blue", res=res), "human", 0, knockdowns=earlier)
    return knockdown(table, att, dfn, 1, 10, 12), len(table.log.events)


def test_res_6_beats_a_12th_knockdown_only_on_a_12_and_never_a_13th() -> None:
    assert _knockdown_after(6, 11, [11, 12])[0] is None  # need: more than 11
    method, logged = _knockdown_after(6, 12, [])
    assert method == "knockout"
    assert logged == 2  # the knockdown and the knockout, no rolls


def test_res_1_cannot_beat_an_8th_knockdown() -> None:
    assert _knockdown_after(1, 6, [12])[0] is None  # 7th: need more than 11
    assert _knockdown_after(1, 7, [])[0] == "knockout"


def test_a_special_strike_knocks_down_but_a_special_submission_does_not() -> None:
    """Strikes and normal grapples knock down, specials of those kinds included; a submission
    special never starts a count, it is held instead."""
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=1, defense=1, res=3)
    rec = play([red, blue], ["KH", "3H", "s1", 4], turns=1, knockout=True)  # 40 against DEF 1
    assert one(rec, "hit")["special"] is True
    assert one(rec, "knockdown")["need"] == 3
    assert one(rec, "getup")["face"] == 4
    red = char(name="Red", atk=20, special="submission")
    rec = play([red, blue], ["KH", "3H", "s1", 3], turns=1, knockout=True)
    assert events(rec, "knockdown") == []
    h = one(rec, "hold")
    assert (h["kind"], h["hp"], h["die"], h["target"]) == ("submission", 0, 20, 3)


def test_at_zero_hp_only_a_hit_that_does_damage_is_another_knockdown() -> None:
    """HP stays at 0 after beating the count; a later hit for no damage is no knockdown."""
    red, blue = char(name="Red", atk=20), char(name="Blue", sta=1, defense=1, res=6)
    script = ["9H", "s5", "3H", "s1",  # knockdown 1 (free for RES 6)
              "6H", "s1", "AH", "s7", 2]  # 15-13: Red hits for 16 more; knockdown 2, up on a 2
    rec = play([red, blue], script, turns=2, knockout=True)
    assert [k["count"] for k in events(rec, "knockdown")] == [1, 2]
    red, blue = char(name="Red", atk=20, spd=20), char(name="Blue", sta=1, defense=20, res=6)
    script = ["9H", "s5", "3H", "s1",  # 20 + 9 + 5 = 34 against 20 + 3: 11, Blue 10 -> 0, free get-up
              "2H", "s1", "AH", "s7"]  # speed 21 against 13; 20 + 2 + 1 = 23 against 20 + 10: no damage
    rec = play([red, blue], script, turns=2, knockout=True)
    assert [(h["damage"], h["hp"]) for h in events(rec, "hit")] == [(11, 0), (0, 0)]
    assert [k["count"] for k in events(rec, "knockdown")] == [1]


def test_a_held_submission_is_not_also_a_pin() -> None:
    """Suit advantage and a defender under a quarter: the held submission gives five rolls, no pin."""
    red = char(name="Red", grapples=("grapple", "grapple", "grapple", "submission"))
    blue = char(name="Blue", sta=3, defense=1, res=1)
    # Red 9H g7: speed 10 + 9 - 7 + 5 = 17 against 11; 10 + 9 + 7 = 26 against 1 + 2: 23 -> 7 of 30
    rec = play([red, blue], ["9H", "g7", "2S", "s1", 8, 8, 8, 8, 1], turns=1)
    h = one(rec, "hold")
    assert (h["kind"], h["rolls"], h["hp"], h["die"], h["target"]) == ("submission", 5, 7, 8, 5)
    assert one(rec, "escape")["roll"] == 5
    assert rec.result.method == "decision"
