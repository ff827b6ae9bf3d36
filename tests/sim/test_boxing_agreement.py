"""One truth, statistically: the fast boxing engine and the reference engine give the same odds.

For each matchup and option set, the reference engine plays REF_BOUTS bouts and the fast engine
FAST_BOUTS (so many that its shares are near exact). Seeds are fixed, so the test is
deterministic. Checked at a strict level (ALPHA = 0.001):

- a chi-square test of homogeneity over the outcome categories (winner x finish, draws);
- a two-proportion z-test on the first fighter's win rate: with 10,000 reference bouts the
  standard error is at most 0.5 points, so a 2-point shift is 4 standard errors and is caught
  with probability about 0.76 per matchup (0.999 over the three matchups at once);
- a chi-square test over the match-length distribution, and a z-test on knockdowns per bout.

(The trace-replay tests in ``test_boxing_trace.py`` check the same bouts exactly; these tests
check the dice: that the fast engine's generator gives the right distribution.)
"""

from __future__ import annotations

import math

import pytest

from tests.sim.agreement import (
    ALPHA,
    POWER_MATCHES,
    Z_ALPHA,
    assert_a_shifted_move_is_caught,
    assert_shift_is_caught,
    assert_win_rates_agree,
    binned,
)
from tests.sim.conftest import BOXING, options, sample
from tests.sim.reference_cache import reference_tally
from turnbuckle.sim.boxing.fast import OUTCOMES
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.stats import chi2_homogeneity

#: Every boxing setup is a powered one (the reference engine plays about 3,000 bouts a second).
REF_BOUTS = POWER_MATCHES
FAST_BOUTS = 1_000_000

CONFIGS = [
    ("all-rounder", "slugger", {}),
    ("glass-cannon", "iron-chin", {"combo": False, "fatigue": "cumulative"}),
    ("speedster", "iron-chin", {"getup": "literal", "rounds": 4}),
]


@pytest.mark.parametrize(("a", "b", "opts"), CONFIGS, ids=[f"{a}-{b}" for a, b, _ in CONFIGS])
def test_fast_and_reference_agree(a: str, b: str, opts: dict[str, object]) -> None:
    sides = [sample(a), sample(b)]
    resolved = options(**opts)
    ref = reference_tally(BOXING, sides, resolved, REF_BOUTS, seed=20261122)
    fast = simulate(BOXING, sides, resolved, FAST_BOUTS, seed=7, engine="fast").tally
    assert ref.n == REF_BOUTS
    assert fast.n == FAST_BOUTS

    # Outcome categories.
    stat, dof, p = chi2_homogeneity([ref.outcomes.get(o, 0) for o in OUTCOMES],
                                    [fast.outcomes.get(o, 0) for o in OUTCOMES])
    assert dof >= 1
    assert p > ALPHA, f"outcomes differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    # The first fighter's win rate.
    assert_shift_is_caught(assert_win_rates_agree(ref, fast))

    # Match length, in bins with enough bouts each.
    edges = sorted({min(x, 30) for x in (1, 4, 6, 7, 8, 9, 10, 11, 12, 14, 17, 20, 25, 30)})
    stat, dof, p = chi2_homogeneity(binned(ref, edges), binned(fast, edges))
    assert p > ALPHA, f"lengths differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    # Knockdowns per bout (a count: compare means with a conservative variance bound of 2 per bout).
    kr, kf = ref.figures["knockdowns"] / ref.n, fast.figures["knockdowns"] / fast.n
    assert abs(kr - kf) < Z_ALPHA * math.sqrt(2.0 / ref.n), f"knockdowns {kr:.4f} vs {kf:.4f}"
    # Dice per bout follow the same bouts, so their means agree too.
    assert abs(ref.dice / ref.n - fast.dice / fast.n) < 0.05 * fast.dice / fast.n


def test_a_shifted_engine_is_caught() -> None:
    """The outcome test is not blind: moving 2% of one fighter's wins to the other fails it."""
    sides = [sample("all-rounder"), sample("slugger")]
    fast = simulate(BOXING, sides, options(), FAST_BOUTS, seed=7, engine="fast").tally
    assert OUTCOMES[2:4] == ((0, "tko"), (1, "tko"))
    assert_a_shifted_move_is_caught(fast, OUTCOMES, 2, 3)  # side 0's TKOs to side 1's
