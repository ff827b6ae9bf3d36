"""One truth, statistically: the fast Deathmatch engine and the reference engine give the same odds.

The trace-replay tests (``test_deathmatch_trace.py``) check the flow of battles exactly; these
check the dice: that the fast engine's generator gives the right distribution.

- Reference against fast: for 2, 3 and 4 armies under different options, the reference engine
  plays the battles its entry in CONFIGS gives and the fast engine FAST_BATTLES, fixed seeds;
  chi-square tests of homogeneity over the outcomes and the binned lengths, a z-test on the first
  army's win rate and one on figures standing at the end, at ALPHA = 0.001. The two-army setup is
  the powered one (``tests/sim/agreement.py``): 10,000 reference battles (about 10 s), so a
  2-point shift in that win rate is about four standard errors; the others keep 3,000 (shifts of
  about 3 points).
- Fast against exact: a one-on-one duel's outcome odds, computed exactly (in floating point) by
  stating the rules again as a Markov chain over (HP, HP) round by round, against 1,000,000 fast
  battles: a 0.2-point shift in a win rate is over four standard errors.
"""

from __future__ import annotations

import math
from fractions import Fraction

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
from tests.sim.deathmatch_setups import DEATHMATCH, army, fig, options
from tests.sim.reference_cache import reference_tally
from turnbuckle.rulesets.deathmatch.figures import Army
from turnbuckle.sim.deathmatch.fast import OUTCOMES, run
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.stats import chi2_homogeneity

FAST_BATTLES = 1_000_000
#: Each finish once (several kernel codes name the same draw, one per set of players sharing it).
FINISHES = tuple(dict.fromkeys(OUTCOMES))

#: (id, armies, options, reference battles): the first setup is the powered one.
CONFIGS: list[tuple[str, list[Army], dict[str, object], int]] = [
    ("two", [army("A", "ash-wyrm", "bog-rat"), army("B", "hollow-king", "gutter-imp")], {}, POWER_MATCHES),
    ("three", [army("A", "mire-hag", "bog-rat"), army("B", "howling-ghoul", "grave-mite"),
               army("C", "bone-knight", "cinder-sprite")], {"tiebreak": "rps", "default_policy": "weakest"}, 3_000),
    ("four", [army("A", "mire-hag"), army("B", "tusk-brute"), army("C", "howling-ghoul"), army("D", "bone-knight")],
     {"default_policy": "random", "max_rounds": 6}, 3_000),
]


@pytest.mark.parametrize(("sides", "opts", "ref_battles"), [c[1:] for c in CONFIGS], ids=[c[0] for c in CONFIGS])
def test_fast_and_reference_agree(sides: list[Army], opts: dict[str, object], ref_battles: int) -> None:
    resolved = options(**opts)
    ref = reference_tally(DEATHMATCH, sides, resolved, ref_battles, seed=20261122)
    fast = simulate(DEATHMATCH, sides, resolved, FAST_BATTLES, seed=7, engine="fast").tally
    assert (ref.n, fast.n) == (ref_battles, FAST_BATTLES)

    stat, dof, p = chi2_homogeneity([ref.outcomes.get(o, 0) for o in FINISHES],
                                    [fast.outcomes.get(o, 0) for o in FINISHES])
    assert dof >= 1
    assert p > ALPHA, f"outcomes differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    se = assert_win_rates_agree(ref, fast)
    if ref_battles == POWER_MATCHES:
        assert_shift_is_caught(se)

    edges = [1, 3, 4, 5, 6, 7, 8, 10]
    stat, dof, p = chi2_homogeneity(binned(ref, edges), binned(fast, edges))
    assert p > ALPHA, f"lengths differ: chi2={stat:.1f} on {dof} dof, p={p:.2g}"

    # Figures standing at the end (at most 4 here, so the variance is at most 4).
    sr, sf = ref.figures["survivors"] / ref.n, fast.figures["survivors"] / fast.n
    assert abs(sr - sf) < Z_ALPHA * math.sqrt(4.0 / ref.n), f"survivors {sr:.4f} vs {sf:.4f}"
    assert abs(ref.dice / ref.n - fast.dice / fast.n) < 0.05 * fast.dice / fast.n


def test_a_shifted_engine_is_caught() -> None:
    """Not blind: at the powered size, moving 2% of the battles from the first army's wins to
    the second's fails the outcome test."""
    _, sides, opts, _ = CONFIGS[0]
    fast = simulate(DEATHMATCH, sides, options(**opts), FAST_BATTLES, seed=7, engine="fast").tally
    assert_a_shifted_move_is_caught(fast, FINISHES, 0, 1)


