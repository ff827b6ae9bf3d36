"""Submissions, break-out dice and targets, the choke, pins and the rulebook's own numbers."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import icepool
import pytest

from turnbuckle.core.sources import ScriptedSource
from turnbuckle.core.table import Table
from turnbuckle.rulesets.headlock.finishes import InRing, hold
from turnbuckle.rulesets.headlock.holds import (
    breakout_die,
    breakout_target,
    choke_chance,
    choke_target,
    escape_chance,
    under_quarter,
)

from .util import char, events, one, play

SUBS = ("submission", "grapple", "submission", "choke")


def test_breakout_die_by_hp_and_special() -> None:
    assert breakout_die(50, special=False) == 8
    assert breakout_die(50, special=True) == 12
    assert breakout_die(0, special=False) == 12
    assert breakout_die(0, special=True) == 20


def test_rulebook_numbers_quarter_30_res_3() -> None:
    """A quarter of 120 HP is 30; a fifth of that is 6 HP per point. RES 3: 7 HP -> 4, 27 HP -> 7."""
    assert breakout_target(7, 120, 3) == 4
    assert breakout_target(27, 120, 3) == 7
    assert breakout_target(30, 120, 3) == 8  # a full quarter left: the full +5
    assert breakout_target(31, 120, 3) == 8  # above a quarter: RES + 5
    assert breakout_target(5, 120, 3) == 3  # not even one fifth of the quarter left
    assert breakout_target(0, 120, 3) == 3


def test_rulebook_res_6_escapes_ordinary_holds_from_12_hp() -> None:
    assert breakout_target(12, 120, 6) == 8 == breakout_die(12, special=False)
    assert breakout_target(11, 120, 6) == 7
    assert escape_chance(breakout_target(12, 120, 6), 8, 5) == 1
    assert escape_chance(breakout_target(11, 120, 6), 8, 5) < 1


def test_rulebook_choke_example_needs_9_on_a_d12() -> None:
    """A special choke on RES 3: the defender rolls a d12, so the attacker does too, needing 12 - (6 - 3)."""
    die = breakout_die(60, special=True)
    assert die == 12
    assert choke_target(die, 3) == (12, 9)
    assert choke_target(8, 3) == (20, 17)
    assert choke_target(20, 6) == (8, 8)


def test_under_quarter_is_strict() -> None:
    assert not under_quarter(10, 40)
    assert under_quarter(9, 40)
    assert under_quarter(7, 30)
    assert not under_quarter(8, 30)


@pytest.mark.parametrize(("target", "die", "rolls"), [(4, 8, 5), (7, 12, 5), (3, 20, 5), (6, 8, 3), (9, 12, 3)])
def test_escape_chance_matches_icepool(target: int, die: int, rolls: int) -> None:
    lowest = icepool.lowest(*([icepool.Die(range(1, die + 1))] * rolls))
    assert escape_chance(target, die, rolls) == Fraction(lowest.probability("<=", target))


def test_choke_chance_matches_icepool() -> None:
    d12 = icepool.d12
    fail_four = Fraction((icepool.lowest(*([d12] * 4))).probability(">", 8))
    hit = Fraction(d12.probability(">=", 9))
    assert choke_chance(12, 8, 3) == fail_four * hit


def test_engine_hold_agrees_with_escape_chance_over_every_d8_sequence() -> None:
    """All 8**5 ways five d8 break-out rolls can fall, through the engine's own hold routine."""
    red, blue = char(name="Red", grapples=SUBS), char(name="Blue", res=1)
    move = red.grapple(5)
    tapped = 0
    for faces in itertools.product(range(1, 9), repeat=5):
        table = Table(ScriptedSource.from_values(faces))
        att = InRing(0, "Red", red, "human", 100)
        dfn = InRing(1, "Blue", blue, "human", 60)  # above a quarter: target 1 + 5 = 6 on a d8
        if hold(table, att, dfn, move, 1, pin=False, choke_rule=False) == "submission":
            tapped += 1
    assert Fraction(tapped, 8**5) == 1 - escape_chance(6, 8, 5) == Fraction(1, 4**5)


def _held_submission(blue_res: int, rolls: list[int]) -> dict[str, Any]:
    red, blue = char(name="Red", grapples=SUBS), char(name="Blue", res=blue_res)
    # Red 9H plays g5 (speed 14 against Blue's 3H and s1, 12): 10 + 9 + 5 = 24 against 10 + 3: 11 damage.
    rec = play([red, blue], ["9H", "g5", "3H", "s1", *rolls], turns=1)
    return {"hit": one(rec, "hit"), "hold": one(rec, "hold"), "escape": events(rec, "escape"),
            "tap": events(rec, "tap_out"), "result": rec.result}


def test_submission_held_on_equal_suit_d8_escape() -> None:
    got = _held_submission(1, [7, 8, 2])
    assert got["hit"]["damage"] == 11
    assert {k: got["hold"][k] for k in ("kind", "die", "target", "rolls", "hp")} == {
        "kind": "submission", "die": 8, "target": 6, "rolls": 5, "hp": 89}
    assert got["escape"] == [{"turn": 1, "kind": "submission", "fighter": "Blue", "roll": 3, "face": 2,
                              "automatic": False}]


def test_submission_five_failed_rolls_is_a_tap_out() -> None:
    got = _held_submission(1, [7, 8, 7, 8, 7])
    assert got["tap"] == [{"turn": 1, "attacker": "Red", "defender": "Blue"}]
    result = got["result"]
    assert (result.winner, result.method, dict(result.at)) == (0, "submission", {"turn": 1})


