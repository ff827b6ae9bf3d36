"""One truth, statistically: the fast Headlock engine and the reference engine give the same odds.

The replays in ``test_headlock_fast.py`` prove the two engines play the same match from the same
cards and dice; these tests check the whole chain end to end (the piles, the generator, the
counting) on seeded runs. The reference engine plays REF_MATCHES matches per setup with the smart
player read from its table (``headlock_support``), the fast engine FAST_MATCHES. Checked at
ALPHA = 0.001: a chi-square over the outcome categories (categories under 1% pooled), a z-test on
the first wrestler's win rate, a chi-square over match lengths in bins, and the mean dice per
match. With 1,200 reference matches the win rate's standard error is about 1.4 points, so these
catch shifts of about 6 points in an outcome's share; the test budget (about 40 s for all Headlock sim tests on
2 cores) allows no more reference matches.
"""

from __future__ import annotations

import math

import pytest

from tests.sim.headlock_support import HEADLOCK, SAMPLES, options, sample, smart_by_table
from turnbuckle.sim.headlock.fast import OUTCOMES
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.stats import chi2_homogeneity
from turnbuckle.sim.tally import Tally

ALPHA = 1e-3
Z_ALPHA = 3.290526731491926
REF_MATCHES = 1_200
FAST_MATCHES = 200_000

CONFIGS = [
    (2, 4, {}),
    (4, 2, {"deck": "own", "choke": True, "knockout": True, "getup_die": "d8", "getup_rolls": 2, "turns": 30}),
]


def _pooled(ref: Tally, fast: Tally) -> tuple[list[int], list[int]]:
    """Outcome counts, with categories under 1% of the fast matches pooled into one."""
    keep = [o for o in OUTCOMES if fast.outcomes.get(o, 0) >= 0.01 * fast.n]
    rest = [o for o in OUTCOMES if o not in keep]
    a = [ref.outcomes.get(o, 0) for o in keep] + [sum(ref.outcomes.get(o, 0) for o in rest)]
    b = [fast.outcomes.get(o, 0) for o in keep] + [sum(fast.outcomes.get(o, 0) for o in rest)]
    return a, b


def _lengths(t: Tally, edges: list[int]) -> list[int]:
    out = [0] * len(edges)
    for length, count in t.lengths.items():
        out[max(i for i, e in enumerate(edges) if length >= e)] += count
    return out


@pytest.mark.parametrize(("a", "b", "opts"), CONFIGS, ids=["defaults", "own-choke-knockout"])
def test_fast_and_reference_agree(a: int, b: int, opts: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    sides = [sample(SAMPLES[a]), sample(SAMPLES[b])]
    resolved = options(**opts)
    with smart_by_table(monkeypatch):
        ref = simulate(HEADLOCK, sides, resolved, REF_MATCHES, seed=20261122, engine="reference", threads=1)
    fast = simulate(HEADLOCK, sides, resolved, FAST_MATCHES, seed=7, engine="fast")
    assert ref.engine == "reference" and fast.engine == "fast", fast.notes
    r, f = ref.tally, fast.tally

    x, y = _pooled(r, f)
    stat, dof, p = chi2_homogeneity(x, y)
    assert dof >= 2
    assert p > ALPHA, f"outcomes differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    pr, pf = r.wins(0) / r.n, f.wins(0) / f.n
    pooled = (r.wins(0) + f.wins(0)) / (r.n + f.n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / r.n + 1 / f.n))
    assert abs(pr - pf) < Z_ALPHA * se, f"win rate {pr:.4f} (reference) vs {pf:.4f} (fast)"

    edges = [1, 4, 7, 10, 13, 16, 19, 22, 25, 29]
    stat, dof, p = chi2_homogeneity(_lengths(r, edges), _lengths(f, edges))
    assert p > ALPHA, f"lengths differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    # Dice per match: a z-test with a generous variance bound (a match rolls at most a few dozen).
    dr, df = r.dice / r.n, f.dice / f.n
    assert abs(dr - df) < Z_ALPHA * math.sqrt(100.0 / r.n), f"dice per match {dr:.2f} vs {df:.2f}"
    kr, kf = r.figures.get("knockdowns", 0.0) / r.n, f.figures.get("knockdowns", 0.0) / f.n
    assert abs(kr - kf) < Z_ALPHA * math.sqrt(2.0 / r.n), f"knockdowns {kr:.3f} vs {kf:.3f}"


def test_a_shifted_engine_is_caught() -> None:
    """The outcome test is not blind: moving 6% of the matches from one wrestler's commonest win
    to the other's fails it at this sample size (5% gives p about 0.002, just short of ALPHA)."""
    sides = [sample(SAMPLES[2]), sample(SAMPLES[4])]
    fast = simulate(HEADLOCK, sides, options(), FAST_MATCHES, seed=7, engine="fast").tally
    honest = [fast.outcomes.get(o, 0) for o in OUTCOMES]
    scaled = [round(c * REF_MATCHES / fast.n) for c in honest]
    shifted = list(scaled)
    moved = REF_MATCHES * 6 // 100
    big = max(range(0, len(OUTCOMES) - 1, 2), key=lambda i: scaled[i])
    shifted[big] -= moved
    shifted[big + 1] += moved
    assert chi2_homogeneity(scaled, honest)[2] > ALPHA
    assert chi2_homogeneity(shifted, honest)[2] < ALPHA
