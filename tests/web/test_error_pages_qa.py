"""QA: a page route's refusal is the site's error page, never FastAPI's raw JSON (a path value that is
not a number, a number out of range, an address that names nothing, a form over Starlette's limits, a
form without a field), while /api/ keeps its JSON problem answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.web.support import Site, csrf_of, post_form, sign_in


@pytest.fixture
def client(site: Site) -> Iterator[TestClient]:
    with site.client() as c:
        yield c


def _page(r: object, status: int, says: str) -> None:
    from httpx2 import Response

    assert isinstance(r, Response)
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("text/html"), r.text[:300]
    assert "<!doctype html>" in r.text and says in r.text, r.text
    assert '"detail"' not in r.text
    assert "default-src" in r.headers["content-security-policy"]  # through the same middleware


@pytest.mark.parametrize("path", [
    "/shows/abc", "/shows/abc/verify", "/competitors/x", "/shows/1/matches/x", "/shows/1.5",
    "/shows/0", "/shows/99999999999", "/no/such/page", "/static/no-such-file.css",
])
def test_a_page_path_that_names_nothing_is_the_not_found_page(client: TestClient, path: str) -> None:
    _page(client.get(path), 404, "There is nothing here.")


def test_the_api_keeps_its_json_problems(client: TestClient) -> None:
    r = client.get("/api/shows/abc")
    assert r.status_code == 422 and r.json() == {
        "detail": "path.number: Input should be a valid integer, unable to parse string as an integer"}
    r = client.get("/api/shows/0")
    assert r.status_code == 404 and "nothing has the number 0" in r.json()["detail"]
    r = client.get("/api/no-such-thing")
    assert r.status_code == 404 and r.json() == {"detail": "Not Found"}
    assert "default-src" in r.headers["content-security-policy"]


def test_a_form_with_too_many_fields_is_a_page_saying_so(client: TestClient) -> None:
    data = {f"f{i}": "x" for i in range(1001)}
    r = client.post("/login", data={**data, "csrf_token": csrf_of(client)})
    _page(r, 413, "more than 1000 fields")


def test_a_form_field_over_a_megabyte_is_a_page_saying_so(client: TestClient) -> None:
    r = client.post("/login", data={"name": "Fran", "password": "x" * (1024 * 1024 + 1),
                                    "csrf_token": csrf_of(client)})
    _page(r, 413, "larger than 1 MB")


def test_a_form_without_its_field_is_a_page_naming_the_field(client: TestClient) -> None:
    assert sign_in(client, "Fran").status_code == 303
    r = post_form(client, "/account/password", {"current_password": "fran-password"})
    _page(r, 422, "new_password")


def test_a_page_asked_with_the_wrong_method_is_a_page_keeping_allow(client: TestClient) -> None:
    r = client.get("/logout")
    _page(r, 405, "does not take a GET request")
    assert r.headers["allow"] == "POST"


@pytest.mark.parametrize(("status", "title"), [(403, "Forbidden"), (499, "Refused")])
def test_any_other_http_refusal_of_a_page_is_a_page_with_its_status(site: Site, status: int, title: str) -> None:
    from fastapi import HTTPException

    def refuse() -> None:
        raise HTTPException(status, "the reason, in one line")

    site.app.add_api_route("/qa-refused", refuse)
    with site.client() as c:
        r = c.get("/qa-refused")
    _page(r, status, "the reason, in one line")
    assert f"<h1>{title}</h1>" in r.text


def test_a_multipart_form_over_the_limits_says_so_not_that_it_is_old(client: TestClient) -> None:
    """Sent as multipart, 1,001 fields lost the CSRF token in the parse and read as an old form (403)."""
    fields = {f"f{i}": (None, "x") for i in range(1001)}
    r = client.post("/login", files={**fields, "csrf_token": (None, csrf_of(client))})
    assert r.status_code == 413 and "more than 1000 fields" in r.text, (r.status_code, r.text[:300])
    assert "could not be checked" not in r.text
