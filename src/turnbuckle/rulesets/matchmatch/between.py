"""Between matches, as pure functions a league calls: Push Level changes and weekly healing.

Push points are exact fractions. Within a level a wrestler holds 0 to 2 points; two or more is a
level up with the remainder, below 0 a level down with 2 minus the shortfall.
"""

from __future__ import annotations

from fractions import Fraction

from turnbuckle.core.errors import RulesError
from turnbuckle.core.push import Push as Push

MAX_LEVEL = 5
POINTS_PER_LEVEL = Fraction(2)
HEAL_PENALTY_IF_WRESTLED = 4


def winner_gain(winner_level: int, loser_level: int) -> Fraction:
    """Push points the winner earns: a win over the same level is 1, over a level d lower 1/(d+1).
    (A win over a higher level is a whole level, not points: see :func:`after_win`.)

    >>> winner_gain(3, 3), winner_gain(3, 2), winner_gain(3, 1)
    (Fraction(1, 1), Fraction(1, 2), Fraction(1, 3))
    """
    if winner_level < loser_level:
        return Fraction(0)
    return Fraction(1, winner_level - loser_level + 1)


def normalise(level: int, points: Fraction, max_level: int = MAX_LEVEL) -> Push:
    """Carry points over the 0..2 band into levels (bounded: at most one step per whole band).

    >>> normalise(3, Fraction(3, 10) - Fraction(1, 2))
    Push(level=2, points=Fraction(9, 5))
    """
    for _ in range(4 * (max_level + 2)):
        if points >= POINTS_PER_LEVEL and level < max_level:
            level, points = level + 1, points - POINTS_PER_LEVEL
        elif points < 0 and level > 1:
            level, points = level - 1, POINTS_PER_LEVEL + points
        else:
            break
    if level >= max_level:
        level, points = max_level, min(points, POINTS_PER_LEVEL)
    if level <= 1:
        level, points = 1, max(points, Fraction(0))
    return Push(level, points)


def after_win(me: Push, opponent_level: int, max_level: int = MAX_LEVEL) -> Push:
    """A win: over a higher level, up a level at once (points kept); otherwise the gain in points."""
    if opponent_level > me.level:
        return normalise(me.level + 1, me.points, max_level)
    return normalise(me.level, me.points + winner_gain(me.level, opponent_level), max_level)


def after_loss(me: Push, opponent_level: int, max_level: int = MAX_LEVEL) -> Push:
    """A loss: to a lower level, down a level (points kept, even 2 at the top level: the drop is
    not carried back up); to a higher level, lose what the winner gained; to the same level, lose
    a point.

    >>> after_loss(Push(5, Fraction(2)), 3)
    Push(level=4, points=Fraction(2, 1))
    """
    if opponent_level < me.level:
        return Push(max(1, me.level - 1), me.points)
    return normalise(me.level, me.points - winner_gain(opponent_level, me.level), max_level)


def after_match(me: Push, opponent_level: int, outcome: str, max_level: int = MAX_LEVEL) -> Push:
    """``outcome`` is ``win``, ``loss`` or ``draw`` (a draw changes nothing)."""
    if not 1 <= me.level <= max_level:
        raise RulesError(f"Push Level {me.level} is outside 1..{max_level}")
    if not 0 <= me.points <= POINTS_PER_LEVEL:
        raise RulesError(f"push points {me.points} are outside 0..2; carry whole levels into the level first")
    if not 1 <= opponent_level <= max_level:
        raise RulesError(f"the opponent's Push Level {opponent_level} is outside 1..{max_level}")
    if outcome == "win":
        return after_win(me, opponent_level, max_level)
    if outcome == "loss":
        return after_loss(me, opponent_level, max_level)
    if outcome == "draw":
        return me
    raise RulesError(f"outcome '{outcome}' must be win, loss or draw")


def award(me: Push, points: Fraction, max_level: int = MAX_LEVEL) -> Push:
    """Push points granted (or taken) by the fedhead for a good flash or interview."""
    return normalise(me.level, me.points + points, max_level)


def heal(injuries: int, roll: int, wrestled: bool) -> int:
    """Injury points left after a week: heal the d6 ``roll``, minus 4 if the wrestler wrestled that
    week; never below 0.

    >>> heal(3, 6, wrestled=True), heal(3, 4, wrestled=True), heal(3, 5, wrestled=False)
    (1, 3, 0)
    """
    if injuries < 0:
        raise RulesError(f"injury points {injuries} cannot be below 0")
    if not 1 <= roll <= 6:
        raise RulesError(f"a healing roll is one d6 (1-6), got {roll}")
    healed = max(0, roll - (HEAL_PENALTY_IF_WRESTLED if wrestled else 0))
    return max(0, injuries - healed)
