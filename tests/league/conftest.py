"""Fixtures for the league's tests: a real SQLite file and a real PostgreSQL database for each
test that asks for ``url`` (a fresh copy of a migrated template each time)."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from tests.league.helpers import League, build
from tests.league.postgres import Cluster, admin_sql, find_server, with_database
from turnbuckle.league.db import upgrade
from turnbuckle.league.models import Base

#: The databases a ``url`` test runs on; the PostgreSQL one is marked (``-m "not postgres"`` leaves it out).
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[str | None]:
    url, why, cluster = find_server()
    if url is None:
        if os.environ.get("TURNBUCKLE_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is required (TURNBUCKLE_REQUIRE_POSTGRES=1) but {why}")
        pytest.skip(why)
    yield url
    if cluster is not None:
        cluster.stop()


@pytest.fixture(scope="session")
def pg_session_db(pg_admin: str) -> Iterator[str]:
    """A database created and migrated once per test session (per worker), dropped at the end;
    each test starts from its tables emptied."""
    name = f"tb_test_{uuid.uuid4().hex[:10]}"
    admin_sql(pg_admin, f"CREATE DATABASE {name}")
    url = with_database(pg_admin, name)
    upgrade(url)
    yield url
    admin_sql(pg_admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _emptied(url: str) -> str:
    engine = create_engine(url)
    with engine.begin() as conn:  # DELETE, not TRUNCATE: much quicker on small tables
        for table in reversed(Base.metadata.sorted_tables):
            conn.execute(table.delete())
    engine.dispose()
    return url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tmpl") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


def fresh_postgres(request: pytest.FixtureRequest) -> Iterator[str]:
    yield _emptied(request.getfixturevalue("pg_session_db"))


@pytest.fixture
def pg_scratch(pg_admin: str) -> Iterator[str]:
    """A database of its own, for tests that change the schema (slower: created and dropped)."""
    name = f"tb_{uuid.uuid4().hex[:12]}"
    admin_sql(pg_admin, f"CREATE DATABASE {name}")
    url = with_database(pg_admin, name)
    upgrade(url)
    yield url
    admin_sql(pg_admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=BACKENDS)
def schema_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Like ``url``, for a test that changes the schema itself."""
    if request.param == "sqlite":
        path = tmp_path / "league.db"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        yield f"sqlite:///{path}"
        return
    yield request.getfixturevalue("pg_scratch")


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated, empty league database: an SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        path = tmp_path / "league.db"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        yield f"sqlite:///{path}"
        return
    yield from fresh_postgres(request)


@pytest.fixture
def lg(url: str) -> Iterator[League]:
    """The test league of ``tests/league/helpers.build`` (organiser Fran, players Ann and Bo with
    their wrestlers, two referees, a title) in ``url``'s database, closed after the test."""
    league = build(url)
    yield league
    league.close()


@pytest.fixture
def lite(sqlite_template: Path, tmp_path: Path) -> Iterator[League]:
    """The test league in an SQLite file only, for tests about something other than the database
    (the wire of a webhook or an e-mail)."""
    path = tmp_path / "league.db"
    shutil.copy(sqlite_template, path)
    league = build(f"sqlite:///{path}")
    yield league
    league.close()


@pytest.fixture
def pg_url(request: pytest.FixtureRequest) -> Iterator[str]:
    yield from fresh_postgres(request)


__all__ = ["Cluster"]
