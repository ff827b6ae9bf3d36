"""First run of ``turnbuckle serve``: an empty database (no SQLite file yet, or a database with no
schema) is created here, and while it holds no league the terminal shows a one-time setup link
(as Jupyter shows its token); only the link's SHA-256 is kept, in the database."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from turnbuckle.league.db import current_revision, make_engine, session_scope, upgrade
from turnbuckle.league.services import accounts
from turnbuckle.web.organiser.setup_pages import setup_path


def create_if_empty(url: str) -> bool:
    """Create the schema in an empty database (a missing SQLite file included); True if it did. A
    database that already has a schema is left as it is (an old one is still refused at start)."""
    engine = make_engine(url)
    try:
        empty = current_revision(engine) is None
    except SQLAlchemyError:  # not a database, or not reachable: the start's own check says what is wrong
        return False
    finally:
        engine.dispose()
    if empty:
        upgrade(url)
    return empty


def setup_link(engine: Engine, base: str) -> str | None:
    """A fresh setup link on ``base`` while the database holds no league (each call replaces the last)."""
    with session_scope(engine) as session:
        token = accounts.create_setup_link(session)
    return base.rstrip("/") + setup_path(token) if token else None
