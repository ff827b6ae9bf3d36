"""api token scopes: what a personal token may do (read, submit, organise)

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('api_tokens') as batch:
        # Tokens made before scopes existed could do everything their member could: they keep that.
        batch.add_column(sa.Column('scopes', sa.String(length=60), server_default='read,submit,organise',
                                   nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('api_tokens') as batch:
        batch.drop_column('scopes')
