"""A server that cannot answer now says so with 503 and Retry-After, never a bare 500: a database
connection that did not come within the pool's timeout, and a busy database (issue 26, item 1)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.exc import TimeoutError as PoolTimeout

from tests.web.support import Site
from turnbuckle.league.errors import DatabaseError
from turnbuckle.web.api import routes as api


@pytest.mark.parametrize("error", [PoolTimeout("QueuePool limit reached"), DatabaseError("the database is locked")])
def test_a_busy_database_is_503_with_retry_after(site: Site, monkeypatch: pytest.MonkeyPatch,
                                                 error: Exception) -> None:
    def busy(*_args: Any) -> Any:
        raise error

    monkeypatch.setattr(api, "visible_shows", busy)
    with site.client() as client:
        r = client.get("/api/shows")
    assert r.status_code == 503 and r.headers["retry-after"] == "2"
    assert r.json()["detail"]
