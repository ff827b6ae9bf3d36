"""Authorisation across the whole site: every route, page and API, as the wrong user (another
player, a spectator) by direct URL and by forged posts carrying a valid CSRF token of the
attacker's own browser; and a secret strategy that nobody but its owner ever reads before the
show runs. The routes are read from the app itself, so a new route is covered when it lands."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, open_show
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.backup import backup
from turnbuckle.league.db import session_scope
from turnbuckle.league.models import CardMatch, Competitor, Show
from turnbuckle.league.services import accounts, shows

SECRET = "SECRET-PLAN-ZX81"
STRATEGY = SAM_STRATEGY.replace("High flying.", f"{SECRET} high flying.")
#: Tools anyone may use without an account (the score keeper, the odds calculator): no one's object.
PUBLIC_TOOLS = ("/keeper", "/odds")
#: Anyone may ask for these: replaying a published show (its result is public, like the export).
PUBLIC_ACTIONS = ("/shows/{number}/verify",)
#: Under a public tool, yet the organiser's alone: saving a score-keeper match to the league.
ORGANISER_TOOLS = ("/keeper/save",)
#: Reached with a one-time token in the URL: the token is the authorisation (tested in test_accounts).
TOKEN_LINKS = ("/invite/", "/reset/", "/setup/", "/login", "/logout")
#: A member's own tools that read or write nobody else's object: checking a new sheet as it is typed,
#: marking all of one's own notices read, one's own notification settings.
OWN_TOOLS = ("/roster/new/{game}/check", "/notices/read",
             # one's own e-mail address, kinds of e-mail and private calendar addresses
             "/account/notifications/email", "/account/notifications/kinds", "/account/notifications/feeds")


def routes(app: FastAPI) -> list[tuple[str, str]]:
    """(method, path template) of every route of the app."""
    out = []
    for r in app.router.routes:
        contexts = getattr(r, "effective_route_contexts", None)
        items = contexts() if callable(contexts) else [r]
        for c in items:
            for method in sorted(getattr(c, "methods", None) or ()):
                if method != "HEAD":
                    out.append((method, str(getattr(c, "path", ""))))
    return out


class World:
    def __init__(self, site: Site) -> None:
        self.site = site
        self.number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
        with site.league.act("Ann") as ctx:
            shows.submit(ctx, self.number, 1, "Friendly Sam", STRATEGY)
            _, token = accounts.create_token(ctx, "ann's script")
            self.ann_token_id = token.id
        with session_scope(site.league.engine) as s:
            self.sam = s.scalars(select(Competitor.id).where(Competitor.name == "Friendly Sam")).one()
            self.comp_ids = list(s.scalars(select(Competitor.id)))
            self.numbers = [str(n) for n in s.scalars(select(Show.number))]
            self.positions = [str(p) for p in s.scalars(select(CardMatch.position).distinct())]

    def fill(self, path: str) -> str:
        """The template filled with Ann's objects (her wrestler, her token, the open show)."""
        values = {"number": self.number, "position": "1", "cid": str(self.sam), "competitor_id": str(self.sam),
                  "token_id": str(self.ann_token_id), "token": "x" * 43, "step": "lock", "job_id": "x" * 16,
                  "game": "matchmatch"}
        return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), "x"), path)

    def every_filling(self, path: str) -> list[str]:
        """The template filled every way the league allows (each show, position, competitor)."""
        filled = [path]
        for name, options in (("number", self.numbers), ("position", self.positions),
                              ("cid", [str(c) for c in self.comp_ids]),
                              ("competitor_id", [str(c) for c in self.comp_ids])):
            filled = [p.replace("{" + name + "}", o) for p in filled for o in options] if any(
                "{" + name + "}" in p for p in filled) else filled
        return [self.fill(p) for p in filled]

    def snapshot(self) -> dict[str, Any]:
        data = backup(self.site.league.engine)
        return data["tables"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    site = Site(tmp_path_factory.mktemp("authz"))
    yield World(site)
    site.close()


def _client(world: World, who: str | None) -> TestClient:
    client = world.site.client()
    if who is not None:
        assert sign_in(client, who).status_code == 303
    return client


FORGED_FIELDS = {"text": "Strategy: hijacked", "label": "stolen", "name": "Mallory", "sheet": "name: Hijack",
                 "current_password": "guess-guess", "new_password": "mallory-pass", "new_password2": "mallory-pass",
                 "game": "matchmatch", "show_date": "2026-12-01", "deadline": "2026-11-30 18:00",
                 # adding to the roster: for Ann (a player may add only for themselves), a referee, a title
                 "owner": "Ann", "kind": "sheet", "dq_threshold": "5", "bundled": "Sam Atan", "changes_on": "dq"}


@pytest.mark.parametrize("who", [None, "Bo"])
def test_forged_posts_to_anns_objects_change_nothing(world: World, who: str | None) -> None:
    before = world.snapshot()
    checked = []
    with _client(world, who) as client:
        token = csrf_of(client, "/login")
        for method, template in routes(world.site.app):
            if method == "GET" or template in PUBLIC_ACTIONS or (template.startswith(PUBLIC_TOOLS + TOKEN_LINKS)
                                                                 and template not in ORGANISER_TOOLS):
                continue
            if who is not None and template in ("/account/tokens", *OWN_TOOLS):
                continue  # making one's own token, checking one's own new sheet: allowed
            path = world.fill(template)
            if template.startswith("/api/"):
                r = client.request(method, path, headers={"X-CSRF-Token": token},
                                   json={"position": 1, "competitor_id": world.sam, "text": STRATEGY})
            else:
                r = client.request(method, path, data={**FORGED_FIELDS, "members": [str(world.sam)] * 2,
                                                       "csrf_token": token})
            allowed = {401, 303, 404} if who is None else {404, 422}
            assert r.status_code in allowed, (who, method, path, r.status_code, r.text[:200])
            checked.append(path)
    assert len(checked) >= 10
    assert world.snapshot() == before


@pytest.mark.parametrize("who", [None, "Bo"])
def test_anns_private_pages_read_as_missing_to_others(world: World, who: str | None) -> None:
    private = [f"/shows/{world.number}/matches/1/strategy/{world.sam}", f"/competitors/{world.sam}/sheet",
               f"/organiser/shows/{world.number}", "/organiser/shows/new", "/organiser/referees",
               "/organiser/titles"]
    with _client(world, who) as client:
        for path in private:
            r = client.get(path)
            assert r.status_code == 404, (who, path, r.status_code)
        r = client.get(f"/api/shows/{world.number}/strategies")
        assert (r.status_code, r.json() if who else None) == ((200, []) if who else (401, None))


def test_a_secret_strategy_reaches_its_owner_alone_before_the_show_runs(world: World) -> None:
    gets = [t for m, t in routes(world.site.app) if m == "GET" and not t.startswith(TOKEN_LINKS)]
    paths = sorted({p for t in gets for p in world.every_filling(t)})
    assert len(paths) > 30
    for who in (None, "Bo", "Fran"):
        with _client(world, who) as client:
            for path in paths:
                r = client.get(path)
                assert r.status_code < 500, (who, path, r.status_code)
                assert SECRET not in r.text, (who, path)
    with _client(world, "Ann") as ann:
        seen = [p for p in paths if SECRET in ann.get(p).text]
        assert f"/api/shows/{world.number}/strategies" in seen


def test_a_player_adds_to_the_roster_for_themselves_only(world: World) -> None:
    """Bo may add his own competitor, never one for Ann, nor a team that carries her wrestler's sheet."""
    before = world.snapshot()
    with _client(world, "Bo") as bo:
        token = csrf_of(bo, "/roster/new/boxing")
        sheet = "name: Bo's Ghost\npower: 5\nspeed: 5\ntoughness: 5\n"
        r = bo.post("/roster/new/boxing", data={"text": sheet, "owner": "Ann", "csrf_token": token})
        assert r.status_code == 404
        r = bo.post("/roster/new-team", data={"name": "Borrowed Pair", "members": [str(world.sam)] * 2,
                                              "csrf_token": token})
        assert r.status_code == 404  # Sam is Ann's: his sheet would ride in Bo's team
        page = bo.get("/roster/new/matchmatch")
        assert page.status_code == 200 and SECRET not in page.text
    assert world.snapshot() == before
