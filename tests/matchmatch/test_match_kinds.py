"""Tag matches, three or more sides, match types as data, the grid, and seeded play."""

from __future__ import annotations

import pytest

from tests.matchmatch.helpers import RULESET, happenings, play, sample
from tests.matchmatch.test_engine import ALL_POWER, duelist, r
from turnbuckle.core.errors import RulesError, ScriptError
from turnbuckle.core.sources import ScriptedSource, SeededSource
from turnbuckle.rulesets.matchmatch.engine import die_for
from turnbuckle.rulesets.matchmatch.match_types import bundled_types, find_type, load_match_types


def test_die_sizes() -> None:
    assert [die_for(n) for n in (3, 5, 6, 7, 8, 9, 13, 21)] == [4, 6, 6, 8, 8, 10, 20, 100]


def test_tag_match_adds_teamwork_as_the_sixth_entry() -> None:
    team = sample("odd-couple")
    rec = play([team, duelist("B")], [6, 1, 1, 1, 1, 1, 1, 1, 1, 1], grid=ALL_POWER, rounds=1)
    start = happenings(rec, "match_start")[0]
    assert start["tag"] is True
    assert start["style_list"][-1] == "teamwork"
    assert len(start["style_list"]) == 6
    assert happenings(rec, "round_start")[0]["style"] == "teamwork"
    # victory checks subtract 6 styles in a tag match
    assert happenings(rec, "victory_check")[0]["styles"] == 6


def test_singles_list_rerolls_a_six() -> None:
    rec = play([duelist("A"), duelist("B")], [6, 6, 2, 1, 1, 1, 2, 2, 2, 1, 1, 1], grid=ALL_POWER, rounds=1)
    assert happenings(rec, "round_start")[0]["style"] == "technical"


def test_three_sides_lowest_total_loses_the_round() -> None:
    a, b, c = duelist("A"), duelist("B"), duelist("C")
    # 7 entries: a d8, an 8 rerolls. A 6+3, B 18+3, C 9+3: B wins, A (lowest) takes 4 and checks
    rec = play([a, b, c], [8, 1, 2, 2, 2, 6, 6, 6, 3, 3, 3, 1, 1, 1, 6, 6, 6], grid=ALL_POWER, rounds=1)
    won = happenings(rec, "round_won")[0]
    assert (won["winner"], won["loser"], won["margin"]) == ("B", "A", 12)
    assert happenings(rec, "damage")[0]["side"] == "A"
    assert happenings(rec, "victory_check")[0]["styles"] == 7
    assert (rec.result.winner, rec.result.method) == (1, "pinfall")


def test_three_sides_dq_eliminates_and_the_rest_go_on() -> None:
    a = duelist("A", [r(1, "Illegal")])
    script = [1, 1, 1, 1, 6, 6, 2, 2, 2, 3, 3, 3,  # round 1: A is disqualified
              1, 2, 2, 2, 3, 3, 3, 1, 1, 1]  # round 2: only B and C; C wins, no count
    rec = play([a, duelist("B"), duelist("C")], script, grid=ALL_POWER, rounds=2)
    assert happenings(rec, "disqualified")[0]["side"] == "A"
    assert [x["side"] for x in happenings(rec, "attack") if x["round"] == 2] == ["B", "C"]
    assert rec.result.method == "draw"


def test_three_sides_dq_leaving_one_wins() -> None:
    a = duelist("A", [r(1, "Illegal")])
    b = duelist("B", [r(1, "Illegal")])
    rec = play([a, b, duelist("C")], [1, 1, 1, 1, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1], grid=ALL_POWER, rounds=1)
    assert (rec.result.winner, rec.result.method) == (2, "dq")


def test_double_dq_in_singles_is_a_draw() -> None:
    a = duelist("A", [r(1, "Illegal")])
    b = duelist("B", [r(1, "Illegal")])
    rec = play([a, b], [1, 1, 1, 1, 6, 6, 1, 1, 1, 6, 6], grid=ALL_POWER, rounds=1)
    assert (rec.result.winner, rec.result.method) == (None, "double dq")


