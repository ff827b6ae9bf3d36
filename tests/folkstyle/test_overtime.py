"""Overtime: the rulebook's worked example, sudden victory, the restart at OT4 again and again until
someone wins (rules 1.1) with its safety cap, and rules 1.0's draw after ``overtime_cycles`` cycles."""

from __future__ import annotations

import pytest

from tests.folkstyle.helpers import (
    B_HAND,
    B_STAND,
    B_TRIPOD,
    N_DOUBLE,
    N_HAND,
    N_LEG,
    N_SPRAWL,
    QUIET_A,
    QUIET_B,
    QUIET_C,
    QUIET_PERIOD,
    T_HALF,
    T_RIDE,
    T_SPRAWL,
    happenings,
    play,
    play_prefix,
    scores,
    turns,
)
from turnbuckle.core.errors import RulesError, ScriptError
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.folkstyle.card import load_card
from turnbuckle.rulesets.folkstyle.options import SAFETY_CAP_CYCLES
from turnbuckle.rulesets.registry import get_ruleset

HUMANS = {0: "human", 1: "human"}

# Regulation to 4-4 with one turn on top each (no riding-time point).
REGULATION_4_4 = [
    6, 1, "Red",                                  # Rex wins the colour roll and takes Red
    N_LEG, N_HAND, 1, 1,                          # P1 T1: Red Single Leg 11 v Hand Fight 5: takedown 3-0
    T_RIDE, B_STAND, 1, 6,                        # P1 T2: Spiral Ride 9 v Stand Up 15: Green escape 3-1
    N_HAND, N_LEG, 1, 1,                          # P1 T3: Green takedown 3-4
    6, 1, "Bottom",                               # Red wins the roll-off and takes Bottom for period 2
    B_STAND, T_RIDE, 6, 1,                        # P2 T1: Red escapes 4-4
    *QUIET_A, *QUIET_B,
    "Neutral",                                    # Green chooses period 3: Neutral
    *QUIET_C, *QUIET_A, *QUIET_B,
]

# The rulebook's overtime example, from 4-4.
RULEBOOK_OVERTIME = [
    *QUIET_PERIOD,                                # OT1: three turns, no points
    1, 6, "Bottom",                               # Green wins the roll-off, starts OT2 on Bottom
    T_RIDE, B_TRIPOD, 1, 1,                       # OT2 T1: Red rides
    T_RIDE, B_STAND, 1, 6,                        # OT2 T2: Green escapes 4-5
    *QUIET_A,                                     # OT2 T3
    "Bottom",                                     # Red starts OT3 on Bottom
    B_STAND, T_RIDE, 6, 1,                        # OT3 T1: Red escapes 5-5
    *QUIET_B, *QUIET_C,
]


def test_regulation_reaches_4_4_without_riding_time() -> None:
    record = play([*REGULATION_4_4, *RULEBOOK_OVERTIME], HUMANS)
    assert scores(record)[:9] == ["3-0", "3-1", "3-4", "4-4", "4-4", "4-4", "4-4", "4-4", "4-4"]
    (riding,) = happenings(record, "riding_time")
    assert riding["top_turns"] == {"Red": 1, "Green": 1}
    assert riding["awarded"] is None
    assert riding["score"] == "4-4"


