# ruff: noqa: E501
"""the first league schema

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('leagues',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('timezone', sa.String(length=64), nullable=False),
    sa.Column('max_push_level', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_leagues')),
    sa.UniqueConstraint('name', name=op.f('uq_leagues_name'))
    )
    op.create_table('members',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('role', sa.String(length=20), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_members_league_id_leagues')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_members')),
    sa.UniqueConstraint('league_id', 'name', name=op.f('uq_members_league_id'))
    )
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_members_league_id'), ['league_id'], unique=False)

    op.create_table('referees',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('uid', sa.String(length=32), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('ruleset', sa.String(length=40), nullable=False),
    sa.Column('sheet', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_referees_league_id_leagues')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_referees')),
    sa.UniqueConstraint('league_id', 'name', name=op.f('uq_referees_league_id')),
    sa.UniqueConstraint('uid', name=op.f('uq_referees_uid'))
    )
    with op.batch_alter_table('referees', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_referees_league_id'), ['league_id'], unique=False)

    op.create_table('shows',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('uid', sa.String(length=32), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('show_date', sa.String(length=10), nullable=False),
    sa.Column('deadline', sa.DateTime(), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('card_seed', sa.String(length=64), nullable=True),
    sa.Column('seed', sa.String(length=64), nullable=True),
    sa.Column('seed_sha256', sa.String(length=64), nullable=True),
    sa.Column('manifest', sa.JSON(), nullable=True),
    sa.Column('writeup', sa.Text(), nullable=False),
    sa.Column('healed', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_shows_league_id_leagues')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_shows')),
    sa.UniqueConstraint('league_id', 'number', name=op.f('uq_shows_league_id')),
    sa.UniqueConstraint('uid', name=op.f('uq_shows_uid'))
    )
    with op.batch_alter_table('shows', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_shows_league_id'), ['league_id'], unique=False)

    op.create_table('titles',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('ruleset', sa.String(length=40), nullable=False),
    sa.Column('methods_excluded', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_titles_league_id_leagues')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_titles')),
    sa.UniqueConstraint('league_id', 'name', name=op.f('uq_titles_league_id'))
    )
    with op.batch_alter_table('titles', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_titles_league_id'), ['league_id'], unique=False)

    op.create_table('card_matches',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('show_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('ruleset', sa.String(length=40), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('referee_id', sa.Integer(), nullable=True),
    sa.Column('referee_drawn', sa.Boolean(), nullable=False),
    sa.Column('title_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['referee_id'], ['referees.id'], name=op.f('fk_card_matches_referee_id_referees')),
    sa.ForeignKeyConstraint(['show_id'], ['shows.id'], name=op.f('fk_card_matches_show_id_shows')),
    sa.ForeignKeyConstraint(['title_id'], ['titles.id'], name=op.f('fk_card_matches_title_id_titles')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_card_matches')),
    sa.UniqueConstraint('show_id', 'position', name=op.f('uq_card_matches_show_id'))
    )
    with op.batch_alter_table('card_matches', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_card_matches_show_id'), ['show_id'], unique=False)

    op.create_table('competitors',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('uid', sa.String(length=32), nullable=False),
    sa.Column('league_id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('ruleset', sa.String(length=40), nullable=False),
    sa.Column('ruleset_version', sa.String(length=20), nullable=False),
    sa.Column('sheet', sa.JSON(), nullable=False),
    sa.Column('members', sa.JSON(), nullable=False),
    sa.Column('push_level', sa.Integer(), nullable=True),
    sa.Column('push_points', sa.String(length=40), nullable=True),
    sa.Column('injuries', sa.Integer(), nullable=False),
    sa.Column('rating_mu', sa.Double(), nullable=False),
    sa.Column('rating_sigma', sa.Double(), nullable=False),
    sa.Column('wins', sa.Integer(), nullable=False),
    sa.Column('losses', sa.Integer(), nullable=False),
    sa.Column('draws', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_competitors_league_id_leagues')),
    sa.ForeignKeyConstraint(['owner_id'], ['members.id'], name=op.f('fk_competitors_owner_id_members')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_competitors')),
    sa.UniqueConstraint('league_id', 'name', name=op.f('uq_competitors_league_id')),
    sa.UniqueConstraint('uid', name=op.f('uq_competitors_uid'))
    )
    with op.batch_alter_table('competitors', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_competitors_league_id'), ['league_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_competitors_owner_id'), ['owner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_competitors_ruleset'), ['ruleset'], unique=False)

    op.create_table('show_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('show_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('detail', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_show_events_member_id_members')),
    sa.ForeignKeyConstraint(['show_id'], ['shows.id'], name=op.f('fk_show_events_show_id_shows')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_show_events'))
    )
    with op.batch_alter_table('show_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_show_events_show_id'), ['show_id'], unique=False)

    op.create_table('card_sides',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('index', sa.Integer(), nullable=False),
    sa.Column('competitor_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['competitor_id'], ['competitors.id'], name=op.f('fk_card_sides_competitor_id_competitors')),
    sa.ForeignKeyConstraint(['match_id'], ['card_matches.id'], name=op.f('fk_card_sides_match_id_card_matches')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_card_sides')),
    sa.UniqueConstraint('match_id', 'index', name=op.f('uq_card_sides_match_id'))
    )
    with op.batch_alter_table('card_sides', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_card_sides_competitor_id'), ['competitor_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_card_sides_match_id'), ['match_id'], unique=False)

    op.create_table('results',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('show_id', sa.Integer(), nullable=False),
    sa.Column('ruleset', sa.String(length=40), nullable=False),
    sa.Column('ruleset_version', sa.String(length=20), nullable=False),
    sa.Column('seed', sa.String(length=24), nullable=False),
    sa.Column('inputs', sa.JSON(), nullable=False),
    sa.Column('record', sa.JSON(), nullable=False),
    sa.Column('winner_index', sa.Integer(), nullable=True),
    sa.Column('method', sa.String(length=40), nullable=False),
    sa.Column('notes', sa.JSON(), nullable=False),
    sa.Column('played_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['card_matches.id'], name=op.f('fk_results_match_id_card_matches')),
    sa.ForeignKeyConstraint(['show_id'], ['shows.id'], name=op.f('fk_results_show_id_shows')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_results')),
    sa.UniqueConstraint('match_id', name=op.f('uq_results_match_id'))
    )
    with op.batch_alter_table('results', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_results_show_id'), ['show_id'], unique=False)

    op.create_table('injury_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('competitor_id', sa.Integer(), nullable=False),
    sa.Column('show_id', sa.Integer(), nullable=False),
    sa.Column('result_id', sa.Integer(), nullable=True),
    sa.Column('before', sa.Integer(), nullable=False),
    sa.Column('after', sa.Integer(), nullable=False),
    sa.Column('roll', sa.Integer(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['competitor_id'], ['competitors.id'], name=op.f('fk_injury_changes_competitor_id_competitors')),
    sa.ForeignKeyConstraint(['result_id'], ['results.id'], name=op.f('fk_injury_changes_result_id_results')),
    sa.ForeignKeyConstraint(['show_id'], ['shows.id'], name=op.f('fk_injury_changes_show_id_shows')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_injury_changes'))
    )
    with op.batch_alter_table('injury_changes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_injury_changes_competitor_id'), ['competitor_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_injury_changes_result_id'), ['result_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_injury_changes_show_id'), ['show_id'], unique=False)

    op.create_table('push_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('competitor_id', sa.Integer(), nullable=False),
    sa.Column('show_id', sa.Integer(), nullable=True),
    sa.Column('result_id', sa.Integer(), nullable=True),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('level_before', sa.Integer(), nullable=False),
    sa.Column('points_before', sa.String(length=40), nullable=False),
    sa.Column('level_after', sa.Integer(), nullable=False),
    sa.Column('points_after', sa.String(length=40), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['competitor_id'], ['competitors.id'], name=op.f('fk_push_changes_competitor_id_competitors')),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_push_changes_member_id_members')),
    sa.ForeignKeyConstraint(['result_id'], ['results.id'], name=op.f('fk_push_changes_result_id_results')),
    sa.ForeignKeyConstraint(['show_id'], ['shows.id'], name=op.f('fk_push_changes_show_id_shows')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_push_changes'))
    )
    with op.batch_alter_table('push_changes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_push_changes_competitor_id'), ['competitor_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_push_changes_result_id'), ['result_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_push_changes_show_id'), ['show_id'], unique=False)

    op.create_table('rating_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('competitor_id', sa.Integer(), nullable=False),
    sa.Column('result_id', sa.Integer(), nullable=False),
    sa.Column('mu_before', sa.Double(), nullable=False),
    sa.Column('sigma_before', sa.Double(), nullable=False),
    sa.Column('mu_after', sa.Double(), nullable=False),
    sa.Column('sigma_after', sa.Double(), nullable=False),
    sa.ForeignKeyConstraint(['competitor_id'], ['competitors.id'], name=op.f('fk_rating_changes_competitor_id_competitors')),
    sa.ForeignKeyConstraint(['result_id'], ['results.id'], name=op.f('fk_rating_changes_result_id_results')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_rating_changes'))
    )
    with op.batch_alter_table('rating_changes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rating_changes_competitor_id'), ['competitor_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_rating_changes_result_id'), ['result_id'], unique=False)

    op.create_table('reigns',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('title_id', sa.Integer(), nullable=False),
    sa.Column('competitor_id', sa.Integer(), nullable=False),
    sa.Column('won_result_id', sa.Integer(), nullable=True),
    sa.Column('lost_result_id', sa.Integer(), nullable=True),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('ended_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['competitor_id'], ['competitors.id'], name=op.f('fk_reigns_competitor_id_competitors')),
    sa.ForeignKeyConstraint(['lost_result_id'], ['results.id'], name=op.f('fk_reigns_lost_result_id_results')),
    sa.ForeignKeyConstraint(['title_id'], ['titles.id'], name=op.f('fk_reigns_title_id_titles')),
    sa.ForeignKeyConstraint(['won_result_id'], ['results.id'], name=op.f('fk_reigns_won_result_id_results')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_reigns'))
    )
    with op.batch_alter_table('reigns', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reigns_competitor_id'), ['competitor_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_reigns_title_id'), ['title_id'], unique=False)

    op.create_table('result_sides',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('result_id', sa.Integer(), nullable=False),
    sa.Column('competitor_id', sa.Integer(), nullable=False),
    sa.Column('index', sa.Integer(), nullable=False),
    sa.Column('outcome', sa.String(length=8), nullable=False),
    sa.ForeignKeyConstraint(['competitor_id'], ['competitors.id'], name=op.f('fk_result_sides_competitor_id_competitors')),
    sa.ForeignKeyConstraint(['result_id'], ['results.id'], name=op.f('fk_result_sides_result_id_results')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_result_sides'))
    )
    with op.batch_alter_table('result_sides', schema=None) as batch_op:
        batch_op.create_index('ix_result_sides_competitor_result', ['competitor_id', 'result_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_result_sides_result_id'), ['result_id'], unique=False)

    op.create_table('submissions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('side_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('submitted_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_submissions_member_id_members')),
    sa.ForeignKeyConstraint(['side_id'], ['card_sides.id'], name=op.f('fk_submissions_side_id_card_sides')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_submissions'))
    )
    with op.batch_alter_table('submissions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_submissions_side_id'), ['side_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('submissions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_submissions_side_id'))

    op.drop_table('submissions')
    with op.batch_alter_table('result_sides', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_result_sides_result_id'))
        batch_op.drop_index('ix_result_sides_competitor_result')

    op.drop_table('result_sides')
    with op.batch_alter_table('reigns', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reigns_title_id'))
        batch_op.drop_index(batch_op.f('ix_reigns_competitor_id'))

    op.drop_table('reigns')
    with op.batch_alter_table('rating_changes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rating_changes_result_id'))
        batch_op.drop_index(batch_op.f('ix_rating_changes_competitor_id'))

    op.drop_table('rating_changes')
    with op.batch_alter_table('push_changes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_push_changes_show_id'))
        batch_op.drop_index(batch_op.f('ix_push_changes_result_id'))
        batch_op.drop_index(batch_op.f('ix_push_changes_competitor_id'))

    op.drop_table('push_changes')
    with op.batch_alter_table('injury_changes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_injury_changes_show_id'))
        batch_op.drop_index(batch_op.f('ix_injury_changes_result_id'))
        batch_op.drop_index(batch_op.f('ix_injury_changes_competitor_id'))

    op.drop_table('injury_changes')
    with op.batch_alter_table('results', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_results_show_id'))

    op.drop_table('results')
    with op.batch_alter_table('card_sides', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_card_sides_match_id'))
        batch_op.drop_index(batch_op.f('ix_card_sides_competitor_id'))

    op.drop_table('card_sides')
    with op.batch_alter_table('show_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_show_events_show_id'))

    op.drop_table('show_events')
    with op.batch_alter_table('competitors', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_competitors_ruleset'))
        batch_op.drop_index(batch_op.f('ix_competitors_owner_id'))
        batch_op.drop_index(batch_op.f('ix_competitors_league_id'))

    op.drop_table('competitors')
    with op.batch_alter_table('card_matches', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_card_matches_show_id'))

    op.drop_table('card_matches')
    with op.batch_alter_table('titles', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_titles_league_id'))

    op.drop_table('titles')
    with op.batch_alter_table('shows', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_shows_league_id'))

    op.drop_table('shows')
    with op.batch_alter_table('referees', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_referees_league_id'))

    op.drop_table('referees')
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_members_league_id'))

    op.drop_table('members')
    op.drop_table('leagues')
