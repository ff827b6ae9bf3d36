"""Loading pydantic models from hand-written data with errors people can act on."""

from __future__ import annotations

import reprlib
from typing import Annotated, TypeVar

from pydantic import BaseModel, Strict, ValidationError

from turnbuckle.core.errors import SheetError

M = TypeVar("M", bound=BaseModel)

#: A whole number written as one: rejects ``true``, ``"5"`` and ``5.0`` in hand-written sheets.
StrictInt = Annotated[int, Strict()]

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
