"""Several server processes on one database: a job started through one `turnbuckle serve` is
followed and finished through another (the first killed right after the submission, as a worker
that dies), failed sign-ins through both count together, `serve --workers 2` serves and runs jobs,
and on SQLite a job outlives a server restart. Every server is a subprocess on loopback, on a
port the system picks, bounded by timeouts and always killed at the end."""

from __future__ import annotations

import importlib
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from tests.league.conftest import pg_admin, pg_session_db, pg_url  # noqa: F401 (fixtures)
from tests.league.helpers import build
from tests.web.support import empty_league
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.models import Job
from turnbuckle.web.app import create_app

TB = str(Path(sys.executable).parent / "turnbuckle")
START_S = 30  # the most a server may take to answer its first request
RUN = {"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster", "n": "20000", "seed": "5"}
_TOKEN = re.compile(r'"X-CSRF-Token": "([^"]+)"')
_SERVING = re.compile(r"at http://127\.0\.0\.1:(\d+)/")

LEASE_ENV, THREADS_ENV = "TURNBUCKLE_JOB_LEASE_S", "TURNBUCKLE_JOB_THREADS"  # core/settings.py


@pytest.fixture
def pg(pg_url: str) -> str:  # noqa: F811  (the fixture imported above)
    """A fresh PostgreSQL league database (on this machine's server, loopback only)."""
    return pg_url


@dataclass
class Server:
    proc: subprocess.Popen[str]
    base: str


@contextmanager
def serving(url: str, log: Path, *extra: str, env: dict[str, str] | None = None) -> Iterator[Server]:
    """`turnbuckle serve` on a free loopback port, killed when the block ends however it ends."""
    with log.open("w") as err:
        proc = subprocess.Popen([TB, "serve", "--db", url, "--port", "0", *extra], stdout=subprocess.PIPE,
                                stderr=err, text=True, env={**os.environ, **(env or {})}, start_new_session=True)
    try:
        lines: queue.Queue[str] = queue.Queue()
        assert proc.stdout is not None
        threading.Thread(target=_read_lines, args=(proc, lines), daemon=True).start()
        found = _SERVING.search(lines.get(timeout=START_S))
        assert found, f"serve did not say where it listens; its log: {log.read_text()}"
        base = f"http://127.0.0.1:{found.group(1)}"
        until = time.monotonic() + START_S
        while True:
            try:
                if httpx.get(f"{base}/odds", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < until and proc.poll() is None, f"serve did not answer: {log.read_text()}"
            time.sleep(0.05)
        yield Server(proc, base)
    finally:
        kill(proc)


def _read_lines(proc: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
    for line in proc.stdout or ():
        lines.put(line)


def kill(proc: subprocess.Popen[str]) -> None:
    """Kill the server and any worker processes it started (its own process group)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)


def _csrf(client: httpx.Client, path: str = "/odds") -> str:
    found = _TOKEN.search(client.get(path).text)
    assert found
    return found.group(1)


def _start_run(client: httpx.Client) -> str:
    started = client.post("/odds", data={**RUN, "csrf_token": _csrf(client)})
    assert started.status_code == 303, started.text
    location: str = started.headers["location"]
    return location


def _follow(client: httpx.Client, job_url: str, limit_s: float = 30) -> str:
    until = time.monotonic() + limit_s
    while time.monotonic() < until:
        fragment = client.get(f"{job_url}/status")
        assert fragment.status_code == 200, fragment.text
        if 'hx-trigger="every 1s"' not in fragment.text:
            return fragment.text
        time.sleep(0.1)
    raise AssertionError("the run did not finish in time")


def _job(url: str, job_url: str) -> Job:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            job = session.get(Job, job_url.rsplit("/", 1)[1])
            assert job is not None
            return job
    finally:
        engine.dispose()


def _account_limit() -> int:
    """The failures an account takes before an address that failed for it is held back."""
    for module in ("turnbuckle.league.services.throttle", "turnbuckle.league.services.accounts"):
        limit = getattr(importlib.import_module(module), "MAX_FAILURES_PER_ACCOUNT", None)
        if isinstance(limit, int):
            return limit
    raise AssertionError("no MAX_FAILURES_PER_ACCOUNT")


@pytest.mark.slow  # two server processes
def test_two_servers_share_jobs_and_throttles(pg: str, tmp_path: Path) -> None:
    """Server A (one process) and server B (`--workers 2`, uvicorn's processes built from the app
    factory) on one PostgreSQL: sign-in failures through both count together; a job started through
    A, which is then killed, is followed and finished through B, by one of B's worker processes."""
    from turnbuckle.league.credentials import use_fast_hashing_for_tests
    from turnbuckle.league.services import accounts

    use_fast_hashing_for_tests()
    league = build(pg)
    with league.act() as ctx:
        accounts.set_password(ctx, "Ann", "ann-password")
    league.close()
    limit = _account_limit()
    quick = {LEASE_ENV: "2"}  # a dead server's claim runs out in 2 s
    with serving(pg, tmp_path / "a.log", env=quick) as a, \
            serving(pg, tmp_path / "b.log", "--workers", "2", env=quick) as b, \
            httpx.Client(base_url=a.base, timeout=10) as via_a, httpx.Client(base_url=b.base, timeout=10) as via_b:
        clients = [via_a, via_b]
        for i in range(limit):  # alternately: neither server alone sees the limit
            client = clients[i % 2]
            wrong = client.post("/login", data={"name": "Ann", "password": f"wrong-{i}",
                                                "csrf_token": _csrf(client, "/login")})
            assert wrong.status_code == 401, wrong.text
        for client in clients:
            held = client.post("/login", data={"name": "Ann", "password": "still-wrong",
                                               "csrf_token": _csrf(client, "/login")})
            assert held.status_code == 429, held.text

        job_url = _start_run(via_a)
        kill(a.proc)  # the first server dies at once: queued or claimed, its job is left to the second
        done = _follow(via_b, job_url)
        assert 'data-state="done"' in done and "<svg" in done and "20,000 matches" in done
        job = _job(pg, job_url)
        worker_pid = int(job.worker.split(":")[1])
        assert job.state == "done" and worker_pid != b.proc.pid and os.getpgid(worker_pid) == b.proc.pid


def test_a_job_outlives_a_server_restart_on_sqlite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = empty_league(tmp_path, "Restart Fed")
    monkeypatch.setenv(THREADS_ENV, "0")  # the first server runs no jobs: it stops with the run queued
    with TestClient(create_app(url)) as first:
        found = _TOKEN.search(first.get("/odds").text)
        assert found
        started = first.post("/odds", data={**RUN, "n": "2000"}, headers={"X-CSRF-Token": found.group(1)},
                             follow_redirects=False)
        assert started.status_code == 303
        job_url = started.headers["location"]
        assert 'data-state="queued"' in first.get(f"{job_url}/status").text
    monkeypatch.delenv(THREADS_ENV)
    app = create_app(url)
    with TestClient(app):
        pass  # an app's lifespan may run more than once: its worker starts again
    with TestClient(app) as second:
        until = time.monotonic() + 30
        while 'data-state="done"' not in (text := second.get(f"{job_url}/status").text):
            assert time.monotonic() < until, text
            time.sleep(0.05)
        assert "2,000 matches" in text and "<svg" in text

