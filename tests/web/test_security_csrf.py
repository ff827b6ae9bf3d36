"""CSRF: every unsafe request from a browser needs the page's token, as a form field or the
X-CSRF-Token header (htmx); spectators' forms have one too. Missing or wrong: refused, nothing done."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.web.support import PASSWORDS, Site, csrf_of, sign_in
from turnbuckle.league.db import session_scope
from turnbuckle.league.models import ApiToken, WebSession


def _tokens(site: Site) -> list[str]:
    with session_scope(site.league.engine) as s:
        return list(s.scalars(select(ApiToken.label)))


@pytest.mark.parametrize("sent", [None, "", "wrong-token-" + "x" * 30])
def test_a_signed_in_form_without_the_right_token_is_refused(site: Site, sent: str | None) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        data = {"label": "forged"} | ({"csrf_token": sent} if sent is not None else {})
        r = ann.post("/account/tokens", data=data)
        assert r.status_code == 403 and "could not be checked" in r.text
        assert _tokens(site) == []
        r = ann.post("/account/tokens", data={"label": "real", "csrf_token": csrf_of(ann, "/account")})
        assert r.status_code == 200
        assert _tokens(site) == ["real"]


def test_htmx_requests_carry_the_token_in_a_header(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        token = csrf_of(ann, "/account")
        page = ann.get("/account").text
        assert f'"X-CSRF-Token": "{token}"' in page  # base.html hands htmx the token
        r = ann.post("/account/tokens", data={"label": "by htmx"}, headers={"HX-Request": "true"})
        assert r.status_code == 403 and "reload" in r.text
        r = ann.post("/account/tokens", data={"label": "by htmx"},
                     headers={"HX-Request": "true", "X-CSRF-Token": "0" * 64})
        assert r.status_code == 403
        r = ann.post("/account/tokens", data={"label": "by htmx"},
                     headers={"HX-Request": "true", "X-CSRF-Token": token})
        assert r.status_code == 200
        assert _tokens(site) == ["by htmx"]


def test_one_members_token_does_not_work_in_anothers_session(site: Site) -> None:
    with site.client() as bo:
        sign_in(bo, "Bo")
        bo_token = csrf_of(bo, "/account")
    with site.client() as ann:
        sign_in(ann, "Ann")
        r = ann.post("/account/tokens", data={"label": "x", "csrf_token": bo_token})
        assert r.status_code == 403
    assert _tokens(site) == []


def test_the_sign_in_form_needs_the_spectators_token(site: Site) -> None:
    with site.client() as client:
        r = client.post("/login", data={"name": "Ann", "password": PASSWORDS["Ann"]})
        assert r.status_code == 403 and "tb_session" not in r.headers.get("set-cookie", "")
        other = site.client()
        foreign = csrf_of(other)  # another browser's spectator token
        r = client.post("/login", data={"name": "Ann", "password": PASSWORDS["Ann"], "csrf_token": foreign})
        assert r.status_code == 403
        with session_scope(site.league.engine) as s:
            assert s.scalars(select(WebSession)).all() == []
        assert sign_in(client, "Ann").status_code == 303


def test_the_spectators_token_stays_the_same_across_pages_and_the_cookie_is_httponly(site: Site) -> None:
    with site.client() as client:
        first = client.get("/login")
        cookie = first.headers["set-cookie"]
        assert cookie.startswith("tb_anon=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
        token = csrf_of(client)
        assert "set-cookie" not in site.client().get("/static/htmx.min.js").headers  # files set no cookie
        assert token == csrf_of(client, "/login?next=/account")
        assert f'"X-CSRF-Token": "{token}"' in client.get("/").text


def test_logout_needs_the_token_too(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        assert ann.post("/logout").status_code == 403
        assert ann.get("/account").status_code == 200  # still signed in


def test_every_response_forbids_framing_sniffing_and_leaking_links(site: Site) -> None:
    with site.client() as client:
        for r in (client.get("/login"), client.post("/login", data={}), client.get("/api/shows"),
                  client.get("/no-such-page")):
            assert r.headers["x-frame-options"] == "DENY"
            assert r.headers["x-content-type-options"] == "nosniff"
            assert r.headers["referrer-policy"] == "same-origin"


def test_htmx_after_the_session_ended_keeps_the_page_and_says_to_sign_in(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        token = csrf_of(ann, "/account")
        site.league.clock.advance(days=15)
        r = ann.post("/account/tokens", data={"label": "x"}, headers={"HX-Request": "true", "X-CSRF-Token": token})
        assert r.status_code == 401 and 'target="_blank"' in r.text and "<html" not in r.text
        spectator_token = csrf_of(ann, "/login")
        r = ann.post("/account/tokens", data={"label": "x"},
                     headers={"HX-Request": "true", "X-CSRF-Token": spectator_token})
        assert r.status_code == 401 and 'target="_blank"' in r.text and "<html" not in r.text
    assert _tokens(site) == []


def test_an_oversized_post_is_refused_before_it_is_read_whole(site: Site) -> None:
    with site.client() as client:
        r = client.post("/login", content=b"x" * (3 * 1024 * 1024),
                        headers={"content-type": "application/x-www-form-urlencoded"})
        assert r.status_code == 413


def test_a_database_that_refuses_the_session_lookup_is_a_clear_503(site: Site,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.league.errors import DatabaseError
    from turnbuckle.league.services import accounts

    def busy(*_args: object) -> None:
        raise DatabaseError("the database refused the change: database is locked")

    with site.client() as ann:
        sign_in(ann, "Ann")
        monkeypatch.setattr(accounts, "find_session", busy)
        r = ann.get("/account")
        assert r.status_code == 503 and r.text == "the database refused the change: database is locked"


def test_the_roster_referee_and_title_forms_need_the_token(site: Site) -> None:
    from turnbuckle.league.models import Competitor, Referee, Title

    def counts() -> tuple[int, int, int]:
        with session_scope(site.league.engine) as s:
            return (len(s.scalars(select(Competitor.id)).all()), len(s.scalars(select(Referee.id)).all()),
                    len(s.scalars(select(Title.id)).all()))

    boxer = "name: Token Test\npower: 5\nspeed: 5\ntoughness: 5\n"
    posts = {"/roster/new/boxing": {"text": boxer}, "/roster/new-team": {"name": "Pair", "members": "1"},
             "/organiser/referees": {"kind": "sheet", "name": "Ref Token", "dq_threshold": "8"},
             "/organiser/titles": {"name": "Token Belt", "game": "boxing"}}
    before = counts()
    with site.client() as fran:
        sign_in(fran, "Fran")
        for path, data in posts.items():
            for sent in ({}, {"csrf_token": "wrong-token-" + "x" * 30}):
                r = fran.post(path, data={**data, **sent})
                assert r.status_code == 403, (path, r.status_code)
        assert counts() == before
        pages = {"/roster/new/boxing": "/roster/new/boxing", "/organiser/referees": "/organiser/referees",
                 "/organiser/titles": "/organiser/titles"}
        for path, page in pages.items():  # each form carries the token, and with it the post goes through
            r = fran.post(path, data={**posts[path], "csrf_token": csrf_of(fran, page)})
            assert r.status_code == 303, (path, r.status_code, r.text[:300])
    assert counts() == (before[0] + 1, before[1] + 1, before[2] + 1)
