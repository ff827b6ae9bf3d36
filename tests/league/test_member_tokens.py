"""The member tokens, both kinds issued by one service: each kind opens only its own door, each has
its own cap of live tokens and its own prefix, another member's token reads as not found, and a
token stored the way both kinds always were (its SHA-256 and hint) keeps working."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.league.helpers import League, build
from turnbuckle.league import member_tokens
from turnbuckle.league.credentials import digest
from turnbuckle.league.db import session_scope
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.models import FeedToken
from turnbuckle.league.notify import feeds
from turnbuckle.league.services import accounts


@pytest.fixture
def lg(url: str) -> Iterator[League]:
    league = build(url)
    yield league
    league.close()


def test_an_api_token_and_a_calendar_address_each_open_their_own_door(lg: League) -> None:
    with lg.act("Ann") as ctx:
        api, api_row = accounts.create_token(ctx, "script", ["read"])
        cal, cal_row = feeds.create_feed_token(ctx)
    assert api.startswith("tb_") and api_row.hint == api[:7] and api_row.scopes == "read"
    assert cal.startswith("cal_") and cal_row.hint == cal[:8]
    with session_scope(lg.engine) as s:
        member = feeds.member_for_feed(s, cal)
        assert member is not None and member.name == "Ann"
        found = accounts.token_for(s, api, lg.clock())
        assert found is not None and found[0].name == "Ann" and found[1] == frozenset({"read"})
        assert feeds.member_for_feed(s, api) is None  # an API token is no calendar address
        assert accounts.token_for(s, cal, lg.clock()) is None  # nor the other way round
        assert member_tokens.live(s, member_tokens.FEED, "cal_" + "x" * 200) is None  # too long to be one
    with lg.act("Ann") as ctx:  # revoking one kind leaves the other
        feeds.revoke_feed_token(ctx, cal_row.id)
        assert [t.id for t in accounts.tokens(ctx) if t.revoked_at is None] == [api_row.id]
    with session_scope(lg.engine) as s:
        assert feeds.member_for_feed(s, cal) is None
        assert accounts.token_for(s, api, lg.clock()) is not None


def test_each_kind_has_its_cap_and_another_members_token_is_not_found(lg: League) -> None:
    with lg.act("Ann") as ctx:
        made = [feeds.create_feed_token(ctx)[1] for _ in range(feeds.MAX_FEED_TOKENS)]
        with pytest.raises(LeagueError, match="you have 5 live calendar addresses; revoke one first"):
            feeds.create_feed_token(ctx)
        accounts.create_token(ctx, "still allowed")  # the API tokens are counted apart
        assert [t.id for t in feeds.feed_tokens(ctx)] == [t.id for t in reversed(made)]  # newest first
    with lg.act("Bo") as ctx:
        with pytest.raises(NotFound, match=f"you have no calendar address {made[0].id}"):
            feeds.revoke_feed_token(ctx, made[0].id)
        assert feeds.feed_tokens(ctx) == []
    with lg.act("Ann") as ctx:
        feeds.revoke_feed_token(ctx, made[0].id)
        feeds.create_feed_token(ctx)  # one revoked: room for one more


def test_a_calendar_address_stored_before_the_merge_still_opens(lg: League) -> None:
    raw = "cal_" + "k" * 43  # a row as the feeds wrote it themselves: the digest, the first 8 characters
    with lg.act("Ann") as ctx:
        ctx.session.add(FeedToken(token_sha256=digest(raw), member_id=ctx.actor.id, hint=raw[:8],
                                  created_at=ctx.now(), revoked_at=None))
    with session_scope(lg.engine) as s:
        member = feeds.member_for_feed(s, raw)
        assert member is not None and member.name == "Ann"
