"""QA pass over the fed's pages (issue 27): hostile input on the setup page, the strategy page and verify."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.web.support import csrf_of
from turnbuckle.league.db import session_scope, upgrade
from turnbuckle.league.services import accounts
from turnbuckle.web.app import create_app

GOOD = "a long walk to the ring"


@pytest.fixture
def setup_client(tmp_path: Path):  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'league.db'}"
    upgrade(url)
    app = create_app(url)
    with session_scope(app.state.engine) as session:
        token = accounts.create_setup_link(session)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, f"/setup/{token}"


@pytest.mark.parametrize(("field", "value", "says"), [
    ("max_push_level", "²", "whole number from 1 to 20"),  # str.isdigit() yet not int()
    ("max_push_level", "٣", "whole number from 1 to 20"),  # an Arabic-Indic digit is not typed in a number box
    ("timezone", "Europe", "unknown time zone"),  # a folder of the zone database
    ("timezone", "x" * 300, "unknown time zone"),  # too long for a file name
    ("timezone", "zone1970.tab", "unknown time zone"),  # a file of the zone database that is no zone
])
def test_the_setup_page_refuses_odd_input_with_a_message_not_a_500(setup_client, field: str, value: str,  # type: ignore[no-untyped-def]
                                                                      says: str) -> None:
    client, path = setup_client
    form = {"league_name": "Garage Fed", "timezone": "Europe/London", "max_push_level": "5", "organiser": "Fran",
            "password": GOOD, "password2": GOOD, field: value, "csrf_token": csrf_of(client, path)}
    answer = client.post(path, data=form, follow_redirects=False)
    assert answer.status_code == 422 and says in answer.text
    assert client.get(path).status_code == 200  # nothing was made: the link still works
