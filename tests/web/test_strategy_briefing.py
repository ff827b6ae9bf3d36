"""Issue 27: the strategy page tells a player what the rulebook says they are told (the opponent's
public information, the referee and DQ threshold with Ref Slack, the match type, the grid pick,
their own sheet, Push Level and injuries as published, the deadline), the API gives the same to
the side's owner, and the strategy is checked live with submit's own messages."""

from __future__ import annotations

from html import unescape

from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, open_show
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.models import Competitor, Submission
from turnbuckle.league.services import accounts, briefing

#: Friendly Sam's strategy picking a row: he is named first, so it is refused.
ROW_PICK = SAM_STRATEGY.replace("Grid B", "Grid 2")


def member(site: Site, name: str) -> TestClient:
    client = site.client()
    assert sign_in(client, name).status_code == 303
    return client


def test_the_page_and_the_api_brief_the_side_and_the_check_refuses_a_wrong_pick_live(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act() as ctx:
        who = {str(n): int(i) for n, i in ctx.session.execute(select(Competitor.name, Competitor.id))}
    sam, bob = who["Friendly Sam"], who["Brother Bob"]
    path = f"/shows/{number}/matches/1/strategy/{sam}"
    with member(site, "Ann") as ann:
        page = unescape(ann.get(path).text)
        assert "Your opponent" in page and "Brother Bob" in page and "Heavyweight" in page
        assert "Sheet not public: Brother Bob has not wrestled in a published show yet." in page
        assert "Your DQ threshold" in page and "Match type" in page and "Standard" in page
        assert "Injuries carried in" in page and "Special rounds" in page and "Your sheet" in page
        assert f'hx-post="/shows/{number}/matches/1/strategy/{sam}/check"' in page
        token = csrf_of(ann, path)
        wrong = ann.post(f"{path}/check", data={"text": ROW_PICK, "csrf_token": token})
        assert wrong.status_code == 200
        assert "this side is named first, so it picks the grid's column" in unescape(wrong.text)
        by_form = ann.post(f"{path}/check", data={"plus1": "High Flying", "plus2": "Technical", "minus": "Brawling",
                                                  "grid": "2", "csrf_token": token})
        assert "picks the grid's column" in unescape(by_form.text)
        right = ann.post(f"{path}/check", data={"text": SAM_STRATEGY, "csrf_token": token})
        assert "Fits this match" in right.text and "problem" not in right.text
        # Bob's side is not Ann's: its page and its check are not found
        assert ann.post(f"/shows/{number}/matches/1/strategy/{bob}/check",
                        data={"text": SAM_STRATEGY, "csrf_token": token}).status_code == 404
    with site.league.act() as ctx:
        assert ctx.session.scalars(select(Submission)).first() is None  # checking stores nothing
        briefing.set_public_sheets(ctx, "sheet")
    with member(site, "Ann") as ann:
        assert "Sheet (public in this league)" in unescape(ann.get(path).text)
    with site.league.act("Ann") as ctx:
        raw, _ = accounts.create_token(ctx, "tests", ["read"])
    api = f"/api/shows/{number}/matches/1/briefing"
    with site.client() as client:
        got = client.get(api, params={"competitor_id": sam}, headers={"Authorization": f"Bearer {raw}"})
        assert got.status_code == 200, got.text
        body = got.json()
        assert body["grid_pick"] == "column" and body["sheet"]["wrestler"]["name"] == "Friendly Sam"
        assert [o["name"] for o in body["opponents"]] == ["Brother Bob"]
        assert body["opponents"][0]["sheet"]["wrestler"]["name"] == "Brother Bob"
        assert {f["label"] for f in body["facts"]} >= {"Referee", "Your DQ threshold", "Match type", "High Spots"}
        other = client.get(api, params={"competitor_id": bob}, headers={"Authorization": f"Bearer {raw}"})
        assert other.status_code == 404


def test_the_settings_page_is_the_organisers_and_says_what_is_public_either_way(site: Site) -> None:
    with member(site, "Ann") as ann:
        assert ann.get("/organiser/settings").status_code == 404
    with member(site, "Fran") as fran:
        assert 'href="/organiser/settings"' in fran.get("/").text
        page = unescape(fran.get("/organiser/settings").text)
        assert 'value="weight" checked' in page and "verify" in page and "published show" in page
        token = csrf_of(fran, "/organiser/settings")
        bad = fran.post("/organiser/settings", data={"public_sheets": "everything", "csrf_token": token})
        assert bad.status_code == 400 and "one of weight, sheet" in unescape(bad.text)
        ok = fran.post("/organiser/settings", data={"public_sheets": "sheet", "csrf_token": token})
        assert ok.status_code == 200 and 'value="sheet" checked' in ok.text
    with site.league.act() as ctx:
        assert ctx.league.public_sheets == "sheet"
