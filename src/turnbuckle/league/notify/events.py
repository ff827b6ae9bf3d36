"""The events that send messages, each called by the listener of the domain event a service records
(``league/assembly.py``), in the service's unit of work, so that the event and its messages are
committed together or not at all: :func:`show_opened` (``ShowOpened``, ``shows.open_show``),
:func:`show_locked` (``ShowLocked``, every way a show locks), :func:`results_published`
(``ResultsPublished``, ``running.publish``), :func:`strategy_received` (``StrategyReceived``,
``shows.submit``), :func:`show_deleted` (``ShowDeleted``, ``card.delete_show``), and the deadline
reminders, which no request makes: :func:`schedule_reminders` runs in the worker's pass.

Each message is one outbox row per channel and recipient; a repeat of the event (a second pass of
the reminders, a retried request) finds the row's ``dedupe`` key taken and adds nothing."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import (
    CalendarSequence,
    CardMatch,
    CardSide,
    Competitor,
    League,
    NotifySettings,
    OutboxMessage,
    Show,
    ShowEvent,
    Submission,
)
from turnbuckle.league.notify import config, contacts, messages
from turnbuckle.league.notify.outbox import enqueue


def event_id(s: Show, kind: str, *extra: object) -> str:
    return ":".join(["tb", s.uid, kind, *map(str, extra)])


def _webhook(session: Session, league: League, row: NotifySettings, s: Show, kind: str, eid: str,
             payload: dict[str, Any], now: datetime) -> int:
    if not row.webhook_url or kind not in config.kinds_of(row.webhook_kinds):
        return 0
    return enqueue(session, league_id=league.id, event_id=eid, dedupe=f"{eid}:webhook", kind=kind,
                   channel="webhook", payload=payload, now=now, show_id=s.id) is not None


def _emails(session: Session, league: League, row: NotifySettings, s: Show, kind: str, eid: str,
            mail: dict[str, Any], now: datetime, member_ids: set[int] | None = None) -> int:
    if config.smtp(row) is None:
        return 0
    added = 0
    for c in contacts.recipients(session, league.id, kind, member_ids):
        added += enqueue(session, league_id=league.id, event_id=eid, dedupe=f"{eid}:email:{c.member_id}", kind=kind,
                         channel="email", payload=mail, now=now, member_id=c.member_id, show_id=s.id) is not None
    return added


def _settings(session: Session, league: League) -> NotifySettings | None:
    row = session.get(NotifySettings, league.id)
    if row is None or not (row.webhook_url or config.smtp(row)):
        return None
    return row


def _post_event(ctx: Ctx, s: Show, kind: str) -> None:
    """The announcement or the results post: written when sent (from ``league.post``), so that a
    message that cannot be written is a failed try the organiser sees, never a refused event."""
    row = _settings(ctx.session, ctx.league)
    if row is None:
        return
    eid, now = event_id(s, kind), ctx.now()
    _webhook(ctx.session, ctx.league, row, s, kind, eid, {"render": kind}, now)
    mail = {"render": kind, "subject": messages.subject(ctx.league, kind, s)}
    _emails(ctx.session, ctx.league, row, s, kind, eid, mail, now)


def show_opened(ctx: Ctx, s: Show) -> None:
    """A card opened for strategies: the announcement."""
    _post_event(ctx, s, "open")


def results_published(ctx: Ctx, s: Show) -> None:
    """A show published: the results post (nothing of a show is sent before this)."""
    _post_event(ctx, s, "results")


def show_locked(ctx: Ctx, s: Show) -> None:
    """A show locked: the commitment (its show seed's hash) to the webhook and to the members who
    take it, written now, so that what goes out is the hash as it was at lock. One message per lock
    (a show unlocked and locked again commits to its new seed in a message of its own)."""
    row = _settings(ctx.session, ctx.league)
    if row is None or s.seed_sha256 is None:
        return
    eid, now, base = event_id(s, "locked", s.seed_sha256[:16]), ctx.now(), config.site_url(row)
    text = messages.locked_text(ctx.league, s, now, base)
    extra = {"seed_sha256": s.seed_sha256, "locked_at": now.isoformat()}
    body = messages.webhook_body(ctx.league, eid, "locked", text, messages.show_facts(s, base), extra=extra)
    _webhook(ctx.session, ctx.league, row, s, "locked", eid, {"body": body}, now)
    mail = {"subject": messages.subject(ctx.league, "locked", s), "text": text, "seed_sha256": s.seed_sha256}
    _emails(ctx.session, ctx.league, row, s, "locked", eid, mail, now)


def strategy_received(ctx: Ctx, s: Show, sub: Submission, competitor: str, position: int) -> None:
    """A member's own receipt, by e-mail to them only, with the strategy's hash."""
    row = _settings(ctx.session, ctx.league)
    if row is None or config.smtp(row) is None:
        return
    text = messages.receipt_text(ctx.league, s, competitor, position, sub.sha256, sub.submitted_at)
    mail = {"subject": messages.subject(ctx.league, "receipt", s), "text": text, "sha256": sub.sha256}
    _emails(ctx.session, ctx.league, row, s, "receipt", event_id(s, "receipt", sub.id), mail, ctx.now(),
            {sub.member_id})


def test_message(ctx: Ctx) -> str:
    """The organiser's test of the webhook: one signed call now, kind ``test``; its event id."""
    ctx.require_organiser("send a test message")
    row = config.settings(ctx.session, ctx.league)
    if not row.webhook_url:
        raise LeagueError("set the webhook's address first")
    eid = f"tb:test:{secrets.token_hex(6)}"
    body = messages.webhook_body(ctx.league, eid, "test", f"A test from {ctx.league.name}: the webhook works.", {})
    enqueue(ctx.session, league_id=ctx.league.id, event_id=eid, dedupe=f"{eid}:webhook", kind="test",
            channel="webhook", payload={"body": body}, now=ctx.now())
    return eid


def show_deleted(ctx: Ctx, s: Show) -> None:
    """A show deleted: its unsent messages are dropped (but a commitment made at a lock, which the
    organiser cannot take back), its sent ones kept without the show."""
    ctx.session.execute(update(OutboxMessage).where(OutboxMessage.show_id == s.id, OutboxMessage.kind != "locked",
                                                    OutboxMessage.state.in_(("pending", "failed")))
                        .values(state="dropped", last_error="the show was deleted")
                        .execution_options(synchronize_session=False))
    ctx.session.execute(update(OutboxMessage).where(OutboxMessage.show_id == s.id).values(show_id=None)
                        .execution_options(synchronize_session=False))
    for cs in ctx.session.scalars(select(CalendarSequence).where(CalendarSequence.show_id == s.id)):
        ctx.session.delete(cs)
    ctx.session.flush()


def _opened_at(session: Session, s: Show) -> datetime | None:
    return session.scalars(select(ShowEvent.at).where(ShowEvent.show_id == s.id, ShowEvent.kind == "open")
                           .order_by(ShowEvent.id.desc())).first()


def _card_owners(session: Session, s: Show) -> set[int]:
    q = (select(Competitor.owner_id).join(CardSide, CardSide.competitor_id == Competitor.id)
         .join(CardMatch, CardMatch.id == CardSide.match_id).where(CardMatch.show_id == s.id))
    return set(session.scalars(q))


def due_reminder(hours: tuple[int, ...], deadline: datetime, opened: datetime | None, now: datetime) -> int | None:
    """The reminder due at ``now`` for a deadline: the nearest one whose moment has come (a
    missed earlier one is not sent as well), and none whose moment was not after the card opened."""
    if now >= deadline:
        return None
    due = [h for h in hours if deadline - timedelta(hours=h) <= now
           and (opened is None or deadline - timedelta(hours=h) > opened)]
    return min(due) if due else None


def _due(session: Session, now: datetime) -> Iterator[tuple[NotifySettings, League, Show, int, str]]:
    """Each open show's reminder due at ``now``: the league's settings and the show, the hours, the event id."""
    for row in session.scalars(select(NotifySettings)):
        if not (row.webhook_url or config.smtp(row)):
            continue
        league = session.get(League, row.league_id)
        if league is None:
            continue
        hours = config.reminders(row)
        open_shows = session.scalars(select(Show).where(Show.league_id == league.id, Show.status == "open",
                                                        Show.deadline > now))
        for s in open_shows:
            h = due_reminder(hours, s.deadline, _opened_at(session, s), now)
            if h is not None:
                yield row, league, s, h, event_id(s, "deadline", f"{h}h", int(s.deadline.timestamp()))


def reminders_waiting(session: Session, now: datetime) -> bool:
    """Whether a reminder is due that has not been queued yet (a read: the sender writes only then)."""
    return any(session.scalars(select(OutboxMessage.id).where(OutboxMessage.event_id == eid).limit(1)).first() is None
               for _row, _league, _s, _h, eid in _due(session, now))


def schedule_reminders(session: Session, now: datetime) -> int:
    """Queue the deadline reminders due at ``now`` for every league's open shows; how many rows.
    Keyed on the deadline, so a moved deadline gets its own reminders."""
    added = 0
    for row, league, s, h, eid in list(_due(session, now)):
        base = config.site_url(row)
        text = messages.reminder_text(league, s, now, base)
        extra = {"deadline": s.deadline.isoformat(), "hours_before": h}
        body = messages.webhook_body(league, eid, "deadline", text, messages.show_facts(s, base), extra=extra)
        added += _webhook(session, league, row, s, "deadline", eid, {"body": body}, now)
        mail = {"subject": messages.subject(league, "deadline", s, messages.hours_left(s.deadline, now)),
                "text": text, "deadline": s.deadline.isoformat()}
        added += _emails(session, league, row, s, "deadline", eid, mail, now, _card_owners(session, s))
    return added
