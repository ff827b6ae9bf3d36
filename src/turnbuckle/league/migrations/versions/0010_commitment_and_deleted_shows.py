"""the commitment at lock and deleted shows: a show deleted keeps its row (its number, uid, name and
card seed) with the time it was deleted; the new ``locked`` message kind is turned on wherever the
results are (the league's webhook, and each member who takes the results by e-mail)

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

#: The kinds in the order they are stored (turnbuckle.league.notify.KINDS as this revision made it).
ORDER = ("open", "deadline", "locked", "results", "receipt")


def _with_locked(kinds: str) -> str:
    got = set(kinds.split(",")) | {"locked"}
    return ",".join(k for k in ORDER if k in got)


def _without_locked(kinds: str) -> str:
    return ",".join(k for k in kinds.split(",") if k and k != "locked")


def _rewrite(table: str, key: str, column: str, change: Callable[[str], str]) -> None:
    conn = op.get_bind()
    t = sa.table(table, sa.column(key), sa.column(column))
    for row_key, kinds in conn.execute(sa.select(t.c[key], t.c[column])).all():
        new = change(kinds or "")
        if new != kinds:
            conn.execute(t.update().where(t.c[key] == row_key).values({column: new}))


def upgrade() -> None:
    # In place, as 0009: on SQLite a batch copy of `shows` would drop the table other rows refer to.
    with op.batch_alter_table('shows', recreate='never') as batch:
        batch.add_column(sa.Column('deleted_at', sa.DateTime(), nullable=True))
    # Whoever takes the results gets the commitment they are checked against, unless they turn it off.
    _rewrite('notify_settings', 'league_id', 'webhook_kinds',
             lambda k: _with_locked(k) if "results" in k.split(",") else k)
    _rewrite('member_contacts', 'member_id', 'kinds',
             lambda k: _with_locked(k) if "results" in k.split(",") else k)


def downgrade() -> None:
    _rewrite('member_contacts', 'member_id', 'kinds', _without_locked)
    _rewrite('notify_settings', 'league_id', 'webhook_kinds', _without_locked)
    # Deleted shows have no card left; before this revision a deleted show had no row at all.
    conn = op.get_bind()
    shows = sa.table('shows', sa.column('id'), sa.column('deleted_at'))
    gone = [r[0] for r in conn.execute(sa.select(shows.c.id).where(shows.c.deleted_at.is_not(None))).all()]
    for table in ('show_events', 'calendar_sequences'):
        t = sa.table(table, sa.column('show_id'))
        conn.execute(t.delete().where(t.c.show_id.in_(gone)))
    for table, column in (('notices', 'show_id'), ('notices', 'visible_from_show'), ('outbox', 'show_id')):
        t = sa.table(table, sa.column(column))
        conn.execute(t.update().where(t.c[column].in_(gone)).values({column: None}))
    conn.execute(shows.delete().where(shows.c.id.in_(gone)))
    with op.batch_alter_table('shows', recreate='never') as batch:
        batch.drop_column('deleted_at')
