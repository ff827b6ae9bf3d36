"""Failed password checks (a sign-in, or the current password on the account page), counted in the
database (table ``login_attempts``), so every server process on one database counts the same ones.

Two rules, each over the last WINDOW:

- **Per account.** Once an account has MAX_FAILURES_PER_ACCOUNT failures, an address that has failed
  for it may not try it again until the window has passed; an address with no failure for it still
  gets its tries (so the member, elsewhere, signs in with the right password while an attacker's
  address is held back), until the account reaches ACCOUNT_HARD_LIMIT failures from any number of
  addresses, when every address waits.
- **Per address.** After MAX_FAILURES_PER_ADDRESS failures from one address (any accounts), each
  further try from it waits a back-off that doubles with every failure (2 s, 4 s, ... at most
  MAX_ADDRESS_DELAY) after its latest failure; a right password after the wait passes. Members
  behind one address (a proxy that is not trusted, a shared network) are slowed, never locked out.

Counting is atomic: the check takes a lock per account and per address for the rest of the unit of
work (PostgreSQL's transaction-scoped advisory locks; SQLite's one writer, taken at the start of
every unit of work that may write), so concurrent tries are counted one after another and no more
than the limit are ever checked."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, text
from sqlalchemy.orm import Session

from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import LoginAttempt

WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_ACCOUNT = 5
ACCOUNT_HARD_LIMIT = 50
MAX_FAILURES_PER_ADDRESS = 10
MAX_ADDRESS_DELAY = timedelta(minutes=5)
KEEP = timedelta(days=1)  # older failures are removed


class Throttled(LeagueError):
    """Too many failed password checks: refused (even a right password) until the wait has passed."""


def account_key(name: str) -> str:
    return name.strip().lower()[:100]


def check(session: Session, account: str, address: str, now: datetime) -> None:
    """Raise Throttled if ``address`` may not check a password for ``account`` now. Takes the locks
    that make the count and the failure recorded after it one step (held until the unit of work ends)."""
    account, address = account_key(account), address[:64]
    _lock(session, account, address)
    since = now - WINDOW
    by_account = session.scalars(select(LoginAttempt).where(LoginAttempt.account == account, LoginAttempt.at > since)
                                 .order_by(LoginAttempt.at)).all()
    mine = [a for a in by_account if a.address == address]
    if len(by_account) >= ACCOUNT_HARD_LIMIT:
        _refuse("this account", by_account[-ACCOUNT_HARD_LIMIT].at + WINDOW - now)
    if len(by_account) >= MAX_FAILURES_PER_ACCOUNT and mine:  # lifts when either count leaves the window
        _refuse("this account", min(by_account[-MAX_FAILURES_PER_ACCOUNT].at, mine[-1].at) + WINDOW - now)
    count, latest = session.execute(select(func.count(), func.max(LoginAttempt.at)).where(
        LoginAttempt.address == address, LoginAttempt.at > since)).one()
    if count >= MAX_FAILURES_PER_ADDRESS and latest is not None:
        delay = min(timedelta(seconds=2 ** min(count - MAX_FAILURES_PER_ADDRESS + 1, 20)), MAX_ADDRESS_DELAY)
        if latest + delay > now:
            _refuse("this address", latest + delay - now)


def failed(session: Session, account: str, address: str, now: datetime) -> None:
    """Record a failure (after ``check``, in the same unit of work); failures older than KEEP go."""
    session.execute(delete(LoginAttempt).where(LoginAttempt.at < now - KEEP))
    session.add(LoginAttempt(account=account_key(account), address=address[:64], at=now))
    session.flush()


def passed(session: Session, account: str, address: str) -> None:
    """A right password: this address's failures for this account are forgotten (not the others':
    an attacker's count survives the member's own sign-in)."""
    session.execute(delete(LoginAttempt).where(LoginAttempt.account == account_key(account),
                                               LoginAttempt.address == address[:64]))


def _refuse(what: str, wait: timedelta) -> None:
    seconds = max(1, int(-(-wait.total_seconds() // 1)))
    if seconds < 60:
        when = f"{seconds} second{'s' if seconds != 1 else ''}"
    else:
        minutes = -(-seconds // 60)
        when = f"{minutes} minute{'s' if minutes != 1 else ''}"
    raise Throttled(f"too many failed sign-ins for {what}; try again in {when}")


def _lock(session: Session, account: str, address: str) -> None:
    """On PostgreSQL, transaction-scoped advisory locks on the account, then the address (always in
    that order, in two key spaces, so two tries never wait on each other in a circle)."""
    if session.get_bind().dialect.name != "postgresql":
        return  # SQLite: the unit of work already holds the one write lock (BEGIN IMMEDIATE)
    for space, value in ((7101, account), (7102, address)):
        key = int.from_bytes(hashlib.sha256(value.encode()).digest()[:4], "big", signed=True)
        session.execute(text("SELECT pg_advisory_xact_lock(:space, :key)"), {"space": space, "key": key})
