"""One truth, statistically: the fast MatchMatch engine and the reference engine give the same odds.

For each matchup and option set, the reference engine plays REF_MATCHES matches and the fast
engine FAST_MATCHES (near exact shares). Seeds are fixed, so the test is deterministic. Checked
at a strict level (ALPHA = 0.001): a chi-square test over the outcome categories, a two-proportion
z-test on the first side's win rate, a chi-square test over match length, and a z-test on
injuries per match. (The trace-replay tests in ``test_matchmatch_trace.py`` check matches
exactly; these check the dice: that the kernel's generator gives the right distribution.)
The reference engine plays about 1,500 matches a second here, so REF_MATCHES is kept small: a
1-point shift in a win rate near 50% is 1.8 standard errors at 12,000 matches.
"""

from __future__ import annotations

import math

import pytest

from tests.sim.matchmatch.helpers import MM, SCHEMER, STRIKER, sample, side
from turnbuckle.sim.matchmatch.fast import OUTCOMES
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.stats import chi2_homogeneity
from turnbuckle.sim.tally import Tally

ALPHA = 1e-3
Z_ALPHA = 3.290526731491926
REF_MATCHES = 6_000
FAST_MATCHES = 400_000


def _config(which: int) -> tuple[list[object], dict[str, object]]:
    if which == 0:
        return [sample("brother-bob"), sample("friendly-sam")], {}
    return [side(SCHEMER), side(STRIKER)], {"type": "strap", "referee": "roll"}


def _lengths(t: Tally, edges: list[int]) -> list[int]:
    out = [0] * len(edges)
    for length, count in t.lengths.items():
        out[max(i for i, e in enumerate(edges) if length >= e)] += count
    return out


@pytest.mark.parametrize("which", [0, 1])
def test_fast_and_reference_agree(which: int) -> None:
    sides, opts = _config(which)
    ref = simulate(MM, sides, opts, REF_MATCHES, seed=20261122, engine="reference", threads=1).tally
    fast = simulate(MM, sides, opts, FAST_MATCHES, seed=7, engine="fast").tally
    assert (ref.n, fast.n) == (REF_MATCHES, FAST_MATCHES)
    stat, dof, p = chi2_homogeneity([ref.outcomes.get(o, 0) for o in OUTCOMES],
                                    [fast.outcomes.get(o, 0) for o in OUTCOMES])
    assert dof >= 2
    assert p > ALPHA, f"outcomes differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"
    pr, pf = ref.wins(0) / ref.n, fast.wins(0) / fast.n
    pooled = (ref.wins(0) + fast.wins(0)) / (ref.n + fast.n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / ref.n + 1 / fast.n))
    assert abs(pr - pf) < Z_ALPHA * se, f"win rate {pr:.4f} (reference) vs {pf:.4f} (fast)"
    edges = [1, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15]
    stat, dof, p = chi2_homogeneity(_lengths(ref, edges), _lengths(fast, edges))
    assert p > ALPHA, f"lengths differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"
    ir, jf = ref.figures["injuries"] / ref.n, fast.figures["injuries"] / fast.n
    var = max(ir, jf, 1e-3) * 2  # a count: a conservative variance bound
    assert abs(ir - jf) < Z_ALPHA * math.sqrt(var / ref.n), f"injuries {ir:.4f} vs {jf:.4f}"
    assert abs(ref.dice / ref.n - fast.dice / fast.n) < 0.03 * fast.dice / fast.n


def test_a_shifted_engine_is_caught() -> None:
    """Not blind: moving 3% of matches from one side's pinfalls to the other's fails the test."""
    sides, opts = _config(0)
    fast = simulate(MM, sides, opts, FAST_MATCHES, seed=7, engine="fast").tally
    honest = [fast.outcomes.get(o, 0) for o in OUTCOMES]
    scaled = [round(c * REF_MATCHES / fast.n) for c in honest]
    shifted = list(scaled)
    moved = 3 * REF_MATCHES // 100
    shifted[0] -= moved
    shifted[1] += moved
    assert chi2_homogeneity(scaled, honest)[2] > ALPHA
    assert chi2_homogeneity(shifted, honest)[2] < ALPHA
