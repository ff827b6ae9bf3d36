"""Accounts over the web: invitation and sign-up, signing in and out, reset links, API tokens,
throttled sign-in, and a form that survives its session ending."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import select

from tests.web.support import PASSWORDS, Site, csrf_of, post_form, sign_in
from turnbuckle.league.credentials import digest
from turnbuckle.league.db import session_scope
from turnbuckle.league.models import AccountLink, ApiToken, Member, WebSession
from turnbuckle.league.services import accounts


def test_sign_in_sets_a_safe_cookie_and_logout_ends_the_server_session(site: Site) -> None:
    with site.client() as client:
        assert "Sign in" in client.get("/").text
        r = sign_in(client, "Ann")
        assert r.status_code == 303 and r.headers["location"] == "/"
        cookie = next(h for h in r.headers.get_list("set-cookie") if h.startswith("tb_session="))
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
        raw = client.cookies["tb_session"]
        assert "Ann" in client.get("/").text
        with session_scope(site.league.engine) as s:
            stored = s.scalars(select(WebSession.id_sha256)).all()
        assert stored == [digest(raw)]  # only the id's hash is kept
        r = post_form(client, "/logout", {}, page="/account")
        assert r.status_code == 303
        with session_scope(site.league.engine) as s:
            assert s.scalars(select(WebSession)).all() == []
        client.cookies.set("tb_session", raw, domain="testserver.local")  # the old cookie, replayed, is nobody
        assert client.get("/account").status_code == 303


def test_the_cookie_is_secure_over_https(site: Site) -> None:
    with site.client() as client:
        client.base_url = "https://testserver"
        r = sign_in(client, "Ann")
        cookie = next(h for h in r.headers.get_list("set-cookie") if h.startswith("tb_session="))
        assert "Secure" in cookie


def test_wrong_password_and_unknown_name_read_the_same(site: Site) -> None:
    with site.client() as client:
        a = sign_in(client, "Ann", "not-her-password")
        b = sign_in(client, "Nobody", "whatever-it-is")
        assert a.status_code == b.status_code == 401
        assert "wrong name or password" in a.text and "wrong name or password" in b.text
        assert "tb_session" not in client.cookies


def test_invite_sign_up_sign_in_and_the_link_works_once(site: Site) -> None:
    with site.client() as fran:
        sign_in(fran, "Fran")
        r = post_form(fran, "/account/invites", {"name": "Cy"})
        assert r.status_code == 200
        link = re.search(r'id="new-link">([^<]+)<', r.text)
        assert link
        path = link.group(1).replace("http://testserver", "")
    with session_scope(site.league.engine) as s:
        stored = s.scalars(select(AccountLink)).one()
        assert stored.token_sha256 not in path and path.split("/")[-1] not in stored.token_sha256
    with site.client() as cy:
        page = cy.get(path)
        assert page.status_code == 200 and "Cy" in page.text
        token = csrf_of(cy, path)
        bad = cy.post(path, data={"password": "cy-password", "password2": "other-pass", "csrf_token": token})
        assert bad.status_code == 422 and "differ" in bad.text
        r = cy.post(path, data={"password": "cy-password", "password2": "cy-password", "csrf_token": token})
        assert r.status_code == 303 and r.headers["location"] == "/"  # the league's home, not the tokens
        assert "Cy" in cy.get("/account").text
    with site.client() as other:
        assert other.get(path).status_code == 404  # spent
        assert sign_in(other, "Cy", "cy-password").status_code == 303
    with session_scope(site.league.engine) as s:
        cy_row = s.scalars(select(Member).where(Member.name == "Cy")).one()
        assert cy_row.role == "player" and cy_row.password_hash and cy_row.password_hash.startswith("$argon2")


def test_an_expired_invite_is_gone(site: Site) -> None:
    with site.league.act() as ctx:
        token = accounts.create_invite(ctx, None)
    site.league.clock.advance(days=8)
    with site.client() as client:
        assert client.get(f"/invite/{token}").status_code == 404


def test_a_player_cannot_invite_or_issue_resets(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        assert "Invite a player" not in ann.get("/account").text
        r = post_form(ann, "/account/invites", {"name": "Mallory"})
        assert r.status_code == 422 and "only the organiser" in r.text
        r = post_form(ann, "/account/resets", {"name": "Bo"})
        assert r.status_code == 422
    with session_scope(site.league.engine) as s:
        assert s.scalars(select(AccountLink)).all() == []


def test_a_reset_link_sets_a_new_password_once_and_ends_old_sessions(site: Site) -> None:
    with site.client() as bo:
        sign_in(bo, "Bo")
        assert bo.get("/account").status_code == 200
        with site.client() as fran:
            sign_in(fran, "Fran")
            r = post_form(fran, "/account/resets", {"name": "Bo"})
            link = re.search(r'id="new-link">([^<]+)<', r.text)
            assert link
            path = link.group(1).replace("http://testserver", "")
        with site.client() as anyone:
            token = csrf_of(anyone, path)
            r = anyone.post(path, data={"password": "bo-new-password", "password2": "bo-new-password",
                                        "csrf_token": token})
            assert r.status_code == 200 and "sign in" in r.text.lower()
            assert anyone.get(path).status_code == 404
            assert sign_in(anyone, "Bo").status_code == 401
            assert sign_in(anyone, "Bo", "bo-new-password").status_code == 303
        assert bo.get("/account").status_code == 303  # the old session ended with the reset


def test_api_tokens_are_shown_once_stored_hashed_and_revocable(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        r = post_form(ann, "/account/tokens", {"label": "phone"})
        token = re.search(r'id="new-token">([^<]+)<', r.text)
        assert token
        raw = token.group(1)
        assert raw.startswith("tb_") and r.headers["cache-control"] == "no-store"
        assert raw not in ann.get("/account").text  # shown once
        with session_scope(site.league.engine) as s:
            row = s.scalars(select(ApiToken)).one()
            assert row.token_sha256 == digest(raw) and raw not in row.token_sha256
        now = site.league.clock()
        with session_scope(site.league.engine) as s:
            who = accounts.member_for_token(s, raw, now)
            assert who is not None and who.name == "Ann"
        r = post_form(ann, f"/account/tokens/{row.id}/revoke", {})
        assert r.status_code == 303
        with session_scope(site.league.engine) as s:
            assert accounts.member_for_token(s, raw, now) is None
        assert "revoked" in ann.get("/account").text
    with site.client() as bo:  # another member's token id reads as not found
        sign_in(bo, "Bo")
        assert post_form(bo, f"/account/tokens/{row.id}/revoke", {}).status_code == 404


def test_throttling_per_account_with_a_clear_message_then_the_window_passes(site: Site) -> None:
    with site.client() as client:
        for _ in range(5):
            assert sign_in(client, "Ann", "wrong-password").status_code == 401
        r = sign_in(client, "Ann")  # even the right password is refused now
        assert r.status_code == 429
        assert "too many failed sign-ins for this account; try again in 15 minutes" in r.text
        assert sign_in(client, "Bo").status_code == 303  # another account is not locked out
        site.league.clock.advance(minutes=15, seconds=1)
        assert sign_in(client, "Ann").status_code == 303


def test_throttling_per_address(site: Site) -> None:
    with site.client() as client:
        for i in range(accounts.MAX_FAILURES_PER_ADDRESS):
            sign_in(client, f"guess{i}", "wrong-password")
        r = sign_in(client, "Fran")
        assert r.status_code == 429 and "for this address; try again in 2 seconds" in r.text
        site.league.clock.advance(seconds=2)  # slowed, not locked out: the right password then passes
        assert sign_in(client, "Fran").status_code == 303


def test_session_fixation_a_planted_session_id_is_replaced_at_sign_in(site: Site) -> None:
    with site.client() as mallory:
        sign_in(mallory, "Bo")
        planted = mallory.cookies["tb_session"]
    with site.client() as victim:
        victim.cookies.set("tb_session", planted, domain="testserver.local")  # a session id the attacker knows
        r = sign_in(victim, "Ann")
        assert r.status_code == 303
        fresh = victim.cookies["tb_session"]
        assert fresh != planted
    with site.client() as mallory:
        mallory.cookies.set("tb_session", planted, domain="testserver.local")
        assert mallory.get("/account").status_code == 303  # the planted session ended at sign-in
        mallory.cookies.set("tb_session", fresh, domain="testserver.local")
        assert "Ann" in mallory.get("/account").text  # (the fresh id is the victim's own secret)


def test_a_made_up_session_id_is_nobody(site: Site) -> None:
    with site.client() as client:
        client.cookies.set("tb_session", "x" * 43, domain="testserver.local")
        assert client.get("/account").status_code == 303


def test_an_expired_session_mid_form_keeps_the_input_through_sign_in(site: Site) -> None:
    with site.client() as ann:
        sign_in(ann, "Ann")
        token = csrf_of(ann, "/account")
        site.league.clock.advance(days=15)  # the session expires while the form is open
        r = ann.post("/account/tokens", data={"label": "kept label", "csrf_token": token})
        assert r.status_code == 401
        assert 'name="carry:label" value="kept label"' in r.text
        assert 'name="next" value="/account/tokens"' in r.text
        login_token = re.search(r'name="csrf_token" value="([^"]*)"', r.text)
        assert login_token
        r = ann.post("/login", data={"name": "Ann", "password": PASSWORDS["Ann"], "next": "/account/tokens",
                                     "carry:label": "kept label", "csrf_token": login_token.group(1)})
        assert r.status_code == 200 and "kept label" in r.text and 'action="/account/tokens"' in r.text
        resend = re.search(r'name="csrf_token" value="([^"]*)"', r.text)
        assert resend
        r = ann.post("/account/tokens", data={"label": "kept label", "csrf_token": resend.group(1)})
        assert r.status_code == 200 and 'id="new-token"' in r.text
    with session_scope(site.league.engine) as s:
        assert s.scalars(select(ApiToken.label)).all() == ["kept label"]


def test_a_signed_in_page_sends_a_spectator_to_sign_in_and_back(site: Site) -> None:
    with site.client() as client:
        r = client.get("/account?tab=tokens&x=1")
        assert r.headers["location"] == "/login?next=/account%3Ftab%3Dtokens%26x%3D1"
        assert 'name="next" value="/account?tab=tokens&amp;x=1"' in client.get(r.headers["location"]).text
        r = client.get("/account")
        assert r.status_code == 303 and r.headers["location"] == "/login?next=/account"
        token = csrf_of(client, "/login?next=/account")
        r = client.post("/login", data={"name": "Ann", "password": PASSWORDS["Ann"], "next": "/account",
                                        "csrf_token": token})
        assert r.headers["location"] == "/account"
        r = client.post("/login", data={"name": "Ann", "password": PASSWORDS["Ann"], "next": "//evil.example/",
                                        "csrf_token": csrf_of(client)})
        assert r.headers["location"] == "/"


def test_cli_style_set_password_needs_the_organiser(site: Site) -> None:
    from turnbuckle.league.errors import Forbidden

    with pytest.raises(Forbidden), site.league.act("Ann") as ctx:
        accounts.set_password(ctx, "Bo", "bo-hijacked-password")
    with site.league.act("Ann") as ctx:
        accounts.set_password(ctx, "Ann", "ann-second-password")
    with site.client() as client:
        assert sign_in(client, "Ann", "ann-second-password").status_code == 303
    assert timedelta(days=14) == accounts.SESSION_IDLE


def test_changing_ones_password_ends_other_sessions_and_keeps_this_one(site: Site) -> None:
    with site.client() as phone, site.client() as laptop:
        sign_in(phone, "Ann")
        sign_in(laptop, "Ann")
        r = post_form(laptop, "/account/password", {"current_password": "wrong-password",
                                                    "new_password": "ann-next-password",
                                                    "new_password2": "ann-next-password"})
        assert r.status_code == 422 and "current password is wrong" in r.text
        r = post_form(laptop, "/account/password", {"current_password": PASSWORDS["Ann"],
                                                    "new_password": "ann-next-password", "new_password2": "typo"})
        assert r.status_code == 422 and "differ" in r.text
        r = post_form(laptop, "/account/password", {"current_password": PASSWORDS["Ann"],
                                                    "new_password": "short", "new_password2": "short"})
        assert r.status_code == 422 and "at least 8 characters" in r.text
        r = post_form(laptop, "/account/password", {"current_password": PASSWORDS["Ann"],
                                                    "new_password": "ann-next-password",
                                                    "new_password2": "ann-next-password"})
        assert r.status_code == 303
        assert laptop.get("/account").status_code == 200  # this browser goes on, with a new session
        assert phone.get("/account").status_code == 303  # the other one is signed out
    with site.client() as client:
        assert sign_in(client, "Ann").status_code == 401
        assert sign_in(client, "Ann", "ann-next-password").status_code == 303
