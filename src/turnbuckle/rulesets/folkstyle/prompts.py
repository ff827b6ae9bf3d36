"""What the table is told when it rolls a folkstyle turn (prompts only: nothing here reaches a
record). Each prompt after the move dice restates what this turn has rolled so far, so no one has
to scroll back: the moves, and for a scramble its number.

The wording is made here once; the command line's table mode and the web score keeper both show
it (``Need.note``, core/entries.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Rolled(Protocol):
    """A move as the prompts read it (the card's Move)."""

    @property
    def name(self) -> str: ...

    @property
    def base(self) -> int: ...


def moves_line(colours: Sequence[str], faces: Sequence[int], moves: Sequence[Rolled]) -> str:
    """'This turn: Red rolled 4, Single Leg (base 3); Green rolled 2, Sprawl (base 2).'"""
    each = "; ".join(f"{c} rolled {f}, {m.name} (base {m.base})" for c, f, m in zip(colours, faces, moves, strict=True))
    return f"This turn: {each}."


def quality_note(colours: Sequence[str], faces: Sequence[int], moves: Sequence[Rolled]) -> str:
    return f"{moves_line(colours, faces, moves)} Quality: the move's base + this d6."


def scramble_note(colours: Sequence[str], faces: Sequence[int], moves: Sequence[Rolled],
                  dice: Sequence[int], who: str, number: int) -> str:
    quality = ", ".join(f"{c} {m.base} + {d} = {m.base + d}" for c, m, d in zip(colours, moves, dice, strict=True))
    return (f"{moves_line(colours, faces, moves)} Quality: {quality}. {who} scrambles: the scramble "
            f"number is {number}. Above {number} wins the scramble and top; {number} is a stalemate (the "
            f"position resets); below {number} loses it (bottom).")


def near_fall_note(colours: Sequence[str], faces: Sequence[int], moves: Sequence[Rolled],
                   dice: Sequence[int], who: str) -> str:
    quality = ", ".join(f"{c} {m.base} + {d} = {m.base + d}" for c, m, d in zip(colours, moves, dice, strict=True))
    return (f"{moves_line(colours, faces, moves)} Quality: {quality}. {who} has a near fall: 1 is one "
            "second (no points), 2-4 that many seconds held (that many points), 5 or 6 a pin.")


def rolloff_note(decides: str, rolled: Sequence[tuple[str, int]]) -> str:
    """What a roll-off decides ('the higher roll chooses Red or Green'), and the faces rolled in
    it so far, so that the second roller knows the number to beat."""
    so_far = "; ".join(f"{who} rolled {face}" for who, face in rolled)
    return f"Roll-off: each rolls a d6 and {decides}; a tie rolls again." + (f" So far: {so_far}." if so_far else "")


def colour_rolloff() -> str:
    return "the higher roll chooses Red or Green"


def period_rolloff(first: str, second: str) -> str:
    """For the roll-off before periods ``first`` and ``second``."""
    return (f"the higher roll chooses how period {first} starts (or defers that choice to the other), and "
            f"the other chooses how period {second} starts")
