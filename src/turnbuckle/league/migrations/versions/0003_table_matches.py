"""table matches: score-keeper matches the organiser saves to the league, and who took each side

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('table_matches',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('uid', sa.String(length=32), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('ruleset', sa.String(length=40), nullable=False),
    sa.Column('ruleset_version', sa.String(length=20), nullable=False),
    sa.Column('package_version', sa.String(length=40), nullable=False),
    sa.Column('entries', sa.JSON(), nullable=False),
    sa.Column('record', sa.JSON(), nullable=False),
    sa.Column('winner_index', sa.Integer(), nullable=True),
    sa.Column('method', sa.String(length=40), nullable=False),
    sa.Column('saved_by', sa.Integer(), nullable=False),
    sa.Column('saved_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_table_matches_league_id_leagues')),
    sa.ForeignKeyConstraint(['saved_by'], ['members.id'], name=op.f('fk_table_matches_saved_by_members')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_matches')),
    sa.UniqueConstraint('uid', name=op.f('uq_table_matches_uid'))
    )
    with op.batch_alter_table('table_matches', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_matches_league_id'), ['league_id'], unique=False)

    op.create_table('table_match_sides',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_match_id', sa.Integer(), nullable=False),
    sa.Column('index', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('competitor_id', sa.Integer(), nullable=True),
    sa.Column('outcome', sa.String(length=8), nullable=False),
    sa.Column('mu_before', sa.Double(), nullable=True),
    sa.Column('sigma_before', sa.Double(), nullable=True),
    sa.Column('mu_after', sa.Double(), nullable=True),
    sa.Column('sigma_after', sa.Double(), nullable=True),
    sa.ForeignKeyConstraint(['competitor_id'], ['competitors.id'],
                            name=op.f('fk_table_match_sides_competitor_id_competitors')),
    sa.ForeignKeyConstraint(['table_match_id'], ['table_matches.id'],
                            name=op.f('fk_table_match_sides_table_match_id_table_matches')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_match_sides')),
    sa.UniqueConstraint('table_match_id', 'index', name=op.f('uq_table_match_sides_table_match_id'))
    )
    with op.batch_alter_table('table_match_sides', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_match_sides_competitor_id'), ['competitor_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_table_match_sides_table_match_id'), ['table_match_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('table_match_sides', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_match_sides_table_match_id'))
        batch_op.drop_index(batch_op.f('ix_table_match_sides_competitor_id'))
    op.drop_table('table_match_sides')
    with op.batch_alter_table('table_matches', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_matches_league_id'))
    op.drop_table('table_matches')
