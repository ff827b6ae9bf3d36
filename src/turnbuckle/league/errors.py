"""The league's typed errors: each one line saying what is wrong and how to fix it."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.core.errors import RulesError
from turnbuckle.core.problems import Problem


class LeagueError(RulesError):
    """A league rule or a database state refuses the request (exit 2 at the CLI)."""


class NotFound(LeagueError):
    """An id or name that the league does not hold."""


class NoLeague(NotFound):
    """The database holds no league yet: a first run (the web then shows where one is made)."""


class Forbidden(LeagueError):
    """The acting member may not do this (role or ownership)."""


class SubmissionRefused(LeagueError):
    """A strategy or choice ``submit`` refuses, its problems as data (``problems``: message, line,
    field). ``of_text``: the problems are the text's own, found by the game's reader and rules
    (named under the strategy's label in the message); else one refusal of the sending itself (the
    show closed, the strategy late, too long or the same as the last)."""

    def __init__(self, message: str, problems: Sequence[Problem] = (), of_text: bool = False) -> None:
        super().__init__(message)
        self.problems = tuple(problems) or (Problem(message),)
        self.of_text = of_text


class DatabaseError(LeagueError):
    """The database is missing, unreadable, or from a newer turnbuckle."""
