"""First run: the one-time setup link creates the league and its organiser, once (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from turnbuckle.league.context import system_clock
from turnbuckle.league.credentials import verify_password
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.models import League, SiteKey
from turnbuckle.league.services import accounts

GOOD = "a long walk to the ring"


def test_the_setup_link_creates_the_league_and_organiser_once(url: str) -> None:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            first = accounts.create_setup_link(session)
            token = accounts.create_setup_link(session)  # a later start replaces the link
            assert first and token and first != token
            stored = session.get(SiteKey, accounts.SETUP_KEY)
            assert stored is not None and token not in stored.value  # only its digest is kept
        with session_scope(engine) as session, pytest.raises(NotFound):
            accounts.open_setup(session, first)
        with session_scope(engine) as session, pytest.raises(LeagueError, match="password"):
            accounts.set_up_league(session, token, "Garage Fed", "UTC", 5, "Fran", "password", system_clock)
        with session_scope(engine) as session, pytest.raises(LeagueError, match="time zone"):
            accounts.set_up_league(session, token, "Garage Fed", "Mars/Olympus", 5, "Fran", GOOD, system_clock)
        with session_scope(engine) as session:
            member = accounts.set_up_league(session, token, "Garage Fed", "Europe/London", 7, "Fran", GOOD,
                                            system_clock)
            assert member.role == "organiser" and verify_password(GOOD, member.password_hash)
            league = session.scalars(select(League)).one()
            assert (league.name, league.timezone, league.max_push_level) == ("Garage Fed", "Europe/London", 7)
        with session_scope(engine) as session:
            with pytest.raises(NotFound, match="already used"):
                accounts.open_setup(session, token)
            assert accounts.create_setup_link(session) is None  # a league exists: no more links
    finally:
        engine.dispose()