def test_bundled_types_are_as_the_rulebook_gives_them() -> None:
    t = bundled_types()
    assert (t["cage"].styles_added, t["cage"].injury_threshold, t["cage"].pin_modifier,
            t["cage"].forbidden_specials) == (["brawling"], 2, -4, ["submission"])
    assert (t["strap"].styles_added, t["strap"].styles_halved, t["strap"].pin_modifier) == \
        (["brawling"], ["high_flying"], -2)
    # The rulebook's last paragraph (its file ends without a newline): Power and High-Flying added,
    # +4 to injury checks with the injury threshold unchanged, pin chance -2.
    scaffold = t["scaffold"].model_dump(exclude={"name", "description"})
    assert scaffold == {**t["standard"].model_dump(exclude={"name", "description"}),
                        "styles_added": ["power", "high_flying"], "injury_chance": 4, "pin_modifier": -2,
                        "finish": "ten count"}
    # The finishes of the rulebook's Specialty Matches (rules 1.3): escape, four corners, ten count.
    assert [t[k].finish for k in ("standard", "cage", "strap", "scaffold")] == ["", "escape", "four corners",
                                                                              "ten count"]


def test_cage_match_in_play() -> None:
    # Cage: Brawling added (6 entries), 2 damage calls for an injury check, pins at -4.
    rec = play([duelist("A"), duelist("B")], [1, 6, 6, 1, 2, 2, 2, 1, 1, 1, 6, 6, 6], grid=ALL_POWER, rounds=1,
               type="cage")
    assert happenings(rec, "match_start")[0]["style_list"][-1] == "brawling"
    assert happenings(rec, "damage")[0]["damage"] == 2
    assert len(happenings(rec, "injury_check")) == 1
    pin = happenings(rec, "victory_check")[0]
    # B has no Brawling, which is now on the list: +1 for a style at 0
    assert (pin["match_type"], pin["styles"], pin["zero_styles"], pin["total"]) == (-4, 6, 1, 18 + 1 - 8 - 6 - 4)
    assert rec.result.method == "escape"  # the natural 18, in a cage (rules 1.3; 1.2: a pinfall)


def test_cage_forbids_submission_strategies() -> None:
    a = duelist("A", [r(3, "Submission")])
    with pytest.raises(RulesError, match="round 3: Submission may not be stratted in a Cage Match"):
        play([a, duelist("B")], [], grid=ALL_POWER, rounds=3, type="cage")


def test_strap_halves_high_flying() -> None:
    flyer = duelist("A", styles={"high_flying": 5})
    rec = play([flyer, duelist("B")], [1, 1, 1, 1, 2, 2, 2, 1, 1, 1], grid=ALL_POWER, rounds=1, type="strap")
    assert happenings(rec, "side")[0]["styles"]["high_flying"] == 3


def test_scaffold_match_in_play() -> None:
    # Power and High Flying join the list (7 entries: a d8). A wins 21 to 6: 4 damage to B's
    # Stamina (10 -> 6); the injury check is 13 - 6 - 3 (Power) + 4 = 8, with the threshold still 3;
    # the pin is 3 + 1 (B's High Flying is 0 and on the list) - 6 - 7 styles - 2 = -11.
    rec = play([duelist("A"), duelist("B")], [1, 6, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 1], grid=ALL_POWER,
               rounds=1, type="scaffold")
    assert happenings(rec, "match_start")[0]["style_list"] == [
        "power", "technical", "power", "technical", "power", "power", "high_flying"]
    assert happenings(rec, "match_start")[0]["die"] == 8
    dmg = happenings(rec, "damage")[0]
    inj = happenings(rec, "injury_check")[0]
    side_b = happenings(rec, "side")[1]
    assert (inj["modifier"], inj["injured"]) == (4, False)
    assert inj["total"] == 13 - (side_b["stamina"] - dmg["damage"]) - side_b["styles"]["power"] + 4
    pin = happenings(rec, "victory_check")[0]
    assert (pin["match_type"], pin["styles"], pin["zero_styles"], pin["total"]) == (-2, 7, 1, 3 + 1 - 6 - 7 - 2)


def test_organisers_add_their_own_types() -> None:
    extra = load_match_types("ladder:\n  name: Ladder Match\n  styles_added: [HF]\n  pin_modifier: -3\n"
                             "  damage_modifier: 1\n  dq_threshold_change: 2\n")
    assert find_type("ladder", extra).styles_added == ["high_flying"]
    with pytest.raises(RulesError, match="no match type 'ladder'"):
        find_type("ladder")
    with pytest.raises(RulesError, match="'Charm' is not a style"):
        load_match_types("x:\n  name: X\n  styles_added: [Charm]\n")


