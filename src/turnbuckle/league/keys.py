"""How a key typed by a person names a league row, so that a name is never read as an id.

A key is one of three kinds, told apart by its form alone:

* ``#27`` or ``id:27``: the row whose id is 27;
* ``uid:3f2a9c0d1e4b5a6c``: the row whose uid is that one (16 hex digits);
* anything else: a name (any case). A bare ``27`` is a name, never an id.

New names that could be read as an id or a uid (all digits, ``#27``, 16 hex digits) are refused
(:func:`id_like`), so every new row is reachable by its name; an older row named ``27`` is still
found by the name ``27``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

#: The largest id or number every integer column holds: PostgreSQL's INTEGER is 32 bits (SQLite's is
#: 64). A larger one names nothing, and must read as missing, never reach the driver (PostgreSQL
#: answers "integer out of range", SQLite overflows past 2**63 - 1).
MAX_ID = 2**31 - 1

_ID = re.compile(r"(?:#|id:)\s*([0-9]+)", re.IGNORECASE)
_UID = re.compile(r"uid:\s*([0-9a-f]{1,32})", re.IGNORECASE)
#: Names that ``parse_key`` would read as an id or a uid, or that look like one (bare digits, 16 hex).
_ID_LIKE = re.compile(r"[0-9]+|(?:#|id:)\s*[0-9]+|[0-9a-f]{16}|uid:\s*[0-9a-f]{1,32}", re.IGNORECASE)


@dataclass(frozen=True)
class Key:
    kind: Literal["id", "uid", "name"]
    text: str

    @property
    def number(self) -> int | None:
        """The id of an ``id`` key; None when it is too large for any row to have it."""
        return as_id(self.text)

    def __str__(self) -> str:
        return {"id": f"#{self.text}", "uid": f"uid:{self.text}", "name": f"'{self.text}'"}[self.kind]


def parse_key(key: str) -> Key:
    """What kind of key ``key`` is (see the module's docstring)."""
    key = key.strip()
    if m := _ID.fullmatch(key):
        return Key("id", m.group(1))
    if m := _UID.fullmatch(key):
        return Key("uid", m.group(1).lower())
    return Key("name", key)


def id_like(name: str) -> bool:
    """Whether a name could be taken for an id or a uid (all digits, ``#27``, 16 hex digits)."""
    return _ID_LIKE.fullmatch(name.strip()) is not None


def as_id(digits: str) -> int | None:
    """The number ``digits`` spell, or None when no database id could be that large (checked
    before ``int``, which refuses thousands of digits)."""
    if not (digits.isascii() and digits.isdigit()):
        return None
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 10 and int(digits) <= MAX_ID else None


def in_range(value: int) -> bool:
    """Whether a database id or number could be ``value`` (the drivers refuse larger ones)."""
    return -MAX_ID - 1 <= value <= MAX_ID
