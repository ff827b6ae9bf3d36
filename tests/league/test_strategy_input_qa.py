"""Strategy text a hostile or careless player might send: a NUL character (PostgreSQL cannot store
one: it was a 500 after every check passed), round numbers thousands of digits long (int() refuses
them: a 500), and tens of thousands of blank lines (the layout check rescanned them from each line
start: 14 s for one post)."""

from __future__ import annotations

import time

import pytest

from tests.league.helpers import SAM_STRATEGY, League, open_show
from turnbuckle.core.errors import RulesError
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.services import shows
from turnbuckle.rulesets.matchmatch.strategy import parse_round_spec
from turnbuckle.rulesets.matchmatch.textlayout import looks_like_text_sheet


def test_a_strategy_with_a_nul_character_is_refused_on_every_database(lg: League) -> None:
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act("Ann") as ctx, pytest.raises(LeagueError, match="NUL character"):
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY.replace("High flying.", "High\x00flying."))
    with lg.act("Ann") as ctx:  # the same text without it is taken
        assert shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY).sha256


@pytest.mark.parametrize("spec", ["9" * 5000, "1-" + "9" * 5000, "9" * 5000 + "+", "1234567"])
def test_a_round_number_too_long_is_a_rules_error(spec: str) -> None:
    with pytest.raises(RulesError, match="is not a round"):
        parse_round_spec(spec)


def test_blank_lines_by_the_ten_thousand_are_read_in_linear_time() -> None:
    text = "Strategy: +High Flying +Technical -Brawl\n" + "\n" * 200_000 + "Stamina: 5\n"
    start = time.perf_counter()
    assert looks_like_text_sheet(text)
    assert not looks_like_text_sheet("Strategy: +High Flying\n" + "\n" * 200_000)
    # a bound, not a speed target: the quadratic scan took minutes here; the linear one, milliseconds
    assert time.perf_counter() - start < 30
