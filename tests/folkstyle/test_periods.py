"""Stalling, period choices (roll-off, Top/Bottom/Neutral/Defer) and riding time, from scripts."""

from __future__ import annotations

from typing import Any

import pytest

from tests.folkstyle.helpers import (
    B_HAND,
    B_STAND,
    B_TRIPOD,
    N_DOUBLE,
    N_HAND,
    N_LEG,
    N_SPRAWL,
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
from turnbuckle.core.errors import ScriptError
from turnbuckle.core.match import MatchRecord

HUMANS = {0: "human", 1: "human"}
COLOURS = [6, 1, "Red"]  # Rex wins the colour roll and takes Red

# Red's Hand Fight (a stalemate move) three times in a period, Green varying its moves.
THREE_STALEMATES = [
    N_HAND, N_SPRAWL, 1, 1,   # Hand Fight 5 v Sprawl 8: Green's defensive holds, no change
    N_HAND, N_HAND, 1, 1,     # tie
    N_HAND, N_DOUBLE, 6, 1,   # Hand Fight 10 v Double Leg 9: the stalemate holds
]


def stalling(record: MatchRecord) -> list[dict[str, Any]]:
    return [s for t in turns(record) for s in t["stalling"]]


def test_three_stalemates_in_a_period_is_a_stalling_call_and_every_second_call_a_point() -> None:
    record = play_prefix([*COLOURS, *THREE_STALEMATES, 6, 1, "Neutral", *THREE_STALEMATES, "Neutral"], HUMANS)
    calls = stalling(record)
    assert calls == [
        {"colour": "Red", "move": "Hand Fight", "call": 1, "point_to": None},
        {"colour": "Red", "move": "Hand Fight", "call": 2, "point_to": "Green"},
    ]
    t = turns(record)
    assert (t[2]["points"], t[2]["score"]) == ({"Red": 0, "Green": 0}, "0-0")
    assert (t[5]["points"], t[5]["score"]) == ({"Red": 0, "Green": 1}, "0-1")
    assert [x["stalling"] != [] for x in t[:6]] == [False, False, True, False, False, True]


def test_three_unsuccessful_stand_ups_is_a_stalling_call_on_the_bottom_wrestler() -> None:
    record = play_prefix([
        *COLOURS, *QUIET_PERIOD, 6, 1, "Top",
        T_RIDE, B_STAND, 6, 1,                    # Spiral Ride 14 v Stand Up 10
        T_SPRAWL, B_STAND, 6, 1,                  # Sprawl Back 12 v Stand Up 10
        T_RIDE, B_STAND, 6, 1,                    # Spiral Ride 14 v Stand Up 10
        "Neutral",
    ], HUMANS)
    assert stalling(record) == [{"colour": "Green", "move": "Stand Up", "call": 1, "point_to": None}]


def test_a_change_of_position_wipes_the_count() -> None:
    record = play_prefix([
        *COLOURS, *QUIET_PERIOD, 6, 1, "Top",
        T_RIDE, B_TRIPOD, 6, 1,
        T_RIDE, B_TRIPOD, 6, 1,
        T_RIDE, B_STAND, 1, 6,                    # the third ride loses: Green escapes
        "Neutral",
    ], HUMANS)
    t = turns(record)
    assert t[5]["result"] == "escape"
    assert stalling(record)[:1] != [{"colour": "Red", "move": "Spiral Ride", "call": 1, "point_to": None}]
    assert all(s["move"] != "Spiral Ride" for s in stalling(record)[:1])
    assert [x["stalling"] for x in t[3:6]] == [[], [], []]


def test_the_count_starts_again_each_period() -> None:
    # Two Spiral Rides at the end of period 1, two more in period 2: no call.
    record = play_prefix([
        *COLOURS, N_LEG, N_HAND, 1, 1, T_RIDE, B_TRIPOD, 6, 1, T_RIDE, B_HAND, 6, 1,
        6, 1, "Top", T_RIDE, B_TRIPOD, 6, 1, T_SPRAWL, B_HAND, 1, 1, T_RIDE, B_TRIPOD, 6, 1, "Neutral",
    ], HUMANS)
    assert [x["stalling"] for x in turns(record)[:6]] == [[], [], [], [], [], []]
    assert [x["moves"]["Red"]["name"] for x in turns(record)[1:6]] == [
        "Spiral Ride", "Spiral Ride", "Spiral Ride", "Sprawl Back", "Spiral Ride"]


def test_near_falls_that_score_1_to_4_are_not_stalling() -> None:
    # Red rolls Half Nelson three times on top: two near falls (1 and 3 seconds) and one loss.
    record = play_prefix([
        *COLOURS, *QUIET_PERIOD, 6, 1, "Top",
        T_HALF, B_TRIPOD, 6, 1, 1,                # near fall 1: no points, not counted
        T_HALF, B_HAND, 6, 1, 3,                  # near fall 3: 3 points, not counted
        T_HALF, B_TRIPOD, 1, 6,                   # Tripod 12 holds: counted (one use)
        "Neutral",
    ], HUMANS)
    t = turns(record)
    assert [x["result"] for x in t[3:6]] == ["near fall 1", "near fall 3", "no-change"]
    assert [x["stalling"] for x in t[3:6]] == [[], [], []]
    assert t[5]["score"] == "3-0"


def test_a_losing_near_fall_move_three_times_is_stalling() -> None:
    record = play_prefix([
        *COLOURS, *QUIET_PERIOD, 6, 1, "Top",
        T_HALF, B_TRIPOD, 1, 6,
        T_HALF, B_HAND, 1, 6,
        T_HALF, B_TRIPOD, 1, 6,
        "Neutral",
    ], HUMANS)
    assert stalling(record)[0] == {"colour": "Red", "move": "Half Nelson", "call": 1, "point_to": None}


# -- period choices -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("choice", "p2", "p3_choice", "p3"),
    [
        ("Top", "Red top", "Top", "Green top"),
        ("Bottom", "Green top", "Bottom", "Red top"),
        ("Neutral", "Neutral", "Neutral", "Neutral"),
    ],
)
def test_roll_off_winner_chooses_period_2_and_the_other_period_3(choice: str, p2: str, p3_choice: str, p3: str) -> None:
    record = play_prefix([*COLOURS, *QUIET_PERIOD, 6, 1, choice, *([1] * 12), p3_choice], HUMANS)
    starts = happenings(record, "period_start")
    assert [(s["label"], s["position"], s["chooser"], s["choice"]) for s in starts[:3]] == [
        ("1", "Neutral", None, "start"),
        ("2", p2, "Red", choice),
        ("3", p3, "Green", p3_choice),
    ]
    (rolloff,) = [r for r in happenings(record, "rolloff") if r["purpose"] == "roll-off"]
    assert (rolloff["faces"], rolloff["winner"]) == ([6, 1], "Red")


