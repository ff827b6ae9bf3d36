"""Issue 27's sheet pages: a competitor's sheet laid out as its rulebook prints it (with the
league's Push Level and injuries as of the last published show), the new-competitor editor's blank
start and Headlock's roll-up, and league competitors as sides in the score keeper."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import select

from tests.web.pages_support import ORGANISER, client_for, competitor_id, copy_demo
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.models import Competitor


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return copy_demo(tmp_path_factory.mktemp("sheets27"))


def _set(url: str, name: str, **values: int) -> None:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            comp = session.scalars(select(Competitor).where(Competitor.name == name)).one()
            for key, value in values.items():
                setattr(comp, key, value)
    finally:
        engine.dispose()


def _rows(html: str) -> dict[str, str]:
    """The sheet's (label, value) rows as the page shows them (last one wins per label)."""
    part = html.split('id="sheet"', 1)[1].split("</div>", 1)[0]
    return dict(re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", part))


def test_the_sheet_is_laid_out_with_the_leagues_push_level_and_injuries(url: str, tmp_path: Path) -> None:
    _set(url, "Friendly Sam", injuries=1, push_level=3)  # no show awaits publishing: these are published
    sam = competitor_id(url, "Friendly Sam")
    with client_for(url, "Bo") as client:  # Bo owns Sam
        page = client.get(f"/competitors/{sam}")
    assert page.status_code == 200
    assert '"stamina"' not in page.text  # no raw JSON
    assert "<h3>Style Defenses</h3>" in page.text
    rows = _rows(page.text)
    assert rows["Stamina"] == "10" and rows["High Spots"] == "3 (costs 9)" and rows["Cheating"] == "2(4)"
    assert rows["Injuries"] == "1" and rows["Push Level"] == "3"  # the league's, not the sheet's 0 and 1
    assert "<dt>Injury points</dt><dd>1</dd>" in page.text
    with client_for(url, "Ann") as client:  # not Sam's owner: the sheet he wrestled, not his sheet now
        other = client.get(f"/competitors/{sam}")
    assert "Public: as wrestled in show" in other.text and "<dt>Injury points</dt><dd>1</dd>" in other.text
    assert "Edit the sheet" not in other.text


def test_every_game_shows_its_own_layout_to_the_organiser(url: str) -> None:
    expect = {"The Rhino": ("Grapples", "DEF"), "Mika Sato": ("Abilities", "Toughness"),
              "The Goblin Swarm": ("Figures", "Power")}
    with client_for(url, ORGANISER) as client:
        for name, (heading, label) in expect.items():
            page = client.get(f"/competitors/{competitor_id(url, name)}")
            assert f"<h3>{heading}</h3>" in page.text, name
            assert label in _rows(page.text), name


def _editor_text(html: str) -> str:
    import html as markup

    found = re.search(r'<textarea id="text"[^>]*>(.*?)</textarea>', html, re.S)
    assert found, "no sheet editor on the page"
    return markup.unescape(found.group(1))


def test_a_new_competitor_starts_from_a_blank_sheet_in_any_game(url: str) -> None:
    import yaml

    with client_for(url, "Bo") as client:
        for game in ("matchmatch", "headlock", "boxing", "folkstyle", "deathmatch"):
            page = client.get(f"/roster/new/{game}?start=blank")
            assert page.status_code == 200, game
            sheet = yaml.safe_load(_editor_text(page.text))
            body = sheet.get("wrestler", sheet)
            assert body["name"] == "", game  # nothing of a sample's left to rename
            assert 'id="start-blank"' in client.get(f"/roster/new/{game}").text
        assert client.get("/roster/new/boxing?start=nonsense").status_code == 404


def test_roll_for_me_fills_the_headlock_editor_and_shows_the_rolls(url: str) -> None:
    import yaml

    with client_for(url, "Bo") as client:
        offer = client.get("/roster/new/headlock")
        assert 'id="roll-for-me"' in offer.text
        assert 'id="roll-for-me"' not in client.get("/roster/new/boxing").text  # boxers are written, not rolled
        page = client.get("/roster/new/headlock?start=roll&seed=7")
        again = client.get("/roster/new/headlock?start=roll&seed=7")
        fresh = client.get("/roster/new/headlock?start=roll")
    sheet = yaml.safe_load(_editor_text(page.text))
    rolls = re.findall(r"<li>([^<]*)</li>", page.text.split('id="rolls"', 1)[1].split("</section>", 1)[0])
    assert rolls[0] == f"ATK (d20): {sheet['atk']}" and rolls[3] == f"STA (d12): {sheet['sta']}"
    assert sheet["notes"] == "rolled from the dice"
    assert _editor_text(again.text) == _editor_text(page.text)  # the seed shown gives the same wrestler
    assert 'id="rolls"' in fresh.text and "Seed " in fresh.text
    assert 'class="ok valid"' in page.text.split('id="sheet-check"', 1)[1]  # a rolled wrestler is a legal one


def _uid(url: str, name: str) -> str:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            return session.scalars(select(Competitor.uid).where(Competitor.name == name)).one()
    finally:
        engine.dispose()


def test_the_score_keeper_offers_the_league_competitors_one_may_play(url: str) -> None:
    _set(url, "Friendly Sam", injuries=1, push_level=3)
    sam, bob = _uid(url, "Friendly Sam"), _uid(url, "Brother Bob")  # Bo's and Ann's
    with client_for(url, None) as client:
        assert "League competitors" not in client.get("/keeper?game=matchmatch").text
    with client_for(url, ORGANISER) as client:
        page = client.get("/keeper?game=matchmatch").text
        assert f'value="league:{sam}"' in page and f'value="league:{bob}"' in page
    with client_for(url, "Bo") as client:
        page = client.get("/keeper?game=matchmatch").text
        assert f'value="league:{sam}"' in page and f'value="league:{bob}"' not in page
        setup = {"game": "matchmatch", "action": "start", "side-2": "iron-ivan", "options": "", "entries": ""}
        started = client.post("/keeper/play", data={**setup, "side-1": f"league:{sam}"})
        refused = client.post("/keeper/play", data={**setup, "side-1": f"league:{bob}"})
    assert started.status_code == 200, started.text[:2000]
    assert "Friendly Sam" in started.text
    carried = re.search(r'<textarea name="sheet-1" hidden>(.*?)</textarea>', started.text, re.S)
    assert carried and "push_level: 3" in carried.group(1)  # as the league plays Sam (set above)
    assert refused.status_code == 400 and "that you may play" in refused.text
