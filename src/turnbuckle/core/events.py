"""The event log: every roll, draw and choice, and every game happening, as plain records.

The log is the audit trail of a match and the only input of the write-ups. JSON is a direct
dump of it, so the field names here are part of the public JSON format (docs/json-format.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Union, cast

from turnbuckle.core.errors import RecordError
from turnbuckle.core.frozen import FrozenDict, FrozenList
from turnbuckle.core.jsoncheck import json_kind, need_list, need_text, need_text_or_null, need_whole

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


def frozen_json_value(value: object) -> Json:
    """As ``to_json_value``, but read-only: lists and tuples become FrozenLists, dicts FrozenDicts
    (core/frozen.py). What the event log and match records hold."""
    if type(value) in _PLAIN:
        return cast(Json, value)
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, dict):
        return FrozenDict({str(k): v if type(v) in _PLAIN else frozen_json_value(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return FrozenList([v if type(v) in _PLAIN else frozen_json_value(v) for v in value])
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
    """A game event: ``type`` names it (``punch``, ``knockdown``, ``round_end``...), ``data`` holds its
    facts (read-only JSON data). A fact may not be called ``type``: in JSON that key names the event."""

    type: str
    data: Mapping[str, Json] = field(default_factory=FrozenDict)

    def __post_init__(self) -> None:
        if type(self.data) is not FrozenDict:
            object.__setattr__(self, "data", frozen_json_value(dict(self.data)))
        if "type" in self.data:
            raise ValueError(f"the {self.type} event has a fact named 'type'; JSON uses that key for "
                             "the event's kind, so give the fact another name")

    def __getitem__(self, key: str) -> Json:
        return self.data[key]

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": self.type}
        out.update(self.data)
        return out


Event = Roll | Draw | Choice | Happening


#: The kinds every game shares; any other kind is a game event (a Happening).
COMMON_KINDS = ("roll", "draw", "choice")


def _fields(data: Mapping[str, object], kind: str, names: tuple[str, ...]) -> None:
    got = tuple(data)
    if got != ("type", *names):
        raise RecordError(f"a '{kind}' event must have the fields {', '.join(names)} in that order; "
                          f"it has {', '.join(got[1:]) or 'none'}")


def event_from_json(data: object) -> Event:
    """An event from its JSON form (the inverse of ``to_json``); RecordError when it is malformed."""
    if not isinstance(data, dict):
        raise RecordError(f"an event must be an object, not {json_kind(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or not kind:
        raise RecordError("an event has no 'type' naming its kind")
    if kind == "roll":
        _fields(data, kind, ("purpose", "dice", "faces", "total", "side"))
        faces = need_list(data["faces"], "a roll's faces")
        return Roll(need_text(data["purpose"], "a roll's purpose"), need_text(data["dice"], "a roll's dice"),
                    tuple(need_whole(f, "a face") for f in faces), need_whole(data["total"], "a roll's total"),
                    need_text_or_null(data["side"], "a roll's side"))
    if kind == "draw":
        _fields(data, kind, ("purpose", "card", "side"))
        return Draw(need_text(data["purpose"], "a draw's purpose"), need_text(data["card"], "a draw's card"),
                    need_text_or_null(data["side"], "a draw's side"))
    if kind == "choice":
        _fields(data, kind, ("purpose", "options", "chosen", "by", "side"))
        options = need_list(data["options"], "a choice's options")
        return Choice(need_text(data["purpose"], "a choice's purpose"),
                      tuple(need_text(o, "a choice's option") for o in options),
                      need_text(data["chosen"], "a choice's chosen"), need_text(data["by"], "a choice's by"),
                      need_text_or_null(data["side"], "a choice's side"))
    return Happening(kind, frozen_json_value({k: v for k, v in data.items() if k != "type"}))  # type: ignore[arg-type]


class EventLog:
    """An append-only list of events."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        self.events.append(event)

    def happen(self, type_: str, **data: object) -> Happening:
        """Record a game event; values must be JSON-like (Fractions allowed)."""
        plain = _PLAIN
        event = Happening(type_, FrozenDict({k: v if type(v) in plain else frozen_json_value(v)
                                             for k, v in data.items()}))
        self.events.append(event)
        return event

    def __len__(self) -> int:
        return len(self.events)
