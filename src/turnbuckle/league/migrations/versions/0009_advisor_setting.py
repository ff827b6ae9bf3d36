"""advisor: whether a league lets its members ask the game's advisor for a strategy

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place too: on SQLite a batch copy of `leagues` would drop the table other rows refer to.
    with op.batch_alter_table('leagues', recreate='never') as batch:
        batch.add_column(sa.Column('advisor', sa.Boolean(), nullable=False, server_default=sa.true()))


def downgrade() -> None:
    # Dropped in place, as 0007 does: copying a table that other rows refer to breaks their keys.
    with op.batch_alter_table('leagues', recreate='never') as batch:
        batch.drop_column('advisor')
