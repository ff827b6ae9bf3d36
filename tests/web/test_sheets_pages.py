"""The sheet editor: the owner and the organiser edit a competitor's sheet as text, checked as it
is typed by the game's own validator (points left, every problem), saved through the league."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from sqlalchemy import select

from tests.web.pages_support import ORGANISER, client_for, competitor_id, copy_demo
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.models import Competitor


@pytest.fixture
def url(tmp_path: Path) -> str:
    return copy_demo(tmp_path)


def _sheet(url: str, cid: int) -> tuple[str, dict[str, object]]:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            c = session.scalars(select(Competitor).where(Competitor.id == cid)).one()
            return c.name, dict(c.sheet)
    finally:
        engine.dispose()


def _textarea(page: str) -> str:
    found = re.search(r'<textarea id="text"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "the editor has no sheet text box"
    return unescape(found.group(1))


def test_the_owner_and_the_organiser_open_the_editor_nobody_else(url: str) -> None:
    sam = competitor_id(url, "Friendly Sam")  # Bo's
    for who in ("Bo", ORGANISER):
        with client_for(url, who) as client:
            page = client.get(f"/competitors/{sam}/sheet")
        assert page.status_code == 200
        assert "name: Friendly Sam" in page.text and "stamina: 10" in page.text
        assert f'hx-post="/competitors/{sam}/sheet/check"' in page.text
        assert "0</strong> points left" in page.text and "Valid." in page.text
    for other in (None, "Ann"):
        with client_for(url, other) as client:
            assert client.get(f"/competitors/{sam}/sheet").status_code == 404
            assert client.post(f"/competitors/{sam}/sheet/check", data={"text": "x"}).status_code == 404
            assert client.post(f"/competitors/{sam}/sheet", data={"text": "x"}).status_code == 404


def test_live_check_gives_points_left_and_every_problem(url: str) -> None:
    sam = competitor_id(url, "Friendly Sam")
    mika = competitor_id(url, "Mika Sato")  # Ann's boxer
    with client_for(url, "Bo") as bo:
        yaml_text = _textarea(bo.get(f"/competitors/{sam}/sheet").text)
        over = bo.post(f"/competitors/{sam}/sheet/check", data={"text": yaml_text.replace("stamina: 10",
                                                                                           "stamina: 12")})
        assert over.status_code == 200 and "<html" not in over.text  # a fragment
        assert "-2</strong> points left" in over.text and "over the budget of 42" in over.text
        under = bo.post(f"/competitors/{sam}/sheet/check", data={"text": yaml_text.replace("stamina: 10",
                                                                                            "stamina: 7")})
        assert "3</strong> points left" in under.text and "spends 39 of 42 points" in under.text
        junk = bo.post(f"/competitors/{sam}/sheet/check", data={"text": "wrestler: [unclosed"})
        assert junk.status_code == 200 and 'class="problem problems"' in junk.text
    with client_for(url, "Ann") as ann:
        box = ann.post(f"/competitors/{mika}/sheet/check",
                       data={"text": "name: Mika Sato\npower: 9\nspeed: 5\ntoughness: 4\n"})
    assert "-3</strong> points left" in box.text and "over the budget" in box.text


def test_saving_a_valid_sheet_changes_it_and_a_bad_one_changes_nothing(url: str) -> None:
    sam = competitor_id(url, "Friendly Sam")
    with client_for(url, "Bo") as bo:
        yaml_text = _textarea(bo.get(f"/competitors/{sam}/sheet").text)
        bad = bo.post(f"/competitors/{sam}/sheet", data={"text": yaml_text.replace("stamina: 10", "stamina: 14")})
        assert bad.status_code == 400
        assert "over the budget of 42" in unescape(bad.text) and "stamina: 14" in bad.text  # kept
        assert _sheet(url, sam)[1]["wrestler"]["stamina"] == 10  # type: ignore[index]
        renamed = yaml_text.replace("name: Friendly Sam", "name: Friendly Samuel").replace("stamina: 10",
                                                                                         "stamina: 9")
        ok = bo.post(f"/competitors/{sam}/sheet", data={"text": renamed})
        assert ok.status_code == 200 and "Sheet saved." in ok.text
        empty = bo.post(f"/competitors/{sam}/sheet", data={"text": ""})
        assert empty.status_code == 400 and "the sheet is empty" in empty.text
    name, sheet = _sheet(url, sam)
    assert name == "Friendly Samuel" and sheet["wrestler"]["stamina"] == 9  # type: ignore[index]


def test_a_team_document_without_its_members_and_a_competitor_on_a_locked_card_are_refused(url: str) -> None:
    couple = competitor_id(url, "The Odd Couple")
    bob = competitor_id(url, "Brother Bob")  # Ann's, on show 3's card
    with client_for(url, "Ann") as ann:
        team = ann.post(f"/competitors/{couple}/sheet", data={"text": "team: {name: X}"})
        assert team.status_code == 400 and "must list the league wrestlers by name" in unescape(team.text)
        text = _textarea(ann.get(f"/competitors/{bob}/sheet").text)
    with client_for(url, ORGANISER) as org:
        assert org.post("/organiser/shows/3/lock", data={}).status_code == 200
    with client_for(url, "Ann") as ann:
        locked = ann.post(f"/competitors/{bob}/sheet", data={"text": text.replace("Brother Bob", "Brother Robert")})
    assert locked.status_code == 400 and "show 3, which is locked" in locked.text
    assert _sheet(url, bob)[0] == "Brother Bob"


def test_the_service_itself_refuses_another_players_competitor(url: str) -> None:
    from turnbuckle.league.context import context
    from turnbuckle.league.errors import Forbidden
    from turnbuckle.league.services.roster import replace_sheet
    from turnbuckle.rulesets.registry import get_ruleset

    engine = make_engine(url)
    try:
        with session_scope(engine) as session, pytest.raises(Forbidden, match="only its owner or the organiser"):
            replace_sheet(context(session, "Ann"), "Friendly Sam", get_ruleset("m2").sample("friendly-sam").text, "s")
    finally:
        engine.dispose()


def test_matchmatch_and_boxing_sheets_have_fields_checked_and_saved_like_text(url: str) -> None:
    sam = competitor_id(url, "Friendly Sam")
    mika = competitor_id(url, "Mika Sato")
    with client_for(url, "Bo") as bo:
        page = bo.get(f"/competitors/{sam}/sheet").text
        assert 'name="styles.high_flying" value="4"' in page and 'name="defenses.cheating" value="2"' in page
        fields = dict(re.findall(r'<input id="f-[^"]+" name="([^"]+)" value="([^"]*)"', page))
        assert fields["stamina"] == "10" and fields["name"] == "Friendly Sam"
        over = bo.post(f"/competitors/{sam}/sheet/check", data={**fields, "mode": "fields", "stamina": "13"})
        assert "-3</strong> points left" in over.text and "over the budget of 42" in over.text
        typo = bo.post(f"/competitors/{sam}/sheet", data={**fields, "mode": "fields", "high_spots": "lots"})
        assert typo.status_code == 400 and 'value="lots"' in typo.text  # kept as typed
        assert "high_spots" in unescape(typo.text) and "valid integer" in unescape(typo.text)
        saved = bo.post(f"/competitors/{sam}/sheet", data={**fields, "mode": "fields", "stamina": "8",
                                                           "styles.power": "3"})
        assert saved.status_code == 200 and "Sheet saved." in saved.text
    sheet = _sheet(url, sam)[1]["wrestler"]
    assert sheet["stamina"] == 8 and sheet["styles"]["power"] == 3  # type: ignore[index]
    with client_for(url, "Ann") as ann:
        page = ann.get(f"/competitors/{mika}/sheet").text
        fields = dict(re.findall(r'<input id="f-[^"]+" name="([^"]+)" value="([^"]*)"', page))
        assert set(fields) >= {"power", "speed", "toughness"}
        check = ann.post(f"/competitors/{mika}/sheet/check", data={**fields, "mode": "fields", "power": "3"})
    assert "2</strong> points left" in check.text and "under the budget" in check.text
    ash = competitor_id(url, "The Ash Court")  # Deathmatch: text only
    with client_for(url, "Ann") as ann:
        page = ann.get(f"/competitors/{ash}/sheet").text
    assert 'name="mode"' not in page and "0</strong> power left" in page
