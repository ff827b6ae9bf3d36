"""The web application starts on a league database and serves its pages and static files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.web.support import empty_league
from turnbuckle.league.errors import DatabaseError
from turnbuckle.web.app import create_app


@pytest.fixture
def league_url(tmp_path: Path) -> str:
    return empty_league(tmp_path, "Tuesday Night Fed")


def test_home_names_the_league_and_loads_vendored_htmx(league_url: str) -> None:
    with TestClient(create_app(league_url)) as client:
        page = client.get("/")
        assert page.status_code == 200
        assert "Tuesday Night Fed" in page.text
        assert re.search(r'src="/static/htmx\.min\.[0-9a-f]{10}\.js"', page.text)
        js = client.get("/static/htmx.min.js")
        assert js.status_code == 200
        assert "htmx" in js.text[:2000]
        assert client.get("/api/openapi.json").json()["info"]["title"] == "turnbuckle"


def test_a_missing_database_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="league init"):
        create_app(f"sqlite:///{tmp_path / 'none.db'}")


def test_serve_on_a_port_already_taken_is_one_line_exit_2(league_url: str) -> None:
    import socket

    from tests.cli.helpers import one_error_line, tb

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = tb("serve", "--db", league_url, "--port", str(port))
    message = one_error_line(result)
    assert f"cannot listen on 127.0.0.1:{port}" in message
    assert "--port" in message


def test_serve_on_a_file_that_is_no_database_is_one_line_exit_2(tmp_path: Path) -> None:
    """A missing database is created (tests/web/test_first_run.py); a file that is not one is refused."""
    from tests.cli.helpers import one_error_line, tb

    notes = tmp_path / "notes.db"
    notes.write_text("not a database, just notes\n" * 200)
    message = one_error_line(tb("serve", "--db", str(notes)))
    assert "cannot open the database" in message
