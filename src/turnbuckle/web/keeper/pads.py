"""The score keeper's tap pads: the faces of the die asked for as buttons, a card as a rank and
a suit, a choice as one button an option. A tap posts the answer itself (``tap``, or ``rank`` and
``suit`` for a card), so a phone never needs its keyboard; the typed field stays for people who
prefer it (several faces at once, ``3 5``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from turnbuckle.core.entries import Need

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = (("C", "clubs", "\u2663"), ("D", "diamonds", "\u2666"), ("H", "hearts", "\u2665"), ("S", "spades", "\u2660"))
#: The most faces drawn as buttons; a bigger die (none of the games rolls one) is typed.
MAX_FACES = 20


@dataclass(frozen=True)
class Key:
    """One button of a pad: what it posts, its big text and a small line under it."""

    value: str
    text: str
    small: str = ""


@dataclass(frozen=True)
class Pad:
    """The buttons for one ask: ``kind`` roll, card or choice; ``columns`` across a phone (a d6 in
    one row of 6, a d12 in two, a d20 as 4 rows of 5)."""

    kind: str
    keys: tuple[Key, ...]
    columns: int
    #: For a card, the suits (posted as ``suit`` with the picked ``rank``).
    suits: tuple[Key, ...] = ()


def columns_for(sides: int, named: bool = False) -> int:
    """How many faces go across: all of a small die, then 4, 6 or 5 a row; faces that carry a
    name ('Single Leg') 3 or 4 a row, so that the names fit."""
    if named:
        return 3 if sides <= 6 or sides == 9 else 4
    if sides <= 6:
        return sides
    if sides <= 8:
        return 4
    return 6 if sides <= 12 else 5


def pad_for(need: Need) -> Pad | None:
    """The pad for ``need``, or None where only typing will do (a die of over 20 faces)."""
    if need.kind == "roll":
        if need.sides > MAX_FACES:
            return None
        meanings = list(need.faces) + ["roll again"] * max(0, need.sides - len(need.faces)) if need.faces else []
        keys = tuple(Key(str(f), str(f), meanings[f - 1] if meanings else "") for f in range(1, need.sides + 1))
        return Pad("roll", keys, columns_for(need.sides, named=bool(meanings)))
    if need.kind == "card":
        return Pad("card", tuple(Key(r, r) for r in RANKS), 5,
                   tuple(Key(code, symbol, name) for code, name, symbol in SUITS))
    labels = list(need.labels) + [""] * len(need.options)
    marks = list(need.marks) + [""] * len(need.options)
    small = [" · ".join(w for w in (o if labels[i] and labels[i] != o else "", marks[i]) if w)
             for i, o in enumerate(need.options)]
    keys = tuple(Key(o, labels[i] or o, small[i]) for i, o in enumerate(need.options))
    return Pad("choice", keys, 2 if len(keys) > 1 else 1)


def tapped(posted: Mapping[str, Any]) -> str:
    """The answer a pad's button posted ('' when the typed field was used): a face or an option
    (``tap``), or a card from its ``rank`` and ``suit``."""
    tap = posted.get("tap")
    if isinstance(tap, str) and tap.strip():
        return tap.strip()[:40]
    rank, suit = posted.get("rank"), posted.get("suit")
    if isinstance(suit, str) and suit.strip():
        return f"{rank.strip() if isinstance(rank, str) else ''}{suit.strip()}"[:8]
    return ""


def ask_line(need: Need) -> str:
    """The ask as the pad's heading: its one-line description, less the lists the pad's keys
    already show (what each face means, the options to choose from)."""
    text = need.describe()
    if need.kind == "choice":
        return f"{need.purpose}: choose one"
    return text.split("; faces: ", 1)[0] if need.kind == "roll" and need.faces and need.sides <= MAX_FACES else text
