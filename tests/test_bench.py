"""The bench's arithmetic (the bench itself times things and asserts nothing; ``make bench``)."""

from __future__ import annotations

from turnbuckle.bench import _mean_length, _with_cards
from turnbuckle.sim.tally import Tally


def test_mean_length_weights_each_length_by_its_matches() -> None:
    tally = Tally(2)
    tally.add_counts({(0, "ko"): 4}, {10: 3, 20: 1}, {}, 0, 4)
    assert _mean_length(tally) == 12.5


def test_card_games_count_every_random_draw() -> None:
    # 39 cards and 7.5 dice a match, a million matches a second against 1,000M raw dice a second.
    line = _with_cards(39.0, 7.5, 1_000_000, 1e9)
    assert "39.0 cards + 7.5 dice = 46.5 random draws a match" in line
    assert "46M draws/s on 1 thread = 5% of raw" in line
    assert line.endswith("would reach 16%")  # 7.5 / 46.5: the ceiling of the dice-only share
