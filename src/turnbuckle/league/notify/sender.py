"""The worker's pass: queue the reminders now due, claim due messages, send each (no database
transaction is held while a message is on the wire) and log how it went.

:func:`send_pass` is the pass, written once as the steps it takes; two runners take them.
:func:`drain` takes every step here, one whole pass, for ``turnbuckle league notify --drain`` and
tests; :class:`Notifier` runs a batch at a time in the web server's lifespan, each step in a thread
and each step that writes in the app's writing slot (on SQLite the same queue as the forms).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable, Generator
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any, cast

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from turnbuckle.league.context import Clock, system_clock
from turnbuckle.league.db import read_scope, session_scope
from turnbuckle.league.models import League, Member, MemberContact, NotifySettings, Show
from turnbuckle.league.notify import config, dialects, events, mail, messages, outbox, webhook
from turnbuckle.league.notify.outbox import Claimed, Outcome

log = logging.getLogger(__name__)

#: Seconds between two passes of the server's background task.
INTERVAL_S = 15.0
#: The most messages one :func:`drain` sends (it stops there; the rest wait for the next pass).
MAX_PER_DRAIN = 500


@dataclass
class Ready:
    """A claimed message made ready to send: the webhook call or the e-mail, or why it is dropped."""

    claimed: Claimed
    send: Callable[[], Outcome] | None = None
    drop: str = ""
    fail: str = ""  # it could not be written now: a failed try, tried again after its back-off


@dataclass
class Timeouts:
    webhook: float = webhook.TIMEOUT_S
    smtp: float = mail.TIMEOUT_S


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def _drop_reason(session: Session, c: Claimed, now: datetime) -> str:
    """Why a message must not go now (its show gone, no longer open, not published, past; its reader gone), or ""."""
    s = session.get(Show, c.show_id) if c.show_id is not None else None
    if c.kind in ("open", "deadline", "results", "receipt") and s is None:
        return "the show was deleted"
    if s is not None and c.kind == "open" and s.status != "open":  # late: it would say "open for strategies"
        return f"show {s.number} is {s.status}: no longer open for strategies"
    if s is not None and c.kind == "results" and s.status != "published":
        return f"show {s.number} is {s.status}, not published"
    if s is not None and c.kind == "deadline":
        deadline = c.payload.get("deadline") or c.payload.get("body", {}).get("turnbuckle", {}).get("deadline")
        if s.status != "open" or deadline != s.deadline.isoformat() or now >= s.deadline:
            return f"show {s.number}'s deadline moved or passed, or it is no longer open"
    return ""


def prepare(session: Session, c: Claimed, now: datetime, timeouts: Timeouts) -> Ready:
    row = session.get(NotifySettings, c.league_id)
    league = session.get(League, c.league_id)
    if row is None or league is None:
        return Ready(c, drop="the league has no notification settings")
    why = _drop_reason(session, c, now)
    if why:
        return Ready(c, drop=why)
    try:
        payload = written(session, league, row, c)
    except Exception as exc:  # a post that cannot be written: a failed try, logged in full
        log.exception("writing %s failed", c.event_id)
        return Ready(c, fail=f"the message could not be written: {type(exc).__name__}: {str(exc)[:200]}")
    if c.channel == "webhook":
        url, secret = row.webhook_url, row.webhook_secret
        if not url:
            return Ready(c, drop="the league's webhook was removed")
        bodies = payload["bodies"]
        return Ready(c, lambda: webhook.post_all(url, secret, bodies, timeout=timeouts.webhook))
    smtp = config.smtp(row)
    if smtp is None:
        return Ready(c, drop="the league's e-mail server was removed")
    member = session.get(Member, c.member_id) if c.member_id is not None else None
    contact = session.get(MemberContact, c.member_id) if c.member_id is not None else None
    if member is None or contact is None or not contact.email:
        return Ready(c, drop="the member has no e-mail address now")
    base = config.site_url(row)
    if c.kind == "confirm":
        if contact.email != c.payload.get("to"):
            return Ready(c, drop="the member has set another address since")
        to, unsubscribe = contact.email, ""
    else:
        if contact.confirmed_at is None or c.kind not in contact.kinds.split(","):
            return Ready(c, drop="the member no longer wants this kind of e-mail")
        to = contact.email
        unsubscribe = f"{base}/notify/unsubscribe/{contact.unsubscribe_token}" if base else ""
    msg = mail.build(smtp, to, payload["subject"], payload["text"], payload.get("html", ""),
                     event_id=c.event_id, unsubscribe=unsubscribe, league=league.name,
                     list_id="" if c.kind == "confirm" else mail.list_id(league.name, base, smtp.sender))
    return Ready(c, lambda: mail.send(smtp, msg, timeout=timeouts.smtp))


def written(session: Session, league: League, row: NotifySettings, c: Claimed) -> dict[str, Any]:
    """The message's payload with its text written: a webhook's bodies (one per message, in the
    dialect its receiver reads), an e-mail's subject, text and HTML. The announcement and the
    results post are written now."""
    kind = c.payload.get("render")
    if c.channel == "webhook":
        dialect = row.webhook_dialect
        if kind is None:
            return {"bodies": [dialects.shaped(c.payload["body"], dialect, written=False)]}
        s = session.get(Show, c.show_id)
        if s is None:
            raise ValueError("the show is gone")
        base = config.site_url(row)
        parts = messages.dialect_parts(session, s, kind, dialect, base)
        facts = messages.show_facts(s, base)
        ids = [c.event_id if len(parts) == 1 else f"{c.event_id}:{i}" for i in range(1, len(parts) + 1)]
        return {"bodies": [dialects.shaped(messages.webhook_body(league, mid, kind, part, facts, part=i,
                                                                 parts=len(parts)), dialect, written=True)
                           for i, (mid, part) in enumerate(zip(ids, parts, strict=True), 1)]}
    if kind is None:
        return c.payload
    s = session.get(Show, c.show_id)
    if s is None:
        raise ValueError("the show is gone")
    base = config.site_url(row)
    return c.payload | {"text": "\n\n".join(messages.post_parts(session, s, kind, "text", base)),
                        "html": "\n".join(messages.post_parts(session, s, kind, "html", base))}


def schedule(engine: Engine, now: datetime) -> int:
    """Queue the reminders due now, and forget messages done long ago (a look first: the write lock
    is taken only when a reminder is waiting or something is old enough to go)."""
    with read_scope(engine) as session:
        if session.scalars(select(NotifySettings.league_id).limit(1)).first() is None:
            return 0
        waiting = events.reminders_waiting(session, now)
        old = outbox.prunable(session, now)
    if not (waiting or old):
        return 0
    with session_scope(engine) as session:
        if old:
            outbox.prune(session, old)
        return events.schedule_reminders(session, now) if waiting else 0


def prepare_all(engine: Engine, claimed: list[Claimed], now: datetime, timeouts: Timeouts) -> list[Ready]:
    """The claimed messages made ready (written), in one reading unit of work."""
    if not claimed:
        return []
    with read_scope(engine) as session:
        return [prepare(session, c, now, timeouts) for c in claimed]


def deliver(ready: Ready) -> Outcome:
    if ready.fail:
        return Outcome(False, "unwritten", ready.fail)
    if ready.send is None:
        return Outcome(False, "dropped", ready.drop, drop=True)
    try:
        return ready.send()
    except Exception as exc:  # our bug while sending: logged, the try counted as failed
        log.exception("sending %s failed", ready.claimed.event_id)
        return Outcome(False, "error", f"internal error: {type(exc).__name__}")


def record(engine: Engine, worker: str, ready: Ready, outcome: Outcome, now: datetime) -> str:
    state = outbox.finish(engine, worker, ready.claimed.id, outcome, now)
    c = ready.claimed
    if outcome.ok:
        log.info("sent %s %s (%s)", c.channel, c.event_id, outcome.status)
    else:
        log.warning("%s %s try %d: %s -> %s", c.channel, c.event_id, c.attempts, outcome.error, state or "taken over")
    return state


@dataclass
class Drained:
    sent: int = 0
    failed: int = 0
    dropped: int = 0
    states: dict[int, str] = field(default_factory=dict)
    released: list[int] = field(default_factory=list)  # claimed, handed back unsent (the sender stopping)


@dataclass(frozen=True)
class Step:
    """One step of a pass, for its runner to take: ``writes`` (hold the writing slot for it), else a
    read or a send (never in the slot)."""

    run: Callable[[], Any]
    writes: bool = False


Pass = Generator[Step, Any, Drained]


def _now(clock: Clock, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, now, **kwargs)``, ``now`` read when the step runs (after its wait for the slot)."""
    return fn(*args, clock(), **kwargs)


