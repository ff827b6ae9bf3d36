"""Saving a score-keeper match to the league from the browser: the finished page offers "Save to
league" to a signed-in organiser only; a player or a spectator who posts it anyway gets 404; a
tampered record or a wrong pick is refused with the page kept; a saved match is public on its own
page, on its competitors' pages and in the history, and a "roll for me" answer keeps its seed."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from sqlalchemy import func, select

from tests.web.support import Site, sign_in
from tests.web.test_keeper import Forms
from turnbuckle.league.models import Competitor, TableMatch

ACTIONS = {"setup": "/keeper/play", "keeper": "/keeper/play", "save-form": "/keeper/save"}


@pytest.fixture
def site(site: Site) -> Site:
    """The shared fresh league, with the keeper's seeds in a known order."""
    seeds = iter(range(500, 100000))
    site.app.state.keeper_seeds = lambda: next(seeds)
    return site


def post(client: TestClient, page: Response, form: str, **fields: str) -> Response:
    data = Forms(page.text).forms[form] | fields
    return client.post(ACTIONS[form], data=data)


def finished_bout(client: TestClient, roll_first: bool = False) -> Response:
    """Mika Sato against Rico Vance played to the end, by typed dice (the first roll by the server
    when ``roll_first``: its faces then differ from the seeded bout's, so the rest is typed to the end)."""
    page = client.get("/keeper?game=boxing")
    page = post(client, page, "setup", **{"side-1": "all-rounder", "side-2": "glass-cannon"}, options="rounds=2")
    assert page.status_code == 200, page.text
    if roll_first:
        page = post(client, page, "keeper", action="roll")
        assert "Rolled for you" in page.text
    for _ in range(400):
        if 'id="result"' in page.text:
            return page
        fields = Forms(page.text).forms["keeper"]
        want = page.text.split('placeholder="', 1)[1].split(" ", 1)[0] if 'placeholder="' in page.text else "1"
        page = post(client, page, "keeper", action="enter", answer=" ".join(["4"] * int(want)))
        assert page.status_code == 200, (fields, page.text[:300])
    raise AssertionError("the bout did not end")


def saved_count(site: Site) -> int:
    with site.league.act() as ctx:
        return int(ctx.session.scalar(select(func.count()).select_from(TableMatch)) or 0)


def test_the_organiser_saves_a_finished_bout_and_it_is_public(site: Site) -> None:
    with site.client() as client:
        assert sign_in(client, "Fran").status_code == 303
        page = finished_bout(client, roll_first=True)
        forms = Forms(page.text).forms
        assert "save-form" in forms and "csrf_token" in forms["save-form"]
        form = forms["save-form"]
        with site.league.act() as ctx:
            uids = {str(row[0]): str(row[1]) for row in ctx.session.execute(select(Competitor.name, Competitor.uid))}
        assert (form["competitor-1"], form["competitor-2"]) == (uids["Mika Sato"], uids["Rico Vance"])
        assert form["seeds"] == "0=500"
        done = post(client, page, "save-form")
        assert done.status_code == 303, done.text[:500]
        where = done.headers["location"]
    assert saved_count(site) == 1
    with site.league.act() as ctx:
        m = ctx.session.scalars(select(TableMatch)).one()
        assert m.entries[0]["seed"] == 500 and all(g["seed"] is None for g in m.entries[1:])
        assert [sd.competitor.name for sd in m.sides if sd.competitor] == ["Mika Sato", "Rico Vance"]
        mika = ctx.session.scalars(select(Competitor).where(Competitor.name == "Mika Sato")).one()
        assert mika.wins + mika.losses + mika.draws == 1
    with site.client() as spectator:
        shown = spectator.get(where.split("?")[0])
        assert shown.status_code == 200 and "Mika Sato" in shown.text and "no committed seed" in shown.text
        record = spectator.get(f"{where.split('?')[0]}/record.json")
        assert record.status_code == 200 and record.json() == m.record
        comp_page = spectator.get(f"/competitors/{mika.id}").text
        assert f"/table-matches/{m.uid}" in comp_page
        assert f"{mika.wins} won, {mika.losses} lost, {mika.draws} drawn" in comp_page
        assert f"/table-matches/{m.uid}" in spectator.get("/history?kind=table").text


@pytest.mark.parametrize("who", [None, "Bo"])
def test_only_the_organiser_is_offered_the_save_and_others_posting_it_get_404(site: Site, who: str | None) -> None:
    with site.client() as fran:
        assert sign_in(fran, "Fran").status_code == 303
        organisers = finished_bout(fran)
        save = Forms(organisers.text).forms["save-form"]
    with site.client() as client:
        if who is not None:
            assert sign_in(client, who).status_code == 303
        page = finished_bout(client)
        forms = Forms(page.text).forms
        assert "save-form" not in forms and "download-form" in forms
        forged = client.post("/keeper/save", data={**save, "csrf_token": forms["keeper"]["csrf_token"]})
        assert forged.status_code == 404
    assert saved_count(site) == 0


def test_a_tampered_record_or_a_bad_pick_is_refused_with_the_page_kept(site: Site) -> None:
    with site.client() as client:
        assert sign_in(client, "Fran").status_code == 303
        page = finished_bout(client)
        form = Forms(page.text).forms["save-form"]
        tampered = form["record"].replace('"summary": "', '"summary": "Forged: ', 1)
        assert tampered != form["record"]
        refused = post(client, page, "save-form", record=tampered)
        assert refused.status_code == 400
        assert "does not replay from its entries" in refused.text and 'id="save-problems"' in refused.text
        twice = post(client, page, "save-form", **{"competitor-2": form["competitor-1"]})
        assert twice.status_code == 400 and "already takes side 1" in twice.text
        kept = Forms(twice.text).forms["save-form"]
        assert kept["competitor-2"] == form["competitor-1"] and kept["entries"] == form["entries"]
        assert post(client, page, "save-form", record="{not json").status_code == 400
    assert saved_count(site) == 0
