"""Checks for reading JSON back (a match record): each says what a value should have been."""

from __future__ import annotations

from turnbuckle.core.errors import RecordError
from turnbuckle.core.frozen import FrozenDict, FrozenList

_KINDS: dict[type, str] = {type(None): "null", bool: "true/false", int: "a number", float: "a number",
                           str: "text", list: "a list", dict: "an object", FrozenList: "a list",
                           FrozenDict: "an object"}


def json_kind(value: object) -> str:
    """What a JSON value is, in words: ``null``, ``text``, ``a list``..."""
    return _KINDS.get(type(value), type(value).__name__)


def need_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{what} must be text, not {json_kind(value)}")
    return value


def need_text_or_null(value: object, what: str) -> str | None:
    return None if value is None else need_text(value, what)


def need_whole(value: object, what: str) -> int:
    if type(value) is not int:
        raise RecordError(f"{what} must be a whole number, not {json_kind(value)}")
    return value


def need_list(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list, not {json_kind(value)}")
    return value


def need_object(value: object, what: str, keys: tuple[str, ...] | None = None) -> dict[str, object]:
    """An object; with ``keys``, exactly those fields (a missing or unknown one is named)."""
    if not isinstance(value, dict):
        raise RecordError(f"{what} must be an object, not {json_kind(value)}")
    if keys is not None:
        missing = [k for k in keys if k not in value]
        unknown = [k for k in value if k not in keys]
        if missing:
            raise RecordError(f"{what} has no '{missing[0]}' field")
        if unknown:
            raise RecordError(f"{what} has an unknown field '{unknown[0]}'")
    return value
