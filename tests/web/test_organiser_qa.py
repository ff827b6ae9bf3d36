"""The organiser's weekly job on the web, as found in a quality pass: a card form sent from a page
loaded before the show locked (the deadline passed meanwhile, or another tab locked it) is refused
with a line saying why, not the same page again with a bare 400."""

from __future__ import annotations

from html import unescape

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from tests.league.helpers import open_show
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.services import shows


def post(client: TestClient, path: str, data: dict[str, str] | None = None) -> httpx.Response:
    return client.post(path, data={**(data or {}), "csrf_token": csrf_of(client, "/login")})


EDIT = {"side1": "Friendly Sam", "side2": "Brother Bob", "match_type": "cage", "referee": "", "title": "",
        "options": ""}


@pytest.mark.parametrize(("path", "data"), [
    ("matches/1/edit", EDIT),
    ("matches/1/move", {"to": "1"}),
    ("matches/1/remove", {}),
    ("matches", {"game": "m2", "side1": "Iron Ivan", "side2": "Lady Lightning"}),
    ("deadline", {"deadline": "2099-01-01 10:00"}),
])
def test_a_card_form_sent_after_lock_says_the_show_is_locked(site: Site, path: str, data: dict[str, str]) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act() as ctx:
        shows.lock(ctx, number)
    with site.client() as fran:
        assert sign_in(fran, "Fran").status_code == 303
        refused = post(fran, f"/organiser/shows/{number}/{path}", data)
        assert refused.status_code == 400
        assert f"show {number} is locked" in unescape(refused.text)
        assert 'class="problem form-problem" role="alert"' in refused.text
    with site.league.act() as ctx:
        s = shows.show(ctx, number)
        assert s.status == "locked" and [m.options for m in s.matches] == [{}]
