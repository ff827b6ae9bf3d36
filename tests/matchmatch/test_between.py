"""Between matches: Push Level arithmetic in exact fractions, and weekly injury healing."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.matchmatch.between import Push, after_match, award, heal, normalise, winner_gain


def test_rulebook_example_level_3_at_0_3_losing_0_5() -> None:
    assert normalise(3, Fraction(3, 10) - Fraction(1, 2)) == Push(2, Fraction(9, 5))


def test_wins() -> None:
    assert after_match(Push(2, Fraction(1, 2)), 3, "win") == Push(3, Fraction(1, 2))  # beat a higher level
    assert after_match(Push(2, Fraction(1, 2)), 2, "win") == Push(2, Fraction(3, 2))
    assert after_match(Push(3, Fraction(0)), 2, "win") == Push(3, Fraction(1, 2))
    assert after_match(Push(3, Fraction(0)), 1, "win") == Push(3, Fraction(1, 3))
    assert after_match(Push(2, Fraction(3, 2)), 2, "win") == Push(3, Fraction(1, 2))  # 2 points: up a level


def test_losses() -> None:
    assert after_match(Push(3, Fraction(1)), 2, "loss") == Push(2, Fraction(1))  # to a lower level
    assert after_match(Push(2, Fraction(1)), 3, "loss") == Push(2, Fraction(1, 2))  # lose what the winner gained
    assert after_match(Push(2, Fraction(1, 4)), 4, "loss") == Push(1, Fraction(23, 12))  # 1/4 - 1/3
    assert after_match(Push(2, Fraction(1, 2)), 2, "loss") == Push(1, Fraction(3, 2))


def test_draw_changes_nothing_and_bounds_hold() -> None:
    me = Push(2, Fraction(1))
    assert after_match(me, 5, "draw") == me
    assert after_match(Push(1, Fraction(0)), 1, "loss") == Push(1, Fraction(0))
    assert after_match(Push(5, Fraction(2)), 5, "win") == Push(5, Fraction(2))
    assert after_match(Push(4, Fraction(3, 2)), 4, "win", max_level=4) == Push(4, Fraction(2))
    with pytest.raises(RulesError, match="win, loss or draw"):
        after_match(me, 2, "forfeit")
    with pytest.raises(RulesError, match="outside"):
        after_match(Push(9), 2, "win")


def test_gain_and_awards() -> None:
    assert [winner_gain(4, d) for d in (4, 3, 2, 1)] == [1, Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)]
    assert award(Push(1, Fraction(3, 2)), Fraction(1, 2)) == Push(2, Fraction(0))


def test_weekly_healing() -> None:
    assert [heal(5, roll, wrestled=False) for roll in range(1, 7)] == [4, 3, 2, 1, 0, 0]
    assert [heal(5, roll, wrestled=True) for roll in range(1, 7)] == [5, 5, 5, 5, 4, 3]
    assert heal(0, 6, wrestled=False) == 0
    with pytest.raises(RulesError):
        heal(2, 7, wrestled=False)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: after_match(Push(2, Fraction(5, 2)), 2, "win"), "points 5/2 are outside"),
    (lambda: after_match(Push(2, Fraction(-1, 2)), 2, "loss"), "points -1/2 are outside"),
    (lambda: after_match(Push(2), 0, "win"), "opponent's Push Level 0"),
    (lambda: after_match(Push(2), 6, "loss"), "opponent's Push Level 6"),
    (lambda: heal(-1, 3, wrestled=False), "injury points -1"),
])
def test_bad_standings_are_rejected_by_name(call: object, message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        call()  # type: ignore[operator]
