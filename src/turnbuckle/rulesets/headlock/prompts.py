"""What the table is told when it rolls or picks in a Headlock match (prompts only: nothing here
reaches a record): the move list with each submission and choke marked, a hold's break-out target
restated on every roll, the choke and get-up numbers. The command line's table mode and the web
score keeper show the same words (``Need.note``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Listed(Protocol):
    """A move as the prompts read it (the sheet's Move)."""

    @property
    def code(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...


#: How a move's kind is marked in the move list.
MARKS = {"submission": "SUBMISSION: held, the opponent rolls to break out",
         "choke": "CHOKE: a submission that can choke out"}


def move_mark(move: Listed) -> str:
    """A move's kind as its button shows it: SUBMISSION and CHOKE stand out."""
    return move.kind.upper() if move.kind in MARKS else move.kind


def move_note(moves: Sequence[Listed]) -> str:
    """'Moves: s1 Jab (strike); g5 Crossface (SUBMISSION ...); ...'."""
    marked = [f"{m.code} {m.name} ({move_mark(m)})" for m in moves]
    kinds = sorted({m.kind for m in moves if m.kind in MARKS})
    key = "; ".join(MARKS[k] for k in kinds)
    return "Moves: " + ", ".join(marked) + (f". {key}." if key else ".")


def breakout_note(defender: str, kind: str, die: int, target: int, roll: int, rolls: int, move: str,
                  failed: Sequence[int], choke_roll: int | None) -> str:
    """A break-out roll: the hold, the target, the rolls so far."""
    text = (f"{defender} is held in {move} ({kind}): roll 1d{die}, {target} or less breaks out. "
            f"Roll {roll} of {rolls}")
    if failed:
        text += f"; failed so far: {', '.join(map(str, failed))}"
    if choke_roll is not None:
        text += f". A choke: after the failed roll {choke_roll} the attacker rolls to choke out"
    return text + "."


def choke_note(attacker: str, defender: str, die: int, need: int) -> str:
    return f"{defender} failed 4 break-out rolls: {attacker} rolls 1d{die}, {need} or more chokes {defender} out."


def getup_note(fighter: str, die: int, need: int, roll: int, rolls: int) -> str:
    return f"{fighter} is down: roll 1d{die}, more than {need} beats the count. Roll {roll} of {rolls}."