def send_pass(engine: Engine, clock: Clock, worker: str, timeouts: Timeouts, *, limit: int = MAX_PER_DRAIN,
              batches: int | None = None, stopping: Callable[[], bool] = lambda: False) -> Pass:
    """The one loop body of both senders, as the steps it takes: reminders, then claimed batches of
    due messages (at most ``batches`` of them, ``limit`` messages in all), each message renewed,
    sent once and its outcome recorded. Once ``stopping()`` says so, the rest of the batch goes back
    unsent. :func:`drain` takes the steps here, :class:`Notifier` each in a thread."""
    done = Drained()
    yield Step(partial(_now, clock, schedule, engine), writes=True)
    claims = 0
    while len(done.states) < limit and (batches is None or claims < batches):
        claims += 1
        size = min(outbox.BATCH, limit - len(done.states))
        claimed: list[Claimed] = yield Step(partial(_now, clock, outbox.claim, engine, worker, limit=size),
                                            writes=True)
        if not claimed:
            break
        batch: list[Ready] = yield Step(partial(_now, clock, prepare_all, engine, claimed, timeouts=timeouts))
        for i, ready in enumerate(batch):
            if stopping():
                done.released = [r.claimed.id for r in batch[i:]]
                yield Step(partial(outbox.release, engine, worker, done.released), writes=True)
                return done
            mine = yield Step(partial(_now, clock, outbox.renew, engine, worker, ready.claimed.id), writes=True)
            if not mine:  # its lease ran out while the batch was sent: another sender has it now
                done.states[ready.claimed.id] = ""
                continue
            outcome: Outcome = yield Step(partial(deliver, ready))
            state = yield Step(partial(_now, clock, record, engine, worker, ready, outcome), writes=True)
            done.states[ready.claimed.id] = state
            if outcome.ok:
                done.sent += 1
            elif state == "dropped":
                done.dropped += 1
            else:
                done.failed += 1
    return done


