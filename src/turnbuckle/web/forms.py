"""Form handling shared by the pages: the posted fields as text (kept to re-show the form), each
problem kept next to its field, and the rule that a refused request changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from turnbuckle.core.errors import RulesError, SheetError

#: The key of problems that belong to the whole form (a service's refusal), not one field.
FORM = "_form"
MAX_FIELD_CHARS = 60_000


async def _posted(request: Request) -> dict[str, str]:
    """The posted form's text fields (files and repeated names beyond the first are ignored)."""
    data = await request.form()
    out: dict[str, str] = {}
    for key, value in data.multi_items():
        if isinstance(value, str) and key not in out:
            out[key] = value[:MAX_FIELD_CHARS]
    return out


Posted = Annotated[dict[str, str], Depends(_posted)]

#: What Starlette's form parser says when a form is over its limits (its HTTPException 400's detail,
#: at the start), and what a page says instead: the status and one line saying what to fix.
_TOO_BIG = (413, "A field of this form is larger than 1 MB; shorten it and send the form again.")
_OVER_LIMITS = {
    "Too many fields.": (413, "This form has more than 1000 fields; send at most 1000 (send the form from its page)."),
    "Too many files.": (413, "This form carries more than 1000 files; send at most 1000."),
    "Field exceeded maximum size": _TOO_BIG,
    "Part exceeded maximum size": _TOO_BIG,
}


def form_refusal(detail: str) -> tuple[int, str] | None:
    """The status and one-line message of a page whose form Starlette refused to read (``detail``: its
    HTTPException's), or None for any other refusal."""
    for start, answer in _OVER_LIMITS.items():
        if detail.startswith(start):
            return answer
    if "multipart" in detail or "Content-Disposition" in detail:
        return 400, "The form could not be read (a broken multipart body); send it again from its page."
    return None


async def _ticked(request: Request) -> dict[str, list[str]]:
    """Every value of each posted text field (ticked boxes share a name), at most 50 a field."""
    data = await request.form()
    out: dict[str, list[str]] = {}
    for key, value in data.multi_items():
        if isinstance(value, str) and len(out.setdefault(key, [])) < 50:
            out[key].append(value[:MAX_FIELD_CHARS])
    return out


#: A form's repeated fields (``Posted`` keeps each name's first value only).
Ticked = Annotated[dict[str, list[str]], Depends(_ticked)]


@dataclass
class Form:
    """What the user sent and what is wrong with it, by field."""

    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)

    def get(self, name: str, default: str = "") -> str:
        return self.values.get(name, default)

    def text(self, name: str) -> str:
        return self.get(name).strip()

    def required(self, name: str, what: str) -> str:
        value = self.text(name)
        if not value:
            self.add(name, f"{what} is missing; fill it in")
        return value

    def add(self, name: str, problem: str) -> None:
        self.errors.setdefault(name, []).append(problem)

    def refuse(self, session: Session, problem: str) -> None:
        """A service refused: undo whatever it began, and say why next to the form."""
        session.rollback()
        self.add(FORM, problem)

    def refuse_sheet(self, session: Session, exc: RulesError) -> None:
        """A sheet refused: undo what the service began, and put each of a sheet's problems under
        its text (any other refusal goes next to the whole form)."""
        if isinstance(exc, SheetError):
            session.rollback()
            for problem in exc.problems:
                self.add("text", problem)
        else:
            self.refuse(session, str(exc))

    @property
    def ok(self) -> bool:
        return not self.errors
