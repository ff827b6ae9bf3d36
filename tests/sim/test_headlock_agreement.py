"""One truth, statistically: the fast Headlock engine and the reference engine give the same odds.

The replays in ``test_headlock_fast.py`` prove the two engines play the same match from the same
cards and dice; these tests check the whole chain end to end (the piles, the generator, the
counting) on seeded runs. The reference engine plays the matches its entry in CONFIGS gives, with
the smart player read from its table (``headlock_support``), the fast engine FAST_MATCHES.
Checked at ALPHA = 0.001: a chi-square over the outcome categories (categories under 1% pooled),
a z-test on the first wrestler's win rate, a chi-square over match lengths in bins, and the mean
dice and knockdowns per match. The defaults setup is the powered one (``tests/sim/agreement.py``):
10,000 reference matches (about 25 s on one core: the reference engine plays about 400 matches a
second), so a 2-point shift in the win rate is about four standard errors; the other setup keeps
1,200 (shifts of about 6 points). The tag setup (four wrestlers, each wrestler's own pile, choke
and knockout) plays 3,000 reference matches; its outcomes are the finishes of each of the four
wrestlers, and its win rate is the first team's (shifts of about 3 points).
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
from tests.sim.headlock_support import HEADLOCK, SAMPLES, options, sample, smart_by_table
from tests.sim.reference_cache import reference_tally
from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.headlock.sheet import Character
from turnbuckle.sim.headlock.fast import OUTCOMES, TAG_OUTCOMES
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.stats import chi2_homogeneity
from turnbuckle.sim.tally import Outcome, Tally

FAST_MATCHES = 1_000_000

#: (first sample, second sample, options, reference matches): the first setup is the powered one.
CONFIGS: list[tuple[int, int, dict[str, object], int]] = [
    (2, 4, {}, POWER_MATCHES),
    (4, 2, {"deck": "own", "choke": True, "knockout": True, "getup_die": "d8", "getup_rolls": 2, "turns": 30},
     1_200),
]
#: The tag setup: four samples (1+2 against 3+4), options, reference matches.
TAG: tuple[tuple[int, int, int, int], dict[str, object], int] = (
    (2, 0, 4, 3), {"tag_piles": "wrestler", "choke": True, "knockout": True, "getup_die": "d8", "getup_rolls": 2},
    3_000)


def _pooled(ref: Tally, fast: Tally, outcomes: tuple[Outcome, ...] = OUTCOMES) -> tuple[list[int], list[int]]:
    """Outcome counts, with categories under 1% of the fast matches pooled into one."""
    keep = [o for o in outcomes if fast.outcomes.get(o, 0) >= 0.01 * fast.n]
    rest = [o for o in outcomes if o not in keep]
    a = [ref.outcomes.get(o, 0) for o in keep] + [sum(ref.outcomes.get(o, 0) for o in rest)]
    b = [fast.outcomes.get(o, 0) for o in keep] + [sum(fast.outcomes.get(o, 0) for o in rest)]
    return a, b


def _teams(t: Tally) -> Tally:
    """A tag match's tally with each wrestler's wins counted to the team (0: wrestlers 1+2)."""
    out = Tally(2, n=t.n, lengths=dict(t.lengths), figures=dict(t.figures), dice=t.dice, unit=t.unit)
    for (w, method), count in t.outcomes.items():
        key = (None if w is None else w // 2, method)
        out.outcomes[key] = out.outcomes.get(key, 0) + count
    return out


def _agree(sides: list[Character], resolved: dict[str, OptionValue], ref_matches: int,
           monkeypatch: pytest.MonkeyPatch, outcomes: tuple[Outcome, ...]) -> None:
    with smart_by_table(monkeypatch):
        r = reference_tally(HEADLOCK, sides, resolved, ref_matches, seed=20261122, note="smart player by table")
    fast = simulate(HEADLOCK, sides, resolved, FAST_MATCHES, seed=7, engine="fast")
    assert fast.engine == "fast", fast.notes
    f = fast.tally

    x, y = _pooled(r, f, outcomes)
    stat, dof, p = chi2_homogeneity(x, y)
    assert dof >= 2
    assert p > ALPHA, f"outcomes differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    assert (r.n, f.n) == (ref_matches, FAST_MATCHES)
    se = assert_win_rates_agree(_teams(r), _teams(f)) if len(sides) == 4 else assert_win_rates_agree(r, f)
    if ref_matches == POWER_MATCHES:
        assert_shift_is_caught(se)

    edges = [1, 4, 7, 10, 13, 16, 19, 22, 25, 29]
    stat, dof, p = chi2_homogeneity(binned(r, edges), binned(f, edges))
    assert p > ALPHA, f"lengths differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    # Dice per match: a z-test with a generous variance bound (a match rolls at most a few dozen).
    dr, df = r.dice / r.n, f.dice / f.n
    assert abs(dr - df) < Z_ALPHA * math.sqrt(100.0 / r.n), f"dice per match {dr:.2f} vs {df:.2f}"
    kr, kf = r.figures.get("knockdowns", 0.0) / r.n, f.figures.get("knockdowns", 0.0) / f.n
    assert abs(kr - kf) < Z_ALPHA * math.sqrt(2.0 / r.n), f"knockdowns {kr:.3f} vs {kf:.3f}"


@pytest.mark.parametrize(("a", "b", "opts", "ref_matches"), CONFIGS, ids=["defaults", "own-choke-knockout"])
def test_fast_and_reference_agree(a: int, b: int, opts: dict[str, object], ref_matches: int,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _agree([sample(SAMPLES[a]), sample(SAMPLES[b])], options(**opts), ref_matches, monkeypatch, OUTCOMES)


def test_fast_and_reference_agree_on_a_tag_match(monkeypatch: pytest.MonkeyPatch) -> None:
    four, opts, ref_matches = TAG
    _agree([sample(SAMPLES[i]) for i in four], options(**opts), ref_matches, monkeypatch, TAG_OUTCOMES)


def test_a_shifted_engine_is_caught() -> None:
    """The outcome test is not blind: at the powered size, moving 2% of the matches from one
    wrestler's commonest win to the other's fails it."""
    sides = [sample(SAMPLES[2]), sample(SAMPLES[4])]
    fast = simulate(HEADLOCK, sides, options(), FAST_MATCHES, seed=7, engine="fast").tally
    big = max(range(0, len(OUTCOMES) - 1, 2), key=lambda i: fast.outcomes.get(OUTCOMES[i], 0))
    assert_a_shifted_move_is_caught(fast, OUTCOMES, big, big + 1)