def drain(engine: Engine, clock: Clock = system_clock, *, worker: str | None = None,
          timeouts: Timeouts | None = None, limit: int = MAX_PER_DRAIN) -> Drained:
    """One whole pass: reminders, then every message due now, each tried once (a failed one waits
    for its back-off: a later pass tries it again). Bounded by ``limit`` messages."""
    steps = send_pass(engine, clock, worker or worker_name(), timeouts or Timeouts(), limit=limit)
    try:
        step = next(steps)
        while True:
            step = steps.send(step.run())
    except StopIteration as end:
        return cast(Drained, end.value)


Slot = Callable[[], AbstractAsyncContextManager[Any]]


@contextlib.asynccontextmanager
async def _no_slot() -> AsyncIterator[None]:
    yield


class Notifier:
    """The server's background sender: a pass at once, then one every ``every`` seconds, until
    stopped; a pass that fails is logged and the next tries again. ``slot`` (the app's writing
    slot) is held for each database step, never while a message is on the wire."""

    def __init__(self, engine: Engine, clock: Clock = system_clock, *, every: float = INTERVAL_S,
                 slot: Slot | None = None, timeouts: Timeouts | None = None) -> None:
        self.engine, self.clock, self.every = engine, clock, every
        self.slot = slot or _no_slot
        self.timeouts = timeouts or Timeouts()
        self.name = worker_name()
        self._task: asyncio.Task[None] | None = None
        self._closing = asyncio.Event()

    def start(self) -> None:
        self._closing = asyncio.Event()
        self._task = asyncio.create_task(self._loop(), name="turnbuckle-notify")

    @property
    def running(self) -> bool:
        """Whether it sends now: started, not stopped, its loop alive."""
        return self._task is not None and not self._task.done()

    async def stop(self) -> None:
        """Stop after the message on the wire (if any); claimed, unsent messages go back at once."""
        if self._task is None:
            return
        self._closing.set()
        await self._task
        self._task = None

    async def pass_once(self) -> int:
        """One batch (:func:`send_pass`), each step in a thread; returns how many messages it claimed."""
        steps = send_pass(self.engine, self.clock, self.name, self.timeouts, batches=1,
                          stopping=self._closing.is_set)
        try:
            step = next(steps)
            while True:
                if step.writes:
                    async with self.slot():
                        result = await asyncio.to_thread(step.run)
                else:
                    result = await asyncio.to_thread(step.run)
                step = steps.send(result)
        except StopIteration as end:
            done = cast(Drained, end.value)
            return len(done.states) + len(done.released)

    async def _loop(self) -> None:
        while not self._closing.is_set():
            busy = 0
            try:
                busy = await self.pass_once()
            except Exception:  # the database away for a moment, or a bug: log it, go on
                log.exception("notification pass failed")
            if busy:  # more may be due: go again at once
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), self.every)
