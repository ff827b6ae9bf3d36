"""The strategy page and the API against the grid fixed when the show opened: the page shows the
match's 3x3 grid and which pick this side makes (the first side a column, the second a row, a
third none); a pick on the wrong axis, a third side's pick, or a strategy written for another grid
is refused beside the grid field (the pasted box: under it) and as the API's one-line reason; a
strategy sent before the organiser changed its match is marked stale until it is sent again."""

from __future__ import annotations

from html import unescape

import httpx2 as httpx
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, open_show
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.models import Competitor, Submission
from turnbuckle.league.services import accounts, card, shows

ALL_CHEAT = "Br Ch Br / Ch Br Ch / Br Ch Br"
#: Brother Bob's strategy with no grid pick (the rulebook's layout).
BOB_PLAIN = "Strategy: +Cheating +Brawling -MA\nRound\tTarget\tType\tNotes\n1\tMA\tNormal\tSmack.\n"


def printed(grid: str) -> str:
    """A strategy that prints the grid it was written for (and picks column B)."""
    rows = "\n".join(f"{i}\t" + "\t".join(r.split()) for i, r in enumerate(grid.split(" / "), start=1))
    return (f"Strategy: +High Flying +Technical -Brawl, Grid B\n\tA\tB\tC\n{rows}\n"
            "Round\tTarget\tType\tNotes\n1\tStam\tHigh Spot\tUp top.\n")


def ids(site: Site) -> dict[str, int]:
    with site.league.act() as ctx:
        return {str(name): int(cid) for name, cid in ctx.session.execute(select(Competitor.name, Competitor.id))}


def member(site: Site, name: str) -> TestClient:
    client = site.client()
    assert sign_in(client, name).status_code == 303
    return client


def post(client: TestClient, path: str, data: dict[str, str]) -> httpx.Response:
    return client.post(path, data={**data, "csrf_token": csrf_of(client, "/login")})


def three_sided(site: Site) -> tuple[str, str]:
    """An open show whose match 1 is Iron Ivan (Ann's, first), Brother Bob (Bo's, second) and Friendly
    Sam (Ann's, third); its number and the match's grid."""
    number = open_show(site.league, [("m2", ["Iron Ivan", "Brother Bob", "Friendly Sam"])])
    with site.league.act() as ctx:
        grid = shows.show(ctx, number).matches[0].grid
    assert grid
    return number, grid


def test_the_page_shows_the_grid_and_the_pick_each_side_makes(site: Site) -> None:
    number, grid = three_sided(site)
    who = ids(site)
    path = f"/shows/{number}/matches/1/strategy/{{}}"
    with member(site, "Ann") as ann:
        first = unescape(ann.get(path.format(who["Iron Ivan"])).text)
        third = unescape(ann.get(path.format(who["Friendly Sam"])).text)
    with member(site, "Bo") as bo:
        second = unescape(bo.get(path.format(who["Brother Bob"])).text)
    for page in (first, second, third):
        assert f'<table class="grid" data-grid="{grid}">' in page and "fixed when the show opened" in page
    assert "You are named first: pick a column, A–C." in first
    assert '<select id="grid" name="grid"><option value="">—</option><option>A</option>' in first
    assert "You are named second: pick a row, 1–3." in second
    assert "<option>1</option><option>2</option><option>3</option>" in second and "<option>A</option>" not in second
    assert "You are named third or later: you make no grid pick" in third and 'name="grid"' not in third


