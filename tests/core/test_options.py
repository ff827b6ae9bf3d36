import pytest

from turnbuckle.core.errors import OptionError
from turnbuckle.core.options import OptionSpec, parse_option_pairs, resolve_options

SPECS = (
    OptionSpec("rounds", 12, "rounds", minimum=1, maximum=50),
    OptionSpec("combo", True, "combo rule"),
    OptionSpec("fatigue", "next-round", "fatigue", choices=("next-round", "cumulative")),
    OptionSpec("stake", "", "free text"),
)


def test_defaults_and_overrides() -> None:
    got = resolve_options(SPECS, {"rounds": "10", "combo": "off", "fatigue": "CUMULATIVE", "stake": " a belt "})
    assert got == {"rounds": 10, "combo": False, "fatigue": "cumulative", "stake": "a belt"}
    assert resolve_options(SPECS, {}) == {"rounds": 12, "combo": True, "fatigue": "next-round", "stake": ""}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"round": "3"}, "unknown option 'round'; this ruleset's options are: combo, fatigue, rounds, stake"),
        ({"rounds": "0"}, "below the minimum 1"),
        ({"rounds": "51"}, "above the maximum 50"),
        ({"rounds": "ten"}, "expected a whole number, got 'ten'"),
        ({"combo": "maybe"}, "'maybe' is not true or false"),
        ({"fatigue": "weekly"}, "not one of next-round, cumulative"),
    ],
)
def test_bad_options_say_what_is_wrong(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        resolve_options(SPECS, given)


def test_option_pairs() -> None:
    assert parse_option_pairs(["rounds=3", "stake=a=b"]) == {"rounds": "3", "stake": "a=b"}
    with pytest.raises(OptionError, match="key=value"):
        parse_option_pairs(["rounds"])


def test_describe_shows_default_and_range() -> None:
    assert SPECS[0].describe() == "rounds=12 (1..50): rounds"
    assert SPECS[1].describe() == "combo=true (true/false): combo rule"
