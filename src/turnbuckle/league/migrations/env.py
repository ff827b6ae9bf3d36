"""Alembic's entry point for the league's migrations (run by ``turnbuckle league init``)."""

from __future__ import annotations

from alembic import context

from turnbuckle.league.db import make_engine
from turnbuckle.league.models import Base

config = context.config
url = config.get_main_option("sqlalchemy.url")
assert url is not None
engine = make_engine(url)
with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
engine.dispose()
