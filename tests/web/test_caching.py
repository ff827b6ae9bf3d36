"""Compression and caching as ``serve`` sends them, with no proxy in front: a page (and the JSON
API) is gzip-encoded for a client that takes it and decodes to the same body; static files are
named by a hash of their bytes, kept a year and immutable under that name, renamed when the file
changes; the plain name still answers (asked again every time); pages say how they may be kept."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.routing import Mount

from tests.web.conftest import serve_in_thread
from tests.web.support import Site, sign_in
from turnbuckle.web.deps import HERE
from turnbuckle.web.serving.static_files import HashedStaticFiles, StaticAssets

YEAR = 365 * 24 * 3600


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    made = Site(tmp_path)
    yield made
    made.close()


@dataclass
class Raw:
    status_code: int
    headers: dict[str, str]
    content: bytes


def _raw(base: str, path: str, **headers: str) -> Raw:
    """The answer as the server sent it (no decoding by the client)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        conn.request("GET", path, headers=headers)
        r = conn.getresponse()
        return Raw(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
    finally:
        conn.close()


def _same_but_tokens(body: bytes) -> bytes:
    """The body with each visitor's own CSRF token (a new one each time: no cookie was sent) blanked."""
    return re.sub(rb'(csrf_token" value="|X-CSRF-Token": ")[^"]+', rb"\1T", body)


def test_a_page_comes_gzip_encoded_and_decodes_to_the_same_body(site: Site) -> None:
    with serve_in_thread(site.app) as base:
        for path in ("/", "/keeper?game=boxing", "/api/openapi.json", "/static/style.css"):
            plain = _raw(base, path, **{"accept-encoding": "identity"})
            packed = _raw(base, path, **{"accept-encoding": "gzip"})
            assert plain.status_code == packed.status_code == 200, path
            assert "content-encoding" not in plain.headers, path
            assert packed.headers["content-encoding"] == "gzip", path
            assert "accept-encoding" in packed.headers.get("vary", "").lower(), path
            body = gzip.decompress(packed.content)
            assert len(packed.content) < len(body), path
            assert _same_but_tokens(body) == _same_but_tokens(plain.content), path
        png = _raw(base, "/static/keeper-192.png", **{"accept-encoding": "gzip"})
        assert "content-encoding" not in png.headers  # already compressed: sent as it is


def _static_urls(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', html)


def test_static_files_in_a_page_are_hashed_and_kept_a_year(site: Site) -> None:
    with site.client() as client:
        page = client.get("/keeper?game=boxing")
        urls = _static_urls(page.text)
        assert {u.split("/")[-1].split(".")[0] for u in urls} >= {"style", "htmx", "keeper"}
        for url in urls:
            found = re.fullmatch(r"/static/(.+)\.([0-9a-f]{10})\.(\w+)", url)
            assert found, url
            name = f"{found[1]}.{found[3]}"
            data = (HERE / "static" / name).read_bytes()
            assert found[2] == hashlib.sha256(data).hexdigest()[:10], url
            r = client.get(url)
            assert r.status_code == 200 and r.content == data, url
            control = r.headers["cache-control"]
            age = re.search(r"max-age=(\d+)", control)
            assert "immutable" in control and age is not None and int(age[1]) >= YEAR, url
            # the plain name still answers, asked again each time; an old hash is not found
            plain = client.get(f"/static/{name}")
            assert plain.status_code == 200 and plain.content == data and plain.headers["cache-control"] == "no-cache"
            assert client.get(f"/static/{found[1]}.0000000000.{found[3]}").status_code == 404


def test_pages_say_how_they_may_be_kept(site: Site) -> None:
    with site.client() as anyone:
        assert anyone.get("/").headers["cache-control"] == "no-cache"  # asked again before use
        assert anyone.get("/feeds/shows.atom").headers["cache-control"] == "public, max-age=300"  # its own
    with site.client() as ann:
        sign_in(ann, "Ann")
        assert ann.get("/").headers["cache-control"] == "no-store"


def test_a_changed_file_gets_a_new_name_and_the_old_one_is_gone(tmp_path: Path) -> None:
    (tmp_path / "app.css").write_text("body { color: red; }\n")
    assets = StaticAssets(tmp_path)
    first = assets.url("app.css")
    assert re.fullmatch(r"/static/app\.[0-9a-f]{10}\.css", first)
    assert assets.url("app.css") == first  # the same bytes, the same name
    (tmp_path / "app.css").write_text("body { color: darkred; }\n")
    second = assets.url("app.css")
    assert second != first and re.fullmatch(r"/static/app\.[0-9a-f]{10}\.css", second)
    assert assets.plain(second.removeprefix("/static/")) == "app.css"
    assert assets.plain(first.removeprefix("/static/")) is None  # the old version is not served as the new
    assert assets.url("missing.css") == "/static/missing.css"
    assert assets.digest("../outside.css") is None


def test_a_changed_file_is_served_under_its_new_name(tmp_path: Path) -> None:
    (tmp_path / "app.css").write_text("body { color: red; }\n")
    assets = StaticAssets(tmp_path)
    app = Starlette(routes=[Mount("/static", HashedStaticFiles(assets))])
    with TestClient(app) as client:
        before = assets.url("app.css")
        assert client.get(before).text == "body { color: red; }\n"
        (tmp_path / "app.css").write_text("body { color: darkred; }\n")
        after = assets.url("app.css")
        r = client.get(after)
        assert r.text == "body { color: darkred; }\n" and "immutable" in r.headers["cache-control"]
        assert client.get(before).status_code == 404
        assert client.get("/static/app.css").headers["cache-control"] == "no-cache"
