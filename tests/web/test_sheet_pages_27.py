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
    with client_for(url, "Ann") as client:  # not Sam's owner: no sheet, as before
        other = client.get(f"/competitors/{sam}")
    assert 'id="sheet"' not in other.text and "<dt>Injury points</dt><dd>1</dd>" in other.text


def test_every_game_shows_its_own_layout_to_the_organiser(url: str) -> None:
    expect = {"The Rhino": ("Grapples", "DEF"), "Mika Sato": ("Abilities", "Toughness"),
              "The Goblin Swarm": ("Figures", "Power")}
    with client_for(url, ORGANISER) as client:
        for name, (heading, label) in expect.items():
            page = client.get(f"/competitors/{competitor_id(url, name)}")
            assert f"<h3>{heading}</h3>" in page.text, name
            assert label in _rows(page.text), name
