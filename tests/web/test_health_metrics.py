"""What a supervisor, a load balancer and Prometheus ask the server (web/serving/health.py, web/serving/metrics.py):
/healthz answers; /readyz says 503, and which check failed, when the database is gone, its schema is
behind or the job worker stopped; /metrics, read with prometheus_client's own parser, counts requests
by route template and status, the jobs and the outbox by state, and show runs with their seconds,
and is nothing (the site's 404) to an address the operator did not allow. None of them is a route,
needs a session, or waits in the request queue."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import Engine

from tests.cli.helpers import one_error_line, tb
from tests.league.helpers import open_show
from tests.web.support import Site, post_form, sign_in
from turnbuckle.core.errors import RulesError
from turnbuckle.core.settings import Settings
from turnbuckle.league import jobs
from turnbuckle.league.db import head_revision, make_engine, session_scope
from turnbuckle.league.models import OutboxMessage
from turnbuckle.league.services import shows
from turnbuckle.web.app import create_app
from turnbuckle.web.serving import health
from turnbuckle.web.serving.limits import Limits

LOOPBACK = ("127.0.0.1", 40000)
GATE = threading.Event()


def _held(params: dict[str, Any], progress: jobs.Progress, client: Any) -> dict[str, Any]:
    while not GATE.wait(0.02):
        progress(0)
    if params.get("fail"):
        raise RulesError("told to fail")
    return {}


jobs.register("test-metrics", _held)


def _client(app: Any, client: tuple[str, int] = LOOPBACK) -> TestClient:
    return TestClient(app, follow_redirects=False, client=client)


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics, by name and labels, as prometheus_client's parser reads them."""
    answer = client.get("/metrics")
    assert answer.status_code == 200, answer.text
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(answer.text) for s in family.samples}


def until(check: Callable[[], bool], what: str, bound_s: float = 30.0) -> None:
    end = time.monotonic() + bound_s
    while not check():
        assert time.monotonic() < end, f"still not {what} after {bound_s:g} s"
        time.sleep(0.05)


def _submit(engine: Engine, owner: str, **params: Any) -> str:
    with session_scope(engine) as session:
        return jobs.submit(session, "test-metrics", params, owner, title=f"metrics {owner}").id


def _outbox(engine: Engine, state: str, n: int) -> None:
    far = jobs.now_utc() + timedelta(days=3650)  # never due: the sender leaves it as it is
    with session_scope(engine) as session:
        for i in range(n):
            session.add(OutboxMessage(league_id=1, event_id=f"e-{state}-{i}", dedupe=f"d-{state}-{i}", kind="open",
                                      channel="webhook", payload={}, state=state, attempts=0, due_at=far,
                                      worker="", last_error="", created_at=jobs.now_utc()))


def requests(samples: dict[Any, float], route: str, status: str, method: str = "GET") -> float:
    return samples.get(("turnbuckle_http_requests_total",
                        (("method", method), ("route", route), ("status", status))), 0.0)


def test_metrics_count_requests_jobs_outbox_and_show_runs(site: Site) -> None:
    GATE.clear()
    engine = site.league.engine
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act() as ctx:
        shows.lock(ctx, number)
    _outbox(engine, "pending", 1)
    _outbox(engine, "failed", 2)
    with _client(site.app) as client:
        assert client.get("/healthz").text == "ok\n"
        for _ in range(3):
            assert client.get(f"/shows/{number}").status_code == 200
        assert client.get("/no/such/page").status_code == 404
        held = _submit(engine, "member:1")
        _submit(engine, "member:2", fail=True)
        until(lambda: scrape(client)[("turnbuckle_jobs", (("state", "running"),))] == 1, "running the held job")
        samples = scrape(client)
        assert samples[("turnbuckle_jobs", (("state", "queued"),))] == 1  # one thread: the failing one waits
        assert requests(samples, "/shows/{number}", "200") == 3
        assert requests(samples, "(no route)", "404") == 1
        assert requests(samples, "/healthz", "200") == 1
        latency = ("turnbuckle_http_request_duration_seconds_count",
                   (("method", "GET"), ("route", "/shows/{number}"), ("status", "200")))
        assert samples[latency] == 3
        assert samples[("turnbuckle_outbox_messages", (("state", "pending"),))] == 1
        assert samples[("turnbuckle_outbox_messages", (("state", "failed"),))] == 2
        assert samples[("turnbuckle_database_up", ())] == 1
        assert ("turnbuckle_show_run_seconds_count", (("outcome", "run"),)) not in samples

        GATE.set()
        until(lambda: scrape(client)[("turnbuckle_jobs", (("state", "failed"),))] == 1, "failing the other job")
        sign_in(client, "Fran")
        ran = post_form(client, f"/organiser/shows/{number}/run", {}, page=f"/organiser/shows/{number}")
        assert ran.status_code == 303 and "done=run" in ran.headers["location"]
        samples = scrape(client)
    jobs_now = {state: samples[("turnbuckle_jobs", (("state", state),))] for state in ("queued", "running", "done",
                                                                                      "failed")}
    assert jobs_now == {"queued": 0, "running": 0, "done": 1, "failed": 1}, held
    assert samples[("turnbuckle_show_run_seconds_count", (("outcome", "run"),))] == 1
    assert samples[("turnbuckle_show_run_seconds_sum", (("outcome", "run"),))] > 0
    assert requests(samples, "/organiser/shows/{number}/{step}", "303", "POST") == 1
    assert requests(samples, "/metrics", "200") >= 3  # the scrapes themselves, once answered


