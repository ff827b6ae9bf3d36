"""Every integer in a URL path (a show's number, a match's position, a competitor's, notice's or
token's id) outside 1..2**31-1 (PostgreSQL's INTEGER) answers 404 before any lookup, and the
largest one in range reaches the database and reads as 404 too: never a 500 from a driver that cannot
bind the number (SQLite's overflow, PostgreSQL's range error). On both databases."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.league.conftest import pg_admin, pg_session_db, sqlite_template, url  # noqa: F401 (fixtures)
from tests.league.helpers import build, open_show
from tests.web.support import PASSWORDS, sign_in
from turnbuckle.league.credentials import use_fast_hashing_for_tests
from turnbuckle.league.keys import MAX_ID
from turnbuckle.league.services import accounts, roster
from turnbuckle.web.app import create_app

#: Each route family, with ``{n}`` a show's number, ``{p}`` a match's position, ``{c}`` a
#: competitor's id and ``{x}`` a notice's or token's id.
ROUTES = [
    ("GET", "/shows/{n}"), ("GET", "/shows/{n}/export.json"), ("GET", "/shows/{n}/matches/{p}"),
    ("GET", "/shows/{n}/matches/{p}/chart"), ("GET", "/shows/{n}/matches/{p}/record.json"),
    ("GET", "/shows/{n}/matches/{p}/strategy/{c}"), ("POST", "/shows/{n}/matches/{p}/strategy/{c}"),
    ("GET", "/competitors/{c}"), ("GET", "/competitors/{c}/sheet"), ("POST", "/competitors/{c}/sheet/check"),
    ("POST", "/competitors/{c}/sheet"),
    ("GET", "/organiser/shows/{n}"), ("POST", "/organiser/shows/{n}/matches"), ("POST", "/organiser/shows/{n}/lock"),
    ("POST", "/organiser/shows/{n}/matches/{p}/edit"), ("POST", "/organiser/shows/{n}/matches/{p}/remove"),
    ("POST", "/organiser/shows/{n}/matches/{p}/move"), ("POST", "/organiser/shows/{n}/deadline"),
    ("GET", "/organiser/shows/{n}/delete"), ("POST", "/organiser/shows/{n}/delete"),
    ("POST", "/notices/{x}/read"), ("POST", "/account/tokens/{x}/revoke"),
    ("GET", "/api/shows/{n}"), ("GET", "/api/shows/{n}/results"), ("GET", "/api/competitors/{c}"),
    ("GET", "/api/shows/{n}/strategies"), ("POST", "/api/shows/{n}/strategies"), ("POST", "/api/notices/{x}/read"),
]
OUT_OF_RANGE = (-1, MAX_ID + 1, 2**63, 2**64)  # MAX_ID + 1 = 2**31: PostgreSQL's INTEGER ends before


@pytest.fixture
def signed_in(url: str) -> Iterator[tuple[TestClient, dict[str, int]]]:  # noqa: F811 (url is a fixture)
    """The organiser's browser on the test league with an open show; and the valid values."""
    use_fast_hashing_for_tests()
    lg = build(url)
    number = int(open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])]))
    with lg.act() as ctx:
        accounts.set_password(ctx, "Fran", PASSWORDS["Fran"])
        cid = roster.competitor(ctx, "Friendly Sam").id
    client = TestClient(create_app(url, clock=lg.clock), follow_redirects=False)
    assert sign_in(client, "Fran").status_code == 303
    token = client.get("/").text.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    client.headers["X-CSRF-Token"] = token
    yield client, {"n": number, "p": 1, "c": cid, "x": 1}
    client.close()
    lg.close()


def test_a_path_integer_out_of_range_or_the_largest_is_404(
        signed_in: tuple[TestClient, dict[str, int]]) -> None:
    client, valid = signed_in
    seen: dict[tuple[str, str, int], int] = {}
    for method, template in ROUTES:
        for slot in ("n", "p", "c", "x"):
            if "{" + slot + "}" not in template:
                continue
            for value in (*OUT_OF_RANGE, MAX_ID):
                path = template.format(**{**valid, slot: value})
                body = {"position": 1, "competitor_id": valid["c"], "text": "x"} if path.startswith("/api") else None
                seen[(method, path, value)] = client.request(method, path, json=body).status_code
    wrong = {k: v for k, v in seen.items() if v != 404}
    assert not wrong, wrong
    assert len(seen) == 5 * 38  # every slot of every route was tried
