"""The league's typed errors: each one line saying what is wrong and how to fix it."""

from __future__ import annotations

from turnbuckle.core.errors import RulesError


class LeagueError(RulesError):
    """A league rule or a database state refuses the request (exit 2 at the CLI)."""


class NotFound(LeagueError):
    """An id or name that the league does not hold."""


class Forbidden(LeagueError):
    """The acting member may not do this (role or ownership)."""


class DatabaseError(LeagueError):
    """The database is missing, unreadable, or from a newer turnbuckle."""
