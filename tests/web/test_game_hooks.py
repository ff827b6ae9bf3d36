"""What only one game has (MatchMatch's written strategies, grids, Push Levels, weight classes,
sheet form, match types and referees; every game's chart) reaches the pages through the game's
hooks (``RulesetInfo`` flags, ``Ruleset`` methods): no file of the web names MatchMatch's id or
imports a game's package, and what the hooks give reads back through the pages' own forms."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
import yaml

from tests.web.pages_support import ORGANISER, client_for, copy_demo
from turnbuckle.core.problems import Problem
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset
from turnbuckle.web.forms import FORM, Form
from turnbuckle.web.strategy.sheet_fields import compose as compose_sheet
from turnbuckle.web.strategy.sheet_fields import values_of
from turnbuckle.web.strategy.text import MAX_ROWS, compose, fields_from, place

WEB = Path(__file__).resolve().parents[2] / "src" / "turnbuckle" / "web"
#: Every file of the web a person wrote: its modules, templates, scripts and styles.
FILES = sorted(p for p in WEB.rglob("*") if p.is_file() and p.suffix in (".py", ".html", ".js", ".css", ".txt"))
#: MatchMatch's id or an alias as a word, or a constant holding it (``M2 = ...``, ``roster.M2``).
SWITCH = re.compile(r"""\bmatchmatch\b|["'/](?:m2|mm)["'/]|\bM2\b""")
#: An import of a game's package (the registry is the one door to the games).
GAME_IMPORT = re.compile(r"turnbuckle\.rulesets\.(?!registry\b)\w+|from turnbuckle\.rulesets import")


def test_no_web_file_names_matchmatchs_id_or_imports_a_game() -> None:
    assert len(FILES) > 50 and any(p.suffix == ".html" for p in FILES)
    found = [f"{p.relative_to(WEB)}:{i}: {line.strip()}" for p in FILES
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if SWITCH.search(line) or GAME_IMPORT.search(line)]
    assert found == [], "ask the game's Ruleset/RulesetInfo instead of its id or its package:\n" + "\n".join(found)


@pytest.mark.parametrize("line", ['if ruleset == "matchmatch":', "import turnbuckle.rulesets.boxing.sheet",
                                  "from turnbuckle.rulesets.matchmatch.styles import title",
                                  '<a href="/roster/new/matchmatch">', "M2 = get_ruleset('m2')"])
def test_the_scan_catches_a_switch_or_a_game_import(line: str) -> None:
    assert SWITCH.search(line) or GAME_IMPORT.search(line)


@pytest.mark.parametrize(("game", "sample"), [("matchmatch", "friendly-sam"), ("boxing", "all-rounder")])
def test_a_sheet_through_its_form_fields_is_the_same_sheet(game: str, sample: str) -> None:
    rs = get_ruleset(game)
    sheet = yaml.safe_load(rs.sample(sample).text)
    values = values_of(game, sheet)
    assert values is not None and values["name"] == str(sheet.get("wrestler", sheet)["name"])
    again = rs.side_json(rs.load_text(compose_sheet(game, values), "fields"))
    assert again == rs.side_json(rs.load_text(rs.sample(sample).text, "sample"))


def test_a_game_without_a_sheet_form_or_strategy_form_gets_none() -> None:
    assert values_of("headlock", yaml.safe_load(get_ruleset("headlock").sample("the-rhino").text)) is None
    assert fields_from("headlock", "Strategy: +Po +Te -Ch", MAX_ROWS) is None


def test_a_strategy_read_back_into_the_form_writes_the_same_strategy() -> None:
    text = ("Strategy: +Cheating +Brawling -Martial Arts, Grid B\nRound\tTarget\tType\tNotes\n"
            "1\tMartial Arts\tNormal\tSmack him.\n4\tHigh Flying\tFinisher\tThe end.\n"
            "If I haven't used my High Spots by round 15, use a High Spot on Stamina\n")
    values = fields_from("matchmatch", text, MAX_ROWS)
    assert values is not None
    assert compose("matchmatch", Form(values), MAX_ROWS).text == text
    assert compose("headlock", Form(values), MAX_ROWS).text == ""  # a game without the form writes nothing


def test_a_problem_goes_beside_the_field_of_its_line_else_of_its_part_else_the_form() -> None:
    values = {"plus1": "Cheating", "plus2": "Brawling", "minus": "Martial Arts", "grid": "B", "round1": "1",
              "target1": "Stamina", "type1": "Normal", "cond_unused1": "specials", "cond_round1": "15"}
    layout = compose("matchmatch", Form(values), MAX_ROWS)
    form = Form()
    for problem in (Problem("cannot read 'x'", line=3, field="round 1"),
                    Problem("past the limit", field="conditional 1"),
                    Problem("named first, so it picks a column", field="grid"),
                    Problem("round 7: no row", field="round 7"),
                    Problem("a header problem", line=2), Problem("no '-' style")):
        place(form, problem, layout)
    assert form.errors == {"row1": ["cannot read 'x'"], "cond1": ["past the limit"],
                           "grid": ["named first, so it picks a column"],
                           FORM: ["round 7: no row", "line 2: a header problem", "no '-' style"]}


def test_only_matchmatch_takes_written_strategies_keeps_push_levels_and_makes_tag_teams() -> None:
    flagged = {rs.info.id for rs in all_rulesets()
               if rs.written_strategies() is not None or rs.league_rules() is not None}
    assert flagged == {"matchmatch"}
    rs = get_ruleset("m2")
    rules = rs.league_rules()
    assert rs.written_strategies() is not None and rules is not None and rules.push_levels and rules.tag_teams


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
