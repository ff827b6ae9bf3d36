"""API tokens: scopes (read, submit, organise) checked on every API route, refused on every page
(so a token never mints another, nor posts a form without CSRF), chosen by a signed-in browser,
and revoked with every new password (a change, a reset link, the organiser setting it)."""

from __future__ import annotations

import re

import pytest
from fastapi.routing import APIRoute
from sqlalchemy import select, text

from tests.web.support import Site, csrf_of, post_form, sign_in
from turnbuckle.league.db import session_scope
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import ApiToken
from turnbuckle.league.services import accounts
from turnbuckle.web.accounts.token_scopes import scope_needed


def _token(site: Site, who: str, scopes: tuple[str, ...] | None = None) -> dict[str, str]:
    with site.league.act(who) as ctx:
        raw, _ = accounts.create_token(ctx, "tests", scopes)
    return {"Authorization": f"Bearer {raw}"}


def _count_tokens(site: Site) -> int:
    with session_scope(site.league.engine) as s:
        return len(s.scalars(select(ApiToken)).all())


def test_a_token_is_refused_on_every_page_and_cannot_mint_another(site: Site) -> None:
    ann = _token(site, "Ann")
    before = _count_tokens(site)
    with site.client() as client:
        assert client.get("/api/me", headers=ann).json()["name"] == "Ann"
        page = client.get("/account", headers=ann)
        assert page.status_code == 401 and "/api/ only" in page.text
        minted = client.post("/account/tokens", data={"label": "more"}, headers=ann)
        assert minted.status_code == 401 and "tb_" not in minted.text
        assert client.post("/account/password", data={"current_password": "x", "new_password": "y" * 9,
                                                       "new_password2": "y" * 9}, headers=ann).status_code == 401
        assert client.post("/logout", headers=ann).status_code == 401
    assert _count_tokens(site) == before


def test_a_browser_session_chooses_the_scopes_default_read_and_submit(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        page = ann.get("/account").text
        assert 'value="read" checked' in page and 'value="submit" checked' in page and 'value="organise"' not in page
        r = post_form(ann, "/account/tokens", {"label": "plain"})
        assert r.status_code == 200
        r = ann.post("/account/tokens", data={"label": "reader", "scopes": ["read"],
                                              "csrf_token": csrf_of(ann, "/account")})
        assert r.status_code == 200 and re.search(r'id="new-token">tb_', r.text)
        r = ann.post("/account/tokens", data={"label": "boss", "scopes": ["read", "organise"],
                                              "csrf_token": csrf_of(ann, "/account")})
        assert r.status_code == 422 and "tokens may have the organise scope" in r.text
    with site.client() as fran:
        sign_in(fran, "Fran")
        assert 'value="organise"' in fran.get("/account").text
        r = fran.post("/account/tokens", data={"label": "cron", "scopes": ["organise"],
                                               "csrf_token": csrf_of(fran, "/account")})
        assert r.status_code == 200
    with session_scope(site.league.engine) as s:
        stored = {t.label: t.scopes for t in s.scalars(select(ApiToken))}
    assert stored == {"plain": "read,submit", "reader": "read", "cron": "organise"}


def test_unknown_or_no_scopes_are_refused_by_the_service(site: Site) -> None:
    with pytest.raises(LeagueError, match="unknown token scope 'admin'"), site.league.act("Ann") as ctx:
        accounts.create_token(ctx, "x", ["read", "admin"])
    with pytest.raises(LeagueError, match="at least one scope"), site.league.act("Ann") as ctx:
        accounts.create_token(ctx, "x", [])


def test_each_api_route_checks_the_tokens_scope(site: Site) -> None:
    reader, submitter = _token(site, "Ann", ("read",)), _token(site, "Ann", ("submit",))
    body = {"match": 1, "competitor_id": 1, "text": "player: auto"}
    with site.client() as client:
        assert client.get("/api/shows", headers=reader).status_code == 200
        refused = client.post("/api/shows/1/strategies", json=body, headers=reader)
        assert refused.status_code == 403 and "lacks the 'submit' scope (it has: read)" in refused.json()["detail"]
        refused = client.get("/api/shows", headers=submitter)
        assert refused.status_code == 403 and "'read' scope" in refused.json()["detail"]
        sent = client.post("/api/shows/1/strategies", json=body, headers=submitter)
        assert sent.status_code != 403  # past the scope check: the league's own answer about this show
        assert client.post("/api/notices/1/read", headers=submitter).status_code == 403
        assert client.post("/api/notices/1/read", headers=reader).status_code == 404  # read may mark read
        assert client.post("/api/organiser/shows", headers=reader).status_code == 403


def test_every_writing_api_route_names_its_scope() -> None:
    from turnbuckle.web.api.routes import router

    writes = [(method, route.path) for route in router.routes if isinstance(route, APIRoute)
              for method in route.methods or () if method not in ("GET", "HEAD")]
    assert writes, "the API has writing routes"
    for method, path in writes:
        concrete = re.sub(r"\{[^}]+\}", "1", path)
        assert scope_needed(method, concrete) is not None, f"{method} {path}: add it to web/token_scopes.WRITES"


def test_tokens_made_before_scopes_keep_every_scope(site: Site) -> None:
    with session_scope(site.league.engine) as s:  # a row as written before migration 0005, without scopes
        s.execute(text("INSERT INTO api_tokens (token_sha256, member_id, label, hint, created_at) "
                       "VALUES (:d, 1, 'old', 'tb_old', :at)"), {"d": "0" * 64, "at": site.league.clock()})
    with session_scope(site.league.engine) as s:
        assert s.scalars(select(ApiToken.scopes).where(ApiToken.label == "old")).one() == "read,submit,organise"


@pytest.mark.parametrize("how", ["change", "reset", "organiser"])
def test_a_new_password_revokes_every_token(site: Site, how: str) -> None:
    ann = _token(site, "Ann")
    with site.client() as client:
        assert client.get("/api/me", headers=ann).status_code == 200
        if how == "change":
            sign_in(client, "Ann")
            r = post_form(client, "/account/password", {"current_password": "ann-password",
                                                         "new_password": "ann-next-password",
                                                         "new_password2": "ann-next-password"})
            assert r.status_code == 303
        elif how == "reset":
            with site.league.act() as ctx:
                token = accounts.create_reset(ctx, "Ann")
            with session_scope(site.league.engine) as s:
                accounts.reset_password(s, token, "ann-reset-password", site.league.clock)
        else:
            with site.league.act() as ctx:
                accounts.set_password(ctx, "Ann", "ann-given-password")
        gone = client.get("/api/me", headers=ann)
        assert gone.status_code == 401 and "revoked" in gone.json()["detail"]
    with session_scope(site.league.engine) as s:
        assert all(t.revoked_at is not None for t in s.scalars(select(ApiToken)))
