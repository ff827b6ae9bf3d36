"""Golden tests from scripted dice: every way an exchange can score (or not), one turn at a time.

Each script starts with the colour roll (Rex wins it and, as the automatic player, takes Red),
then fixes the turns under test; the rest of the match is rolled from a seed.
Turn tokens: Red's move die, Green's move die, Red's quality die, Green's quality die, then the
scramble or near-fall die when one is needed.
"""

from __future__ import annotations

import pytest

from tests.folkstyle.helpers import (
    B_GRANBY,
    B_HAND,
    B_SCRAMBLE,
    B_STAND,
    B_SWITCH,
    B_TRIPOD,
    COLOUR_AUTO,
    N_DOUBLE,
    N_HAND,
    N_LEG,
    N_SCRAMBLE,
    N_SNAP,
    N_SPRAWL,
    T_HALF,
    T_PUSH,
    T_RIDE,
    T_SCRAMBLE,
    T_SPRAWL,
    T_TILT,
    play_prefix,
    turns,
)

RED_TD = [N_LEG, N_HAND, 1, 1]  # Single Leg 11 v Hand Fight 5: Red takedown, Red on top
GREEN_TD = [N_HAND, N_LEG, 1, 1]


def first_turns(tokens: list[object], n: int) -> list[tuple[object, ...]]:
    record = play_prefix([*COLOUR_AUTO, *tokens])
    return [(t["result"], t["by"], t["points"], t["position_after"], t["score"]) for t in turns(record)[:n]]


NEUTRAL_CASES = [
    pytest.param([N_LEG, N_SPRAWL, 1, 1], ("takedown", "Red", {"Red": 3, "Green": 0}, "Red top", "3-0"),
                 id="takedown"),
    pytest.param([N_SNAP, N_DOUBLE, 3, 2], ("takedown", "Green", {"Red": 0, "Green": 3}, "Green top", "0-3"),
                 id="green-takedown-on-higher-quality"),
    pytest.param([N_SNAP, N_SPRAWL, 1, 6], ("defensive", "Green", {"Red": 0, "Green": 0}, "Neutral", "0-0"),
                 id="defensive-stops-takedown"),
    pytest.param([N_DOUBLE, N_SNAP, 1, 3], ("tie: no change", None, {"Red": 0, "Green": 0}, "Neutral", "0-0"),
                 id="equal-quality-no-change"),
    pytest.param([N_SPRAWL, N_SPRAWL, 6, 1], ("defensive cancel", None, {"Red": 0, "Green": 0}, "Neutral", "0-0"),
                 id="two-defensive-cancel"),
    pytest.param([N_HAND, N_SNAP, 6, 1], ("stalemate", "Red", {"Red": 0, "Green": 0}, "Neutral", "0-0"),
                 id="stalemate-wins-nothing"),
    # scrambles (number 3): the scrambler's extra die more / equal / less than the number
    pytest.param([N_SCRAMBLE, N_LEG, 1, 6, 4],
                 ("scramble won: takedown", "Red", {"Red": 3, "Green": 0}, "Red top", "3-0"),
                 id="scramble-more-takedown"),
    pytest.param([N_SCRAMBLE, N_LEG, 1, 6, 3],
                 ("scramble stalemate", None, {"Red": 0, "Green": 0}, "Neutral", "0-0"),
                 id="scramble-equal-stalemate"),
    pytest.param([N_SCRAMBLE, N_LEG, 1, 6, 2],
                 ("scramble lost: takedown", "Green", {"Red": 0, "Green": 3}, "Green top", "0-3"),
                 id="scramble-less-opponent-takedown"),
    pytest.param([N_LEG, N_SCRAMBLE, 6, 1, 6],
                 ("scramble won: takedown", "Green", {"Red": 0, "Green": 3}, "Green top", "0-3"),
                 id="green-scramble-cancels-a-better-roll"),
    pytest.param([N_SCRAMBLE, N_SCRAMBLE, 1, 1],
                 ("scrambles cancel", None, {"Red": 0, "Green": 0}, "Neutral", "0-0"),
                 id="two-scrambles-cancel"),
    pytest.param([N_SCRAMBLE, N_SPRAWL, 1, 1, 5],
                 ("scramble won: takedown", "Red", {"Red": 3, "Green": 0}, "Red top", "3-0"),
                 id="scramble-before-defensive"),
]


@pytest.mark.parametrize(("turn", "expected"), NEUTRAL_CASES)
def test_neutral_exchange(turn: list[object], expected: tuple[object, ...]) -> None:
    assert first_turns(turn, 1) == [expected]


