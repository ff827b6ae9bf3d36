"""The league's door to a game's league rules: MatchMatch's own, the plain ones for every other
game (its league matches played as the sheets stand), and a game an export names but this
turnbuckle does not know read as plain by verify."""

from __future__ import annotations

from fractions import Fraction

import pytest

from turnbuckle.core.errors import RulesError, UnknownRulesetError
from turnbuckle.core.push import Push
from turnbuckle.league.game_rules import PLAIN, exported_rules, games_with, league_rules, written_strategies
from turnbuckle.rulesets.matchmatch.league_rules import MatchMatchLeagueRules


def test_matchmatch_has_its_own_and_every_other_game_the_plain_ones() -> None:
    assert isinstance(league_rules("m2"), MatchMatchLeagueRules)
    assert league_rules("headlock") is PLAIN and league_rules("boxing") is PLAIN
    assert games_with("push_levels") == games_with("tag_teams") == games_with("referees") == ["matchmatch"]
    assert written_strategies("matchmatch") and not written_strategies("deathmatch")
    with pytest.raises(UnknownRulesetError):
        league_rules("no-such-game")
    assert exported_rules("no-such-game") is PLAIN and not written_strategies("no-such-game")


def test_a_plain_game_plays_its_sheet_as_it_stands_and_keeps_nothing_between_matches() -> None:
    sheet = {"name": "Bo", "power": 3}
    assert PLAIN.side_document(sheet, None, (3, 2)) == sheet
    assert not (PLAIN.push_levels or PLAIN.tag_teams or PLAIN.referees or PLAIN.title_limits)
    assert PLAIN.match_facts({}, [sheet], 0) == PLAIN.public_facts(sheet) == PLAIN.card_facts({}) == []
    assert PLAIN.match_types() == [] and PLAIN.bundled_referees() == [] and PLAIN.match_kind({"type": "cage"}) == ""
    assert PLAIN.heal(3, 6, False) == 3 and not PLAIN.is_team_sheet({"team": {}})
    with pytest.raises(RulesError, match="no written strategy"):
        PLAIN.format_strategy("Strategy: anything", "strategy")


def test_matchmatch_moves_push_as_part_ii_says_and_writes_the_league_standing_into_the_sheet() -> None:
    rules = league_rules("matchmatch")
    # Three sides at levels 2, 3, 2: the winner (side 0) as if it beat each in turn, a loser as if it lost to it.
    assert rules.push_after(Push(2), 0, 0, [2, 3, 2], 5) == Push(3, Fraction(1, 2))
    assert rules.push_after(Push(3), 1, 0, [2, 3, 2], 5) == Push(2, Fraction(0))
    assert rules.award(Push(1, Fraction(3, 2)), Fraction(1), 5) == Push(2, Fraction(1, 2))
    doc = rules.side_document({"wrestler": {"name": "Sam", "push_level": 1}}, "Strategy: x", (4, 2))
    assert doc == {"wrestler": {"name": "Sam", "push_level": 4, "injuries": 2}, "strategy": "Strategy: x"}
    assert rules.match_kind({"type": " Cage "}) == "cage" and rules.match_kind({}) == "standard"
