"""Many seeded bouts of every sample pairing: HP, stats and endings stay within the rules' bounds."""

import itertools

import pytest

from tests.boxing.helpers import RULESET, happenings
from turnbuckle.core.sources import SeededSource

FIGHTERS = [RULESET.load_text(s.text, s.id) for s in RULESET.samples()]
PAIRS = list(itertools.permutations(FIGHTERS, 2))


@pytest.mark.parametrize("options", [{}, {"fatigue": "cumulative", "getup": "literal", "combo": False}])
def test_seeded_bouts_keep_hp_stats_and_endings_in_bounds(options: dict[str, object]) -> None:
    for seed in range(100):
        red, blue = PAIRS[seed % len(PAIRS)]
        rec = RULESET.run([red, blue], SeededSource(seed), options)
        starts = happenings(rec, "round_start")
        assert 1 <= len(starts) <= 12
        for start in starts:
            assert all(0 <= s <= 10 for s in start["speed"].values())  # type: ignore[attr-defined]
            assert all(-4 <= hp <= 40 for hp in start["hp"].values())  # type: ignore[attr-defined]
        for punch in happenings(rec, "punch"):
            assert punch["damage"] >= 0 and punch["hp_after"] <= punch["hp_before"] <= 40  # type: ignore[operator]
        for kd in happenings(rec, "knockdown"):
            assert 1 <= kd["toughness"] <= 10 and 1 <= kd["speed"] <= 10  # type: ignore[operator]
        for getup in happenings(rec, "getup"):
            assert getup["hp"] <= 40  # type: ignore[operator]
        method = rec.result.method
        if method == "tko":
            assert happenings(rec, "tko")[0]["hp"] <= -5  # type: ignore[operator]
        elif method == "ko":
            assert happenings(rec, "getup")[-1]["outcome"] == "ko"
        else:
            assert method in ("decision", "draw") and len(starts) == rec.options["rounds"]
            final = happenings(rec, "decision")[0]["hp"]
            assert (method == "draw") == (len(set(final.values())) == 1)  # type: ignore[attr-defined]
