"""accounts: member passwords, web sessions, one-time links, API tokens, login attempts, site keys

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.add_column(sa.Column('password_hash', sa.String(length=255), nullable=True))

    op.create_table('web_sessions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('id_sha256', sa.String(length=64), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('csrf_token', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_web_sessions_member_id_members')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_web_sessions')),
    sa.UniqueConstraint('id_sha256', name=op.f('uq_web_sessions_id_sha256'))
    )
    with op.batch_alter_table('web_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_web_sessions_member_id'), ['member_id'], unique=False)

    op.create_table('account_links',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_sha256', sa.String(length=64), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('name', sa.String(length=100), nullable=True),
    sa.Column('created_by', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.Column('used_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['created_by'], ['members.id'], name=op.f('fk_account_links_created_by_members')),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_account_links_league_id_leagues')),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_account_links_member_id_members')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_account_links')),
    sa.UniqueConstraint('token_sha256', name=op.f('uq_account_links_token_sha256'))
    )
    with op.batch_alter_table('account_links', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_account_links_league_id'), ['league_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_account_links_member_id'), ['member_id'], unique=False)

    op.create_table('api_tokens',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_sha256', sa.String(length=64), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=100), nullable=False),
    sa.Column('hint', sa.String(length=12), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_used_at', sa.DateTime(), nullable=True),
    sa.Column('revoked_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_api_tokens_member_id_members')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_api_tokens')),
    sa.UniqueConstraint('token_sha256', name=op.f('uq_api_tokens_token_sha256'))
    )
    with op.batch_alter_table('api_tokens', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_api_tokens_member_id'), ['member_id'], unique=False)

    op.create_table('login_attempts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('account', sa.String(length=100), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_login_attempts'))
    )
    with op.batch_alter_table('login_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_attempts_account'), ['account'], unique=False)
        batch_op.create_index(batch_op.f('ix_login_attempts_address'), ['address'], unique=False)
        batch_op.create_index(batch_op.f('ix_login_attempts_at'), ['at'], unique=False)

    op.create_table('site_keys',
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('value', sa.String(length=128), nullable=False),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_site_keys'))
    )


def downgrade() -> None:
    op.drop_table('site_keys')
    with op.batch_alter_table('login_attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_login_attempts_at'))
        batch_op.drop_index(batch_op.f('ix_login_attempts_address'))
        batch_op.drop_index(batch_op.f('ix_login_attempts_account'))
    op.drop_table('login_attempts')
    with op.batch_alter_table('api_tokens', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_tokens_member_id'))
    op.drop_table('api_tokens')
    with op.batch_alter_table('account_links', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_account_links_member_id'))
        batch_op.drop_index(batch_op.f('ix_account_links_league_id'))
    op.drop_table('account_links')
    with op.batch_alter_table('web_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_web_sessions_member_id'))
    op.drop_table('web_sessions')
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.drop_column('password_hash')
