"""Loading pydantic models from hand-written data with errors people can act on."""

from __future__ import annotations

import reprlib
import unicodedata
from typing import Annotated, TypeVar

from pydantic import AfterValidator, BaseModel, Field, Strict, ValidationError

from turnbuckle.core.errors import SheetError

M = TypeVar("M", bound=BaseModel)

#: A whole number written as one: rejects ``true``, ``"5"`` and ``5.0`` in hand-written sheets.
StrictInt = Annotated[int, Strict()]


#: Letters that show as blank space (Hangul fillers, the blank Braille pattern).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Zero-width joiners some scripts and emoji sequences need; allowed beside visible characters.
_JOINERS = frozenset("\u200c\u200d")


def _visible(c: str) -> bool:
    return not c.isspace() and c not in _BLANK_LETTERS and unicodedata.category(c) not in ("Cf", "Mn", "Me")


def hidden_characters(value: str) -> str | None:
    """Why a name would read differently from how it is stored, or None: it holds an invisible
    formatting or text-direction character (U+200B, U+202E...), or nothing visible at all."""
    for c in value:
        if unicodedata.category(c) in ("Cf", "Cs") and c not in _JOINERS:
            return f"holds an invisible or text-direction character (U+{ord(c):04X}); remove it"
    if value.strip() and not any(_visible(c) for c in value):
        return "has no visible character"
    return None


def one_line_name(value: str) -> str:
    """A name must show at least one character and fit on one line (it heads tables and logs), and
    hold nothing that would make a write-up read differently from the sheet (``hidden_characters``)."""
    if not value.strip():
        raise ValueError("a name needs at least one visible character")
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in value):
        raise ValueError("a name must fit on one line, without tabs or control characters")
    why = hidden_characters(value)
    if why:
        raise ValueError(f"a name {why}")
    return value


#: A display name: 1 to 60 characters, one line, something visible.
Name = Annotated[str, Field(min_length=1, max_length=60), AfterValidator(one_line_name)]


def optional_name(value: str) -> str:
    """A nickname: empty, or a name by ``one_line_name``'s rules."""
    return one_line_name(value) if value else value


#: An optional second name (a nickname): empty, or up to 60 characters like a ``Name``.
Nickname = Annotated[str, Field(max_length=60), AfterValidator(optional_name)]

_SHORT = reprlib.Repr()
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlist = _SHORT.maxdict = _SHORT.maxtuple = 6
_SHORT.maxlevel = 2


def short_repr(value: object) -> str:
    """A repr cut short, so that a huge or deeply nested bad value never floods a message."""
    return _SHORT.repr(value)


def describe_validation_error(exc: ValidationError) -> list[str]:
    """One readable line per pydantic error: where it is, and what is wrong."""
    problems = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "the document"
        kind = err["type"]
        if kind == "missing":
            problems.append(f"'{where}' is missing")
        elif kind == "extra_forbidden":
            problems.append(f"'{where}' is not a field of this sheet (a typo?)")
        elif kind in ("model_type", "dict_type"):
            got = type(err["input"]).__name__
            problems.append(f"{where}: expected a mapping of fields (key: value lines), got {got}")
        else:
            problems.append(f"'{where}': {err['msg']} (got {short_repr(err['input'])})")
    return problems


def load_model(model: type[M], data: object, label: str) -> M:
    """Validate ``data`` as ``model``; every problem found is listed in one SheetError."""
    if not isinstance(data, dict):
        got = "an empty document" if data is None else f"a {type(data).__name__}"
        raise SheetError(label, [f"expected a mapping of fields (key: value lines), got {got}"])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SheetError(label, describe_validation_error(exc)) from None
