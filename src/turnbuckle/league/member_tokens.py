"""A member's secret tokens, of two kinds in two tables: personal API tokens (``api_tokens``, see
``services/accounts.py``) and private calendar addresses (``feed_tokens``, see ``notify/feeds.py``).
Both are issued here the same way: shown once, kept as their SHA-256 (``credentials.digest``) with
their first characters as a hint, a few live ones per member, revoked rows kept. A token is looked
up by its digest, and only in its own kind's table, so one kind never opens the other's doors.

What differs stays with each kind's caller: an API token's label, scopes and last use; who may ask.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from sqlalchemy import func, select, update
from sqlalchemy.orm import InstrumentedAttribute, Session

from turnbuckle.league.credentials import digest, new_token
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.models import ApiToken, FeedToken

#: The longest token looked up (an issued one is far shorter; a longer one is not hashed at all).
MAX_LENGTH = 100


T = TypeVar("T", ApiToken, FeedToken)


@dataclass(frozen=True)
class TokenKind(Generic[T]):
    """One kind of member token: its table, the prefix its tokens start with, the length of the hint
    kept, how many may be live at once, and its name in messages."""

    model: type[T]
    member_id: InstrumentedAttribute[int]
    token_sha256: InstrumentedAttribute[str]
    revoked_at: InstrumentedAttribute[datetime | None]
    prefix: str
    hint_length: int
    most_live: int
    name: str  # "API token": "you have no API token 3"
    plural: str  # "API tokens": "you have 20 live API tokens"


API = TokenKind(ApiToken, ApiToken.member_id, ApiToken.token_sha256, ApiToken.revoked_at, prefix="tb_",
                hint_length=7, most_live=20, name="API token", plural="API tokens")
FEED = TokenKind(FeedToken, FeedToken.member_id, FeedToken.token_sha256, FeedToken.revoked_at, prefix="cal_",
                 hint_length=8, most_live=5, name="calendar address", plural="calendar addresses")


def issue(session: Session, kind: TokenKind[T], member_id: int, now: datetime, **fields: Any) -> tuple[str, T]:
    """A new token of ``kind`` for the member (a LeagueError once ``kind.most_live`` are live): the
    token itself, returned once and never stored, and its row (``fields``: the kind's other columns)."""
    live = session.scalar(select(func.count()).select_from(kind.model).where(
        kind.member_id == member_id, kind.revoked_at.is_(None))) or 0
    if live >= kind.most_live:
        raise LeagueError(f"you have {kind.most_live} live {kind.plural}; revoke one first")
    raw = new_token(kind.prefix)
    made = kind.model(token_sha256=digest(raw), member_id=member_id, hint=raw[:kind.hint_length], created_at=now,
                      revoked_at=None, **fields)
    session.add(made)
    session.flush()
    return raw, made


def owned(session: Session, kind: TokenKind[T], member_id: int) -> list[T]:
    """The member's tokens of ``kind``, live and revoked, newest first."""
    return list(session.scalars(select(kind.model).where(kind.member_id == member_id)
                                .order_by(kind.model.id.desc())))


def revoke(session: Session, kind: TokenKind[T], member_id: int, token_id: int, now: datetime) -> T:
    """Revoke one of the member's tokens of ``kind`` (another member's reads as not found)."""
    row = session.get(kind.model, token_id)
    if row is None or row.member_id != member_id:
        raise NotFound(f"you have no {kind.name} {token_id}")
    if row.revoked_at is None:
        row.revoked_at = now
    return row


def revoke_all(session: Session, kind: TokenKind[T], member_id: int, now: datetime) -> None:
    """Revoke every live token of ``kind`` the member has."""
    session.execute(update(kind.model).where(kind.member_id == member_id, kind.revoked_at.is_(None))
                    .values(revoked_at=now))


def live(session: Session, kind: TokenKind[T], raw: str) -> T | None:
    """The live row of ``kind`` behind the token ``raw``, or None (unknown, revoked, or not shaped
    like a token of this kind)."""
    if not raw.startswith(kind.prefix) or len(raw) > MAX_LENGTH:
        return None
    row = session.scalars(select(kind.model).where(kind.token_sha256 == digest(raw))).first()
    if row is None or row.revoked_at is not None:
        return None
    return row
