"""The JSON API: public reads for anyone, strategies sent with a personal API token, the same
authorisation as the pages, and errors as one-line JSON with the right status."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, open_show
from tests.web.support import Site, sign_in
from turnbuckle.league.db import session_scope
from turnbuckle.league.models import Competitor, Submission
from turnbuckle.league.services import accounts


def token_for(site: Site, name: str) -> dict[str, str]:
    with site.league.act(name) as ctx:
        raw, _ = accounts.create_token(ctx, "tests")
    return {"Authorization": f"Bearer {raw}"}


def comp_id(site: Site, name: str) -> int:
    with session_scope(site.league.engine) as s:
        return s.scalars(select(Competitor.id).where(Competitor.name == name)).one()


def test_the_schema_describes_the_api_routes_and_models(site: Site) -> None:
    with site.client() as client:
        schema = client.get("/api/openapi.json").json()
    paths = schema["paths"]
    for path in ("/api/shows", "/api/shows/{number}", "/api/shows/{number}/results", "/api/standings",
                 "/api/competitors", "/api/competitors/{competitor_id}", "/api/shows/{number}/strategies", "/api/me"):
        assert path in paths, path
    assert "/login" not in paths and "/account" not in paths
    models = set(schema["components"]["schemas"])
    assert {"ShowOut", "CompetitorDetail", "StrategyIn", "SubmissionOut", "Problem"} <= models


def test_spectators_read_public_faces_and_only_owner_and_organiser_read_a_sheet(site: Site) -> None:
    sam = comp_id(site, "Friendly Sam")  # Ann's
    with site.client() as client:
        comps = client.get("/api/competitors").json()
        assert {c["name"] for c in comps} >= {"Friendly Sam", "Brother Bob", "Mika Sato"}
        row = next(c for c in comps if c["name"] == "Friendly Sam")
        assert row["game"] == "matchmatch" and row["weight_class"] and "sheet" not in row
        one = client.get(f"/api/competitors/{sam}").json()
        assert one["sheet"] is None and one["owner"] is None
        standings = client.get("/api/standings", params={"game": "boxing"}).json()
        assert {c["game"] for c in standings} == {"boxing"} and len(standings) == 2
        assert client.get("/api/standings", params={"game": "chess"}).status_code == 404
        assert client.get("/api/competitors/999999").json() == {"detail": "no competitor 999999"}
    for who, sees in (("Ann", True), ("Fran", True), ("Bo", False)):
        with site.client() as client:
            body = client.get(f"/api/competitors/{sam}", headers=token_for(site, who)).json()
            assert (body["sheet"] is not None) is sees, who
            assert (body["owner"] == "Ann") is sees


def test_send_a_strategy_with_a_token_and_only_its_owner_reads_it(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    sam = comp_id(site, "Friendly Sam")
    ann = token_for(site, "Ann")
    with site.client() as client:
        r = client.post(f"/api/shows/{number}/strategies", headers=ann,
                        json={"position": 1, "competitor_id": sam, "text": SAM_STRATEGY})
        assert r.status_code == 201, r.text
        sent = r.json()
        assert sent["text"] is None and len(sent["sha256"]) == 64 and sent["competitor"] == "Friendly Sam"
        mine = client.get(f"/api/shows/{number}/strategies", headers=ann).json()
        assert [m["text"] for m in mine] == [SAM_STRATEGY]
        assert client.get(f"/api/shows/{number}/strategies", headers=token_for(site, "Bo")).json() == []
        assert client.get(f"/api/shows/{number}/strategies", headers=token_for(site, "Fran")).json() == []
        assert client.get(f"/api/shows/{number}/strategies").status_code == 401
        for who, sees in (("Fran", True), ("Ann", True), ("Bo", False), (None, False)):
            headers = token_for(site, who) if who else {}
            card = client.get(f"/api/shows/{number}", headers=headers).json()["card"]
            side = next(sd for sd in card[0]["sides"] if sd["name"] == "Friendly Sam")
            assert (side["strategy_sent_at"] is not None) is sees, who
            assert SAM_STRATEGY.splitlines()[2] not in str(card)
    with session_scope(site.league.engine) as s:
        assert [x.text for x in s.scalars(select(Submission))] == [SAM_STRATEGY]


def test_api_refusals_are_one_line_json_with_the_right_status(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    sam, bob = comp_id(site, "Friendly Sam"), comp_id(site, "Brother Bob")
    url = f"/api/shows/{number}/strategies"
    ok = {"position": 1, "competitor_id": sam, "text": SAM_STRATEGY}
    with site.client() as client:
        r = client.post(url, json=ok)
        assert r.status_code == 401 and r.json()["detail"].startswith("sign in first")
        r = client.post(url, json=ok, headers={"Authorization": "Bearer tb_" + "x" * 43})
        assert r.status_code == 401 and "unknown or revoked" in r.json()["detail"]
        bo = token_for(site, "Bo")
        r = client.post(url, json=ok, headers=bo)  # Ann's wrestler, Bo's token
        assert r.status_code == 404 and r.json() == {"detail": f"you have no competitor {sam}"}
        r = client.post(url, json={**ok, "competitor_id": bob, "text": "Strategy: nonsense"}, headers=bo)
        assert r.status_code == 400 and "\n" not in r.json()["detail"]
        problems = r.json()["problems"]  # the same, as data: each problem's text, line and part
        assert [(p["line"], p["field"]) for p in problems] == [(1, None)]
        assert r.json()["detail"] == f"strategy for Brother Bob: {problems[0]['problem']}"
        r = client.post(url, json={"position": 1, "competitor_id": "x"}, headers=bo)
        assert r.status_code == 422 and isinstance(r.json()["detail"], str)
        for smuggled in ({"grid": "Br Ch Br / Ch Br Ch / Br Ch Br"}, {"options": {"rounds": 1}},
                         {"referee": "Zero Tolerance"}, {"sheet": {"push_level": 5}}):  # only the side's choices
            r = client.post(url, json={**ok, "competitor_id": bob, **smuggled}, headers=bo)
            assert r.status_code == 422 and next(iter(smuggled)) in r.json()["detail"]
        r = client.post(url, content=b"{not json", headers={**bo, "content-type": "application/json"})
        assert r.status_code == 422
        assert client.post("/api/shows/99/strategies", json=ok, headers=bo).status_code == 404
        site.league.clock.advance(days=2)
        r = client.post(url, json={**ok, "competitor_id": bob, "text": SAM_STRATEGY.replace("Sam", "Bob")},
                        headers=bo)
        assert r.status_code == 400 and "is locked" in r.json()["detail"]  # locked as its deadline passed
        assert r.json()["problems"] == [{"problem": r.json()["detail"], "line": None, "field": None}]
        assert client.get(f"/api/shows/{number}/results").status_code == 404  # not run yet
        assert client.get("/api/shows/12345678901234567890").status_code in (404, 422)
    with session_scope(site.league.engine) as s:
        assert s.scalars(select(Submission)).all() == []


def test_a_draft_show_is_the_organisers_alone(site: Site) -> None:
    from turnbuckle.league.services import shows

    with site.league.act() as ctx:
        s = shows.create_show(ctx, "Secret Draft", "2026-11-20", site.league.clock.now + timedelta(days=3))
        number = s.number
    with site.client() as client:
        assert client.get(f"/api/shows/{number}").status_code == 404
        assert all(x["number"] != number for x in client.get("/api/shows").json())
        assert client.get(f"/api/shows/{number}", headers=token_for(site, "Ann")).status_code == 404
        organiser = client.get(f"/api/shows/{number}", headers=token_for(site, "Fran"))
        assert organiser.status_code == 200 and organiser.json()["name"] == "Secret Draft"


def test_a_signed_in_browser_posting_to_the_api_needs_the_csrf_token(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    ok = {"position": 1, "competitor_id": comp_id(site, "Friendly Sam"), "text": SAM_STRATEGY}
    with site.client() as client:
        sign_in(client, "Ann")
        r = client.post(f"/api/shows/{number}/strategies", json=ok)
        assert r.status_code == 403 and "CSRF" in r.json()["detail"]
        token = _page_token(client)
        r = client.post(f"/api/shows/{number}/strategies", json=ok, headers={"X-CSRF-Token": token})
        assert r.status_code == 201


def _page_token(client: TestClient) -> str:
    import re

    found = re.search(r'"X-CSRF-Token": "([^"]+)"', client.get("/").text)
    assert found
    return found.group(1)


def test_results_are_public_once_published_and_the_organisers_once_run(site: Site) -> None:
    from turnbuckle.league.services import running, shows

    number = open_show(site.league, [("boxing", ["Mika Sato", "Rico Vance"])])
    site.league.clock.advance(days=1, minutes=1)
    with site.league.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
    fran, bo = token_for(site, "Fran"), token_for(site, "Bo")
    with site.client() as client:
        assert client.get(f"/api/shows/{number}/results").status_code == 404
        assert client.get(f"/api/shows/{number}/results", headers=bo).status_code == 404
        ran = client.get(f"/api/shows/{number}/results", headers=fran)
        assert ran.status_code == 200
        unpublished = client.get(f"/api/shows/{number}").json()
        # the seed comes with the results: with it, public sheets and the manifest, anyone could play a
        # boxing card's results before they are published
        assert unpublished["seed"] is None and unpublished["writeup"] == ""
        assert client.get(f"/api/shows/{number}", headers=bo).json()["seed"] is None
        assert client.get(f"/api/shows/{number}", headers=fran).json()["seed"] is not None
        with site.league.act() as ctx:
            running.publish(ctx, number, "A night of boxing.")
        public = client.get(f"/api/shows/{number}/results")
        assert public.status_code == 200 and public.json() == ran.json()
        [match] = public.json()
        assert match["game"] == "boxing" and sorted(match["sides"]) == ["Mika Sato", "Rico Vance"]
        assert match["winner"] in (*match["sides"], None) and match["method"]
        assert "A night of boxing." in client.get(f"/api/shows/{number}").json()["writeup"]
