"""The database itself: migrations up and down on both servers, SQLite's settings, and the
errors for a missing, empty or newer database."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from turnbuckle.league.db import downgrade, head_revision, make_engine, open_engine, upgrade
from turnbuckle.league.errors import DatabaseError
from turnbuckle.league.models import Base


def test_migrations_upgrade_and_downgrade_cleanly(schema_url: str) -> None:
    url = schema_url
    engine = create_engine(url)
    assert set(Base.metadata.tables) <= set(inspect(engine).get_table_names())
    downgrade(url, "base")
    left = set(inspect(engine).get_table_names()) - {"alembic_version"}
    assert left == set()
    upgrade(url)
    assert set(Base.metadata.tables) <= set(inspect(engine).get_table_names())
    engine.dispose()
    open_engine(url).dispose()  # at head: opens


def test_an_empty_file_upgrades_from_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    upgrade(url)
    engine = open_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == head_revision()
    engine.dispose()


def test_sqlite_runs_in_wal_with_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    upgrade(url)
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar_one() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar_one() >= 1000
    engine.dispose()


def test_a_missing_database_suggests_init(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="league init"):
        open_engine(f"sqlite:///{tmp_path / 'nope.db'}")
    assert not (tmp_path / "nope.db").exists()


def test_a_newer_database_is_refused_and_left_alone(schema_url: str) -> None:
    url = schema_url
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    with pytest.raises(DatabaseError, match="newer turnbuckle"):
        open_engine(url)
    with pytest.raises(DatabaseError, match="newer turnbuckle"):
        upgrade(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "9999_future"
    engine.dispose()


def test_the_revision_list_is_the_migrations() -> None:
    from alembic.script import ScriptDirectory

    from turnbuckle.league.db import REVISIONS, alembic_config

    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    assert tuple(reversed([s.revision for s in script.walk_revisions()])) == REVISIONS
    assert script.get_current_head() == head_revision()