def test_rulebook_overtime_example_red_wins_on_top_time() -> None:
    record = play([*REGULATION_4_4, *RULEBOOK_OVERTIME], HUMANS)
    ot = [t for t in turns(record) if str(t["label"]).startswith("OT")]
    assert [(t["label"], t["turn"], t["position"], t["result"], t["score"]) for t in ot] == [
        ("OT1", 1, "Neutral", "defensive cancel", "4-4"),
        ("OT1", 2, "Neutral", "tie: no change", "4-4"),
        ("OT1", 3, "Neutral", "defensive", "4-4"),
        ("OT2", 1, "Red top", "ride", "4-4"),
        ("OT2", 2, "Red top", "escape", "4-5"),
        ("OT2", 3, "Neutral", "defensive cancel", "4-5"),
        ("OT3", 1, "Green top", "escape", "5-5"),
        ("OT3", 2, "Neutral", "tie: no change", "5-5"),
        ("OT3", 3, "Neutral", "defensive", "5-5"),
    ]
    starts = [(p["label"], p["position"], p["chooser"], p["choice"]) for p in happenings(record, "period_start")]
    assert starts[3:] == [
        ("OT1", "Neutral", None, "start"),
        ("OT2", "Red top", "Green", "Bottom"),
        ("OT3", "Green top", "Red", "Bottom"),
    ]
    (tiebreak,) = happenings(record, "tiebreak")
    assert tiebreak["top_turns"] == {"Red": 2, "Green": 1}
    assert tiebreak["winner"] == "Red"
    result = record.result
    assert (result.winner, result.method, result.extra["score"]) == (0, "top-time", "5-5")
    assert result.at == {"period": 6, "turn": 3}
    assert record.winner_name() == "Rex Red"


def test_points_after_ot3_win_on_points() -> None:
    # As the example, but Green rides out OT3 on top: Green wins 4-5 on points, no tiebreak.
    held = [
        *RULEBOOK_OVERTIME[:-12],
        B_TRIPOD, T_RIDE, 1, 1,           # Tripod 7 v Spiral Ride 9: ride
        B_HAND, T_SPRAWL, 1, 1,           # two defensive moves cancel
        B_STAND, T_RIDE, 1, 6,            # Stand Up 10 v Spiral Ride 14: ride
    ]
    record = play([*REGULATION_4_4, *held], HUMANS)
    assert scores(record)[-1] == "4-5"
    assert (record.result.winner, record.result.method) == (1, "overtime")
    assert happenings(record, "tiebreak") == []


def test_sudden_victory_ends_at_the_first_points() -> None:
    script = [*REGULATION_4_4, *QUIET_A, N_LEG, N_HAND, 1, 1]   # OT1 T2: Red takedown
    record = play(script, HUMANS)
    assert scores(record)[-1] == "7-4"
    assert (record.result.winner, record.result.method) == (0, "sudden-victory")
    assert record.result.at == {"period": 4, "turn": 2}
    assert happenings(record, "match_end")[0]["period"] == "OT1"


def _level_cycle() -> list[object]:
    """An overtime cycle with no points and equal top time (OT2 and OT3 chosen Neutral is not
    allowed, so each wrestler spends one turn on top and escapes)."""
    return [
        *QUIET_PERIOD,
        6, 1, "Bottom",                   # Red wins the roll-off, starts on Bottom: Green top
        B_TRIPOD, T_RIDE, 1, 1,           # Red holds on bottom (Ride 9 beats Tripod 7)
        B_STAND, T_RIDE, 6, 1,            # Red escapes: +1
        *QUIET_A,
        "Bottom",                         # Green starts on Bottom: Red top
        T_RIDE, B_TRIPOD, 1, 1,
        T_RIDE, B_STAND, 1, 6,            # Green escapes: +1
        *QUIET_B,
    ]


def test_level_after_ot3_restarts_at_ot4_in_neutral() -> None:
    script = [*REGULATION_4_4, *_level_cycle(), *QUIET_A, N_LEG, N_HAND, 1, 1]
    record = play(script, HUMANS)
    (tiebreak,) = happenings(record, "tiebreak")
    assert tiebreak["top_turns"] == {"Red": 2, "Green": 2}
    assert tiebreak["winner"] is None
    cycles = happenings(record, "overtime")
    assert [(c["cycle"], c["first_period"]) for c in cycles] == [(1, "OT1"), (2, "OT4")]
    ot4 = [t for t in turns(record) if t["label"] == "OT4"]
    assert ot4[0]["position"] == "Neutral"
    assert (record.result.method, record.result.winner, record.result.extra["score"]) == ("sudden-victory", 0, "8-5")


