"""One truth, statistically: the fast folkstyle engine and the reference engine give the same odds.

For each matchup and option set the reference engine plays REF_MATCHES matches and the fast
engine FAST_MATCHES (so many that its shares are near exact). Seeds are fixed, so the test is
deterministic. Checked at a strict level (ALPHA = 0.001):

- a chi-square test of homogeneity over the outcome categories (winner x finish; the safety cap,
  never reached by these cards);
- a two-proportion z-test on the first wrestler's win rate;
- a chi-square test over the match length in turns;
- z-tests on stalling calls per match and on the share of matches with a riding-time point.

The first setup is the powered one (``tests/sim/agreement.py``): 10,000 reference matches (about
12 s: the reference engine plays 700-1,000 matches a second), so a 2-point shift in the first
wrestler's win rate is about four standard errors; the other two keep 4,000 (a shift of about
2.6 points). The trace-replay
tests (``test_trace.py``) check the rules match by match; these tests check the dice, and
``test_dice_are_uniform`` checks the generator's faces directly with many more samples.
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
from tests.sim.folkstyle.conftest import FOLKSTYLE, options, sample, staller
from tests.sim.reference_cache import reference_tally
from turnbuckle.rulesets.folkstyle.card import Card
from turnbuckle.sim.folkstyle.fast import OUTCOMES, trace
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.stats import chi2_homogeneity, chi2_sf

FAST_MATCHES = 1_000_000

#: (id, the two cards, options, reference matches): the first setup is the powered one.
CONFIGS: list[tuple[str, tuple[Card, Card], dict[str, object], int]] = [
    ("brick-cal", (sample("brick-halvorsen"), sample("cal-okafor")), {}, POWER_MATCHES),
    ("milo-tess", (sample("milo-sarkis"), sample("tess-varga")), {"riding_time": False}, 4_000),
    ("stallers", (staller("Sam", near_fall=True), staller("Stu", escape_base=5)),
     {"riding_threshold": 3}, 4_000),
]


def _z_share(k1: int, n1: int, k2: int, n2: int) -> float:
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / n1 + 1 / n2))
    return abs(k1 / n1 - k2 / n2) / se


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=[c[0] for c in CONFIGS])
def test_fast_and_reference_agree(config: int) -> None:
    _, pair, opts, ref_matches = CONFIGS[config]
    sides = list(pair)
    resolved = options(**opts)
    ref = reference_tally(FOLKSTYLE, sides, resolved, ref_matches, seed=20261122)
    fast_run = simulate(FOLKSTYLE, sides, resolved, FAST_MATCHES, seed=7, engine="fast")
    assert fast_run.engine == "fast"
    fast = fast_run.tally
    assert (ref.n, fast.n) == (ref_matches, FAST_MATCHES)

    stat, dof, p = chi2_homogeneity([ref.outcomes.get(o, 0) for o in OUTCOMES],
                                    [fast.outcomes.get(o, 0) for o in OUTCOMES])
    assert dof >= 1
    assert p > ALPHA, f"outcomes differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    se = assert_win_rates_agree(ref, fast)
    if ref_matches == POWER_MATCHES:
        assert_shift_is_caught(se)

    edges = [1, 3, 5, 7, 8, 9, 10, 13, 18]
    stat, dof, p = chi2_homogeneity(binned(ref, edges), binned(fast, edges))
    assert p > ALPHA, f"lengths differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    rode = (int(ref.figures["riding_point"]), int(fast.figures["riding_point"]))
    assert _z_share(rode[0], ref.n, rode[1], fast.n) < Z_ALPHA, f"riding-time points {rode}"
    # Stalling calls per match: a count of at most 2 per period (18 in 9 periods), so its variance
    # is at most 20 times its mean; compare the means with that bound.
    cr, cf = ref.figures["stalling_calls"] / ref.n, fast.figures["stalling_calls"] / fast.n
    assert abs(cr - cf) < Z_ALPHA * math.sqrt(max(cf, 1e-3) * 20 / ref.n), f"stalling calls {cr:.4f} vs {cf:.4f}"
    assert abs(ref.dice / ref.n - fast.dice / fast.n) < 0.05 * fast.dice / fast.n


def test_a_shifted_engine_is_caught() -> None:
    """Not blind: at the powered size, moving 2% of the matches from the first wrestler's
    commonest win to the second's fails the outcome test."""
    _, pair, opts, _ = CONFIGS[0]
    fast = simulate(FOLKSTYLE, list(pair), options(**opts), FAST_MATCHES, seed=7, engine="fast").tally
    first = max(range(0, len(OUTCOMES) - 1, 2), key=lambda i: fast.outcomes.get(OUTCOMES[i], 0))
    assert OUTCOMES[first][0] == 0 and OUTCOMES[first + 1] == (1, OUTCOMES[first][1])
    assert_a_shifted_move_is_caught(fast, OUTCOMES, first, first + 1)


def _chi2_uniform(counts: list[int]) -> float:
    n = sum(counts)
    expected = n / len(counts)
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return chi2_sf(stat, len(counts) - 1)


def test_dice_are_uniform() -> None:
    """The faces of the first turn of 20,000 traced matches (after the colour roll-off): both
    move dice jointly (36 cells) and both quality dice jointly are uniform, and so are the
    roll-off faces."""
    sides = [sample("brick-halvorsen"), sample("cal-okafor")]
    traced = trace(sides, options(), 20_000, seed=11)
    moves = [0] * 36
    quality = [0] * 36
    rolloff = [0] * 6
    for faces in traced.faces:
        i = 0
        while faces[i] == faces[i + 1]:
            rolloff[faces[i] - 1] += 2
            i += 2
        rolloff[faces[i] - 1] += 1
        rolloff[faces[i + 1] - 1] += 1
        fr, fg, qr, qg = faces[i + 2: i + 6]
        moves[(fr - 1) * 6 + fg - 1] += 1
        quality[(qr - 1) * 6 + qg - 1] += 1
    for name, counts in (("moves", moves), ("quality", quality), ("roll-off", rolloff)):
        p = _chi2_uniform(counts)
        assert p > ALPHA, f"{name} faces are not uniform: p={p:.2g}"
