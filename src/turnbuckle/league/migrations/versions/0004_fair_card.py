"""a fair card: grids fixed at open, sheets frozen at open, card edits, run errors, title limits, notices

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('card_matches') as batch:
        batch.add_column(sa.Column('grid', sa.String(length=80), nullable=True))
        batch.add_column(sa.Column('grid_drawn', sa.Boolean(), server_default='0', nullable=False))
        batch.add_column(sa.Column('edited_at', sa.DateTime(), nullable=True))
        batch.add_column(sa.Column('rebook', sa.Boolean(), server_default='0', nullable=False))
    with op.batch_alter_table('card_sides') as batch:
        batch.add_column(sa.Column('sheet', sa.JSON(), nullable=True))
    with op.batch_alter_table('shows') as batch:
        batch.add_column(sa.Column('run_error', sa.Text(), nullable=True))
    with op.batch_alter_table('titles') as batch:
        batch.add_column(sa.Column('kind', sa.String(length=10), server_default='any', nullable=False))
        batch.add_column(sa.Column('min_weight', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('max_weight', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('min_push_level', sa.Integer(), nullable=True))
    op.create_table('notices',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('show_id', sa.Integer(), nullable=True),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('visible_from_show', sa.Integer(), nullable=True),
    sa.Column('read_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_notices_league_id_leagues')),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_notices_member_id_members')),
    sa.ForeignKeyConstraint(['show_id'], ['shows.id'], name=op.f('fk_notices_show_id_shows')),
    sa.ForeignKeyConstraint(['visible_from_show'], ['shows.id'], name=op.f('fk_notices_visible_from_show_shows')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_notices'))
    )
    with op.batch_alter_table('notices') as batch:
        batch.create_index(batch.f('ix_notices_league_id'), ['league_id'], unique=False)
        batch.create_index(batch.f('ix_notices_member_id'), ['member_id'], unique=False)
        batch.create_index(batch.f('ix_notices_show_id'), ['show_id'], unique=False)


def downgrade() -> None:
    # Columns are dropped in place (SQLite 3.35+): copying a table that other rows refer to would
    # break their foreign keys.
    with op.batch_alter_table('notices') as batch:
        batch.drop_index(batch.f('ix_notices_show_id'))
        batch.drop_index(batch.f('ix_notices_member_id'))
        batch.drop_index(batch.f('ix_notices_league_id'))
    op.drop_table('notices')
    with op.batch_alter_table('titles', recreate='never') as batch:
        batch.drop_column('min_push_level')
        batch.drop_column('max_weight')
        batch.drop_column('min_weight')
        batch.drop_column('kind')
    with op.batch_alter_table('shows', recreate='never') as batch:
        batch.drop_column('run_error')
    with op.batch_alter_table('card_sides', recreate='never') as batch:
        batch.drop_column('sheet')
    with op.batch_alter_table('card_matches', recreate='never') as batch:
        batch.drop_column('rebook')
        batch.drop_column('edited_at')
        batch.drop_column('grid_drawn')
        batch.drop_column('grid')
