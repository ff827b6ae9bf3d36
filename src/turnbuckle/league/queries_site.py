"""Reading the site's own rows, for its operation rather than a league's pages: the setup link's
key, held for a unit of work, and how many jobs and outbox messages are in each state."""

from __future__ import annotations

from sqlalchemy import Connection, func, select
from sqlalchemy.orm import Session

from turnbuckle.league.models import Job, OutboxMessage, SiteKey


def site_key_for_update(session: Session, name: str) -> SiteKey | None:
    """The site key of this name, read afresh and taken FOR UPDATE for the session's transaction
    (on PostgreSQL; a second transaction asking for it waits until this one ends)."""
    q = (select(SiteKey).where(SiteKey.name == name).with_for_update()
         .execution_options(populate_existing=True))
    return session.scalars(q).first()


def queue_state_counts(conn: Connection) -> tuple[dict[str, int], dict[str, int]]:
    """How many jobs, and how many outbox messages, are in each state (states with none left out)."""
    jobs = {str(state): int(n) for state, n in conn.execute(select(Job.state, func.count()).group_by(Job.state))}
    outbox = {str(state): int(n) for state, n in conn.execute(
        select(OutboxMessage.state, func.count()).group_by(OutboxMessage.state))}
    return jobs, outbox
