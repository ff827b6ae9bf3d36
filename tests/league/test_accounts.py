"""The account services on both databases: invitations and resets that work once and expire,
throttled sign-in, sessions that expire and end, API tokens, and who may do what."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select

from tests.league.helpers import League, build_with_passwords
from turnbuckle.league.context import the_league
from turnbuckle.league.credentials import digest
from turnbuckle.league.db import session_scope
from turnbuckle.league.errors import Forbidden, LeagueError, NotFound
from turnbuckle.league.models import AccountLink, WebSession
from turnbuckle.league.services import accounts


@pytest.fixture
def lg(url: str) -> Iterator[League]:
    league = build_with_passwords(url)
    yield league
    league.close()


def sign_in(lg: League, name: str, password: str, address: str = "10.0.0.1") -> str:
    """A session id for a successful sign-in; the failure's error otherwise (committed either way)."""
    with session_scope(lg.engine) as s:
        try:
            member = accounts.sign_in(s, the_league(s), name, password, address, lg.clock)
        except LeagueError as exc:
            return f"error: {exc}"
        return accounts.start_session(s, member, lg.clock)


def test_invitation_signs_up_a_player_once_and_expires(lg: League) -> None:
    with lg.act() as ctx:
        named = accounts.create_invite(ctx, "Cy")
        open_ = accounts.create_invite(ctx)
        late = accounts.create_invite(ctx)
    with pytest.raises(LeagueError, match="already a member named 'ann'"), lg.act() as ctx:
        accounts.create_invite(ctx, "ann")
    with session_scope(lg.engine) as s:
        stored = {link.token_sha256 for link in s.scalars(select(AccountLink))}
        assert stored == {digest(t) for t in (named, open_, late)}
        cy = accounts.sign_up(s, named, "ignored", "cy-password", lg.clock)
        assert (cy.name, cy.role) == ("Cy", "player")
    with pytest.raises(NotFound, match="unknown, used or expired"), session_scope(lg.engine) as s:
        accounts.sign_up(s, named, "Cy Again", "cy-password", lg.clock)
    with pytest.raises(LeagueError, match="already a member named 'Bo'"), session_scope(lg.engine) as s:
        accounts.sign_up(s, open_, "Bo", "dee-password", lg.clock)
    with session_scope(lg.engine) as s:
        assert accounts.sign_up(s, open_, "Dee", "dee-password", lg.clock).name == "Dee"
    lg.clock.advance(days=7, seconds=1)
    with pytest.raises(NotFound), session_scope(lg.engine) as s:
        accounts.sign_up(s, late, "Eve", "eve-password", lg.clock)
    assert not sign_in(lg, "Dee", "dee-password").startswith("error")


def test_only_the_organiser_invites_resets_and_sets_others_passwords(lg: League) -> None:
    for action in (lambda ctx: accounts.create_invite(ctx, "Zed"), lambda ctx: accounts.create_reset(ctx, "Bo"),
                   lambda ctx: accounts.set_password(ctx, "Bo", "hijacked-pass")):
        with pytest.raises(Forbidden), lg.act("Ann") as ctx:
            action(ctx)


def test_throttling_counts_failures_per_account_and_per_address(lg: League) -> None:
    for _ in range(accounts.MAX_FAILURES_PER_ACCOUNT):
        assert sign_in(lg, "Ann", "wrong-password") == "error: wrong name or password"
    refused = sign_in(lg, "Ann", "ann-password")  # the failing address is held back, even with the right password
    assert refused == "error: too many failed sign-ins for this account; try again in 15 minutes"
    lg.clock.advance(minutes=10)
    assert "try again in 5 minutes" in sign_in(lg, "Ann", "ann-password")
    assert not sign_in(lg, "Ann", "ann-password", address="10.9.9.9").startswith("error")  # Ann, elsewhere
    lg.clock.advance(minutes=5, seconds=1)
    assert not sign_in(lg, "Ann", "ann-password").startswith("error")
    for i in range(accounts.MAX_FAILURES_PER_ADDRESS):
        sign_in(lg, f"nobody{i}", "wrong-password", address="10.6.6.6")
    assert "for this address; try again in 2 seconds" in sign_in(lg, "Ann", "ann-password", address="10.6.6.6")
    assert not sign_in(lg, "Ann", "ann-password", address="10.0.0.2").startswith("error")


def test_sessions_expire_end_and_never_store_their_id(lg: League) -> None:
    raw = sign_in(lg, "Ann", "ann-password")
    with session_scope(lg.engine) as s:
        assert [w.id_sha256 for w in s.scalars(select(WebSession))] == [digest(raw)]
        row = accounts.find_session(s, raw, lg.clock())
        assert row is not None and row.member.name == "Ann"
    lg.clock.advance(days=14)
    with session_scope(lg.engine) as s:
        assert accounts.find_session(s, raw, lg.clock()) is None
    with session_scope(lg.engine) as s:
        assert s.scalars(select(WebSession)).all() == []  # the expired row went
    second = sign_in(lg, "Ann", "ann-password")
    with lg.act() as ctx:
        token = accounts.create_reset(ctx, "Ann")
    with session_scope(lg.engine) as s:
        accounts.reset_password(s, token, "ann-new-password", lg.clock)
    with session_scope(lg.engine) as s:
        assert accounts.find_session(s, second, lg.clock()) is None  # a reset ends every session
    assert sign_in(lg, "Ann", "ann-password").startswith("error")
    assert not sign_in(lg, "Ann", "ann-new-password").startswith("error")


def test_api_tokens_are_personal(lg: League) -> None:
    with lg.act("Ann") as ctx:
        raw, row = accounts.create_token(ctx, "script")
        assert row.token_sha256 == digest(raw) and row.hint == raw[:7]
    with pytest.raises(NotFound), lg.act("Bo") as ctx:
        accounts.revoke_token(ctx, row.id)
    with lg.act("Bo") as ctx:
        assert accounts.tokens(ctx) == []
    with session_scope(lg.engine) as s:
        who = accounts.member_for_token(s, raw, lg.clock())
        assert who is not None and who.name == "Ann"
    with lg.act("Ann") as ctx:
        accounts.revoke_token(ctx, row.id)
    with session_scope(lg.engine) as s:
        assert accounts.member_for_token(s, raw, lg.clock()) is None
