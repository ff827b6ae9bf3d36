"""A problem found in a document, as data: what is wrong, on which line, and which part of the
document it is about, so that every front end (the command line, the API, a page placing it
beside the form field it is about) reads the same three facts instead of parsing a message."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One problem. ``message`` says what is wrong and how to fix it; ``line`` is the document's
    line it was found on (from 1; None for one not on one line); ``field`` names the part of the
    document it is about in the game's own words (MatchMatch: ``round 4``, ``conditional 1``,
    ``grid``; None for the document as a whole). ``str()`` is the problem as messages print it.

    >>> str(Problem("cannot read 'x'", line=3)), str(Problem("no name"))
    ("line 3: cannot read 'x'", 'no name')
    """

    message: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line is not None else self.message

    def as_json(self) -> dict[str, str | int | None]:
        """The problem for the API: its text as printed, its line and its field."""
        return {"problem": str(self), "line": self.line, "field": self.field}


def problem_list(items: Iterable[str | Problem]) -> tuple[Problem, ...]:
    """Problems from problems and plain messages (a message is a problem of the whole document)."""
    return tuple(p if isinstance(p, Problem) else Problem(p) for p in items)


def texts(problems: Sequence[Problem]) -> list[str]:
    """The problems as messages print them, in order."""
    return [str(p) for p in problems]
