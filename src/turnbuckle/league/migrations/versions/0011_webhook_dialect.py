"""webhook dialect: what the league's webhook receiver reads (discord, slack or json)

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

from urllib.parse import urlsplit

import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def _guess(url: str | None) -> str:
    """As ``notify.dialects.guess`` reads an address (copied: a migration keeps its own logic)."""
    try:
        parts = urlsplit((url or "").strip())
        host = (parts.hostname or "").lower()
    except ValueError:
        return "json"
    if host in ("discord.com", "discordapp.com") or host.endswith((".discord.com", ".discordapp.com")):
        return "discord" if parts.path.startswith("/api/webhooks/") else "json"
    return "slack" if host == "hooks.slack.com" else "json"


def upgrade() -> None:
    with op.batch_alter_table('notify_settings', recreate='never') as batch:
        batch.add_column(sa.Column('webhook_dialect', sa.String(length=16), nullable=False, server_default='json'))
    table = sa.table('notify_settings', sa.column('league_id', sa.Integer()), sa.column('webhook_url', sa.String()),
                     sa.column('webhook_dialect', sa.String()))
    bind = op.get_bind()
    for league_id, url in bind.execute(sa.select(table.c.league_id, table.c.webhook_url)).all():
        bind.execute(table.update().where(table.c.league_id == league_id).values(webhook_dialect=_guess(url)))


def downgrade() -> None:
    with op.batch_alter_table('notify_settings', recreate='never') as batch:
        batch.drop_column('webhook_dialect')
