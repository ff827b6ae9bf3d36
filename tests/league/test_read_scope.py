"""SQLite: a reading unit of work (db.read_scope) neither waits for a writer holding the lock nor
takes the lock itself; a writing one still takes it at the start, and a read that writes commits."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from sqlalchemy import select, text

from turnbuckle.league.db import make_engine, read_scope, session_scope, upgrade
from turnbuckle.league.models import League
from turnbuckle.league.services.roster import create_league


def test_a_read_goes_on_while_a_writer_holds_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    url = f"sqlite:///{path}"
    upgrade(url)
    engine = make_engine(url)
    with session_scope(engine) as session:
        create_league(session, "Read Fed", "Org")
    with engine.connect() as writer:
        writer.begin()  # BEGIN IMMEDIATE: another request writing, the lock held
        writer.execute(text("UPDATE leagues SET name = 'Renamed'"))
        start = time.perf_counter()
        with read_scope(engine) as session:
            names = session.scalars(select(League.name)).all()
        assert names == ["Read Fed"]  # the last committed state, read without waiting
        assert time.perf_counter() - start < 1.0
        probe = sqlite3.connect(path, timeout=0.1, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            probe.execute("BEGIN IMMEDIATE")  # a writer does wait for the lock
        probe.close()
        writer.rollback()
    # While a read is open, a writer is not held up by it.
    with read_scope(engine) as session:
        assert session.scalars(select(League.name)).one() == "Read Fed"
        with session_scope(engine) as other:
            other.scalars(select(League)).one().name = "Written meanwhile"
    with read_scope(engine) as session:
        league = session.scalars(select(League)).one()
        assert league.name == "Written meanwhile"
        league.name = "Written in a read"  # a read that writes, with no other writer: committed
    with read_scope(engine) as session:
        assert session.scalars(select(League.name)).one() == "Written in a read"
    engine.dispose()