def test_overtime_goes_on_until_someone_wins() -> None:
    """Rules 1.1: four level cycles (OT1-OT12), then a takedown in OT13's sudden victory wins."""
    script = [*REGULATION_4_4, *(_level_cycle() * 4), *QUIET_A, N_LEG, N_HAND, 1, 1]
    record = play(script, HUMANS)
    assert [(c["cycle"], c["first_period"]) for c in happenings(record, "overtime")] == [
        (1, "OT1"), (2, "OT4"), (3, "OT7"), (4, "OT10"), (5, "OT13")]
    assert [t["winner"] for t in happenings(record, "tiebreak")] == [None] * 4
    assert (record.result.winner, record.result.method, record.result.extra["score"]) == (0, "sudden-victory", "11-8")
    assert record.result.at == {"period": 16, "turn": 2}
    (start,) = happenings(record, "match_start")
    assert start["overtime_cycles"] == SAFETY_CAP_CYCLES  # the most it could have played
    assert record.ruleset_version == "1.1"


def test_overtime_cycles_is_a_rules_1_0_option() -> None:
    """From 1.1 a level match is never a draw: the option is refused (left out, it is 0), and
    the current rules' decoding (what a league card and the web's odds form check) says so too."""
    rs = get_ruleset("folkstyle")
    with pytest.raises(RulesError, match=r"overtime_cycles=2: from folkstyle rules 1\.1 overtime is wrestled until "
                                         "someone wins"):
        play([*REGULATION_4_4, *_level_cycle(), *_level_cycle()], HUMANS, options={"overtime_cycles": 2})
    with pytest.raises(RulesError, match="leave the option out"):
        rs.decode_options({"riding_time": True, "riding_threshold": 2, "overtime_cycles": 3})
    assert play([*REGULATION_4_4, *RULEBOOK_OVERTIME], HUMANS, options={"overtime_cycles": 0}).result.method == (
        "top-time")


def test_rules_1_0_ended_a_level_match_in_a_draw_after_overtime_cycles() -> None:
    """Rules 1.0, still played for stored matches: level after ``overtime_cycles`` cycles, a draw."""
    script = [*REGULATION_4_4, *_level_cycle(), *_level_cycle()]
    record = play(script, HUMANS, options={"overtime_cycles": 2}, version="1.0")
    assert (record.result.winner, record.result.method) == (None, "draw")
    assert record.result.extra["score"] == "6-6"
    assert len(happenings(record, "tiebreak")) == 2
    assert record.ruleset_version == "1.0"
    (start,) = happenings(record, "match_start")
    assert start["overtime_cycles"] == 2


def test_rules_1_0_without_the_option_drew_after_three_cycles() -> None:
    """Left at 0 (the 1.1 default), the option means 1.0's own default of three cycles."""
    script = [*REGULATION_4_4, *(_level_cycle() * 3)]
    record = play(script, HUMANS, version="1.0")
    assert (record.result.winner, record.result.method, record.result.extra["score"]) == (None, "draw", "7-7")
    assert happenings(record, "match_start")[0]["overtime_cycles"] == 3
    assert record.result.summary == "A draw at 7-7: still level after 9 overtime periods (option overtime_cycles)."


#: A card that can never score, never change position and never take more top time than its
#: mirror: every move of every list is the same defensive move, so every turn cancels and both
#: wrestlers draw their stalling calls together (points to both at once: level).
BLOCKER = {position: {f: {"name": "Block", "base": 5, "effect": "defensive"} for f in range(1, 7)}
           for position in ("neutral", "top", "bottom")}


