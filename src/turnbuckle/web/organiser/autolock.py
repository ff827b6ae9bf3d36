"""Shows lock themselves when their deadline passes (``league.services.shows.lock_due``), in two
ways that together leave no page or API answer calling a show "open" once its deadline is past:

- the app's lifespan runs :func:`lock_due_every`, a background task that locks due shows every
  ``INTERVAL_S`` seconds, each time in one write unit of work taken in the app's writing slot (on
  SQLite the same queue as the forms), and is cancelled cleanly at shutdown (a unit of work under
  way finishes first);
- the routes that show a show's status (home, the shows and a show, the organiser's page, the
  strategy page, the API's shows and strategies) first call :func:`settle`: one indexed read, and
  only when some open show is past its deadline, a write unit of work that locks it, committed
  before the route reads.

The lock acts for the league: its history names the organiser, with ``auto: true``."""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress

import anyio
from fastapi import Request
from sqlalchemy import Engine

from turnbuckle.league.assembly import Program
from turnbuckle.league.context import Clock, context
from turnbuckle.league.db import read_scope, session_scope
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.queries_shows import any_open_show_due, hold_due_shows
from turnbuckle.league.services.shows import due_shows, lock_due
from turnbuckle.web.serving.write_queue import WriteSlot

log = logging.getLogger(__name__)

#: Seconds between two passes of the background task.
INTERVAL_S = 30.0


def any_due(engine: Engine, clock: Clock) -> bool:
    """Whether an open show's deadline has passed (a read that takes no write lock): one indexed
    read, and only when some show is past its deadline, whether it is one the organiser unlocked
    to mend (those stay open until the organiser locks them)."""
    with read_scope(engine) as session:
        if not any_open_show_due(session, clock()):
            return False
        return bool(due_shows(context(session, None, clock)))


def lock_due_now(engine: Engine, clock: Clock, program: Program) -> list[int]:
    """Lock every open show past its deadline, in one unit of work; the numbers locked. The due
    rows are taken FOR UPDATE first (PostgreSQL), so two servers, or a page and the background
    task, never both lock one show: the second finds it locked already. A database with no league
    yet (a first run, before the setup page) has nothing to lock."""
    if not any_due(engine, clock):
        return []
    with session_scope(engine) as session:
        ctx = program.context(session, None, clock)  # a lock's commitment goes out with it
        hold_due_shows(ctx)
        locked = [s.number for s in lock_due(ctx)]
    if locked:
        log.info("deadline passed: locked show(s) %s", ", ".join(map(str, locked)))
    return locked


def settle(request: Request) -> None:
    """Before a route shows show statuses: lock what is due, so it does not read as open. A lock
    that fails (the database busy past its timeout) is logged and left to the background task."""
    engine, clock = request.app.state.engine, request.app.state.clock
    if not any_due(engine, clock):
        return
    try:
        lock_due_now(engine, clock, request.app.state.program)
    except LeagueError as exc:
        log.warning("could not lock the shows past their deadline now: %s", exc)


async def lock_due_every(engine: Engine, clock: Clock, slot: WriteSlot, program: Program,
                         every: float = INTERVAL_S) -> None:
    """The background task: a pass at once, then one every ``every`` seconds, until cancelled.
    A pass that fails is logged and the next one tries again; it never stops the app."""
    while True:
        try:
            async with slot.held():
                await anyio.to_thread.run_sync(lock_due_now, engine, clock, program)
        except LeagueError as exc:
            log.warning("auto-lock pass failed: %s", exc)
        except Exception:  # a bug must not end the task (or the app): log it, go on
            log.exception("auto-lock pass failed")
        await asyncio.sleep(every)


async def stop(task: asyncio.Task[None]) -> None:
    """Cancel the background task and wait for it (a pass under way ends its unit of work first)."""
    task.cancel()
    with suppress(asyncio.CancelledError):
        await task
