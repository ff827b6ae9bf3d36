"""The typed error family. Every bad input raises one of these, with a message that says what to fix."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from turnbuckle.core.problems import Problem, problem_list


class RulesError(ValueError):
    """Base of every error a user can cause: bad syntax, an illegal choice, a sheet over budget.
    One about a document made by :meth:`under` keeps the document's label and what is wrong apart
    (``label``, ``problem``), so a front end that names the document already shows the problem
    alone without cutting the message.

    >>> exc = RulesError.under("sheet", "nested too deeply")
    >>> str(exc), exc.label, exc.problem
    ('sheet: nested too deeply', 'sheet', 'nested too deeply')
    >>> RulesError("no label").problem
    'no label'
    """

    label: str = ""
    _problem: str | None = None

    @classmethod
    def under(cls, label: str, problem: str) -> Self:
        """The error ``label: problem`` about the document ``label``."""
        exc = cls(f"{label}: {problem}")
        exc.label, exc._problem = label, problem
        return exc

    @property
    def problem(self) -> str:
        """What is wrong, without the document's label where the error was made with one."""
        return self._problem if self._problem is not None else str(self)


class SheetError(RulesError):
    """A sheet, card, army or team does not follow its game's rules. Holds every problem found:
    ``details`` as data (message, line, field), ``problems`` as messages print them."""

    def __init__(self, label: str, problems: Sequence[str | Problem]) -> None:
        self.details = problem_list(problems)
        self.problems = [str(p) for p in self.details]
        lines = "; ".join(self.problems)
        super().__init__(f"{label}: {lines}")
        self.label, self._problem = label, lines


class InputFileError(RulesError):
    """A file is missing, unreadable, or not valid YAML/JSON/text of the expected kind."""


class InputRefused(InputFileError):
    """Input refused before it is understood: too large, not a regular file, or built to harm
    (YAML aliases, nesting too deep, a number too long, control characters). ``validate`` reports it
    as an error (exit 2), not as a problem of the sheet (exit 1)."""


class ScriptError(RulesError):
    """A dice/card script token is wrong for what was asked, or the script ran out."""


class OptionError(RulesError):
    """A match option is unknown or its value is out of range. ``details`` holds the problem as data,
    its field the option's name where one is named (None for a pair that names none)."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.details = (Problem(message, field=option),)


class UnknownRulesetError(RulesError):
    """No ruleset is registered under that id or alias."""


class StrategyError(RulesError):
    """A strategy (or a player's choice list) is malformed or breaks a limit. A reader that finds
    several problems gives them as data too (:meth:`listing`): ``label`` and ``details``."""

    label: str = ""
    details: tuple[Problem, ...] = ()

    @classmethod
    def listing(cls, label: str, problems: Sequence[str | Problem]) -> StrategyError:
        """The error for ``problems`` found in the strategy ``label``: its message is the label, then
        each problem as printed, joined by '; '."""
        details = problem_list(problems)
        exc = cls.under(label, "; ".join(str(p) for p in details))
        exc.details = details
        return exc


class EntryError(ScriptError):
    """An entry of step-by-step play does not fit what was asked: ``index`` is its 1-based place in
    the entries, ``text`` what was entered and ``reason`` what is allowed instead."""

    def __init__(self, index: int, text: str, reason: str) -> None:
        self.index = index
        self.text = text
        self.reason = reason
        super().__init__(f"entry {index} {quoted(text)}: {reason}")


def quoted(text: str, limit: int = 40) -> str:
    """Text as a message shows it: in quotes, or as an escaped repr when it holds a line break or
    another invisible character; cut to ``limit`` characters either way.

    >>> quoted("QH"), quoted("a\\nb")
    ("'QH'", "'a\\\\nb'")
    """
    cut = text if len(text) <= limit else text[:limit] + "..."
    return f"'{cut}'" if cut.isprintable() else repr(cut)


class RecordError(RulesError):
    """A file given as a match record is not one: an unknown format version, a malformed event,
    a truncated file."""


class Broken(RuntimeError):
    """An invariant of turnbuckle's own code does not hold: a bug (exit 3, "internal error"), never
    something a user's input can cause. Raised where an ``assert`` would vanish under ``python -O``."""


def problems_of(exc: RulesError) -> tuple[Problem, ...]:
    """The problems an error holds as data: a SheetError's or a reader's listing; any other error is
    one problem of the whole document, its message as raised."""
    details = getattr(exc, "details", ())
    return tuple(details) if details else (Problem(str(exc)),)
