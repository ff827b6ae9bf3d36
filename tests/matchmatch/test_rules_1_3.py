"""What rules version 1.3 changed, each against the same dice under 1.2 (docs/games/matchmatch.md,
"Rules versions"): specialty finishes, compound halvings, the roll-off for the lowest total of
three or more sides, and an injury a team takes going to one member.

The standard duel of ``test_engine.py``: A, B, C... (Stamina 10, Power 3, Technical 3, Weight 3),
+Power +Technical -Martial Arts on an all-Power grid, so style face 1 is Power. Each script: the
style die, each side's attack dice in card order, roll-offs, injury checks (and the member die),
then victory checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.matchmatch.helpers import RULESET, happenings, play, sample, side, wrestler
from tests.matchmatch.test_engine import ALL_POWER, duelist, r
from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.events import Roll
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.render import render_text
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.matchmatch.halving import compound_halvings, halved_once
from turnbuckle.rulesets.matchmatch.match_types import load_match_types
from turnbuckle.rulesets.matchmatch.rounds import finish_method
from turnbuckle.rulesets.matchmatch.side import Side


def text(rec: MatchRecord) -> str:
    return render_text(RULESET.narrate(rec))


def rolls(rec: MatchRecord, purpose: str) -> list[Roll]:
    return [e for e in rec.events if isinstance(e, Roll) and purpose in e.purpose]


def test_the_current_version_is_1_3_and_1_2_is_still_played() -> None:
    assert RULESET.info.version == "1.3"
    assert RULESET.info.playable_versions == ("1.3", "1.2")
    rec = play([duelist("A"), duelist("B")], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], version="1.2",
               grid=ALL_POWER, rounds=1)
    assert rec.ruleset_version == "1.2"
    with pytest.raises(RulesError, match=r"1\.3, 1\.2"):
        RULESET.run([duelist("A"), duelist("B")], SeededSource(1), {}, version="1.1")


# -- specialty finishes ------------------------------------------------------------------------
# A wins 16 to 9 (2 damage: an injury check in a cage), then a natural 18.
CAGE_WIN = [1, 6, 6, 1, 2, 2, 2, 1, 1, 1, 6, 6, 6]
# A's Illegal round: 18 + 3 + a DQ check of 1+1 (kept), B 6: 4 damage, an injury check, a natural 18.
CHEAT_WIN = [1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6]
# A 21 against 6: 4 damage, an injury check, a natural 18 (Strap: 6 entries, a d6; Scaffold: 7, a d8).
BIG_WIN = [1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 6]


@pytest.mark.parametrize(("match_type", "round_type", "script", "old", "new", "words"), [
    ("cage", "normal", CAGE_WIN, "pinfall", "escape", "A escapes the cage to beat B in round 1."),
    ("cage", "illegal", CHEAT_WIN, "count-out", "escape", "A escapes the cage to beat B in round 1."),
    ("strap", "submission", BIG_WIN, "submission", "four corners",
     "A touches all four corners to beat B with a Submission in round 1."),
    ("strap", "normal", BIG_WIN, "pinfall", "four corners", "A touches all four corners to beat B in round 1."),
    ("scaffold", "finisher", BIG_WIN[:4] + [1, 1, 1, 1, 1, 1, 6, 6, 6], "pinfall", "ten count",
     "A wins the ten count on the scaffold over B with a Finisher in round 1."),
    ("scaffold", "illegal", CHEAT_WIN, "count-out", "ten count",
     "A wins the ten count on the scaffold over B in round 1."),
])
def test_a_won_victory_check_in_a_specialty_match_is_its_finish(
        match_type: str, round_type: str, script: list[int], old: str, new: str, words: str) -> None:
    a = duelist("A", [r(1, round_type)], push_level=2)
    under_1_2 = play([a, duelist("B")], script, version="1.2", grid=ALL_POWER, rounds=1, type=match_type)
    under_1_3 = play([a, duelist("B")], script, grid=ALL_POWER, rounds=1, type=match_type)
    assert (under_1_2.result.winner, under_1_2.result.method) == (0, old)
    assert (under_1_3.result.winner, under_1_3.result.method) == (0, new)
    assert under_1_3.result.summary == words
    assert happenings(under_1_3, "finish")[0]["method"] == new
    # The same dice and events but for the finish's method and the fields 1.3 adds (the halving
    # steps, an injury check's member).
    def plain(rec: MatchRecord) -> list[dict[str, Any]]:
        added = ("halvings", "member", "member_index")
        return [{k: v for k, v in e.to_json().items() if k not in added} for e in rec.events[:-1]]

    assert plain(under_1_2) == plain(under_1_3)
    writeup = text(under_1_3)
    assert words.split(" in round")[0].split(" with a")[0] in writeup
    assert f"{new} ({round_type.replace('_', ' ').title()} round)" in writeup


def test_the_method_strings_are_exactly_these() -> None:
    """The league matches titles against them: keep them exactly."""
    assert finish_method("normal", "escape") == "escape"
    assert finish_method("illegal", "four corners") == "four corners"
    assert finish_method("submission", "ten count") == "ten count"
    assert [finish_method(k) for k in ("normal", "submission", "illegal")] == ["pinfall", "submission", "count-out"]


def test_a_standard_match_keeps_pinfall_submission_and_count_out() -> None:
    a = duelist("A", [r(1, "Submission")], push_level=1)
    rec = play([a, duelist("B")], BIG_WIN, grid=ALL_POWER, rounds=1)
    assert rec.result.method == "submission"
    assert rec.result.summary == "A makes B submit with a Submission in round 1."


def test_dq_double_count_out_and_draw_are_unchanged_in_a_cage() -> None:
    dq = play([duelist("A", [r(1, "Illegal")]), duelist("B")], [1, 1, 1, 1, 6, 6, 1, 1, 1], grid=ALL_POWER,
              rounds=1, type="cage")
    assert (dq.result.winner, dq.result.method) == (1, "dq")
    # A tie: 1 damage each (under the cage's injury threshold of 2), both natural 18s.
    both = play([duelist("A"), duelist("B")], [1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6], grid=ALL_POWER, rounds=1,
                type="cage")
    assert (both.result.winner, both.result.method) == (None, "double count-out")
    # A tie, and both victory checks short: the time limit.
    draw = play([duelist("A"), duelist("B")], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], grid=ALL_POWER, rounds=1,
                type="strap")
    assert (draw.result.winner, draw.result.method) == (None, "draw")


def test_a_tied_round_won_by_one_side_is_the_types_finish() -> None:
    # A tie: each checks for the win; only B's natural 18 wins.
    rec = play([duelist("A"), duelist("B")], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6], grid=ALL_POWER, rounds=1,
               type="cage")
    assert (rec.result.winner, rec.result.method) == (1, "escape")


def test_an_organisers_type_names_its_own_finish() -> None:
    types = "ladder:\n  name: Ladder Match\n  finish: '  Ladder   CLIMB '\n"
    rec = play([duelist("A"), duelist("B")], BIG_WIN[:1] + [6, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 6], grid=ALL_POWER,
               rounds=1, type="ladder", types=types)
    assert rec.result.method == "ladder climb"
    assert rec.result.summary == "A beats B by ladder climb in round 1."
    assert "A beats B by ladder climb: ladder climb (Normal round)." in text(rec)
    with pytest.raises(SheetError, match="not a victory-check finish"):
        load_match_types("odd:\n  name: Odd Match\n  finish: double count-out\n")


# -- halvings compound --------------------------------------------------------------------------
def test_the_strap_and_a_minus_on_high_flying_halve_twice() -> None:
    flyer = duelist("A", styles={"high_flying": 4})
    b = duelist("B", minus="high_flying")
    script = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]  # a tie, no count either way
    old = happenings(play([flyer, b], script, version="1.2", grid=ALL_POWER, rounds=1, type="strap"), "side")[0]
    rec = play([flyer, b], script, grid=ALL_POWER, rounds=1, type="strap")
    new = happenings(rec, "side")[0]
    assert old["styles"]["high_flying"] == 2  # halved once under 1.2
    assert "halvings" not in old
    assert new["styles"]["high_flying"] == 1  # the ruling's example: 4, strap 2, then '-' 1
    assert new["halved"] == ["high_flying"]
    assert new["halvings"] == [
        {"style": "high_flying", "by": "Strap Match", "type": True, "before": 4, "after": 2},
        {"style": "high_flying", "by": "B", "type": False, "before": 2, "after": 1},
    ]
    assert "halved: High Flying 4 -> 2 (Strap Match) -> 1 (B)" in text(rec)


def test_two_opponents_minus_on_one_style_halve_twice() -> None:
    strong = duelist("A", styles={"power": 7})
    b, c = duelist("B", minus="power"), duelist("C", minus="power")
    # A 18 + Power wins; B 4 + 2, C 3 + 2: C loses (4 damage: an injury check), no count.
    script = [1, 6, 6, 6, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    old = play([strong, b, c], script, version="1.2", grid=ALL_POWER, rounds=1)
    new = play([strong, b, c], script, grid=ALL_POWER, rounds=1)
    assert happenings(old, "side")[0]["styles"]["power"] == 4
    assert happenings(new, "side")[0]["styles"]["power"] == 2  # 7 -> 4 (B) -> 2 (C)
    assert [h["by"] for h in happenings(new, "side")[0]["halvings"]] == ["B", "C"]
    assert happenings(new, "attack")[0]["total"] == 18 + 2


def test_halving_functions() -> None:
    values = {"high_flying": 9, "power": 7}
    assert halved_once(values, ["high_flying"], ["high_flying", "power", "power"]) == \
        ({"high_flying": 5, "power": 4}, ["high_flying", "power"])
    out, steps = compound_halvings(values, ["high_flying", "high_flying"], "Strap Match",
                                   [("B", "high_flying"), ("C", "power"), ("D", "power")])
    assert out == {"high_flying": 3, "power": 2}
    assert [(h.by, h.style, h.before, h.after) for h in steps] == [
        ("Strap Match", "high_flying", 9, 5), ("B", "high_flying", 5, 3), ("C", "power", 7, 4), ("D", "power", 4, 2)]
    assert values == {"high_flying": 9, "power": 7}  # never changed in place


# -- three or more sides: a tie for the lowest total ---------------------------------------------
# Three sides: 7 entries, a d8. A 18 + 3 wins; B and C 3 + 3 tie for the lowest.
LOW_TIE = [1, 6, 6, 6, 1, 1, 1, 1, 1, 1]


def three() -> list[Side]:
    return [duelist("A"), duelist("B"), duelist("C")]


def test_a_tie_for_the_lowest_total_is_rolled_off() -> None:
    # Roll-off: B 5, C 2: C is the round's loser (1.2: B, the first in card order).
    rec = play(three(), [*LOW_TIE, 5, 2, 1, 1, 1, 1, 1, 1], grid=ALL_POWER, rounds=1)
    won = happenings(rec, "round_won")[0]
    assert (won["winner"], won["loser"], won["margin"]) == ("A", "C", 15)
    assert happenings(rec, "damage")[0]["side"] == "C"
    assert happenings(rec, "victory_check")[0]["on"] == "C"
    assert happenings(rec, "lowest_tie") == [
        {"round": 1, "total": 6, "sides": ["B", "C"], "rolls": [{"B": 5, "C": 2}], "loser": "C"}]
    assert [(x.side, x.dice) for x in rolls(rec, "roll-off")] == [("B", "1d6"), ("C", "1d6")]
    assert "B and C tie for the lowest total (6): roll-off B 5, C 2; C loses the round." in text(rec)
    old = play(three(), [*LOW_TIE, 1, 1, 1, 1, 1, 1], version="1.2", grid=ALL_POWER, rounds=1)
    assert happenings(old, "round_won")[0]["loser"] == "B"
    assert happenings(old, "lowest_tie") == []


def test_tied_rolls_roll_again_among_those_still_tied() -> None:
    # Four sides (9 entries, a d10). B, C and D tie for the lowest: B 2, C 2, D 5; then B 6, C 1.
    four = [duelist("A"), duelist("B"), duelist("C"), duelist("D")]
    script = [1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 5, 6, 1, 1, 1, 1, 1, 1, 1]
    rec = play(four, script, grid=ALL_POWER, rounds=1)
    tie = happenings(rec, "lowest_tie")[0]
    assert tie["sides"] == ["B", "C", "D"]
    assert tie["rolls"] == [{"B": 2, "C": 2, "D": 5}, {"B": 6, "C": 1}]
    assert tie["loser"] == "C"
    assert happenings(rec, "round_won")[0]["loser"] == "C"
    assert "roll-off B 2, C 2, D 5; again B 6, C 1" in text(rec)


def test_no_roll_off_without_a_tie_for_the_lowest_or_with_two_sides() -> None:
    rec = play(three(), [1, 6, 6, 6, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1], grid=ALL_POWER, rounds=1)
    assert happenings(rec, "lowest_tie") == [] and rolls(rec, "roll-off") == []
    assert happenings(rec, "round_won")[0]["loser"] == "C"


def test_the_roll_off_is_bounded() -> None:
    with pytest.raises(RulesError, match="roll-off for the lowest total was still tied after 200 rolls"):
        play(three(), [*LOW_TIE, *([3, 3] * 200)], grid=ALL_POWER, rounds=1)


def test_seeded_three_side_matches_never_pick_the_loser_by_card_order() -> None:
    """Over many seeded rounds, a lowest tie's loser is the one with the lowest roll, and each
    tied side loses some: the first in card order is no longer always the loser."""
    firsts = seconds = 0
    for seed in range(40):
        rec = RULESET.run(three(), SeededSource(seed), {"grid": ALL_POWER})
        for tie in happenings(rec, "lowest_tie"):
            last = tie["rolls"][-1]
            assert tie["loser"] == min(last, key=last.get)
            assert list(last.values()).count(min(last.values())) == 1
            firsts += tie["loser"] == tie["sides"][0]
            seconds += tie["loser"] != tie["sides"][0]
    assert firsts > 0 and seconds > 0


# -- injuries in tag matches belong to members ---------------------------------------------------
def team(stamina: int = 5) -> Side:
    ann = wrestler("Ann", stamina=stamina, power=3, technical=3, weight=3)
    cat = wrestler("Cat", stamina=stamina, power=3, technical=3, weight=3)
    data: dict[str, Any] = {"team": {"name": "T", "members": [ann, cat], "use": "Ann"},
                            "strategy": {"plus": ["power", "technical"], "minus": "martial_arts", "grid": "A1"}}
    return side(data)


# Tag: 6 entries (Teamwork added), a d6. T 3 + 3, B 18 + 3: 4 damage to T's Stamina (5 -> 1); the
# injury check 15 - 1 - 3 = 11 injures.
TEAM_HURT = [1, 1, 1, 1, 6, 6, 6, 5, 5, 5]


def test_a_teams_injury_goes_to_the_member_a_die_picks() -> None:
    rec = play([team(), duelist("B")], [*TEAM_HURT, 2, 1, 1, 1], grid=ALL_POWER, rounds=1)
    check = happenings(rec, "injury_check")[0]
    assert (check["side"], check["injured"], check["injuries"]) == ("T", True, 1)
    assert (check["member"], check["member_index"]) == ("Cat", 1)
    pick = rolls(rec, "which member")
    assert [(x.dice, x.total, x.side) for x in pick] == [("1d2", 2, "T")]
    assert "INJURED: Cat takes the point" in text(rec)
    assert "T: 1 new injury point(s), each to a member: Cat 1." in text(rec)
    first = play([team(), duelist("B")], [*TEAM_HURT, 1, 1, 1, 1], grid=ALL_POWER, rounds=1)
    assert happenings(first, "injury_check")[0]["member"] == "Ann"


def test_rules_1_2_rolls_no_member_die() -> None:
    rec = play([team(), duelist("B")], [*TEAM_HURT, 1, 1, 1], version="1.2", grid=ALL_POWER, rounds=1)
    check = happenings(rec, "injury_check")[0]
    assert check["injured"] is True
    assert "member" not in check
    assert rolls(rec, "which member") == []


def test_no_member_die_without_an_injury_or_for_a_wrestler() -> None:
    # T's Stamina 10: 10 - 4 = 6 left; 15 - 6 - 3 = 6, no injury, no die.
    rec = play([team(10), duelist("B")], [*TEAM_HURT, 1, 1, 1], grid=ALL_POWER, rounds=1)
    check = happenings(rec, "injury_check")[0]
    assert (check["injured"], check["member"], check["member_index"]) == (False, None, None)
    # A wrestler injured: the point is the wrestler's own, no die.
    weak = duelist("W", stamina=5)
    rec = play([weak, duelist("B")], [1, 1, 1, 1, 6, 6, 6, 5, 5, 5, 1, 1, 1], grid=ALL_POWER, rounds=1)
    check = happenings(rec, "injury_check")[0]
    assert (check["injured"], check["member"], check["member_index"]) == (True, "W", None)
    assert rolls(rec, "which member") == []


def test_seeded_tag_matches_spread_injuries_over_both_members() -> None:
    taken: dict[object, int] = {}
    for seed in range(40):
        rec = RULESET.run([sample("odd-couple"), sample("iron-ivan")], SeededSource(seed), {"type": "cage"})
        for check in happenings(rec, "injury_check"):
            if check["injured"] and check["side"] == "The Odd Couple":
                taken[check["member"]] = taken.get(check["member"], 0) + 1
                assert check["member_index"] == ["Friendly Sam", "Brother Bob"].index(str(check["member"]))
    assert set(taken) == {"Friendly Sam", "Brother Bob"}