def test_defer_hands_period_2_to_the_other_and_keeps_period_3() -> None:
    record = play_prefix([*COLOURS, *QUIET_PERIOD, 2, 4, "Defer", "Bottom", *([1] * 12), "Top"], HUMANS)
    starts = happenings(record, "period_start")
    assert [(s["position"], s["chooser"], s["choice"]) for s in starts[1:3]] == [
        ("Green top", "Red", "Bottom"),
        ("Green top", "Green", "Top"),
    ]
    assert happenings(record, "defer") == [{"colour": "Green", "period": "2"}]
    choices = [e.to_json() for e in record.events if e.to_json()["type"] == "choice"]
    assert [(c["purpose"], c["options"], c["chosen"]) for c in choices[1:]] == [
        ("Green start of period 2", ["Top", "Bottom", "Neutral", "Defer"], "Defer"),
        ("Red start of period 2", ["Top", "Bottom", "Neutral"], "Bottom"),
        ("Green start of period 3", ["Top", "Bottom", "Neutral"], "Top"),
    ]


def test_roll_off_ties_roll_again() -> None:
    record = play_prefix([*COLOURS, *QUIET_PERIOD, 3, 3, 5, 5, 1, 2, "Neutral", *([1] * 12), "Neutral"], HUMANS)
    (rolloff,) = [r for r in happenings(record, "rolloff") if r["purpose"] == "roll-off"]
    assert (rolloff["faces"], rolloff["winner"], rolloff["attempt"]) == ([1, 2], "Green", 3)


def test_period_3_cannot_be_deferred() -> None:
    with pytest.raises(ScriptError, match="one of Top/Bottom/Neutral"):
        play_prefix([*COLOURS, *QUIET_PERIOD, 6, 1, "Neutral", *([1] * 12), "Defer"], HUMANS)


def test_a_human_needs_a_source_that_can_choose() -> None:
    from tests.folkstyle.helpers import GREEN, RED
    from turnbuckle.core.errors import RulesError
    from turnbuckle.core.sources import SeededSource
    from turnbuckle.rulesets.registry import get_ruleset

    with pytest.raises(RulesError, match="--dice ask"):
        get_ruleset("folkstyle").run([RED, GREEN], SeededSource(3), players={1: "human"})


