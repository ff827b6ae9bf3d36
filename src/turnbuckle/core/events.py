"""The event log: every roll, draw and choice, and every game happening, as plain records.

The log is the audit trail of a match and the only input of the write-ups. JSON is a direct
dump of it, so the field names here are part of the public JSON format (docs/json-format.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Union, cast

Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]  # noqa: UP007 (recursive alias)


#: Values that are already plain JSON data (checked by exact type first: most values are).
_PLAIN = frozenset({type(None), bool, int, float, str})


def to_json_value(value: object) -> Json:
    """Turn a value into plain JSON data. Fractions become strings such as ``"9/5"``."""
    if type(value) in _PLAIN:
        return cast(Json, value)
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, dict):
        return {str(k): v if type(v) in _PLAIN else to_json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _PLAIN else to_json_value(v) for v in value]
    raise TypeError(f"cannot put {type(value).__name__} into the event log")


@dataclass(frozen=True)
class Roll:
    """Dice rolled for one purpose, e.g. ``Roll("Red initiative", "2d12", (7, 11), 18, "Red")``."""

    purpose: str
    dice: str
    faces: tuple[int, ...]
    total: int
    side: str | None = None

    def to_json(self) -> dict[str, Json]:
        return {
            "type": "roll",
            "purpose": self.purpose,
            "dice": self.dice,
            "faces": list(self.faces),
            "total": self.total,
            "side": self.side,
        }


@dataclass(frozen=True)
class Draw:
    """A card drawn for one purpose."""

    purpose: str
    card: str
    side: str | None = None

    def to_json(self) -> dict[str, Json]:
        return {"type": "draw", "purpose": self.purpose, "card": self.card, "side": self.side}


@dataclass(frozen=True)
class Choice:
    """A decision taken by a player (``by`` is ``human``, ``script`` or an automatic player's name)."""

    purpose: str
    options: tuple[str, ...]
    chosen: str
    by: str
    side: str | None = None

    def to_json(self) -> dict[str, Json]:
        return {
            "type": "choice",
            "purpose": self.purpose,
            "options": list(self.options),
            "chosen": self.chosen,
            "by": self.by,
            "side": self.side,
        }


@dataclass(frozen=True)
class Happening:
    """A game event: ``type`` names it (``punch``, ``knockdown``, ``round_end``...), ``data`` holds its facts."""

    type: str
    data: dict[str, Json] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Json:
        return self.data[key]

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": self.type}
        out.update(self.data)
        return out


Event = Roll | Draw | Choice | Happening


class EventLog:
    """An append-only list of events."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        self.events.append(event)

    def happen(self, type_: str, **data: object) -> Happening:
        """Record a game event; values must be JSON-like (Fractions allowed)."""
        plain = _PLAIN
        event = Happening(type_, {k: v if type(v) in plain else to_json_value(v)  # type: ignore[misc]
                                  for k, v in data.items()})
        self.events.append(event)
        return event

    def __len__(self) -> int:
        return len(self.events)