def test_the_safety_cap_ends_a_match_that_cannot_finish() -> None:
    rs = get_ruleset("folkstyle")
    cards = [load_card({"name": name, **BLOCKER}, name) for name in ("Wall", "Wally")]
    record = rs.run(cards, SeededSource(4))
    result = record.result
    assert (result.winner, result.method) == (None, "safety-cap")
    assert result.at == {"period": 3 + 3 * SAFETY_CAP_CYCLES, "turn": 3}
    assert len(happenings(record, "overtime")) == SAFETY_CAP_CYCLES == 1000
    (end,) = happenings(record, "match_end")
    assert end == {"method": "safety-cap", "winner": None, "score": result.extra["score"],
                   "reason": "still level after the safety cap of 1,000 overtime cycles"}
    assert result.summary.startswith(f"No winner at {result.extra['score']}: still level after the safety cap of "
                                     "1,000 overtime cycles (3,000 overtime periods).")
    assert record.result.placings == (1, 1)
    from turnbuckle.core.render import render_text

    assert "the safety cap stops the match without a winner" in render_text(rs.narrate(record))


def test_the_colour_roll_decides_who_is_red() -> None:
    # Side 2 (Gus) wins the colour roll after a tie and takes Red as the automatic player.
    record = play_prefix([3, 3, 2, 5, *QUIET_PERIOD])
    (colours,) = happenings(record, "colours")
    assert colours == {"rolloff_winner": "Gus Green", "choice": "Red", "red": "Gus Green", "green": "Rex Red"}


def test_overtime_choices_are_top_bottom_or_defer() -> None:
    with pytest.raises(ScriptError, match="one of Top/Bottom/Defer"):
        play([*REGULATION_4_4, *QUIET_PERIOD, 1, 6, "Neutral"], HUMANS)


def test_overtime_defer() -> None:
    # Green defers; Red picks Top for OT2 (the same start as Green choosing Bottom); Green picks OT3.
    script = [*REGULATION_4_4, *QUIET_PERIOD, 1, 6, "Defer", "Top", *RULEBOOK_OVERTIME[15:27], "Top",
              *RULEBOOK_OVERTIME[28:]]
    record = play(script, HUMANS)
    starts = [(p["label"], p["position"], p["chooser"], p["choice"]) for p in happenings(record, "period_start")]
    assert starts[4:] == [("OT2", "Red top", "Red", "Top"), ("OT3", "Green top", "Green", "Top")]
    assert (record.result.method, record.result.winner) == ("top-time", 0)


def test_roll_offs_are_bounded() -> None:
    record = play_prefix([*([4] * 102), *QUIET_PERIOD])
    (colour_roll, *_) = happenings(record, "rolloff")
    assert colour_roll == {"purpose": "colour roll", "faces": [], "winner": "Rex Red", "attempt": 51, "bound": True}


def test_the_write_up_of_the_rulebook_example() -> None:
    from turnbuckle.core.render import render_markdown, render_text
    from turnbuckle.rulesets.registry import get_ruleset

    record = play([*REGULATION_4_4, *RULEBOOK_OVERTIME], HUMANS)
    writeup = get_ruleset("folkstyle").narrate(record)
    text = render_text(writeup)
    assert "Turn 2 (Red top): Red 4 Spiral Ride (8) + 1 = 9; Green 2 Stand Up (9) + 6 = 15. Green escape; " \
           "Green +1. Score 4-5." in text
    assert "Still level; top turns in overtime Red 2, Green 1: Red held top longer." in text
    assert "Red (Rex Red) wins on top time (2 turns to 1 in overtime), 5-5 (Red-Green)." in text
    row = "OT3     1     Green top  2 Stand Up (9)     4 Spiral Ride (8)  15-9     Red escape        Red +1    5-5"
    assert row in text.splitlines()
    md = render_markdown(writeup)
    assert "| OT2 | 2 | Red top | 4 Spiral Ride (8) | 2 Stand Up (9) | 9-15 | Green escape | Green +1 | 4-5 |" in md


