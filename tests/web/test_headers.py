"""The headers a public server owes its browsers (web/serving/headers.py, web/public/links.py): a
Content-Security-Policy
with no inline script or style on every answer, and templates that need none; ``Cache-Control: no-store``
on every answer to a signed-in member or an API token (the strategy page, the sheet editor, the account
page, the API's strategies...); and invite and reset links built from the configured base URL, never from
the request's Host header."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.web.support import Site, post_form, sign_in
from tests.web.test_security_authz import STRATEGY, World, routes
from turnbuckle.cli.app import app as cli
from turnbuckle.league.services import accounts
from turnbuckle.web.app import create_app
from turnbuckle.web.serving.headers import CSP

TEMPLATES = Path(__file__).parents[2] / "src" / "turnbuckle" / "web" / "templates"
#: What a CSP without 'unsafe-inline' would refuse: an inline script, an event handler attribute, a
#: javascript: URL, htmx's evaluated attributes, an inline style attribute or element.
INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+\s*=|javascript:|hx-on|hx-vars|\sstyle\s*=|<style",
                    re.IGNORECASE)


def test_no_template_holds_inline_script_or_style() -> None:
    found = [(p.name, m.group(0)) for p in sorted(TEMPLATES.glob("*.html")) for m in INLINE.finditer(p.read_text())]
    assert found == []
    assert INLINE.search('<button onclick="go()">') and INLINE.search("<script>x()</script>")  # the scan sees them
    assert not INLINE.search('<script src="/static/htmx.min.js" defer></script>')


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    site = Site(tmp_path_factory.mktemp("headers"))
    yield World(site)
    site.close()


def test_every_answer_carries_the_policy_and_pages_need_nothing_inline(world: World) -> None:
    with world.site.client() as anyone:
        for path in ("/", "/login", "/keeper", "/odds", "/shows", "/roster", "/api/shows", "/no-such-page",
                     "/static/style.css", f"/shows/{world.number}"):
            r = anyone.get(path)
            assert r.headers.get("content-security-policy") == CSP, path
            if r.headers.get("content-type", "").startswith("text/html"):
                assert INLINE.search(r.text) is None, (path, INLINE.search(r.text))
    assert "script-src 'self';" in CSP and "unsafe" not in CSP and "style-src 'self';" in CSP


def test_every_answer_to_a_signed_in_member_or_a_token_is_no_store(world: World) -> None:
    with world.site.league.act("Ann") as ctx:
        raw, _ = accounts.create_token(ctx, "headers test")
    seen = []
    with world.site.client() as ann:
        signed = sign_in(ann, "Ann")
        assert signed.status_code == 303 and signed.headers["cache-control"] == "no-store"  # the sign-in itself
        for method, template in routes(world.site.app):
            if method != "GET" or template.startswith("/static"):
                continue
            path = world.fill(template)
            r = ann.get(path)
            assert r.headers.get("cache-control") == "no-store", (path, r.status_code, r.headers.get("cache-control"))
            seen.append((path, r.status_code))
        secret_pages = [f"/shows/{world.number}/matches/1/strategy/{world.sam}", f"/competitors/{world.sam}/sheet",
                        f"/competitors/{world.sam}", "/account"]
        for path in secret_pages:
            assert (path, 200) in seen
        assert STRATEGY.splitlines()[0] in ann.get(secret_pages[0]).text  # the page does show the secret
    with TestClient(world.site.app) as script:
        for path in (f"/api/shows/{world.number}/strategies", f"/api/competitors/{world.sam}", "/api/me"):
            r = script.get(path, headers={"Authorization": f"Bearer {raw}"})
            assert r.status_code == 200 and r.headers.get("cache-control") == "no-store", path
        r = script.get("/api/shows")  # nobody's: a cache may keep it
        assert r.status_code == 200 and "no-store" not in r.headers.get("cache-control", "")


def _new_link(client: TestClient, form: str, data: dict[str, str]) -> str:
    r = post_form(client, form, data)
    assert r.status_code == 200, r.text[:300]
    found = re.search(r'id="new-link">([^<]+)<', r.text)
    assert found
    assert r.headers.get("cache-control") == "no-store"
    return found.group(1)


BASE_URL_ENV = "TURNBUCKLE_BASE_URL"


@pytest.mark.parametrize("base", [None, "https://league.example.org/fed/", "env"])
def test_a_forged_host_does_not_change_an_invite_or_reset_link(tmp_path: Path, base: str | None,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    if base == "env":  # the setting read from the environment (core/settings.py)
        monkeypatch.setenv(BASE_URL_ENV, "https://league.example.org/fed")
        base = None
    elif base is None:
        monkeypatch.delenv(BASE_URL_ENV, raising=False)
    site = Site(tmp_path)
    try:
        app = create_app(site.league.url, clock=site.league.clock, base_url=base)
        want = "https://league.example.org/fed" if app.state.base_url else "http://testserver"  # else listening
        with TestClient(app, follow_redirects=False) as fran:
            sign_in(fran, "Fran")
            fran.headers["Host"] = "evil.example"
            fran.headers["X-Forwarded-Host"] = "evil.example"
            invite = _new_link(fran, "/account/invites", {"name": "Cy"})
            reset = _new_link(fran, "/account/resets", {"name": "Bo"})
        assert invite.startswith(f"{want}/invite/") and reset.startswith(f"{want}/reset/"), (invite, reset)
    finally:
        site.close()


@pytest.mark.parametrize("bad", ["league.example.org", "https://fran:pw@league.example.org",
                                 "https://league.example.org/a\nb", "https://league.example.org:port",
                                 "https://league.example.org/?x=1"])
def test_serve_refuses_a_base_url_that_is_not_an_address(bad: str) -> None:
    """The same rule as the results post's --base-url (a password or a line break went into every link)."""
    result = CliRunner().invoke(cli, ["serve", "--db", "sqlite:///nowhere.db", "--base-url", bad])
    assert result.exit_code == 2
    assert "base URL" in result.output + str(result.stderr) and "--base-url" in result.output + str(result.stderr)


def test_serve_takes_an_ipv6_base_url() -> None:
    from turnbuckle.web.public.links import check_base_url

    assert check_base_url(" http://[::1]:8000/fed/ ") == "http://[::1]:8000/fed"
