"""Opening a league database: SQLite by default (WAL, foreign keys, a busy timeout, writes that
take the lock when they begin), PostgreSQL by URL; migrations shipped in the package."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from turnbuckle.core.settings import Settings
from turnbuckle.league.errors import DatabaseError

DEFAULT_PATH = "turnbuckle.db"
BUSY_TIMEOUT_MS = 10_000
READING = "turnbuckle_reading"  # the execution option that marks a reading unit of work (read_scope)
MIGRATIONS = Path(__file__).parent / "migrations"


def database_url(db: str | None, settings: Settings | None = None) -> str:
    """The URL for ``--db``: a URL as given, a path as an SQLite file; else the settings'
    (``$TURNBUCKLE_DATABASE_URL``), else ./turnbuckle.db."""
    if db:
        return db if "://" in db else f"sqlite:///{Path(db)}"
    configured = (settings or Settings.from_env()).database_url
    if configured:
        return configured if "://" in configured else f"sqlite:///{Path(configured)}"
    return f"sqlite:///{DEFAULT_PATH}"


def describe(url: str) -> str:
    """The URL for messages, password hidden."""
    return make_url(url).render_as_string(hide_password=True)


def make_engine(url: str, pool: dict[str, int] | None = None) -> Engine:
    """An engine on ``url``; ``pool``: SQLAlchemy's pool settings (pool_size, max_overflow, pool_timeout).
    A URL SQLAlchemy cannot use (an unknown scheme, a driver not installed, a malformed URL) is a
    DatabaseError saying so."""
    try:
        return _make_engine(url, pool)
    except (ArgumentError, ImportError) as exc:
        try:
            shown = describe(url)
        except ArgumentError:
            shown = "given"
        raise DatabaseError(f"cannot use the database URL {shown}: {_first_line(exc)}; give --db an SQLite file "
                            "or a postgresql+psycopg:// URL") from None


def _make_engine(url: str, pool: dict[str, int] | None) -> Engine:
    sizes: dict[str, Any] = dict(pool or {})
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000}, **sizes)

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cur = dbapi_connection.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn: Any) -> None:
            # One writer at a time, decided at the start; a reading unit of work (read_scope) starts a
            # deferred transaction instead, which under WAL neither waits for the writer nor blocks it.
            reading = conn.get_execution_options().get(READING, False)
            conn.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True, **sizes)


def _sqlite_path(url: str) -> Path | None:
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def check_folder(url: str) -> None:
    """A DatabaseError if ``url`` is an SQLite file whose folder does not exist (SQLite makes no
    folders, so neither opening nor creating the database could work) or is not a folder, or if the
    file is a folder."""
    path = _sqlite_path(url)
    if path is None:
        return
    folder = path.parent
    try:
        if not folder.exists():
            raise DatabaseError(f"the folder '{folder}' does not exist; create it first, or give --db a file "
                                "in a folder that exists")
        if not folder.is_dir():
            raise DatabaseError(f"'{folder}' is a file, not a folder; give --db a file in a folder")
        if path.is_dir():
            raise DatabaseError(f"'{path}' is a folder, not a database file; give --db a file, such as "
                                f"'{path / DEFAULT_PATH}'")
    except OSError:  # a folder we may not look into: opening the database says what is wrong
        return


def alembic_config(url: str) -> Any:
    from alembic.config import Config  # lazy: alembic loads only to create or upgrade a database

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


#: Every migration's revision, oldest first; the last is the schema this turnbuckle writes. Kept here
#: so that opening a database needs no Alembic import (a test checks it against the migrations).
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009", "0010", "0011", "0012")


def head_revision() -> str:
    return REVISIONS[-1]


def known_revisions() -> set[str]:
    return set(REVISIONS)


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
        return None if row is None else str(row[0])


def upgrade(url: str, revision: str = "head") -> None:
    """Create or upgrade the database to ``revision`` (refused for a database newer than this turnbuckle)."""
    from alembic import command  # lazy: alembic loads only to create or upgrade a database

    check_folder(url)
    engine = make_engine(url)
    try:
        check_not_newer(engine, url)
    except SQLAlchemyError as exc:  # not a database (a text file), or not reachable
        raise DatabaseError(f"cannot open the database {describe(url)}: {_first_line(exc)}") from None
    finally:
        engine.dispose()
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str) -> None:
    from alembic import command  # lazy: alembic loads only to create or upgrade a database

    command.downgrade(alembic_config(url), revision)


def check_not_newer(engine: Engine, url: str) -> None:
    rev = current_revision(engine)
    if rev is not None and rev not in known_revisions():
        raise DatabaseError(f"the database {describe(url)} is from a newer turnbuckle (schema '{rev}'); "
                            "upgrade turnbuckle to use it")


def open_engine(url: str, pool: dict[str, int] | None = None) -> Engine:
    """An engine on an existing, up-to-date league database, or a DatabaseError saying what to do."""
    path = _sqlite_path(url)
    check_folder(url)
    if path is not None and not path.exists():
        raise DatabaseError(f"no league database at '{path}'; create one with 'turnbuckle league init --db {path}'")
    engine = make_engine(url, pool)
    try:
        rev = current_revision(engine)
    except SQLAlchemyError as exc:
        engine.dispose()
        raise DatabaseError(f"cannot open the database {describe(url)}: {_first_line(exc)}") from None
    if rev is None:
        engine.dispose()
        raise DatabaseError(f"{describe(url)} holds no league; create one with 'turnbuckle league init'")
    if rev not in known_revisions():
        engine.dispose()
        raise DatabaseError(f"the database {describe(url)} is from a newer turnbuckle (schema '{rev}'); "
                            "upgrade turnbuckle to use it")
    if rev != head_revision():
        engine.dispose()
        raise DatabaseError(f"the database {describe(url)} needs an upgrade; run 'turnbuckle league init'")
    return engine


def _first_line(exc: BaseException) -> str:
    text_ = str(getattr(exc, "orig", exc) or exc).strip().splitlines()
    return text_[0] if text_ else type(exc).__name__


def read_scope(engine: Engine) -> AbstractContextManager[Session]:
    """A unit of work that reads (a web page's GET, who a request's cookie is): on SQLite it does not
    take the write lock up front, so readers never queue behind writers, nor writers behind them.
    A small write inside it (an expired session removed) is still committed; it fails with a
    DatabaseError only if another writer changed the database meanwhile."""
    return session_scope(engine.execution_options(**{READING: True}))


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """One unit of work: commit at the end, roll back everything on any error."""
    factory = sessionmaker(engine, expire_on_commit=False)
    session = factory()
    try:
        yield session
        session.commit()
    except OperationalError as exc:
        session.rollback()
        raise DatabaseError(f"the database refused the change: {_first_line(exc)}") from None
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()
