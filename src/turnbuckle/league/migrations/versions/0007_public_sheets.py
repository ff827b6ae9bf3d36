"""public_sheets: what a league makes public of a competitor before its first published match

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('leagues') as batch:
        batch.add_column(sa.Column('public_sheets', sa.String(length=10), nullable=False, server_default='weight'))


def downgrade() -> None:
    # Columns are dropped in place (SQLite 3.35+): copying a table that other rows refer to would
    # break their foreign keys.
    with op.batch_alter_table('leagues', recreate='never') as batch:
        batch.drop_column('public_sheets')
