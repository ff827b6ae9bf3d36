from importlib import import_module

import pytest

from turnbuckle.core.errors import UnknownRulesetError
from turnbuckle.core.registry import Ruleset
from turnbuckle.rulesets import BUNDLED, BundledRuleset
from turnbuckle.rulesets.boxing import BoxingRuleset
from turnbuckle.rulesets.boxing.sheet import Fighter
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset, register


def test_lookup_by_id_and_alias_in_any_case() -> None:
    assert get_ruleset("BOX") is get_ruleset("boxing")
    assert [rs.info.id for rs in all_rulesets()] == sorted(rs.info.id for rs in all_rulesets())


def test_unknown_ruleset_lists_the_known_ones() -> None:
    with pytest.raises(UnknownRulesetError, match="no ruleset named 'chess'; known rulesets: boxing"):
        get_ruleset("chess")


@pytest.mark.parametrize("bundled", BUNDLED, ids=lambda b: b.id)
def test_the_bundled_table_agrees_with_each_games_info(bundled: BundledRuleset) -> None:
    module, _, cls = bundled.path.partition(":")
    ruleset = getattr(import_module(module), cls)
    assert issubclass(ruleset, Ruleset)
    assert (ruleset.info.id, ruleset.info.aliases) == (bundled.id, bundled.aliases)
    for name in bundled.names():
        assert type(get_ruleset(name.upper())) is ruleset


def test_the_bundled_table_names_each_game_once() -> None:
    names = [name for bundled in BUNDLED for name in bundled.names()]
    assert len(names) == len(set(names))
    assert [rs.info.id for rs in all_rulesets()] == sorted(b.id for b in BUNDLED)


def test_registering_an_id_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register(BoxingRuleset())


class _Warns(BoxingRuleset):
    def side_warnings(self, side: Fighter) -> list[str]:
        return [f"{side.name} has a glass jaw"] if side.toughness == 1 else []


def test_check_text_gives_what_problems_and_warnings() -> None:
    rs = _Warns()
    good = rs.check_text(rs.sample("glass-cannon").text, "g")
    assert (good.valid, good.what) == (True, "boxing fighter 'Rico Vance'")
    assert good.warnings == ["Rico Vance has a glass jaw"]
    bad = rs.check_text("name: X\npower: 1\nspeed: 1\ntoughness: 1\n", "x")
    assert (bad.valid, bad.what) == (False, "boxing fighter")
    assert bad.problems == ["power + speed + toughness = 3, under the budget: spend exactly 15 points"]
