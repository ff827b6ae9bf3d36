"""What only MatchMatch has (written strategies, Push Levels, weight classes) reaches these pages
through the game's hooks (``RulesetInfo`` flags, ``Ruleset.public_facts``): none of the files
cleaned of it names MatchMatch's ruleset id again."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from tests.web.pages_support import ORGANISER, client_for, copy_demo
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

WEB = Path(__file__).resolve().parents[2] / "src" / "turnbuckle" / "web"
#: The pages that no longer switch on MatchMatch's id (sheet_fields, sheet_points and charts still do).
CLEANED = ("strategy_pages.py", "card_view.py", "show_pages.py", "viewing.py", "templates/_standings.html",
           "roster_pages.py", "organiser_pages.py", "organiser_roster_pages.py")
#: The id as a string, or a constant holding it (``M2 = ...``, ``roster.M2``).
SWITCH = re.compile(r"""["']matchmatch["']|\bM2\b""")


def test_cleaned_pages_do_not_switch_on_matchmatchs_id() -> None:
    found = [f"{name}:{i}: {line.strip()}" for name in CLEANED
             for i, line in enumerate((WEB / name).read_text().splitlines(), 1) if SWITCH.search(line)]
    assert found == [], "ask the game's Ruleset/RulesetInfo instead of its id:\n" + "\n".join(found)


def test_only_matchmatch_takes_written_strategies_keeps_push_levels_and_makes_tag_teams() -> None:
    flagged = {rs.info.id for rs in all_rulesets()
               if rs.info.written_strategies or rs.info.push_levels or rs.info.tag_teams}
    assert flagged == {"matchmatch"}
    info = get_ruleset("m2").info
    assert info.written_strategies and info.push_levels and info.tag_teams


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return copy_demo(tmp_path_factory.mktemp("hooks"))


def test_standings_show_push_and_injuries_for_the_game_that_keeps_them_only(url: str) -> None:
    with client_for(url, None) as client:
        page = client.get("/")
    assert page.status_code == 200
    tables = {part.split("</h3>")[0]: part for part in page.text.split("<h3>")[1:] if "W-L-D" in part}
    assert "MatchMatch (M2)" in tables and len(tables) > 1
    for game, table in tables.items():
        assert ("<th>Push</th><th>Inj.</th>" in table) == (game == "MatchMatch (M2)"), game


def test_the_organiser_s_forms_start_on_the_game_most_of_the_league_plays(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)  # 6 MatchMatch competitors, 5 Headlock, 4 Folkstyle: make Headlock the most
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        db.execute("UPDATE competitors SET ruleset = 'headlock' WHERE ruleset = 'folkstyle'")
    with client_for(url, ORGANISER) as client:
        page = client.get("/organiser/titles")
    assert page.status_code == 200
    assert re.findall(r'<option value="([a-z]+)" selected>', page.text)[0] == "headlock"
