"""One truth, statistically: the fast MatchMatch engine and the reference engine give the same odds.

For each matchup and option set, the reference engine plays REF_MATCHES matches and the fast
engine FAST_MATCHES (near exact shares). Seeds are fixed, so the test is deterministic. Checked
at a strict level (ALPHA = 0.001): a chi-square test over the outcome categories, a two-proportion
z-test on the first side's win rate, a chi-square test over match length, and a z-test on
injuries per match. (The trace-replay tests in ``test_matchmatch_trace.py`` check matches
exactly; these check the dice: that the kernel's generator gives the right distribution.)
The first setup is the powered one (``tests/sim/agreement.py``): 10,000 reference matches, so a
2-point shift in the first side's win rate is about four standard errors; the reference engine
plays about 1,000-1,500 matches a second, so the second setup keeps 6,000. Both engines play the
current rules (1.3): the second setup is a Strap match (compound halvings, the four-corners finish),
the third a tag match with three sides (roll-offs for the lowest total, a die for the member an
injury goes to).

The fast engine is called directly (``fast.run``, as ``odds`` calls it): whether ``odds`` chooses
it for the current rules version is ``sim/specs.py``'s ``fast_version``, checked on its own in
``test_matchmatch_fast.py``.
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
from tests.sim.matchmatch.helpers import MM, SCHEMER, STRIKER, options, sample, side
from tests.sim.reference_cache import reference_tally
from turnbuckle.sim.matchmatch import fast as fast_engine
from turnbuckle.sim.matchmatch.fast import OUTCOMES
from turnbuckle.sim.matchmatch.tables import Setup, outcomes
from turnbuckle.sim.stats import chi2_homogeneity
from turnbuckle.sim.tally import Tally

#: Reference matches per setup: the first is the powered one.
REF_MATCHES = (POWER_MATCHES, 6_000, 4_000)
FAST_MATCHES = 1_000_000


def _config(which: int) -> tuple[list[object], dict[str, object]]:
    if which == 0:
        return [sample("brother-bob"), sample("friendly-sam")], {}
    if which == 1:
        return [side(SCHEMER), side(STRIKER)], {"type": "strap", "referee": "roll"}
    return [sample("odd-couple"), side(STRIKER), sample("brother-bob")], {"type": "scaffold"}


def _fast(sides: list[object], opts: dict[str, object], n: int = FAST_MATCHES) -> Tally:
    return fast_engine.run(sides, options(**opts), n, seed=7)


@pytest.mark.parametrize("which", [0, 1, 2])
def test_fast_and_reference_agree(which: int) -> None:
    sides, opts = _config(which)
    ref = reference_tally(MM, sides, opts, REF_MATCHES[which], seed=20261122)
    fast = _fast(sides, opts)
    assert (ref.n, fast.n) == (REF_MATCHES[which], FAST_MATCHES)
    setup = Setup.of(sides, options(**opts))
    kinds = list(dict.fromkeys(outcomes(setup.sides, setup.finish)))  # a type's finish names three codes
    assert set(ref.outcomes) <= set(kinds) and set(fast.outcomes) <= set(kinds)
    stat, dof, p = chi2_homogeneity([ref.outcomes.get(o, 0) for o in kinds],
                                    [fast.outcomes.get(o, 0) for o in kinds])
    assert dof >= 2
    assert p > ALPHA, f"outcomes differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"
    se = assert_win_rates_agree(ref, fast)
    if ref.n == POWER_MATCHES:
        assert_shift_is_caught(se)
    edges = [1, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15]
    stat, dof, p = chi2_homogeneity(binned(ref, edges), binned(fast, edges))
    assert p > ALPHA, f"lengths differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"
    ir, jf = ref.figures["injuries"] / ref.n, fast.figures["injuries"] / fast.n
    var = max(ir, jf, 1e-3) * 2  # a count: a conservative variance bound
    assert abs(ir - jf) < Z_ALPHA * math.sqrt(var / ref.n), f"injuries {ir:.4f} vs {jf:.4f}"
    assert abs(ref.dice / ref.n - fast.dice / fast.n) < 0.03 * fast.dice / fast.n


def test_a_shifted_engine_is_caught() -> None:
    """Not blind: at the powered size, moving 2% of matches from one side's pinfalls to the
    other's fails the outcome test."""
    sides, opts = _config(0)
    fast = _fast(sides, opts)
    assert_a_shifted_move_is_caught(fast, OUTCOMES, 0, 1)
