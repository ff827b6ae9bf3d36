"""Loading pydantic models from hand-written data with errors people can act on."""

from __future__ import annotations

import copy
import re
import reprlib
import unicodedata
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from turnbuckle.core.errors import SheetError
from turnbuckle.core.modelbase import AfterValidator, BaseModel, Field, Strict, ValidationError

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


def load_model(model: type[M], data: object, label: str, rules: Callable[[M], list[str]] | None = None) -> M:
    """Validate ``data`` as ``model`` and check it against ``rules`` (a function listing the rule
    problems of a well-formed value); every problem found is listed in one SheetError.

    Structural problems (an unknown field, a wrong type) do not hide the rule problems: the data
    is repaired (a bad field back to its default, a bad entry of a list or table left out) and the
    rules run on what remains, leaving out what they say about the repaired fields."""
    if not isinstance(data, dict):
        got = "an empty document" if data is None else f"a {type(data).__name__}"
        raise SheetError(label, [f"expected a mapping of fields (key: value lines), got {got}"])
    try:
        value = model.model_validate(data)
    except ValidationError as exc:
        problems = describe_validation_error(exc)
        if rules is not None:
            problems += _rules_despite(model, data, exc, rules)
        raise SheetError(label, problems) from None
    found = rules(value) if rules is not None else []
    if found:
        raise SheetError(label, found)
    return value


#: Rounds of repair tried before the rule checks give up on a broken document.
_REPAIRS = 4


def _rules_despite(model: type[M], data: dict[Any, Any], exc: ValidationError,
                   rules: Callable[[M], list[str]]) -> list[str]:
    """The rule problems of ``data`` past its structural ones (see :func:`load_model`), or none when
    the document cannot be repaired into a well-formed one."""
    repaired: dict[Any, Any] = copy.deepcopy(data)
    touched: set[str] = set()
    for _ in range(_REPAIRS):
        for err in exc.errors():
            if not _repair(model, repaired, tuple(err["loc"]), err["type"], touched):
                return []
        try:
            value = model.model_validate(repaired)
        except ValidationError as again:
            exc = again
            continue
        return [p for p in rules(value) if not _mentions(p, touched)]
    return []


def _repair(model: type[BaseModel], data: dict[Any, Any], loc: tuple[Any, ...], kind: str,
            touched: set[str]) -> bool:
    """Undo one error in place: an unknown key is dropped, a bad top-level field falls back to its
    default, a bad entry of a list or table is left out. False when it cannot be undone."""
    if not loc:
        return False
    try:
        if kind == "extra_forbidden":
            parent: Any = data
            for step in loc[:-1]:
                parent = parent[step]
            if isinstance(parent, dict):
                parent.pop(loc[-1], None)
                return True
            return False
        top = loc[0]
        touched.add(str(top))
        if len(loc) == 1:
            field = next((f for name, f in model.model_fields.items() if top in (name, f.alias)), None)
            if field is None or field.is_required():
                return False
            data.pop(top, None)
            return True
        container = data.get(top)
        if isinstance(container, dict):
            container.pop(loc[1], None)
            return True
        if isinstance(container, list) and isinstance(loc[1], int) and loc[1] < len(container):
            container[loc[1]] = _GONE
            data[top] = [item for item in container if item is not _GONE]
            return True
    except (KeyError, IndexError, TypeError):
        return False
    return False


_GONE = object()


def _mentions(problem: str, fields: set[str]) -> bool:
    """Does a rule problem speak of one of these fields (in the words before its first colon)?"""
    head = problem.split(":", 1)[0]
    return any(re.search(rf"\b{re.escape(name)}\b", head) for name in fields)