# From Red on top (after Red's takedown, 3-0): Red rolls the top list, Green the bottom list.
TOP_CASES = [
    pytest.param([T_RIDE, B_SWITCH, 1, 6], ("reversal", "Green", {"Red": 0, "Green": 2}, "Green top", "3-2"),
                 id="reversal"),
    pytest.param([T_RIDE, B_GRANBY, 1, 6], ("escape", "Green", {"Red": 0, "Green": 1}, "Neutral", "3-1"),
                 id="escape"),
    pytest.param([T_RIDE, B_TRIPOD, 6, 1], ("ride", "Red", {"Red": 0, "Green": 0}, "Red top", "3-0"),
                 id="ride-no-change"),
    pytest.param([T_SPRAWL, B_TRIPOD, 1, 6], ("no-change", "Green", {"Red": 0, "Green": 0}, "Red top", "3-0"),
                 id="no-change-holds"),
    pytest.param([T_SPRAWL, B_HAND, 1, 6], ("defensive cancel", None, {"Red": 0, "Green": 0}, "Red top", "3-0"),
                 id="two-defensive-cancel-on-the-mat"),
    pytest.param([T_HALF, B_TRIPOD, 6, 1, 1], ("near fall 1", "Red", {"Red": 0, "Green": 0}, "Red top", "3-0"),
                 id="near-fall-1-no-points"),
    pytest.param([T_HALF, B_TRIPOD, 6, 1, 2], ("near fall 2", "Red", {"Red": 2, "Green": 0}, "Red top", "5-0"),
                 id="near-fall-2"),
    pytest.param([T_HALF, B_TRIPOD, 6, 1, 3], ("near fall 3", "Red", {"Red": 3, "Green": 0}, "Red top", "6-0"),
                 id="near-fall-3"),
    pytest.param([T_TILT, B_TRIPOD, 6, 1, 4], ("near fall 4", "Red", {"Red": 4, "Green": 0}, "Red top", "7-0"),
                 id="turn-is-a-near-fall-move"),
    pytest.param([T_HALF, B_STAND, 1, 6], ("escape", "Green", {"Red": 0, "Green": 1}, "Neutral", "3-1"),
                 id="near-fall-move-loses"),
    pytest.param([T_PUSH, B_SWITCH, 6, 1], ("push away: escape", "Green", {"Red": 0, "Green": 1}, "Neutral", "3-1"),
                 id="push-away-gives-the-escape-whatever-the-quality"),
    pytest.param([T_PUSH, B_SCRAMBLE, 6, 1, 5],
                 ("scramble won: reversal", "Green", {"Red": 0, "Green": 2}, "Green top", "3-2"),
                 id="push-away-but-bottom-scrambles-and-wins"),
    pytest.param([T_PUSH, B_SCRAMBLE, 6, 1, 3],
                 ("scramble stalemate", None, {"Red": 0, "Green": 0}, "Red top", "3-0"),
                 id="push-away-but-bottom-scramble-stalemate"),
    pytest.param([T_RIDE, B_SCRAMBLE, 6, 1, 4],
                 ("scramble won: reversal", "Green", {"Red": 0, "Green": 2}, "Green top", "3-2"),
                 id="bottom-scramble-more-reversal"),
    pytest.param([T_RIDE, B_SCRAMBLE, 6, 1, 1],
                 ("scramble lost: no change", "Red", {"Red": 0, "Green": 0}, "Red top", "3-0"),
                 id="bottom-scramble-less-stays-bottom"),
    pytest.param([T_SCRAMBLE, B_SWITCH, 1, 6, 6],
                 ("scramble won: no change", "Red", {"Red": 0, "Green": 0}, "Red top", "3-0"),
                 id="top-scramble-more-stays-top"),
    pytest.param([T_SCRAMBLE, B_SWITCH, 1, 6, 2],
                 ("scramble lost: reversal", "Green", {"Red": 0, "Green": 2}, "Green top", "3-2"),
                 id="top-scramble-less-reversal-for-bottom"),
]


@pytest.mark.parametrize(("turn", "expected"), TOP_CASES)
def test_exchange_from_top(turn: list[object], expected: tuple[object, ...]) -> None:
    assert first_turns([*RED_TD, *turn], 2)[1] == expected


@pytest.mark.parametrize("face", [5, 6])
def test_near_fall_5_or_6_is_a_pin(face: int) -> None:
    record = play_prefix([*COLOUR_AUTO, *GREEN_TD, B_STAND, T_TILT, 1, 6, face])
    last = turns(record)[-1]
    assert (last["result"], last["by"], last["pin"], last["score"]) == ("pin", "Green", True, "0-3")
    result = record.result
    assert (result.winner, result.method, result.at) == (1, "pin", {"period": 1, "turn": 2})
    assert len(turns(record)) == 2
    assert result.summary == "Green (Gus Green) pins, 0-3 (Red-Green)."


def test_follow_up_die_is_logged_with_its_purpose() -> None:
    record = play_prefix([*COLOUR_AUTO, *RED_TD, T_HALF, B_TRIPOD, 6, 1, 3])
    rolls = [e.to_json() for e in record.events if e.to_json()["type"] == "roll"]
    assert [(r["purpose"], r["faces"]) for r in rolls[2:11]] == [
        ("Red move", [1]), ("Green move", [4]), ("Red quality", [1]), ("Green quality", [1]),
        ("Red move", [2]), ("Green move", [4]), ("Red quality", [6]), ("Green quality", [1]),
        ("Red near fall", [3]),
    ]
    assert turns(record)[1]["follow_up"] == {"what": "near-fall", "colour": "Red", "face": 3, "number": 0}


def test_every_turn_calls_the_score_red_green() -> None:
    record = play_prefix([*COLOUR_AUTO, *GREEN_TD, B_SWITCH, T_RIDE, 6, 1, T_HALF, B_STAND, 6, 1, 2], seed=5)
    assert [t["score"] for t in turns(record)][:3] == ["0-3", "2-3", "4-3"]
    for t in turns(record):
        red, green = str(t["score"]).split("-")
        assert red.isdigit()
        assert green.isdigit()
