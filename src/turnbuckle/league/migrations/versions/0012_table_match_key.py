"""table match key: the key a phone gives a match it played offline, so that sending it twice saves it once

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place, with a unique index (not a constraint): SQLite adds neither without copying the table.
    with op.batch_alter_table('table_matches', recreate='never') as batch:
        batch.add_column(sa.Column('client_key', sa.String(length=64), nullable=True))
    op.create_index('ix_table_matches_client_key', 'table_matches', ['league_id', 'client_key'], unique=True)


def downgrade() -> None:
    op.drop_index('ix_table_matches_client_key', table_name='table_matches')
    with op.batch_alter_table('table_matches', recreate='never') as batch:
        batch.drop_column('client_key')
