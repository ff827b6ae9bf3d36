"""Two lifespans of one app at once (two test clients, or a server restarted in the same process
while a client is still open) each start and stop their own background work: neither's job
worker or auto-lock task is bound to the other's event loop."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.support import Site
from turnbuckle.web.app import create_app


def test_two_clients_of_one_app_at_once_start_and_stop_cleanly(site: Site) -> None:
    app = create_app(site.league.url, clock=site.league.clock, auto_lock_every=0.05)
    for _ in range(5):
        with TestClient(app) as first, TestClient(app) as second:
            assert first.get("/login").status_code == 200 and second.get("/login").status_code == 200
        with TestClient(app) as again:
            assert again.get("/api/shows").status_code == 200
