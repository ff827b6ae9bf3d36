"""jobs: long runs kept in the database, so that several server processes share them

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('jobs',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('owner', sa.String(length=120), nullable=False),
    sa.Column('public', sa.Boolean(), nullable=False),
    sa.Column('title', sa.String(length=400), nullable=False),
    sa.Column('params', sa.JSON(), nullable=False),
    sa.Column('state', sa.String(length=12), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('done', sa.Integer(), nullable=False),
    sa.Column('result', sa.JSON(), nullable=True),
    sa.Column('error', sa.Text(), nullable=False),
    sa.Column('cancel', sa.Boolean(), nullable=False),
    sa.Column('worker', sa.String(length=120), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('lease_until', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=True),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_jobs'))
    )
    with op.batch_alter_table('jobs') as batch:
        batch.create_index('ix_jobs_state_created', ['state', 'created_at'], unique=False)
        batch.create_index(batch.f('ix_jobs_owner'), ['owner'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('jobs') as batch:
        batch.drop_index(batch.f('ix_jobs_owner'))
        batch.drop_index('ix_jobs_state_created')
    op.drop_table('jobs')
