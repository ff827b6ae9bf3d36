"""Stalling: the same move rolled three times by one side in a period, with no change of
position in between, is a stalling call; every second call gives the opponent a point.

The streak state is a pure value so the engine and the automatic player's odds share it.
"""

from __future__ import annotations

from dataclasses import dataclass

STALL_USES = 3
CALLS_PER_POINT = 2

Streak = tuple[tuple[str, int], ...]  # (move key, uses) sorted by key


def bump(streak: Streak, key: str, counted: bool) -> tuple[Streak, bool]:
    """One colour's streaks after a turn in which it rolled the move ``key`` without a change of
    position, and whether that drew a stalling call (a use that is not ``counted`` changes nothing)."""
    if not counted:
        return streak, False
    counts = dict(streak)
    counts[key] = counts.get(key, 0) + 1
    called = counts[key] >= STALL_USES
    if called:
        del counts[key]
    return tuple(sorted(counts.items())), called


def trim(streak: Streak, turns_left: int) -> Streak:
    """Only the moves of ``streak`` that could still reach a call in ``turns_left`` turns."""
    return tuple((k, n) for k, n in streak if n + turns_left >= STALL_USES)


@dataclass(frozen=True)
class Streaks:
    """Each colour's uses of each move since the period began or the position last changed."""

    red: Streak = ()
    green: Streak = ()

    def step(
        self, keys: tuple[str, str], counted: tuple[bool, bool], changed: bool
    ) -> tuple[Streaks, tuple[bool, bool]]:
        """After a turn in which Red and Green rolled the moves ``keys``: the new streaks, and
        which colours drew a stalling call. A change of position wipes both streaks."""
        if changed:
            return Streaks(), (False, False)
        red, red_called = bump(self.red, keys[0], counted[0])
        green, green_called = bump(self.green, keys[1], counted[1])
        return Streaks(red, green), (red_called, green_called)

    def trimmed(self, turns_left: int) -> Streaks:
        """Only the streaks that could still reach a call in ``turns_left`` turns (for memo keys)."""
        return Streaks(trim(self.red, turns_left), trim(self.green, turns_left))


def move_key(position: str, name: str) -> str:
    """Stalling counts the same technique: the move's name in the list it was rolled from."""
    return f"{position}:{name}"


def point_for_call(calls_so_far: int) -> bool:
    """True when a side's ``calls_so_far``-th call (counting this one) gives the opponent a point."""
    return calls_so_far % CALLS_PER_POINT == 0