def test_submission_escaped_automatically_when_target_covers_the_die() -> None:
    got = _held_submission(3, [])  # RES 3 + 5 = 8 on a d8: no roll needed
    assert got["hold"]["target"] == 8
    assert got["escape"][0]["automatic"] is True


def test_submission_not_held_on_a_weaker_suit() -> None:
    red, blue = char(name="Red", grapples=SUBS, spd=20), char(name="Blue", res=1)
    rec = play([red, blue], ["9H", "g5", "3C", "s1"], turns=1)  # Clubs beat Hearts
    assert one(rec, "hit")["damage"] == 11
    assert one(rec, "no_hold")["move"] == "Red grapple 5"
    assert events(rec, "hold") == []


def test_submission_held_on_unrelated_suits() -> None:
    red, blue = char(name="Red", grapples=SUBS), char(name="Blue", res=1)
    rec = play([red, blue], ["9H", "g5", "3D", "s1", 1], turns=1)  # Hearts and Diamonds: no relation
    assert one(rec, "hold")["die"] == 8
    assert one(rec, "escape")["roll"] == 1


def test_rulebook_targets_through_the_engine_at_27_and_7_hp() -> None:
    """Blue has 120 HP (a quarter is 30) and RES 3: after 93 damage the target is 7, after 113 it is 4."""
    red = char(name="Red", atk=15, spd=20, grapples=("submission", "grapple", "submission", "grapple"))
    blue = char(name="Blue", defense=1, spd=1, sta=12, res=3)
    script: list[object] = [
        "KH", "2H", "s1",  # special: 15 + 20 against DEF 1, 34 damage -> 86
        "QH", "4H", "s1",  # again -> 52
        "9H", "g5", "3H", "s1", 8, 8, 8, 8, 7,  # 15 + 9 + 5 against 1 + 3: 25 -> 27 HP; target 7
        "AH", "g1", "5H", "s1", 5, 6, 7, 8, 5,  # 15 + 10 + 1 against 1 + 5: 20 -> 7 HP; target 4
    ]
    rec = play([red, blue], script)
    holds = events(rec, "hold")
    assert [(h["hp"], h["die"], h["target"]) for h in holds] == [(27, 8, 7), (7, 8, 4)]
    assert events(rec, "escape")[0]["roll"] == 5
    assert (rec.result.winner, rec.result.method, rec.result.at["turn"]) == (0, "submission", 4)


def test_special_submission_uses_a_d12_with_hp_left() -> None:
    red, blue = char(name="Red", special="submission"), char(name="Blue", res=2)
    rec = play([red, blue], ["QS", "4D", "s1", 12, 12, 3], turns=1)
    h = one(rec, "hold")
    assert (h["special"], h["hp"], h["die"], h["target"]) == (True, 80, 12, 7)
    assert one(rec, "escape")["roll"] == 3


def test_special_submission_at_zero_hp_uses_a_d20() -> None:
    red, blue = char(name="Red", special="submission", atk=20), char(name="Blue", sta=1, defense=1, res=4)
    rec = play([red, blue], ["QS", "4D", "s1", 20, 19, 5, 4], turns=1)
    h = one(rec, "hold")
    assert (h["hp"], h["die"], h["target"]) == (0, 20, 4)
    assert one(rec, "escape")["face"] == 4


def test_ordinary_submission_at_zero_hp_uses_a_d12() -> None:
    red, blue = char(name="Red", grapples=SUBS, atk=20), char(name="Blue", sta=1, defense=1, res=2)
    rec = play([red, blue], ["9H", "g5", "3H", "s1", 12, 11, 10, 9, 8], turns=1)
    h = one(rec, "hold")
    assert (h["hp"], h["die"], h["target"]) == (0, 12, 2)
    assert rec.result.method == "submission"


def test_choke_rule_rulebook_example_chokes_out_on_a_9() -> None:
    red, blue = char(name="Red", special="choke"), char(name="Blue", res=3)
    rec = play([red, blue], ["KC", "2C", "s1", 12, 11, 10, 9, 9], turns=1, choke=True)
    roll = one(rec, "choke_roll")
    assert (roll["die"], roll["need"], roll["face"], roll["out"]) == (12, 9, 9, True)
    assert (rec.result.winner, rec.result.method) == (0, "choke")


def test_choke_roll_missed_then_fifth_break_out_roll() -> None:
    red, blue = char(name="Red", special="choke"), char(name="Blue", res=3)
    rec = play([red, blue], ["KC", "2C", "s1", 12, 11, 10, 9, 8, 12], turns=1, choke=True)
    assert one(rec, "choke_roll")["out"] is False
    assert rec.result.method == "submission"


def test_choke_rule_no_attacker_roll_when_defender_breaks_out_by_roll_4() -> None:
    red, blue = char(name="Red", special="choke"), char(name="Blue", res=3)
    rec = play([red, blue], ["KC", "2C", "s1", 12, 11, 10, 8], turns=1, choke=True)
    assert events(rec, "choke_roll") == []


def test_choke_rule_off_a_choke_is_an_ordinary_submission() -> None:
    red, blue = char(name="Red", special="choke"), char(name="Blue", res=3)
    rec = play([red, blue], ["KC", "2C", "s1", 12, 11, 10, 9, 12], turns=1)
    assert events(rec, "choke_roll") == []
    assert one(rec, "hold")["choke"] is False
    assert rec.result.method == "submission"


def test_choke_rule_does_not_touch_non_choke_submissions() -> None:
    red, blue = char(name="Red", special="submission"), char(name="Blue", res=3)
    rec = play([red, blue], ["KC", "2C", "s1", 12, 11, 10, 9, 12], turns=1, choke=True)
    assert events(rec, "choke_roll") == []
