"""Sessions that slide: use keeps a session alive (idle timeout), up to an absolute cap after sign-in,
and the row is rewritten at most once a day, not on every request."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import event, select

from tests.web.support import Site, sign_in
from turnbuckle.league.db import session_scope
from turnbuckle.league.models import WebSession
from turnbuckle.league.services import accounts


@contextmanager
def _writes(site: Site) -> Iterator[list[str]]:
    """The statements that write (INSERT, UPDATE, DELETE) the site's database runs in the block."""
    writes: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            writes.append(statement)

    event.listen(site.app.state.engine, "before_cursor_execute", count)
    try:
        yield writes
    finally:
        event.remove(site.app.state.engine, "before_cursor_execute", count)


def _expiry(site: Site) -> datetime:
    with session_scope(site.league.engine) as s:
        rows = s.scalars(select(WebSession.expires_at)).all()
    assert len(rows) == 1
    return rows[0]


def _signed_in(client: Any) -> bool:
    return bool(client.get("/account").status_code == 200)


def test_use_extends_the_session_past_its_first_expiry(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        first = _expiry(site)
        assert first == site.league.clock() + accounts.SESSION_IDLE
        for _ in range(4):  # used every 10 days: 40 days in all, well past the first 14
            site.league.clock.advance(days=10)
            assert _signed_in(ann)
            assert _expiry(site) == site.league.clock() + accounts.SESSION_IDLE
        assert _expiry(site) > first + accounts.SESSION_IDLE


def test_a_session_left_idle_expires(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        site.league.clock.advance(days=10)
        assert _signed_in(ann)  # extended to day 24
        site.league.clock.advance(days=13, hours=23)
        assert _signed_in(ann)  # day 23.96: still alive, and extended again to day 37.96
        site.league.clock.advance(days=14, seconds=1)
        assert not _signed_in(ann)  # idle for more than 14 days
    with session_scope(site.league.engine) as s:
        assert s.scalars(select(WebSession)).all() == []  # the expired row is removed


def test_a_session_used_every_day_ends_at_the_cap(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        signed_in_at = site.league.clock()
        cap = signed_in_at + accounts.SESSION_CAP
        while site.league.clock() + accounts.SESSION_IDLE < cap:
            site.league.clock.advance(days=3)
            assert _signed_in(ann)
        assert _expiry(site) == cap  # never extended past the cap
        site.league.clock.now = cap - accounts.SESSION_RENEW_AFTER
        assert _signed_in(ann)
        site.league.clock.now = cap
        assert not _signed_in(ann)
        assert sign_in(ann, "Ann").status_code == 303 and _signed_in(ann)  # signing in again starts afresh


def test_requests_within_a_day_write_nothing_then_one_write_extends(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        start = _expiry(site)
        with _writes(site) as writes:
            for _ in range(6):  # six pages over 23 hours
                site.league.clock.advance(hours=4, minutes=-10)
                assert _signed_in(ann)
                assert ann.get("/").status_code == 200
            assert writes == []
            assert _expiry(site) == start
            site.league.clock.advance(hours=2)  # now more than a day since sign-in
            assert _signed_in(ann)
            assert len(writes) == 1 and "UPDATE web_sessions" in writes[0]
            assert _expiry(site) == site.league.clock() + accounts.SESSION_IDLE
            assert ann.get("/").status_code == 200
            assert len(writes) == 1


def test_the_cookie_lasts_as_long_as_the_cap(site: Site) -> None:
    with site.client() as ann:
        r = sign_in(ann, "Ann")
        cookie = next(h for h in r.headers.get_list("set-cookie") if h.startswith("tb_session="))
        assert f"Max-Age={int(accounts.SESSION_CAP.total_seconds())}" in cookie


def test_a_session_at_its_cap_is_not_rewritten_on_use(site: Site) -> None:
    """Once the cap is the end, use has nothing to move: pages over the last days write nothing."""
    with site.client() as ann:
        sign_in(ann, "Ann")
        cap = site.league.clock() + accounts.SESSION_CAP
        while site.league.clock() + accounts.SESSION_IDLE < cap:
            site.league.clock.advance(days=3)
            assert _signed_in(ann)
        assert _expiry(site) == cap
        with _writes(site) as writes:
            for _ in range(4):  # a page every other day until the cap
                site.league.clock.advance(days=2)
                assert _signed_in(ann)
            assert writes == []
        assert _expiry(site) == cap
