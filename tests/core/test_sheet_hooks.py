"""The sheet hooks every game implements: ``sheet_view`` lays a sheet out as its rulebook prints
it, ``blank_sheet`` is an empty start the game's own check reads (only names missing), and
Headlock's ``roll_sheet`` rolls a character up on the dice, each roll shown."""

from __future__ import annotations

import yaml

from tests.core.facet_helpers import editor
from turnbuckle.core.facets import SheetSection, plain_sheet_view
from turnbuckle.core.sources import SeededSource
from turnbuckle.core.table import Table
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset


def _sections(game: str, sample: str) -> dict[str, dict[str, str]]:
    rs = get_ruleset(game)
    sheet = rs.side_json(rs.load_text(rs.sample(sample).text, "sample"))
    out: dict[str, dict[str, str]] = {}
    for sec in editor(rs).sheet_view(sheet):
        out.setdefault(sec.title, {}).update(dict(sec.rows))
    return out


def test_matchmatch_prints_friendly_sam_as_the_rulebook_does() -> None:
    view = _sections("matchmatch", "friendly-sam")
    assert view[""]["Stamina"] == "10"
    assert list(view["Styles"]) == ["Technical", "Power", "Martial Arts", "Brawling", "Weight", "High Flying",
                                    "Cheating", "Teamwork"]
    assert view["Styles"]["High Flying"] == "4"
    assert view["Style Defenses"]["Cheating"] == "2(4)"  # "Cheating:2(4)" in I.3
    assert view[""]["High Spots"] == "3 (costs 9)"  # "High Spot: 3 (costs 9)"
    assert view[""]["Ref Slack"] == "0 (costs 0)"


def test_matchmatch_team_lists_its_members_and_league_fields() -> None:
    view = _sections("matchmatch", "odd-couple")
    assert view[""]["Members"] == "Friendly Sam, Brother Bob"
    assert view[""]["Push Level"] == "1" and view[""]["Injuries"] == "0"


def test_each_game_lays_out_its_own_parts() -> None:
    assert _sections("headlock", "the-rhino")[""]["DEF"] == "16"
    assert _sections("headlock", "the-rhino")["Grapples"]["Power 7"] == "Power bomb"
    assert _sections("boxing", "all-rounder")["Abilities"] == {"Power": "5", "Speed": "5", "Toughness": "5"}
    assert _sections("folkstyle", "brick-halvorsen")["Top"]["3"] == "Cradle (9, near-fall)"
    court = _sections("deathmatch", "ash-court")
    assert court["Figures"]["Ash Wyrm"] == "HP 16, SPD 4, ATK 6, DEF 4, Fiend (power 3)"
    assert court[""]["Power"] == "10"


def test_the_default_view_is_the_top_level_fields() -> None:
    rows = plain_sheet_view({"name": "Mika", "power": 5, "moves": ["jab", "hook"]})
    assert rows == [SheetSection("", (("Name", "Mika"), ("Power", "5"), ("Moves", "jab, hook")))]


def test_every_blank_sheet_needs_only_its_names() -> None:
    for rs in all_rulesets():
        blank = editor(rs).blank_sheet()
        assert blank is not None, rs.info.id
        problems = rs.check_text(yaml.safe_dump(blank), "blank").problems
        assert problems, rs.info.id  # nameless: the editor says what to fill in
        assert all("at least 1 character" in p or "budget" in p for p in problems), (rs.info.id, problems)


def test_headlock_rolls_a_character_on_the_dice() -> None:
    rs = get_ruleset("headlock")
    rolled = editor(rs).roll_sheet(Table(SeededSource(7)))
    assert rolled is not None
    assert rs.check_text(yaml.safe_dump(rolled.sheet), "rolled").problems == []
    assert isinstance(rolled.sheet, dict)
    assert rolled.rolls[0] == f"ATK (d20): {rolled.sheet['atk']}"
    assert rolled.rolls[4] == f"RES (d6): {rolled.sheet['res']}"
    again = editor(rs).roll_sheet(Table(SeededSource(7)))
    assert again == rolled  # the same seed, the same wrestler
    assert editor(get_ruleset("boxing")).roll_sheet(Table(SeededSource(7))) is None