def test_metrics_are_for_the_allowed_addresses_only(site: Site, tmp_path: Path) -> None:
    outsider = ("203.0.113.9", 40000)
    with _client(site.app, outsider) as client:
        assert client.get("/metrics").status_code == 404
        assert client.get("/healthz").status_code == 200  # the probes are anyone's
    with _client(site.app) as client:
        # a proxy on loopback that is not named trusted: the visitor it forwards is nobody's
        assert client.get("/metrics", headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 404
    behind = create_app(site.league.url, clock=site.league.clock, auto_lock_every=None, notify_every=None,
                        settings=Settings(trusted_proxies=("127.0.0.1",), metrics_allow=("10.0.0.0/8",)))
    with _client(behind) as client:
        assert client.get("/metrics").status_code == 404  # loopback is not allowed here
        assert client.get("/metrics", headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 404
        assert client.get("/metrics", headers={"X-Forwarded-For": "10.2.3.4"}).status_code == 200
    with _client(behind, ("10.2.3.4", 40000)) as client:
        assert client.get("/metrics", headers={"X-Forwarded-For": "10.9.9.9"}).status_code == 404  # not a proxy
    message = one_error_line(tb("serve", "--db", str(tmp_path / "x.db"), "--metrics-allow", "prometheus.local"))
    assert "--metrics-allow" in message and "'prometheus.local' is not an IP address" in message


def test_readyz_says_which_check_failed(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "READY_FRESH_S", 0.0)  # each ask checks again
    db = Path(str(site.league.engine.url.database))
    with _client(site.app) as client:
        ready = client.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json() == {"ready": True, "checks": {"database": "ok", "schema": "ok", "job_worker": "ok",
                                                          "notifier": "ok"}}
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE alembic_version SET version_num = '0001'")
        behind = client.get("/readyz")
        assert behind.status_code == 503 and behind.json()["checks"]["schema"] == f"0001, needs {head_revision()}"
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE alembic_version SET version_num = ?", (head_revision(),))
        db.rename(db.with_name("away.db"))
        try:
            gone = client.get("/readyz")
            assert gone.status_code == 503 and gone.json()["checks"]["database"] == "its file is gone"
            assert client.get("/healthz").status_code == 200  # alive all the same
            assert not db.exists()  # the check made no empty database in its place
        finally:
            db.with_name("away.db").rename(db)
        assert client.get("/readyz").status_code == 200
        assert client.portal is not None
        client.portal.call(site.app.state.job_worker.stop)
        stopped = client.get("/readyz")
        assert stopped.status_code == 503 and stopped.json()["checks"]["job_worker"] == "stopped"


def test_readyz_of_an_unreachable_database() -> None:
    engine = make_engine("postgresql+psycopg://postgres@127.0.0.1:9/nowhere?connect_timeout=5")
    try:
        assert health.check_database(engine) == {"database": "no answer", "schema": "unknown"}
    finally:
        engine.dispose()


def test_probes_are_no_route_need_no_session_and_skip_the_queue(site: Site, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="turnbuckle.web.serving.request_log")
    full = create_app(site.league.url, clock=site.league.clock, auto_lock_every=None,
                      limits=Limits(max_active=0, max_waiting=0), settings=Settings(job_threads=0))
    with _client(full) as client:
        assert client.get("/").status_code == 503  # no place for a page
        assert client.get("/healthz").status_code == 200
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["checks"]["job_worker"] == "not run here"
        assert client.get("/metrics").status_code == 200
        assert "set-cookie" not in client.get("/healthz").headers  # no session, no visitor cookie
        assert client.head("/healthz").status_code == 200
    with _client(site.app, ("203.0.113.9", 40000)) as client:
        client.get("/metrics")
    lines = [(r.getMessage(), r.levelno) for r in caplog.records if r.name == "turnbuckle.web.serving.request_log"]
    healthz = {level for message, level in lines if message.startswith("GET /healthz 200 ")}
    refused = {level for message, level in lines if message.startswith("GET (no route) /metrics 404 ")}
    assert healthz == {logging.DEBUG}  # a supervisor's polling stays out of the info log
    assert refused == {logging.INFO}
    paths = [str(getattr(r, "path", "")) for r in full.router.routes]
    assert not set(paths) & set(health.PATHS)
    schema = _client(site.app).get("/api/openapi.json").json()
    assert not set(schema["paths"]) & set(health.PATHS)


def test_serve_hands_its_metrics_allow_to_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from tests.web.support import empty_league

    url = empty_league(tmp_path, "Metrics Fed")
    seen: list[uvicorn.Config] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: seen.append(self.config))
    for flags, allowed in ((["--metrics-allow", "10.0.0.5", "--metrics-allow", "192.168.0.0/24"],
                            ("10.0.0.5", "192.168.0.0/24")),
                           (["--metrics-allow", "none"], ()), ([], ("127.0.0.1", "::1"))):
        result = tb("serve", "--db", url, "--port", "0", *flags)
        assert result.exit_code == 0, result.output
        app = seen.pop().app
        assert isinstance(app, FastAPI)
        assert app.state.settings.metrics_allow == allowed
        (middleware,) = [m for m in app.user_middleware if getattr(m.cls, "__name__", "") == "Health"]
        assert middleware.kwargs["allowed"] == allowed