# -- the duel, exactly -------------------------------------------------------------------------
def _attack(atk: int, defence: int) -> dict[int, Fraction]:
    """Damage of d6 + ATK against d6 + DEF: the margin, none if not above (stated afresh)."""
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for d in range(1, 7):
            dmg = max(0, a + atk - d - defence)
            out[dmg] = out.get(dmg, Fraction(0)) + Fraction(1, 36)
    return out


def duel_odds(a: dict[str, int], b: dict[str, int], max_rounds: int) -> tuple[float, float, float]:
    """(A wins, B wins, draw) for one figure against one: each round both roll d6 + SPD, a tie is
    a fair coin (or rock-paper-scissors: fair too), the higher total attacks first, and the other
    strikes back if it still stands; a draw when both stand after ``max_rounds``."""
    first = sum((Fraction(1, 36) for x in range(1, 7) for y in range(1, 7) if x + a["spd"] > y + b["spd"]),
                Fraction(0))
    tie = sum((Fraction(1, 36) for x in range(1, 7) for y in range(1, 7) if x + a["spd"] == y + b["spd"]),
              Fraction(0))
    a_first = float(first + tie / 2)
    on_b = {d: float(p) for d, p in _attack(a["atk"], b["def"]).items()}
    on_a = {d: float(p) for d, p in _attack(b["atk"], a["def"]).items()}
    states = {(a["hp"], b["hp"]): 1.0}
    a_wins = b_wins = 0.0
    for _ in range(max_rounds):
        nxt: dict[tuple[int, int], float] = {}
        for (ha, hb), p in states.items():
            for order, q in ((0, a_first), (1, 1.0 - a_first)):
                for d1, p1 in (on_b if order == 0 else on_a).items():
                    h1a, h1b = (ha, hb - d1) if order == 0 else (ha - d1, hb)
                    if h1b <= 0:
                        a_wins += p * q * p1
                        continue
                    if h1a <= 0:
                        b_wins += p * q * p1
                        continue
                    for d2, p2 in (on_a if order == 0 else on_b).items():
                        h2a, h2b = (h1a - d2, h1b) if order == 0 else (h1a, h1b - d2)
                        w = p * q * p1 * p2
                        if h2a <= 0:
                            b_wins += w
                        elif h2b <= 0:
                            a_wins += w
                        else:
                            nxt[(h2a, h2b)] = nxt.get((h2a, h2b), 0.0) + w
        states = nxt
    return a_wins, b_wins, sum(states.values())


@pytest.mark.parametrize(("tiebreak", "max_rounds"), [("coin", 50), ("rps", 5)])
def test_a_duel_matches_its_exact_odds(tiebreak: str, max_rounds: int) -> None:
    a = {"hp": 14, "spd": 4, "atk": 5, "def": 4}
    b = {"hp": 18, "spd": 3, "atk": 4, "def": 5}
    sides = [army("A", fig("Hound", a["hp"], a["spd"], a["atk"], a["def"], 2)),
             army("B", fig("Ox", b["hp"], b["spd"], b["atk"], b["def"], 2))]
    exact = duel_odds(a, b, max_rounds)
    assert sum(exact) == pytest.approx(1.0)
    t = run(sides, options(tiebreak=tiebreak, max_rounds=max_rounds), 1_000_000, seed=11)
    got = (t.wins(0), t.wins(1), t.draws())
    assert sum(got) == t.n
    for k, p in zip(got, exact, strict=True):
        se = math.sqrt(max(p * (1 - p), 1e-12) / t.n)
        assert abs(k / t.n - p) < Z_ALPHA * se + 1e-9, f"{k / t.n:.5f} vs exact {p:.5f}"


def test_a_shifted_duel_is_caught() -> None:
    """The duel test is not blind: the exact odds of a figure with one more ATK differ by more
    than the test allows at 1,000,000 battles."""
    a = {"hp": 14, "spd": 4, "atk": 5, "def": 4}
    b = {"hp": 18, "spd": 3, "atk": 4, "def": 5}
    honest = duel_odds(a, b, 50)
    shifted = duel_odds({**a, "hp": 15}, b, 50)
    se = math.sqrt(honest[0] * (1 - honest[0]) / 1_000_000)
    assert abs(shifted[0] - honest[0]) > 2 * Z_ALPHA * se
