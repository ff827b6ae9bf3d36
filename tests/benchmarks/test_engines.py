"""The bench's arithmetic (the bench itself times things and asserts nothing; ``make bench``)."""

from __future__ import annotations

import pytest

from benchmarks import engine_sizes
from benchmarks.engines import _mean_length, _with_cards
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


def test_run_sizes_take_the_best_of_several_in_turns_up_to_a_million(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each run of size n takes n / 1e6 s plus a start that varies: 0.5 s, 0.2 s, 0.3 s, 0.4 s, 0.6 s.
    starts: dict[tuple[str, int], list[float]] = {}
    order: list[int] = []

    def fake_wall(args: list[str]) -> float:
        n = int(args[args.index("-n") + 1])
        seen = starts.setdefault((args[args.index("odds") + 1], n), [])
        seen.append([0.5, 0.2, 0.3, 0.4, 0.6][len(seen) % 5])
        if args[args.index("odds") + 1] == "boxing":
            order.append(n)
        return seen[-1] + n / 1e6

    monkeypatch.setattr(engine_sizes, "_wall", fake_wall)
    walls = engine_sizes.walls()["boxing"]
    assert walls[1] == pytest.approx(0.2 + 1e-6)
    assert walls[10**5] == pytest.approx(0.2 + 0.1)
    assert walls[10**6] == pytest.approx(0.2 + 1.0)
    assert walls[10**7] == pytest.approx(0.5 + 10.0)  # one run: the first start counts
    assert engine_sizes.REPEATS >= 5
    assert len(starts["boxing", 10**6]) == engine_sizes.REPEATS and len(starts["boxing", 3 * 10**7]) == 1
    assert len(starts["boxing", 1]) == engine_sizes.REPEATS + 1  # the warm-up, then the timed ones
    # The short sizes take turns, so that a slow spell of the machine falls on each alike.
    assert order == [1, *[1, 10**5, 10**6] * engine_sizes.REPEATS, 10**7, 3 * 10**7]