def test_types_option() -> None:
    types = "ladder:\n  name: Ladder Match\n  damage_modifier: 1\n  dq_threshold_change: 2\n"
    rec = play([duelist("A"), duelist("B")], [1, 3, 3, 3, 2, 2, 2, 1, 1, 1], grid=ALL_POWER, rounds=1,
               type="ladder", types=types)
    assert happenings(rec, "damage")[0]["damage"] == 2  # won by 3: 1 + 1 from the type
    assert happenings(rec, "side")[0]["dq_threshold"] == 12


def test_grid_is_rolled_at_the_table_when_not_given() -> None:
    script = [1, 2, 3, 4, 5, 6, 7, 1, 2,  # the nine cells, A1 B1 C1 A2 ...
              5, 1, 1, 1, 2, 2, 2, 1, 1, 1]
    rec = play([duelist("A"), duelist("B")], script, rounds=1)
    start = happenings(rec, "match_start")[0]
    assert start["grid"] == [["technical", "power", "martial_arts"], ["brawling", "high_flying", "weight"],
                             ["cheating", "technical", "power"]]
    assert (start["column"], start["row"], start["grid_style"]) == ("A", 1, "technical")


def test_bad_grid_option() -> None:
    with pytest.raises(RulesError, match="give 9 styles"):
        play([duelist("A"), duelist("B")], [], grid="Po Te")


def test_seeded_samples_replay_identically() -> None:
    sides = [sample("brother-bob"), sample("friendly-sam")]
    one = RULESET.run(sides, SeededSource(7))
    two = RULESET.run(sides, SeededSource(7))
    assert [e.to_json() for e in one.events] == [e.to_json() for e in two.events]
    assert one.result == two.result


@pytest.mark.parametrize("seed", range(25))
def test_random_matches_finish_sensibly(seed: int) -> None:
    ids = [s.id for s in RULESET.samples()]
    n = 2 + seed % 3
    sides = [sample(ids[(seed + i) % len(ids)]) for i in range(n)]
    rec = RULESET.run(sides, SeededSource(seed), {"type": ["standard", "cage", "strap", "scaffold"][seed % 4],
                                                   "referee": "roll" if seed % 2 else ""})
    finish = {"standard": ("pinfall", "submission", "count-out"), "cage": ("escape",),
              "strap": ("four corners",), "scaffold": ("ten count",)}[str(rec.options["type"])]
    assert rec.result.method in (*finish, "dq", "draw", "double count-out", "double dq")
    assert rec.result.at["round"] <= 20
    for d in happenings(rec, "damage"):
        assert d["stamina"] >= 0
        assert d["after"] >= 0


def test_human_side_picks_styles_and_actions_at_the_table() -> None:
    script = ["power", "technical", "martial_arts", "A",  # Bob's + styles, - style, grid column
              1, "finisher", "stamina",  # the style die, then Bob's round type and target
              6, 6, 6, 1, 1, 1,  # attacks: Bob 18+3+4, Sam (automatic Finisher) 3+1+4
              1, 1, 1, 1, 1, 1]  # injury check on Sam (4 damage), Bob's victory check
    source_sides = [sample("brother-bob"), sample("friendly-sam")]
    src = ScriptedSource.from_values(script)
    rec = RULESET.run(source_sides, src, {"grid": ALL_POWER, "rounds": 1}, {0: "human"})
    assert src.remaining == 0
    bob = happenings(rec, "side")[0]
    assert (bob["plus"], bob["minus"], bob["auto"]) == (["power", "technical"], "martial_arts", False)
    act = next(a for a in happenings(rec, "action") if a["side"] == "Brother Bob")
    assert (act["round_type"], act["source"]) == ("finisher", "human")
    assert happenings(rec, "round_won")[0]["totals"] == {"Brother Bob": 25, "Friendly Sam": 8}


def test_human_choices_offer_only_what_is_left() -> None:
    src = ScriptedSource.from_values(["power", "technical", "martial_arts", "A", 1, "high_spot"])
    with pytest.raises(ScriptError, match="expected one of normal/high_risk/defensive/illegal/finisher"):
        RULESET.run([sample("brother-bob"), sample("friendly-sam")], src, {"grid": ALL_POWER}, {0: "human"})
