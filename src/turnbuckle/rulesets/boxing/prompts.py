"""What the table is told when it rolls for a bout (prompts only: nothing here reaches a record).

The wording is made here once; the command line's table mode and the web score keeper both show
it (``Need.note`` and ``Need.dice``, core/entries.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from turnbuckle.rulesets.boxing.punches import PUNCH_NAMES

#: What each die of a punch's 2d6 decides, in the order they are entered.
PUNCH_DICE = ("the punch", "the hand")


class Fighting(Protocol):
    """A corner as the prompts read it (the engine's Corner)."""

    name: str
    power: int
    toughness: int
    speed: int
    fatigue: int
    hp: int

    @property
    def speed_now(self) -> int: ...


def _rows() -> str:
    """'1 Left Jab | Series of Left Jabs; 2 Left Body Blow | Right Body Blow; ...'."""
    return "; ".join(f"{face} {left} | {right}" for face, (left, right) in PUNCH_NAMES.items())


def punch_note(attacker: Fighting, defender: Fighting) -> str:
    """Which die picks what, and the sum the damage comes from."""
    return (f"The first die picks the punch, the second the hand (1-3 the first name, 4-6 the second): "
            f"{_rows()}. Two dice thrown together have no order: throw two colours and say which is "
            "the punch die, or throw one die at a time. "
            f"Damage: the two dice + {attacker.name}'s Power {attacker.power} - "
            f"{defender.name}'s Toughness {defender.toughness} (below 1: blocked).")


def speed_line(c: Fighting) -> str:
    """'Dutch Kessler 2d12 + Speed 3' (the Speed after fatigue and knockdowns)."""
    tired = f" ({c.speed} less {c.fatigue} fatigue)" if c.fatigue and c.speed_now != c.speed else ""
    return f"{c.name} 2d12 + Speed {c.speed_now}{tired}"


def initiative_note(corners: Sequence[Fighting], combo: bool, natural: int) -> str:
    """The initiative roll: the Speed each side adds this turn, and what the totals decide."""
    rule = "The higher total attacks; equal totals are a clinch (both heal 2)"
    if combo:
        rule += f"; a natural {natural} or more (the dice alone) attacks twice"
    return f"This turn: {'; '.join(speed_line(c) for c in corners)}. {rule}."


def getup_note(down: Fighting, ko_at: int, table: str) -> str:
    """The get-up roll: what total keeps the fighter in the bout."""
    return f"{down.name} is down at {down.hp} HP: 2d6 on the get-up table for {table}; {ko_at} or less is a KO."