# -- riding time ----------------------------------------------------------------------------
PERIOD_1_RIDE_TWO = [
    *COLOURS,
    N_LEG, N_HAND, 1, 1,        # Red takedown 3-0
    T_RIDE, B_TRIPOD, 6, 1,     # Red rides (top turn 1)
    T_RIDE, B_HAND, 6, 1,       # Red rides (top turn 2)
]
RIDE_TWO = [*PERIOD_1_RIDE_TWO, 6, 1, "Neutral", *QUIET_PERIOD, "Neutral", *QUIET_PERIOD]


def test_riding_time_point_for_two_more_turns_on_top() -> None:
    record = play(RIDE_TWO, HUMANS)
    (riding,) = happenings(record, "riding_time")
    assert (riding["top_turns"], riding["awarded"], riding["score"]) == ({"Red": 2, "Green": 0}, "Red", "4-0")
    assert (record.result.winner, record.result.method, record.result.extra["score"]) == (0, "decision", "4-0")
    sheet = record.result.extra["scoresheet"]
    assert isinstance(sheet, list)
    assert sheet[-1] == {
        "period": "RT", "turn": "-", "position": "-", "red_move": "-", "green_move": "-", "quality": "-",
        "result": "Red riding time (top turns 2-0)", "points": "Red +1", "score": "4-0",
    }


def test_riding_time_threshold_is_an_option() -> None:
    record = play(RIDE_TWO, HUMANS, options={"riding_threshold": 3})
    (riding,) = happenings(record, "riding_time")
    assert (riding["awarded"], riding["score"]) == (None, "3-0")


def test_riding_time_can_be_switched_off() -> None:
    record = play(RIDE_TWO, HUMANS, options={"riding_time": False})
    assert happenings(record, "riding_time")[0]["awarded"] is None
    assert record.result.extra["score"] == "3-0"


def test_riding_time_breaks_a_regulation_tie() -> None:
    script = [*PERIOD_1_RIDE_TWO, 6, 1, "Neutral", *QUIET_PERIOD[:8], N_HAND, N_LEG, 1, 1, "Neutral", *QUIET_PERIOD]
    record = play(script, HUMANS)
    assert scores(record)[-1] == "3-3"
    assert (record.result.winner, record.result.method, record.result.extra["score"]) == (0, "decision", "4-3")


@pytest.mark.parametrize("spelling", ["Differ", "differ", "DEFER"])
def test_the_rulebooks_spelling_differ_is_a_defer(spelling: str) -> None:
    record = play_prefix([*COLOURS, *QUIET_PERIOD, 2, 4, spelling, "Bottom", *([1] * 12), "Top"], HUMANS)
    starts = happenings(record, "period_start")
    assert [(s["position"], s["chooser"], s["choice"]) for s in starts[1:3]] == [
        ("Green top", "Red", "Bottom"),
        ("Green top", "Green", "Top"),
    ]
    assert happenings(record, "defer") == [{"colour": "Green", "period": "2"}]
    choices = [e.to_json() for e in record.events if e.to_json()["type"] == "choice"]
    assert [(c["purpose"], c["options"], c["chosen"]) for c in choices[1:2]] == [
        ("Green start of period 2", ["Top", "Bottom", "Neutral", "Defer"], "Defer"),
    ]


def test_riding_time_point_goes_to_green_when_green_rides() -> None:
    script = [
        *COLOURS,
        N_HAND, N_LEG, 1, 1,        # Green takedown 0-3
        B_TRIPOD, T_RIDE, 1, 6,     # Green rides (top turn 1)
        B_HAND, T_RIDE, 1, 6,       # Green rides (top turn 2)
        6, 1, "Neutral", *QUIET_PERIOD, "Neutral", *QUIET_PERIOD,
    ]
    record = play(script, HUMANS)
    (riding,) = happenings(record, "riding_time")
    assert (riding["top_turns"], riding["awarded"], riding["score"]) == ({"Red": 0, "Green": 2}, "Green", "0-4")
    assert (record.result.winner, record.result.method) == (1, "decision")


def test_two_defensive_moves_that_cancel_still_count_toward_stalling() -> None:
    both_sprawl = [N_SPRAWL, N_SPRAWL, 1, 1]
    record = play_prefix([*COLOURS, *both_sprawl, *both_sprawl, *both_sprawl, 6, 1, "Neutral",
                          *QUIET_PERIOD, "Neutral"], HUMANS)
    t = turns(record)
    assert [x["result"] for x in t[:3]] == ["defensive cancel"] * 3
    assert t[2]["stalling"] == [
        {"colour": "Red", "move": "Sprawl", "call": 1, "point_to": None},
        {"colour": "Green", "move": "Sprawl", "call": 1, "point_to": None},
    ]
