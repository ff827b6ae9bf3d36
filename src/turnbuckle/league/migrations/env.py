"""Alembic's entry point for the league's migrations (run by ``turnbuckle league init``)."""

from __future__ import annotations

from alembic import context

from turnbuckle.league.db import make_engine
from turnbuckle.league.models import Base


def run_migrations(url: str) -> None:
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()
    engine.dispose()


# Alembic runs this file with its context set; anything else importing it (a doctest collector) runs nothing.
_config = getattr(context, "config", None)
if _config is not None:
    _url = _config.get_main_option("sqlalchemy.url")
    if _url is None:
        raise RuntimeError("the league's migrations need sqlalchemy.url")
    run_migrations(_url)
