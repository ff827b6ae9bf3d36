"""A refusal is answered as the request asks: JSON to a client whose Accept asks for
application/json and not text/html, a page to a browser, and JSON under /api/ whatever it asks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.web.support import Site

BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


@pytest.fixture
def client(site: Site) -> Iterator[TestClient]:
    with site.client() as c:
        yield c


def _json(r: object, status: int) -> dict[str, object]:
    from httpx2 import Response

    assert isinstance(r, Response)
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("application/json"), r.text[:300]
    body = r.json()
    assert isinstance(body, dict)
    return body


def _is_page(r: object, status: int) -> None:
    from httpx2 import Response

    assert isinstance(r, Response)
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("text/html") and "<!doctype html>" in r.text


@pytest.mark.parametrize("accept", ["application/json", "application/json; charset=utf-8",
                                    "text/plain, application/json;q=0.9"])
def test_a_client_asking_for_json_gets_a_page_routes_refusal_as_json(client: TestClient, accept: str) -> None:
    assert _json(client.get("/no/such/page", headers={"Accept": accept}), 404) == {"detail": "Not Found"}
    body = _json(client.get("/shows/0", headers={"Accept": accept}), 404)  # a league error
    assert "nothing has the number 0" in str(body["detail"])
    body = _json(client.get("/shows/abc", headers={"Accept": accept}), 422)  # a malformed request
    assert "path.number" in str(body["detail"])


@pytest.mark.parametrize("accept", [BROWSER, "application/json, text/html", "", "application/json;q=0, text/plain"])
def test_a_browser_or_a_client_not_asking_for_json_alone_gets_the_page(client: TestClient, accept: str) -> None:
    headers = {"Accept": accept} if accept else {}
    _is_page(client.get("/no/such/page", headers=headers), 404)
    _is_page(client.get("/shows/0", headers=headers), 404)


def test_the_api_answers_json_even_to_a_browser(client: TestClient) -> None:
    body = _json(client.get("/api/shows/0", headers={"Accept": BROWSER}), 404)
    assert "nothing has the number 0" in str(body["detail"])
    assert _json(client.get("/api/no-such-thing", headers={"Accept": BROWSER}), 404) == {"detail": "Not Found"}