def test_overtime_differ_is_a_defer() -> None:
    script = [*REGULATION_4_4, *QUIET_PERIOD, 1, 6, "Differ", "Top", *RULEBOOK_OVERTIME[15:27], "Top",
              *RULEBOOK_OVERTIME[28:]]
    record = play(script, HUMANS)
    starts = [(p["label"], p["position"], p["chooser"], p["choice"]) for p in happenings(record, "period_start")]
    assert starts[4:] == [("OT2", "Red top", "Red", "Top"), ("OT3", "Green top", "Green", "Top")]
    assert happenings(record, "defer") == [{"colour": "Green", "period": "OT2"}]


def test_differ_is_not_an_option_for_the_period_after() -> None:
    with pytest.raises(ScriptError, match="one of Top/Bottom for 'Red start of period OT3 choice', got 'Differ'"):
        play([*REGULATION_4_4, *QUIET_PERIOD, 1, 6, "Bottom", *RULEBOOK_OVERTIME[15:27], "Differ"], HUMANS)


RED_HAND_FIGHTS = [N_HAND, N_SPRAWL, 1, 1, N_HAND, N_HAND, 1, 1, N_HAND, N_DOUBLE, 6, 1]  # Red's 3 Hand Fights
BOTH_HAND_FIGHTS = [N_HAND, N_HAND, 1, 1] * 3


def test_a_stalling_point_is_a_first_point_in_sudden_victory() -> None:
    # Red draws a stalling call in period 1 and its second in OT1: Green's point wins at once.
    script = [6, 1, "Red", *RED_HAND_FIGHTS, 6, 1, "Neutral", *QUIET_PERIOD, "Neutral", *QUIET_PERIOD,
              *RED_HAND_FIGHTS]
    record = play(script, HUMANS)
    last = turns(record)[-1]
    assert (last["label"], last["turn"], last["stalling"], last["score"]) == (
        "OT1", 3, [{"colour": "Red", "move": "Hand Fight", "call": 2, "point_to": "Green"}], "0-1")
    assert (record.result.winner, record.result.method, record.result.at) == (1, "sudden-victory",
                                                                              {"period": 4, "turn": 3})


def test_stalling_points_to_both_in_one_sudden_victory_turn_leave_it_level() -> None:
    script = [
        6, 1, "Red", *BOTH_HAND_FIGHTS,                    # a call on each, no point
        6, 1, "Neutral", *QUIET_PERIOD, "Neutral", *QUIET_PERIOD,
        *BOTH_HAND_FIGHTS,                                 # OT1: second calls on both: 1-1, no winner
        6, 1, "Top",                                       # OT2: Red top, nothing scores
        T_RIDE, B_TRIPOD, 6, 1, T_SPRAWL, B_HAND, 1, 1, T_HALF, B_TRIPOD, 1, 6,
        "Top",                                             # OT3: Green top, nothing scores
        B_TRIPOD, T_RIDE, 1, 6, B_HAND, T_SPRAWL, 1, 1, B_TRIPOD, T_HALF, 6, 1,
    ]
    level = play(script, HUMANS, options={"overtime_cycles": 1}, version="1.0")  # rules 1.0: a draw here
    assert (level.result.winner, level.result.method, level.result.extra["score"]) == (None, "draw", "1-1")
    record = play([*script, *QUIET_A, N_LEG, N_HAND, 1, 1], HUMANS)  # rules 1.1: on to OT4, a takedown wins
    ot1 = [t for t in turns(record) if t["label"] == "OT1"]
    assert [t["score"] for t in ot1] == ["0-0", "0-0", "1-1"]
    assert ot1[2]["points"] == {"Red": 1, "Green": 1}
    assert [p["label"] for p in happenings(record, "period_start")][3:] == ["OT1", "OT2", "OT3", "OT4"]
    assert (record.result.winner, record.result.method, record.result.extra["score"]) == (0, "sudden-victory", "4-1")
