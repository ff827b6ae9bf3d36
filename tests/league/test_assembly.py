"""The program assembled: every entry point builds its units of work with listeners for every kind of
domain event (the kinds read from league/domain_events.py, not listed here), and a recorded event's
listeners write in the recording unit of work, committed or rolled back with it."""

from __future__ import annotations

import inspect
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tests.league.helpers import League, open_show
from turnbuckle.core.errors import Broken
from turnbuckle.league import demo, domain_events
from turnbuckle.league.assembly import Program, assemble
from turnbuckle.league.context import Listeners
from turnbuckle.league.db import read_scope, session_scope
from turnbuckle.league.domain_events import DomainEvent, ShowOpened
from turnbuckle.league.models import OutboxMessage, Show
from turnbuckle.league.notify import config
from turnbuckle.league.services import shows
from turnbuckle.league.services.card import add_match

#: Every kind of event the event module declares (a new kind without a listener fails below).
KINDS = frozenset(v for _name, v in inspect.getmembers(domain_events, inspect.isclass)
                  if issubclass(v, DomainEvent) and v is not DomainEvent and v.__module__ == domain_events.__name__)


def _covers(listeners: Listeners | None) -> None:
    assert listeners is not None, "a unit of work made without the program's listeners"
    missing = sorted(k.__name__ for k in KINDS if not listeners.get(k))
    assert not missing, f"no listener for {missing}"


def test_the_event_module_declares_the_kinds_the_program_listens_to() -> None:
    assert set(domain_events.kinds()) == KINDS and len(KINDS) >= 5
    assert set(assemble().listeners) == KINDS  # no listener for a kind that does not exist


def test_the_web_app_its_job_worker_and_the_tests_live_server_share_one_program(lite: League) -> None:
    from turnbuckle.web.app import create_app

    app = create_app(lite.url, auto_lock_every=None, notify_every=None)
    program = app.state.program
    _covers(program.listeners)
    with TestClient(app):  # the lifespan starts the job worker with the app's program
        assert app.state.job_worker.program is program


def test_serves_worker_processes_assemble_the_program(lite: League, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.web.app import app_from_env

    monkeypatch.setenv("TURNBUCKLE_DATABASE_URL", lite.url)
    monkeypatch.setattr("turnbuckle.core.logs.configure", lambda *_args: None)  # this process's logging as it is
    _covers(app_from_env().state.program.listeners)


def test_the_command_lines_unit_of_work_has_the_listeners(lite: League) -> None:
    from turnbuckle.cli.league_cmds.common import unit

    with unit(lite.url) as ctx:
        _covers(ctx.listeners)


def test_league_demo_builds_every_unit_of_work_from_the_program(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Program] = []
    made: list[Program] = []

    def counted() -> Program:
        made.append(assemble())
        return made[-1]

    monkeypatch.setattr(demo, "assemble", counted)
    monkeypatch.setattr(demo, "_roster", lambda ctx: _covers(ctx.listeners))
    monkeypatch.setattr(demo, "_show", lambda _engine, program, *_rest, **_kw: seen.append(program))
    demo.build_demo(f"sqlite:///{tmp_path / 'demo.db'}")
    assert len(made) == 1 and seen == [made[0]] * 3


def test_the_tests_fixtures_units_of_work_have_the_listeners(lite: League) -> None:
    with lite.act() as ctx:
        _covers(ctx.listeners)


def test_a_unit_of_work_without_the_listeners_refuses_to_record(lite: League) -> None:
    from turnbuckle.league.context import context

    with session_scope(lite.engine) as session:
        ctx = context(session)
        with pytest.raises(Broken, match=r"league\.assembly"):
            ctx.record(ShowOpened(1))
        assert ctx.recorded == []


def _outbox(lg: League) -> int:
    with read_scope(lg.engine) as session:
        return int(session.scalar(select(func.count()).select_from(OutboxMessage)) or 0)


def test_a_listeners_rows_commit_with_the_event_or_roll_back_with_it(lite: League) -> None:
    lg = lite
    with lg.act() as ctx:
        config.set_webhook(ctx, "https://hooks.example/league", "open")
    number = open_show(lg, [("boxing", ["Mika Sato", "Rico Vance"])])
    assert _outbox(lg) == 1  # the announcement, queued as the show opened
    with lg.act() as ctx:
        s = shows.create_show(ctx, "Next", "2026-11-16", lg.clock.now + timedelta(days=2))
        add_match(ctx, str(s.number), "boxing", ["Mika Sato", "Rico Vance"], rebook=True)
        second = str(s.number)

    class Undone(Exception):
        pass

    def open_then_fail() -> None:
        with lg.act() as ctx:
            shows.open_show(ctx, second)
            assert ctx.recorded == [ShowOpened(shows.show(ctx, second).id)]
            assert _pending(ctx.session) == 2  # written in this unit of work, before its commit
            raise Undone

    with pytest.raises(Undone):
        open_then_fail()
    assert _outbox(lg) == 1  # rolled back with the opening
    with read_scope(lg.engine) as session:
        assert session.scalars(select(Show.status).where(Show.number == int(second))).one() == "draft"
    assert number != second


def _pending(session: Session) -> int:
    return int(session.scalar(select(func.count()).select_from(OutboxMessage)) or 0)
