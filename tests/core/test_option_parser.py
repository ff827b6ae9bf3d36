"""One ``key=value`` option parser for the command line, the league and the web: the same pairs
read the same everywhere (docs/decisions/one-option-parser.md)."""

from __future__ import annotations

import pytest

from turnbuckle.core.errors import OptionError, problems_of
from turnbuckle.core.options import parse_option_pairs, resolve_options, rules_options
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

BOXING = get_ruleset("boxing")
KNOWN = [spec.name for spec in BOXING.info.options]


def test_a_hyphenated_name_is_the_option_the_game_declares_everywhere() -> None:
    # The match command (rules_options) took -o last-interval=heal; the league and the organiser
    # form (parse_option_pairs, then resolve_options) said "unknown option 'last-interval'".
    for given in (rules_options(KNOWN, ["last-interval=heal"], "boxing"), parse_option_pairs(["last-interval=heal"])):
        assert given == {"last_interval": "heal"}
        assert resolve_options(BOXING.info.options, given)["last_interval"] == "heal"


@pytest.mark.parametrize("read", [lambda pairs: rules_options(KNOWN, pairs, "boxing"), parse_option_pairs])
def test_a_key_given_twice_with_two_values_is_refused_naming_it(read: object) -> None:
    # rules_options refused rounds=10 rounds=12; parse_option_pairs took 12.
    assert callable(read)
    with pytest.raises(OptionError, match=r"rounds is given twice \('10' and '12'\); keep one"):
        read(["rounds=10", "rounds=12"])
    with pytest.raises(OptionError, match="last_interval is given twice"):
        read(["last-interval=heal", "last_interval=none"])
    assert read(["rounds=10", "rounds=10"]) == {"rounds": "10"}  # the same value twice is one option


def test_the_flag_names_the_pairs_in_a_message() -> None:
    with pytest.raises(OptionError, match=r"^-o 'rounds' must be written key=value, e.g. -o rounds=10$"):
        rules_options(KNOWN, ["rounds"], "boxing")
    with pytest.raises(OptionError, match=r"^option 'rounds' must be written key=value, e.g. rounds=10$"):
        parse_option_pairs(["rounds"])


def test_every_game_declares_its_option_names_as_the_parser_spells_them() -> None:
    """The parser reads a hyphen as an underscore: a name declared with a hyphen could never be given."""
    names = [spec.name for rs in all_rulesets() for spec in rs.info.options]
    assert names and all("-" not in n and n == n.strip() for n in names)



def test_an_option_problem_names_its_option_as_data() -> None:
    with pytest.raises(OptionError) as bad:
        resolve_options(BOXING.info.options, {"rounds": "0"})
    assert [(p.field, p.line) for p in problems_of(bad.value)] == [("rounds", None)]
    assert str(problems_of(bad.value)[0]) == str(bad.value)
    with pytest.raises(OptionError) as twice:
        parse_option_pairs(["last-interval=heal", "last_interval=none"])
    assert problems_of(twice.value)[0].field == "last_interval"
