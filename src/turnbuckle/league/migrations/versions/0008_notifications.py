"""notifications: the outbox and its attempts, a league's webhook and SMTP settings, members'
e-mail addresses and opt-ins, private calendar feed tokens, and iCal SEQUENCE numbers

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('notify_settings',
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('webhook_url', sa.String(length=2000), nullable=True),
    sa.Column('webhook_kinds', sa.String(length=80), nullable=False),
    sa.Column('webhook_secret', sa.String(length=128), nullable=False),
    sa.Column('smtp_host', sa.String(length=255), nullable=True),
    sa.Column('smtp_port', sa.Integer(), nullable=False),
    sa.Column('smtp_security', sa.String(length=10), nullable=False),
    sa.Column('smtp_user', sa.String(length=255), nullable=True),
    sa.Column('smtp_password', sa.String(length=255), nullable=True),
    sa.Column('smtp_from', sa.String(length=320), nullable=True),
    sa.Column('reminder_hours', sa.String(length=40), nullable=False),
    sa.Column('site_url', sa.String(length=300), nullable=True),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_notify_settings_league_id_leagues')),
    sa.PrimaryKeyConstraint('league_id', name=op.f('pk_notify_settings'))
    )
    op.create_table('calendar_sequences',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('show_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('sequence', sa.Integer(), nullable=False),
    sa.Column('stamp', sa.String(length=40), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['show_id'], ['shows.id'], name=op.f('fk_calendar_sequences_show_id_shows')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_calendar_sequences')),
    sa.UniqueConstraint('show_id', 'kind', name=op.f('uq_calendar_sequences_show_id'))
    )
    op.create_table('feed_tokens',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_sha256', sa.String(length=64), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('hint', sa.String(length=12), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('revoked_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_feed_tokens_member_id_members')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_feed_tokens')),
    sa.UniqueConstraint('token_sha256', name=op.f('uq_feed_tokens_token_sha256'))
    )
    op.create_index(op.f('ix_feed_tokens_member_id'), 'feed_tokens', ['member_id'], unique=False)
    op.create_table('member_contacts',
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('email', sa.String(length=320), nullable=True),
    sa.Column('confirmed_at', sa.DateTime(), nullable=True),
    sa.Column('confirm_sha256', sa.String(length=64), nullable=True),
    sa.Column('confirm_expires_at', sa.DateTime(), nullable=True),
    sa.Column('kinds', sa.String(length=80), nullable=False),
    sa.Column('unsubscribe_token', sa.String(length=64), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_member_contacts_member_id_members')),
    sa.PrimaryKeyConstraint('member_id', name=op.f('pk_member_contacts')),
    sa.UniqueConstraint('confirm_sha256', name=op.f('uq_member_contacts_confirm_sha256')),
    sa.UniqueConstraint('unsubscribe_token', name=op.f('uq_member_contacts_unsubscribe_token'))
    )
    op.create_table('outbox',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.String(length=64), nullable=False),
    sa.Column('dedupe', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('channel', sa.String(length=10), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('show_id', sa.Integer(), nullable=True),
    sa.Column('payload', sa.JSON(), nullable=False),
    sa.Column('state', sa.String(length=10), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('due_at', sa.DateTime(), nullable=False),
    sa.Column('lease_until', sa.DateTime(), nullable=True),
    sa.Column('worker', sa.String(length=120), nullable=False),
    sa.Column('last_error', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('sent_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_outbox_league_id_leagues')),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_outbox_member_id_members')),
    sa.ForeignKeyConstraint(['show_id'], ['shows.id'], name=op.f('fk_outbox_show_id_shows')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_outbox')),
    sa.UniqueConstraint('dedupe', name=op.f('uq_outbox_dedupe'))
    )
    op.create_index(op.f('ix_outbox_event_id'), 'outbox', ['event_id'], unique=False)
    op.create_index(op.f('ix_outbox_league_id'), 'outbox', ['league_id'], unique=False)
    op.create_index(op.f('ix_outbox_member_id'), 'outbox', ['member_id'], unique=False)
    op.create_index(op.f('ix_outbox_show_id'), 'outbox', ['show_id'], unique=False)
    op.create_index('ix_outbox_state_due', 'outbox', ['state', 'due_at'], unique=False)
    op.create_table('outbox_attempts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('outbox_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('worker', sa.String(length=120), nullable=False),
    sa.Column('ok', sa.Boolean(), nullable=False),
    sa.Column('status', sa.String(length=40), nullable=False),
    sa.Column('error', sa.Text(), nullable=False),
    sa.Column('ms', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['outbox_id'], ['outbox.id'], name=op.f('fk_outbox_attempts_outbox_id_outbox')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_outbox_attempts'))
    )
    op.create_index(op.f('ix_outbox_attempts_outbox_id'), 'outbox_attempts', ['outbox_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_outbox_attempts_outbox_id'), table_name='outbox_attempts')
    op.drop_table('outbox_attempts')
    op.drop_index('ix_outbox_state_due', table_name='outbox')
    op.drop_index(op.f('ix_outbox_show_id'), table_name='outbox')
    op.drop_index(op.f('ix_outbox_member_id'), table_name='outbox')
    op.drop_index(op.f('ix_outbox_league_id'), table_name='outbox')
    op.drop_index(op.f('ix_outbox_event_id'), table_name='outbox')
    op.drop_table('outbox')
    op.drop_table('member_contacts')
    op.drop_index(op.f('ix_feed_tokens_member_id'), table_name='feed_tokens')
    op.drop_table('feed_tokens')
    op.drop_table('calendar_sequences')
    op.drop_table('notify_settings')
