"""Fixtures the web's tests share: a league database built by the league's services (the sample
league of ``make demo``) and a live uvicorn server on loopback over it, started once per test
session (per xdist worker) and stopped at its end.

Tests that share the live server share its database: a test that changes the league makes its own
objects (its own show, its own member, names made unique with ``unique``) and never relies on what
other tests left behind, so the tests pass in any order."""

from __future__ import annotations

import itertools
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI
from sqlalchemy import Engine

from tests.league.helpers import quiet_explanations
from tests.web.support import Site
from turnbuckle.league.context import Ctx
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.demo import build_demo
from turnbuckle.web.app import create_app

_counter = itertools.count(1)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """A league of the test's own behind the web application (``tests/web/support.py``), closed
    after the test."""
    s = Site(tmp_path)
    yield s
    s.close()


def unique(prefix: str) -> str:
    """A name no other test of this session (in any worker) uses: ``prefix`` plus a serial number."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "w")
    return f"{prefix} {worker}-{next(_counter)}"


@dataclass(frozen=True)
class LiveServer:
    """A running server: its address (``http://127.0.0.1:PORT``, no trailing slash) and its database."""

    url: str
    db_url: str
    engine: Engine
    app: FastAPI

    @contextmanager
    def ctx(self, actor: str | None = None) -> Iterator[Ctx]:
        """A unit of work on the server's database as ``actor`` (default: the organiser), committed
        at the end: set up what a test needs through the services, or read back what it stored."""
        with session_scope(self.engine) as session:
            yield self.app.state.program.context(session, actor)  # the server's own listeners


@contextmanager
def serve_in_thread(app: FastAPI, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``app`` with uvicorn in a background thread on a free port of ``host`` (the socket is
    bound here, so no other process can take the port between choosing and listening); yields the
    base URL and stops the server, waiting for it, on exit."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", backlog=1024)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name=f"uvicorn:{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            sock.close()
            raise RuntimeError(f"the test server on {host}:{port} did not start")
        time.sleep(0.01)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()


@pytest.fixture(scope="session")
def league_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of a SQLite file holding the sample league (organiser, three players, every game's
    roster, two shows run and published, a third open for strategies), built once per session."""
    folder: Path = tmp_path_factory.mktemp("web-league")
    url = f"sqlite:///{folder / 'league.db'}"
    build_demo(url)
    quiet_explanations(url)  # the demo's queued explanations: not run by every test server (pages_support)
    return url


@pytest.fixture(scope="session")
def live_server(league_db: str) -> Iterator[LiveServer]:
    """The web application over ``league_db``, served by uvicorn on 127.0.0.1 for the whole session."""
    engine = make_engine(league_db)
    try:
        app = create_app(league_db)
        with serve_in_thread(app) as url:
            yield LiveServer(url=url, db_url=league_db, engine=engine, app=app)
    finally:
        engine.dispose()

