"""First run: the one-time setup link creates the league and its organiser, once (SQLite and PostgreSQL)."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import Engine, select, text

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


def test_two_setup_forms_sent_at_once_make_one_league(url: str) -> None:
    """The second waits for the first (PostgreSQL: the link's row FOR UPDATE; SQLite: BEGIN IMMEDIATE),
    then finds the link spent; before, on PostgreSQL both found no league and each made one."""
    from turnbuckle.web.organiser.setup_pages import claim_setup

    engine = make_engine(url)
    outcome: list[BaseException | None] = []
    with session_scope(engine) as session:
        token = accounts.create_setup_link(session) or ""

    def second() -> None:
        try:
            with session_scope(engine) as session:
                claim_setup(session, token)
                accounts.set_up_league(session, token, "Fed Two", "UTC", 5, "Bo", GOOD, system_clock)
            outcome.append(None)
        except BaseException as exc:  # handed to the test's thread
            outcome.append(exc)

    try:
        assert token
        waiter = threading.Thread(target=second)
        with session_scope(engine) as session:
            claim_setup(session, token)
            accounts.set_up_league(session, token, "Fed One", "UTC", 5, "Fran", GOOD, system_clock)
            if engine.dialect.name == "postgresql":  # the second is under way and waits on the link's row
                waiter.start()
                _until_one_waits_on_a_lock(engine)
        if not waiter.is_alive() and not outcome:
            waiter.start()  # SQLite: its BEGIN IMMEDIATE would have waited the same way
        waiter.join(30)
        assert len(outcome) == 1 and isinstance(outcome[0], NotFound), outcome
        with session_scope(engine) as session:
            assert [lg.name for lg in session.scalars(select(League))] == ["Fed One"]
    finally:
        engine.dispose()


def _until_one_waits_on_a_lock(engine: Engine) -> None:
    """Return once another connection waits on a row lock (PostgreSQL's own view of it), or fail."""
    watcher = make_engine(engine.url.render_as_string(hide_password=False))
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with watcher.connect() as conn:
                waiting = conn.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                            "AND wait_event_type = 'Lock'")).scalar_one()
            if waiting:
                return
        pytest.fail("the second setup never waited for the first")
    finally:
        watcher.dispose()
