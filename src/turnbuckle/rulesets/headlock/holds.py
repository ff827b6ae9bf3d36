"""Submissions, pins, chokes and knockdowns as pure functions of numbers.

The engine, the automatic players and the exact-odds tests all use these, so each rule is stated
once.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

SUBMISSION_ROLLS = 5
PIN_ROLLS = 3
CHOKE_ON_ROLL = 4
#: The attacker's choke die is the defender's break-out die in reverse order.
CHOKE_DIE = {8: 20, 12: 12, 20: 8}


def breakout_die(hp: int, special: bool) -> int:
    """The defender's die: d8 with HP left against an ordinary hold, d20 at 0 HP against a
    special, d12 otherwise (HP left against a special, or 0 HP against an ordinary hold)."""
    if hp > 0 and not special:
        return 8
    if hp <= 0 and special:
        return 20
    return 12


def breakout_target(hp: int, start_hp: int, res: int) -> int:
    """Roll this or lower to break out: RES + 5 above a quarter of the starting HP; at or below
    it, RES + 1 for each full fifth of that quarter still left (a fifth of a quarter is a
    twentieth of the starting HP).

    >>> breakout_target(7, 120, 3), breakout_target(27, 120, 3), breakout_target(12, 120, 6)
    (4, 7, 8)
    """
    if hp <= 0:
        return res
    return res + min(5, (20 * hp) // start_hp)


def under_quarter(hp: int, start_hp: int) -> bool:
    """Strictly below a quarter of the starting HP (the condition for a pin)."""
    return 4 * hp < start_hp


def held(submission: bool, advantage: int) -> bool:
    """A submission is held when the attacker's suit is equal to (or unrelated to) or trumps the
    defender's; on a weaker suit it only does its damage."""
    return submission and advantage >= 0


def knocks_down(submission: bool, damage: int, hp: int) -> bool:
    """Knockout variant: a strike or normal grapple (a special of those kinds too) that does damage
    and leaves 0 HP; a submission never does."""
    return not submission and damage > 0 and hp == 0


def pinnable(submission: bool, advantage: int, hp: int, start_hp: int) -> bool:
    """A pin follows a strike or normal grapple when the attacker's suit strictly trumps and the
    defender is left below a quarter of starting HP."""
    return not submission and advantage > 0 and under_quarter(hp, start_hp)


def choke_target(defender_die: int, res: int) -> tuple[int, int]:
    """The attacker's choke die and the least face that chokes the defender out: X - (6 - RES)
    with X the size of the attacker's die.

    >>> choke_target(12, 3)
    (12, 9)
    """
    die = CHOKE_DIE[defender_die]
    return die, die - (6 - res)


def getup_need(res: int, knockdown: int) -> int:
    """To beat the count after knockdown number ``knockdown`` (1 for the first), a roll must be
    higher than 6 - RES, plus one for every knockdown before this one."""
    return 6 - res + (knockdown - 1)


def max_knockdowns(res: int, die: int = 12) -> int:
    """The knockdown that can no longer be beaten: the first whose need reaches the die's size.

    >>> max_knockdowns(6), max_knockdowns(1)
    (13, 8)
    """
    k = 1
    while getup_need(res, k) < die:
        k += 1
    return k


@cache
def escape_chance(target: int, die: int, rolls: int) -> Fraction:
    """The chance that at least one of ``rolls`` rolls of a d``die`` is ``target`` or lower
    (remembered: the smart player asks it thousands of times, of a few hundred numbers)."""
    p_fail = Fraction(max(0, die - max(0, target)), die)
    return 1 - p_fail**rolls


@cache
def choke_chance(defender_die: int, target: int, res: int) -> Fraction:
    """Chance that a held choke ends in a choke-out: the first four break-out rolls fail and the
    attacker's roll makes the choke target."""
    die, need = choke_target(defender_die, res)
    fail = Fraction(max(0, defender_die - max(0, target)), defender_die)
    hits = Fraction(max(0, min(die, die - need + 1)), die)
    return fail**CHOKE_ON_ROLL * hits
