"""A table used as a queue that several processes share, each row taken by one worker under a lease:
the jobs (``jobs.py``) and the notification outbox (``notify/outbox.py``) are two of them.

A row waits in its ``waiting`` state until a worker claims it: the claim marks it ``leased``, names
the worker, counts the try and sets ``lease_until``. The worker renews the lease while it works and
settles the row when done; every write after the claim is made only while the row is still that
worker's (``leased``, its name on it), so a worker whose lease ran out, and whose row another worker
took, changes nothing. A worker that dies stops renewing: once its lease has run out the row is
claimable again.

On PostgreSQL a claim locks its rows ``FOR UPDATE SKIP LOCKED`` (two workers never take one row, nor
wait for each other); on SQLite the write lock each unit of work takes when it begins makes claims
take turns. Most looks find nothing, so :meth:`LeasedQueue.anything` looks first in a reading unit of
work, which need not take SQLite's write lock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, TypeVar

from sqlalchemy import ColumnElement, Engine, Select, or_, select, update
from sqlalchemy.orm import InstrumentedAttribute, Session

from turnbuckle.league.db import read_scope, session_scope
from turnbuckle.league.models import Base

Row = TypeVar("Row", bound=Base)


@dataclass(frozen=True)
class LeasedQueue(Generic[Row]):
    """A table's rows as a leased queue: the model, the columns a lease uses, and its two states."""

    model: type[Row]
    id: InstrumentedAttribute[Any]
    state: InstrumentedAttribute[str]
    worker: InstrumentedAttribute[str]
    attempts: InstrumentedAttribute[int]
    lease_until: InstrumentedAttribute[datetime | None]
    waiting: str  # a row no worker holds, ready once ``ready`` (if any) says so
    leased: str  # a row a worker holds

    def claimable(self, now: datetime, ready: ColumnElement[bool] | None = None) -> ColumnElement[bool]:
        """A waiting row (and ``ready``, where the queue has more to say, such as a due time), or a
        leased row whose lease ran out."""
        waiting = self.state == self.waiting
        return or_(waiting if ready is None else waiting & ready,
                   (self.state == self.leased) & (self.lease_until < now))

    def anything(self, engine: Engine, where: ColumnElement[bool]) -> bool:
        """Whether any row matches ``where``: a look in a reading unit of work, before a claim writes."""
        with read_scope(engine) as session:
            return session.scalars(select(self.id).where(where).limit(1)).first() is not None

    def locked(self, session: Session, query: Select[Row], limit: int) -> list[Row]:
        """The first ``limit`` rows of ``query`` (its order and filters), locked for this claim;
        rows another claim holds are skipped, not waited for."""
        return list(session.scalars(query.limit(limit).with_for_update(skip_locked=True)).all())

    def lease(self, row: Row, worker: str, now: datetime, lease_s: float) -> None:
        """Give ``row`` to ``worker`` for ``lease_s`` seconds, counting the try."""
        setattr(row, self.state.key, self.leased)
        setattr(row, self.worker.key, worker)
        setattr(row, self.attempts.key, getattr(row, self.attempts.key) + 1)
        setattr(row, self.lease_until.key, now + timedelta(seconds=lease_s))

    def mine(self, worker: str, ids: Iterable[Any]) -> ColumnElement[bool]:
        """Those of ``ids`` that ``worker`` holds now."""
        return self.id.in_(list(ids)) & (self.worker == worker) & (self.state == self.leased)

    def settle(self, session: Session, worker: str, ids: Iterable[Any], values: dict[str, Any]) -> int:
        """Write ``values`` to the rows of ``ids`` that ``worker`` still holds; how many there were."""
        done = session.execute(update(self.model).where(self.mine(worker, ids)).values(**values)
                               .execution_options(synchronize_session=False))
        return int(getattr(done, "rowcount", 0))

    def renewal(self, now: datetime, lease_s: float) -> dict[str, Any]:
        """The values that begin a held row's lease again."""
        return {self.lease_until.key: now + timedelta(seconds=lease_s)}

    def renew(self, engine: Engine, worker: str, ids: Iterable[Any], now: datetime, lease_s: float) -> int:
        """Begin the leases of ``worker``'s rows among ``ids`` again; how many were still its own."""
        with session_scope(engine) as session:
            return self.settle(session, worker, ids, self.renewal(now, lease_s))

    def handed_back(self) -> dict[str, Any]:
        """The values that hand a held row back unworked: waiting again, its try not counted."""
        return {self.state.key: self.waiting, self.lease_until.key: None,
                self.attempts.key: self.attempts - 1}

    def release(self, engine: Engine, worker: str, ids: Iterable[Any], **more: Any) -> int:
        """Hand ``worker``'s rows among ``ids`` back unworked (``more``: other columns to set)."""
        ids = list(ids)
        if not ids:
            return 0
        with session_scope(engine) as session:
            return self.settle(session, worker, ids, self.handed_back() | more)
