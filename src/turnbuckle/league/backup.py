"""Backup and restore: every row of every table as JSON (``turnbuckle.league-backup/1``), brought
back exactly into a fresh database of the same schema."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, Table, func, insert, select, text

from turnbuckle.core.errors import Broken, InputFileError
from turnbuckle.core.inputs import parse_json
from turnbuckle.league.db import current_revision, head_revision, make_engine, upgrade
from turnbuckle.league.errors import DatabaseError
from turnbuckle.league.models import TABLES_IN_ORDER, Base, League, UTCDateTime

FORMAT = "turnbuckle.league-backup/1"


def _table(model: type[Base]) -> Table:
    table = model.__table__
    if not isinstance(table, Table):
        raise Broken("expected isinstance(table, Table)")
    return table


def backup(engine: Engine) -> dict[str, Any]:
    """Every row, as of one moment: on PostgreSQL the tables are read in one REPEATABLE READ
    transaction (one snapshot), so a backup taken while the server writes never holds a row whose
    parent it missed; SQLite's transaction holds the write lock while it reads."""
    tables: dict[str, list[dict[str, Any]]] = {}
    with engine.connect() as conn:
        if conn.dialect.name == "postgresql":
            conn.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)
        for model in TABLES_IN_ORDER:
            table = _table(model)
            rows = []
            for row in conn.execute(select(table).order_by(table.c.id)):
                item = dict(row._mapping)
                for k, v in item.items():
                    if isinstance(v, datetime):
                        item[k] = v.isoformat()
                rows.append(item)
            tables[table.name] = rows
    return {"format": FORMAT, "schema": current_revision(engine), "tables": tables}


def load_backup(raw: str, label: str) -> dict[str, Any]:
    data = parse_json(raw, label)
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("tables"), dict):
        raise InputFileError(f"{label}: not a league backup (expected \"format\": \"{FORMAT}\")")
    return data


def restore_into(url: str, data: dict[str, Any]) -> int:
    """Restore into ``url`` (created if missing; it must hold no league yet). All or nothing."""
    if data.get("schema") != head_revision():
        raise DatabaseError(f"the backup has schema '{data.get('schema')}', this turnbuckle '{head_revision()}'; "
                            "restore it with the turnbuckle that wrote it")
    upgrade(url)
    engine = make_engine(url)
    count = 0
    try:
        with engine.begin() as conn:
            if conn.execute(select(func.count()).select_from(League.__table__)).scalar_one():
                raise DatabaseError("that database already holds a league; restore into a new one")
            for model in TABLES_IN_ORDER:
                table = _table(model)
                rows = [dict(row) for row in data["tables"].get(table.name, [])]  # the caller's data stays as given
                for row in rows:
                    for col in table.columns:
                        if isinstance(col.type, UTCDateTime) and isinstance(row.get(col.name), str):
                            row[col.name] = datetime.fromisoformat(row[col.name]).astimezone(UTC)
                if rows:
                    try:
                        conn.execute(insert(table), rows)
                    except Exception as exc:  # a corrupt backup: one line, nothing written
                        raise InputFileError(f"the backup's table {table.name} does not fit: "
                                             f"{str(exc).splitlines()[0]}") from None
                count += len(rows)
            if conn.dialect.name == "postgresql":
                for model in TABLES_IN_ORDER:
                    name = _table(model).name
                    conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                      f"COALESCE((SELECT MAX(id) FROM {name}), 0) + 1, false)"))
    finally:
        engine.dispose()
    return count
