"""Sign-in throttles (league/services/throttle.py) on SQLite and PostgreSQL: the member's right
password passes from an address with no failures while the attacker's address is held back; one
address is slowed by a doubling back-off, never locked out; and concurrent failures are counted
one at a time, so no more than the limit are ever checked."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from tests.league.helpers import League, build, build_with_passwords
from turnbuckle.league.context import the_league
from turnbuckle.league.credentials import use_fast_hashing_for_tests
from turnbuckle.league.db import session_scope
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import LoginAttempt
from turnbuckle.league.services import accounts, throttle

ATTACKER, ANN_HOME = "203.0.113.9", "198.51.100.7"


@pytest.fixture
def lg(url: str) -> Iterator[League]:
    league = build_with_passwords(url)
    yield league
    league.close()


def attempt(lg: League, name: str, password: str, address: str) -> str:
    """'ok', or the refusal's message (the unit of work committed either way)."""
    with session_scope(lg.engine) as s:
        try:
            accounts.sign_in(s, the_league(s), name, password, address, lg.clock)
        except LeagueError as exc:
            return str(exc)
        return "ok"


def failures(lg: League, **where: str) -> int:
    with session_scope(lg.engine) as s:
        query = select(func.count()).select_from(LoginAttempt)
        for column, value in where.items():
            query = query.where(getattr(LoginAttempt, column) == value)
        return int(s.scalar(query) or 0)


def test_the_member_passes_while_the_attackers_address_is_held_back(lg: League) -> None:
    for _ in range(40):
        attempt(lg, "Ann", "guess-guess", ATTACKER)
    assert failures(lg, account="ann") == throttle.MAX_FAILURES_PER_ACCOUNT  # the rest were refused unchecked
    assert "for this account" in attempt(lg, "Ann", "ann-password", ATTACKER)  # even the right one
    assert attempt(lg, "Ann", "ann-password", ANN_HOME) == "ok"
    assert "for this account" in attempt(lg, "Ann", "guess-again", ATTACKER)  # Ann's sign-in kept its count
    lg.clock.advance(minutes=15, seconds=1)
    assert attempt(lg, "Ann", "ann-password", ATTACKER) == "ok"


def test_a_fresh_address_gets_one_try_once_the_account_is_over_its_limit(lg: League) -> None:
    for i in range(throttle.MAX_FAILURES_PER_ACCOUNT):
        attempt(lg, "Ann", "guess-guess", f"10.1.0.{i}")
    assert attempt(lg, "Ann", "guess-guess", "10.2.0.1") == "wrong name or password"
    assert "for this account" in attempt(lg, "Ann", "guess-guess", "10.2.0.1")


def test_one_address_is_slowed_with_a_doubling_back_off_and_a_right_password_then_passes(lg: League) -> None:
    shared = "192.0.2.1"  # everyone behind one address
    for i in range(throttle.MAX_FAILURES_PER_ADDRESS):
        assert attempt(lg, f"nobody{i}", "guess-guess", shared) == "wrong name or password"
    assert attempt(lg, "Ann", "ann-password", shared) == \
        "too many failed sign-ins for this address; try again in 2 seconds"
    lg.clock.advance(seconds=2)
    assert attempt(lg, "Bo", "guess-guess", shared) == "wrong name or password"
    assert "try again in 4 seconds" in attempt(lg, "Ann", "ann-password", shared)
    lg.clock.advance(seconds=4)
    assert attempt(lg, "Ann", "ann-password", shared) == "ok"
    with session_scope(lg.engine) as s:  # ten more failures at once: 2**11 s, held to the ceiling
        for i in range(10):
            throttle.failed(s, f"other{i}", shared, lg.clock())
    assert "try again in 5 minutes" in attempt(lg, "Ann", "ann-password", shared)


def test_concurrent_failures_are_counted_one_at_a_time(pg_url: str) -> None:
    use_fast_hashing_for_tests()
    lg = build(pg_url)
    try:
        with lg.act() as ctx:
            accounts.set_password(ctx, "Ann", "ann-password")
        start = threading.Barrier(30, timeout=30)

        def wrong(_: int) -> str:
            start.wait()
            return attempt(lg, "Ann", "guess-guess", ATTACKER)

        with ThreadPoolExecutor(max_workers=30) as pool:
            answers = list(pool.map(wrong, range(30), timeout=60))
        checked = [a for a in answers if a == "wrong name or password"]
        assert len(checked) == throttle.MAX_FAILURES_PER_ACCOUNT, answers
        assert failures(lg, account="ann") == throttle.MAX_FAILURES_PER_ACCOUNT
        assert all("too many failed sign-ins" in a for a in answers if a not in checked)
    finally:
        lg.close()
