"""New passwords: the 10,000 most common (a list shipped with the package) and those made only of
blank characters are refused wherever a password is set, each with the reason."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from tests.web.support import Site, csrf_of, post_form, sign_in
from turnbuckle.league import credentials
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.services import accounts

COMMON = "the 10,000 most common passwords"
BLANK = "only spaces"


def test_the_shipped_list_says_where_it_came_from_and_holds_10000_passwords() -> None:
    text = resources.files("turnbuckle.league").joinpath("data/common-passwords.txt").read_text("utf-8")
    header = [line for line in text.splitlines() if line.startswith("# ")]
    assert any("Django" in line for line in header) and any("Royce Williams" in line for line in header)
    assert len(credentials._common_passwords()) == 10_000
    for word in ("password", "123456789", "iloveyou", "#1bitch"):  # the last begins like a comment, yet is one
        assert credentials.is_common(word)
    assert credentials.is_common("  PassWord1 ") and not credentials.is_common("ann-password")


@pytest.mark.parametrize(("password", "why"), [("password1", COMMON), ("qwertyuiop", COMMON),
                                               (" " * 12, BLANK), ("\t \u00a0 \n   ", BLANK)])
def test_the_services_refuse_common_and_blank_passwords(site: Site, password: str, why: str) -> None:
    with pytest.raises(LeagueError, match=why), site.league.act() as ctx:
        accounts.set_password(ctx, "Ann", password)


def test_sign_up_reset_and_change_say_why_a_password_is_refused(site: Site) -> None:
    with site.league.act() as ctx:
        invite = accounts.create_invite(ctx, "Cy")
        reset = accounts.create_reset(ctx, "Bo")
    with site.client() as cy:
        token = csrf_of(cy, f"/invite/{invite}")
        r = cy.post(f"/invite/{invite}", data={"password": "baseball1", "password2": "baseball1", "csrf_token": token})
        assert r.status_code == 422 and COMMON in r.text
        r = cy.post(f"/invite/{invite}", data={"password": " " * 10, "password2": " " * 10, "csrf_token": token})
        assert r.status_code == 422 and BLANK in r.text
    with site.client() as bo:
        token = csrf_of(bo, f"/reset/{reset}")
        r = bo.post(f"/reset/{reset}", data={"password": "sunshine", "password2": "sunshine", "csrf_token": token})
        assert r.status_code == 422 and COMMON in r.text
    with site.client() as ann:
        sign_in(ann, "Ann")
        r = post_form(ann, "/account/password", {"current_password": "ann-password", "new_password": "superman",
                                                 "new_password2": "superman"})
        assert r.status_code == 422 and COMMON in r.text
        assert re.search(r"choose a longer one of your own", r.text)
        assert sign_in(ann, "Ann").status_code == 303  # the old password still works
