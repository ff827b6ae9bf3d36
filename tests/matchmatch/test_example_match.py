"""The rulebook's Part VI example match, replayed from its own dice (golden test).

The rulebook's table numbers the styles 1 Cheat, 2 Brawl, 3 High Flying, 4 Technical, 5 High
Flying (grid); ours lists each side's '+' styles in the order written (Bob wrote +Brawl +Cheat),
so the rulebook's die 1 is our 2 and its 2 our 1. Two of the example's slips are corrected by the
rulings, and the numbers that follow from them differ from the printed ones:

- Two sums are printed one short (round 1 Sam's 6,5,2 and round 2 Bob's 4,3,6-as-0); the totals
  printed after them (19 and 13 before the extra die) are the true sums, and those are what we get.
- Round 2 is High Risk and Bob rolled a 3: that 3 earns an extra die (the example forgot it). We
  script a 1, so Bob totals 14, not 13; Sam wins by 4 (1 damage, not 2): Bob's Stamina is 7.
- Round 4: High Impact adds +2 to the pin and the list has 5 styles (the example used 6 and no
  +2): 8 + 1 + 2 - 8 - 5 = -2, still no count.
- Bob's Stamina stays one above the printed value from round 2 on, so round 5's check is -1 (no
  count; the example shows a one count) and the finish is 15 - 5 - 5 = 5 (the example's 6): a
  win either way. The finish is the rulebook's: Friendly Finale, round 7, pinfall.
"""

from __future__ import annotations

from tests.matchmatch.helpers import PART6_GRID, RULESET, fixture, happenings, play
from turnbuckle.core.match import MatchRecord

SCRIPT = [
    5, 1, 2, 4, 6, 5, 2, 1, 6, 1,  # round 1: High Flying; Bob 1,2,4; Sam 6,5,2; Sam's cover 1,6,1
    2, 4, 3, 6, 1, 6, 6, 3, 2, 2, 6,  # round 2: Cheating; Bob High Risk 4,3,6 + extra 1; Sam 6,6,3; cover
    4, 6, 3, 6, 4, 1, 5, 1, 5, 4, 4, 2,  # round 3: Technical; Bob 6,3,6 + Illegal 4,1; Sam 5,1,5; cover
    3, 5, 4, 6, 4, 3, 4, 5, 2, 1,  # round 4: High Flying; Bob High Impact 5,4,6; Sam 4,3,4; cover
    3, 6, 3, 4, 5, 6, 6, 1, 4, 5,  # round 5
    3, 4, 1, 5, 1, 1, 5, 5, 2, 3, 3, 3,  # round 6: Bob Illegal 4,1,5 + 1,1
    3, 1, 6, 4, 5, 3, 5, 3, 4, 6,  # round 7: Sam's Friendly Finale; cover 3,4,6
]


def _record() -> MatchRecord:
    bob = RULESET.load_text(fixture("bob-part6.txt"), "Bob (Part VI)")
    sam = RULESET.load_text(fixture("sam-part6.txt"), "Sam (Part VI)")
    return play([bob, sam], SCRIPT, grid=PART6_GRID, rounds=7)


def test_part6_setup() -> None:
    rec = _record()
    start = happenings(rec, "match_start")[0]
    assert start["grid_style"] == "high_flying"
    assert (start["column"], start["row"]) == ("C", 2)
    assert start["style_list"] == ["brawling", "cheating", "high_flying", "technical", "high_flying"]
    bob, sam = happenings(rec, "side")
    assert bob["styles"]["brawling"] == 4  # Sam's -Brawl halves 7 to 4
    assert bob["halved"] == ["brawling"]
    assert sam["halved"] == ["martial_arts"]  # Bob's -MA is not in the match: no effect on play


def test_part6_rounds() -> None:
    rec = _record()
    styles = [r["style"] for r in happenings(rec, "round_start")]
    assert styles == ["high_flying", "cheating", "technical", "high_flying", "high_flying", "high_flying",
                      "high_flying"]
    won = happenings(rec, "round_won")
    assert [w["winner"] for w in won] == ["Friendly Sam", "Friendly Sam", "Brother Bob", "Brother Bob",
                                          "Friendly Sam", "Friendly Sam", "Friendly Sam"]
    totals = [(w["totals"]["Brother Bob"], w["totals"]["Friendly Sam"]) for w in won]
    assert totals == [(8, 19), (14, 18), (23, 18), (17, 13), (14, 19), (13, 14), (12, 19)]
    dmg = [(d["side"], d["target"], d["damage"], d["after"]) for d in happenings(rec, "damage")]
    assert dmg == [
        ("Brother Bob", "stamina", 2, 8),  # 3, less Bob's High Flying defense
        ("Brother Bob", "stamina", 1, 7),  # the corrected High Risk round: won by 4
        ("Friendly Sam", "high_flying", 2, 2),
        ("Friendly Sam", "stamina", 2, 8),  # 1 + High Impact
        ("Brother Bob", "stamina", 1, 6),
        ("Brother Bob", "brawling", 1, 3),
        ("Brother Bob", "stamina", 1, 5),
    ]
    checks = [(c["roll"], c["total"], c["count"]) for c in happenings(rec, "victory_check")]
    assert checks == [(8, -5, 0), (10, -2, 0), (10, -4, 0), (8, -2, 0), (10, -1, 0), (9, -2, 0), (13, 5, 3)]
    attacks = happenings(rec, "attack")
    bob3 = next(a for a in attacks if a["round"] == 3 and a["side"] == "Brother Bob")
    assert (bob3["cheat"], bob3["dq_threshold_after"]) == ([4, 1], 9)
    bob2 = next(a for a in attacks if a["round"] == 2 and a["side"] == "Brother Bob")
    assert (bob2["counted"], bob2["extra"]) == ([4, 3, 0], [1])
    assert not happenings(rec, "injury_check")


def test_part6_finish() -> None:
    rec = _record()
    assert rec.result.winner == 1
    assert rec.result.method == "pinfall"
    assert rec.result.at == {"round": 7}
    finish = happenings(rec, "finish")[0]
    assert finish["round_type"] == "finisher"
    actions = [a for a in happenings(rec, "action") if a["round"] == 7 and a["side"] == "Friendly Sam"]
    assert actions[0]["notes"] == "Friendly Finale!"