def test_a_pick_on_the_wrong_axis_or_by_a_third_side_is_refused_beside_the_grid(site: Site) -> None:
    number, _grid = three_sided(site)
    who = ids(site)
    path = f"/shows/{number}/matches/1/strategy/{{}}"
    rows = {"plus1": "Cheating", "plus2": "Brawling", "minus": "Martial Arts",
            "round1": "1", "target1": "Martial Arts", "type1": "Normal", "notes1": "Smack."}
    with member(site, "Bo") as bo:
        column = post(bo, path.format(who["Brother Bob"]), {**rows, "grid": "B"})  # named second: a row
        assert column.status_code == 400
        assert ('data-field="grid">this side is named second, so it picks the grid\'s row (a number 1-3), '
                "not a column") in unescape(column.text)
        assert "<option selected>Cheating</option>" in column.text  # everything chosen is kept
        pasted = post(bo, path.format(who["Brother Bob"]), {"text": BOB_PLAIN.replace("-MA", "-MA, Grid A")})
        assert pasted.status_code == 400
        body = unescape(pasted.text)
        assert 'class="problem problems" data-field="text"><li>this side is named second' in body
    with member(site, "Ann") as ann:
        third = post(ann, path.format(who["Friendly Sam"]), {"text": SAM_STRATEGY})  # 'Grid B' from a third side
        assert third.status_code == 400 and "only the first two sides choose on the grid" in unescape(third.text)
        other = post(ann, path.format(who["Iron Ivan"]), {"text": printed(ALL_CHEAT)})
        assert other.status_code == 400
        assert f"written for the grid '{ALL_CHEAT}', but this match's grid is" in unescape(other.text)
        ok = post(ann, path.format(who["Iron Ivan"]), {"text": SAM_STRATEGY})  # first side, Grid B: a column
        assert ok.status_code == 200 and "Strategy received" in ok.text
    with site.league.act() as ctx:
        assert [s.text for s in ctx.session.scalars(select(Submission))] == [SAM_STRATEGY]


def test_the_api_gives_the_grid_refusal_as_its_reason(site: Site) -> None:
    number, grid = three_sided(site)
    who = ids(site)
    with site.league.act("Bo") as ctx:
        raw, _ = accounts.create_token(ctx, "tests")
    bo = {"Authorization": f"Bearer {raw}"}
    url = f"/api/shows/{number}/strategies"
    with site.client() as client:
        card_json = client.get(f"/api/shows/{number}").json()
        assert card_json["card"][0]["grid"] == grid
        assert [s["grid_pick"] for s in card_json["card"][0]["sides"]] == ["column", "row", "none"]
        r = client.post(url, headers=bo, json={"position": 1, "competitor_id": who["Brother Bob"],
                                                "text": BOB_PLAIN.replace("-MA", "-MA, Grid C")})
        assert r.status_code == 400
        assert "this side is named second, so it picks the grid's row" in r.json()["detail"]
        r = client.post(url, headers=bo, json={"position": 1, "competitor_id": who["Brother Bob"],
                                                "text": printed(ALL_CHEAT).replace("Grid B", "Grid 2")})
        assert r.status_code == 400 and f"written for the grid '{ALL_CHEAT}'" in r.json()["detail"]
        r = client.post(url, headers=bo, json={"position": 1, "competitor_id": who["Brother Bob"],
                                                "text": BOB_PLAIN.replace("-MA", "-MA, Grid 2")})
        assert r.status_code == 201 and r.json()["stale"] is False


def test_a_strategy_sent_before_the_organiser_changed_its_match_is_marked_stale(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    sam = ids(site)["Friendly Sam"]
    with site.league.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
        raw, _ = accounts.create_token(ctx, "tests")
    ann_api = {"Authorization": f"Bearer {raw}"}
    site.league.clock.advance(hours=2)
    with site.league.act() as ctx:
        card.edit_match(ctx, number, 1, options={"type": "cage"})
        edited = ctx.local(site.league.clock.now)
    path = f"/shows/{number}/matches/1/strategy/{sam}"
    with member(site, "Ann") as ann:
        page = unescape(ann.get(path).text)
        assert f"Stale: the organiser changed this match at {edited}" in page
        assert "stale: the match changed after you sent it" in unescape(ann.get("/").text)
        assert f"stale: the organiser changed this match at {edited}" in unescape(ann.get(f"/shows/{number}").text)
        mine = ann.get(f"/api/shows/{number}/strategies", headers=ann_api).json()
        assert [s["stale"] for s in mine] == [True]
        sides = ann.get(f"/api/shows/{number}", headers=ann_api).json()["card"][0]["sides"]
        assert [s["strategy_stale"] for s in sides] == [True, None]  # Bob's is not Ann's to know about
        site.league.clock.advance(minutes=5)
        again = post(ann, path, {"text": SAM_STRATEGY.replace("High flying.", "High flying, in a cage.")})
        assert again.status_code == 200 and "Stale:" not in again.text
        assert [s["stale"] for s in ann.get(f"/api/shows/{number}/strategies", headers=ann_api).json()] == [False]
    with site.client() as spectator:
        assert "stale" not in spectator.get(f"/shows/{number}").text  # nobody else learns of it
