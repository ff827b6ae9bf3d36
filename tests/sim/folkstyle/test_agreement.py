"""One truth, statistically: the fast folkstyle engine and the reference engine give the same odds.

For each matchup and option set the reference engine plays REF_MATCHES matches and the fast
engine FAST_MATCHES (so many that its shares are near exact). Seeds are fixed, so the test is
deterministic. Checked at a strict level (ALPHA = 0.001):

- a chi-square test of homogeneity over the outcome categories (winner x finish, draws);
- a two-proportion z-test on the first wrestler's win rate;
- a chi-square test over the match length in turns;
- z-tests on stalling calls per match and on the share of matches with a riding-time point.

The reference engine is slow (a thousand matches a second, even with the automatic player's odds
shared across matches), so REF_MATCHES is kept to what fits the test budget: the standard error
of a win rate is then about 0.8 points, and a shift of 2.6 points is caught. The trace-replay
tests (``test_trace.py``) check the rules match by match; these tests check the dice, and
``test_dice_are_uniform`` checks the generator's faces directly with many more samples.
"""

from __future__ import annotations

import math

import pytest

from tests.sim.folkstyle.conftest import FOLKSTYLE, options, sample, staller
from turnbuckle.rulesets.folkstyle.card import Card
from turnbuckle.sim.folkstyle.fast import OUTCOMES, trace
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.stats import chi2_homogeneity, chi2_sf
from turnbuckle.sim.tally import Tally

ALPHA = 1e-3
Z_ALPHA = 3.290526731491926  # two-sided 0.001
REF_MATCHES = 4000
FAST_MATCHES = 1_000_000

CONFIGS: list[tuple[str, tuple[Card, Card], dict[str, object]]] = [
    ("brick-cal", (sample("brick-halvorsen"), sample("cal-okafor")), {}),
    ("milo-tess", (sample("milo-sarkis"), sample("tess-varga")), {"riding_time": False}),
    ("stallers", (staller("Sam", near_fall=True), staller("Stu", escape_base=5)),
     {"overtime_cycles": 2, "riding_threshold": 3}),
]


def _lengths(t: Tally, edges: list[int]) -> list[int]:
    out = [0] * len(edges)
    for length, count in t.lengths.items():
        out[max(i for i, edge in enumerate(edges) if length >= edge)] += count
    return out


def _z_share(k1: int, n1: int, k2: int, n2: int) -> float:
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / n1 + 1 / n2))
    return abs(k1 / n1 - k2 / n2) / se


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=[c[0] for c in CONFIGS])
def test_fast_and_reference_agree(config: int) -> None:
    _, pair, opts = CONFIGS[config]
    sides = list(pair)
    resolved = options(**opts)
    ref_run = simulate(FOLKSTYLE, sides, resolved, REF_MATCHES, seed=20261122, engine="reference", threads=1)
    fast_run = simulate(FOLKSTYLE, sides, resolved, FAST_MATCHES, seed=7, engine="fast")
    assert (ref_run.engine, fast_run.engine) == ("reference", "fast")
    ref, fast = ref_run.tally, fast_run.tally
    assert (ref.n, fast.n) == (REF_MATCHES, FAST_MATCHES)

    stat, dof, p = chi2_homogeneity([ref.outcomes.get(o, 0) for o in OUTCOMES],
                                    [fast.outcomes.get(o, 0) for o in OUTCOMES])
    assert dof >= 1
    assert p > ALPHA, f"outcomes differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    assert _z_share(ref.wins(0), ref.n, fast.wins(0), fast.n) < Z_ALPHA, \
        f"win rate {ref.wins(0) / ref.n:.4f} (reference) vs {fast.wins(0) / fast.n:.4f} (fast)"

    edges = [1, 3, 5, 7, 8, 9, 10, 13, 18]
    stat, dof, p = chi2_homogeneity(_lengths(ref, edges), _lengths(fast, edges))
    assert p > ALPHA, f"lengths differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    rode = (int(ref.figures["riding_point"]), int(fast.figures["riding_point"]))
    assert _z_share(rode[0], ref.n, rode[1], fast.n) < Z_ALPHA, f"riding-time points {rode}"
    # Stalling calls per match: a count of at most 2 per period (18 in 9 periods), so its variance
    # is at most 20 times its mean; compare the means with that bound.
    cr, cf = ref.figures["stalling_calls"] / ref.n, fast.figures["stalling_calls"] / fast.n
    assert abs(cr - cf) < Z_ALPHA * math.sqrt(max(cf, 1e-3) * 20 / ref.n), f"stalling calls {cr:.4f} vs {cf:.4f}"
    assert abs(ref.dice / ref.n - fast.dice / fast.n) < 0.05 * fast.dice / fast.n


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
