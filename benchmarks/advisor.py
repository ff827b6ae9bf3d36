"""How good the MatchMatch advisor's answers are (prints a table; asserts nothing).

Pairings of legal sheets drawn at random from a seed the bench prints (not the bundled samples),
and for each:

- known: the opponent's automatic strategy written out and given; the advised strategy, the
  automatic one and the best of many random legal strategies (picked on a first measurement)
  are each re-measured by the fast engine as ``odds`` plays it (a written strategy, the tables
  built from it) on fresh matches;
- coverage: whether the advice's stated 95% interval holds the re-measured share (re-measured on
  ten times as many matches as the advice states, so the re-measure's own noise is small);
- unknown: a robust strategy searched without the opponent's; its worst case over strategies it
  never saw (random legal ones, drawn here) against the automatic strategy's;
- quality against budget: the gain over the automatic strategy for a few budgets in seconds.

``TURNBUCKLE_ADVISOR_BENCH=full`` runs the full sizes (20 pairings, 1,000 random strategies,
50 unseen opponents, budgets of 10, 60 and 600 s: the longest setting by far), ``budgets`` the
budget table alone on one pairing, ``issue`` the full counts with a 3-million-match search
(no budget table); the default is a small run that keeps ``make bench`` bounded.
``TURNBUCKLE_ADVISOR_BENCH_SEED`` repeats a run; ``TURNBUCKLE_ADVISOR_BENCH_BUDGET`` sets the search's
matches.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.strategy_text import parse_strategy_text
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.matchmatch.advisor.advise import advise
from turnbuckle.sim.matchmatch.advisor.field import random_sheet
from turnbuckle.sim.matchmatch.advisor.judge import Judge, limits_for
from turnbuckle.sim.matchmatch.advisor.rivals import auto_plan
from turnbuckle.sim.matchmatch.advisor.space import Plan, random_plan, to_strategy
from turnbuckle.sim.matchmatch.fast import run
from turnbuckle.sim.stats import interval_text

SIZE_ENV = "TURNBUCKLE_ADVISOR_BENCH"
SEED_ENV = "TURNBUCKLE_ADVISOR_BENCH_SEED"
#: Overrides the size's search budget (matches).
BUDGET_ENV = "TURNBUCKLE_ADVISOR_BENCH_BUDGET"
TITLE = "MatchMatch advisor"


@dataclass(frozen=True)
class Size:
    pairings: int
    budget_matches: int  # each advice's search (reproducible)
    remeasure: int  # odds' re-measure of each strategy
    randoms: int  # random legal strategies, the best of which the advice must beat
    random_first: int  # matches that pick the best random strategy
    unseen: int  # opponent strategies the robust advice never saw
    unseen_n: int  # matches against each
    unknown_pairings: int
    budgets_s: tuple[float, ...]
    budget_pairings: int


SIZES = {
    "small": Size(6, 3_000_000, 200_000, 200, 10_000, 20, 50_000, 3, (2.0, 5.0, 10.0), 2),
    "full": Size(20, 40_000_000, 200_000, 1_000, 20_000, 50, 50_000, 20, (10.0, 60.0, 600.0), 4),
    # The full counts (20 pairings, 40 interval trials, 1,000 random strategies, 50 unseen opponents)
    # with a 3-million-match search.
    "issue": Size(20, 3_000_000, 200_000, 1_000, 20_000, 50, 50_000, 20, (), 0),
    # The budget table alone, on one pairing (its largest budget alone is 600 s).
    "budgets": Size(1, 3_000_000, 200_000, 50, 10_000, 5, 20_000, 1, (10.0, 60.0, 600.0), 1),
}


def _written(side: Side, plan: Plan, sides: Sequence[Side], who: int, options: dict[str, OptionValue]) -> Side:
    return Side(side.name, side.sheet, side.members, to_strategy(plan, limits_for(sides, who, options)))


def _odds(sides: Sequence[Side], options: dict[str, OptionValue], n: int, seed: int) -> float:
    """Side 0's win share as ``odds`` measures it (the tables built from the written strategies)."""
    return run(list(sides), options, n, seed).wins(0) / n


def _line(*cells: object) -> str:
    return "  ".join(str(c) for c in cells)


def main() -> None:
    size_name = os.environ.get(SIZE_ENV, "small").strip().lower() or "small"
    size = SIZES.get(size_name, SIZES["small"])
    if os.environ.get(BUDGET_ENV, "").strip():
        size = replace(size, budget_matches=int(os.environ[BUDGET_ENV]))
    seed = int(os.environ.get(SEED_ENV) or secrets.randbelow(2**31))
    rng = np.random.default_rng(seed)
    opts: dict[str, OptionValue] = dict(resolve_options(get_ruleset("matchmatch").info.options, {}))
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print()
    print(f"advisor bench ({size_name}): seed {seed} ({SEED_ENV}={seed} repeats it), {size.pairings} pairings of "
          f"random legal sheets, search budget {size.budget_matches:,} matches, re-measured on {size.remeasure:,} "
          f"fresh matches; load average {load}")
    gains: list[float] = []
    beat_random = 0
    never_below = 0
    covered = 0
    trials = 0
    print(_line(f"{'pairing':<9}", f"{'advised':>8}", f"{'auto':>8}", f"{'gain':>7}", f"{'best rnd':>8}",
                f"{'stated 95%':>15}", f"{'in?':>4}", f"{'search s':>8}"))
    pairs = [(random_sheet(rng, f"A{i + 1}"), random_sheet(rng, f"B{i + 1}")) for i in range(size.pairings)]
    for i, (me, them) in enumerate(pairs):
        sides = [me, them]
        theirs = _written(them, auto_plan(sides, 1, opts), sides, 1, opts)
        known = [me, theirs]
        t0 = time.perf_counter()
        advice = advise(known, 0, opts, seed=int(rng.integers(2**31)), budget_matches=size.budget_matches,
                        measure_n=size.remeasure)
        took = time.perf_counter() - t0
        mine = Side(me.name, me.sheet, (), parse_strategy_text(advice.strategy_text, "advised"))
        fresh = int(rng.integers(2**31))
        adv = _odds([mine, theirs], opts, size.remeasure, fresh)
        auto = _odds([me, theirs], opts, size.remeasure, fresh)
        # The best of many random legal strategies, picked on one measurement, re-measured afresh.
        judge = Judge(known, 0, opts)
        picks = [random_plan(rng, judge.limits) for _ in range(size.randoms)]
        pick_seed = int(rng.integers(2**31))
        best = max(picks, key=lambda p: judge.score(p, size.random_first, pick_seed).share)
        rnd = _odds([_written(me, best, known, 0, opts), theirs], opts, size.remeasure, fresh)
        # Coverage: the stated interval against a re-measure ten times its size.
        stated = advice.advised[0].json()
        big = _odds([mine, theirs], opts, 10 * size.remeasure, int(rng.integers(2**31)))
        inside = stated["win_low"] <= big <= stated["win_high"]
        covered += inside
        trials += 1
        gains.append(adv - auto)
        never_below += adv >= auto
        beat_random += adv > rnd
        print(_line(f"{i + 1:<9}", f"{100 * adv:7.1f}%", f"{100 * auto:7.1f}%", f"{100 * (adv - auto):+6.1f}",
                    f"{100 * rnd:7.1f}%", f"{interval_text(stated['win_low'], stated['win_high'], 1, sep='-'):>12}%",
                    f"{'yes' if inside else 'NO':>4}", f"{took:8.1f}"))
    print(f"known opponent: advised >= automatic in {never_below} of {len(pairs)}; mean gain "
          f"{100 * float(np.mean(gains)):+.1f} points (goal: never below, mean >= +3.0); beats the best of "
          f"{size.randoms:,} random strategies in {beat_random} of {len(pairs)}")
    # Unknown opponents: the robust plan's worst case over strategies it never saw.
    better = 0
    print(_line(f"{'unknown':<9}", f"{'advised worst':>13}", f"{'auto worst':>10}", f"{'stated 95% (vs auto)':>21}",
                f"{'in?':>4}"))
    for i, (me, them) in enumerate(pairs[: size.unknown_pairings]):
        sides = [me, them]
        advice = advise(sides, 0, opts, seed=int(rng.integers(2**31)), budget_matches=size.budget_matches,
                        measure_n=size.remeasure)
        mine = Side(me.name, me.sheet, (), parse_strategy_text(advice.strategy_text, "advised"))
        unseen_rng = np.random.default_rng([seed, 7, i])
        opp_limits = limits_for(sides, 1, opts)
        unseen = [Side(them.name, them.sheet, (), to_strategy(random_plan(unseen_rng, opp_limits), opp_limits))
                  for _ in range(size.unseen)]
        fresh = int(rng.integers(2**31))
        worst_adv = min(_odds([mine, u], opts, size.unseen_n, fresh) for u in unseen)
        worst_auto = min(_odds([me, u], opts, size.unseen_n, fresh) for u in unseen)
        better += worst_adv > worst_auto
        stated = advice.advised[0].json()  # against the automatic opponent
        big = _odds([mine, them], opts, 10 * size.remeasure, int(rng.integers(2**31)))
        inside = stated["win_low"] <= big <= stated["win_high"]
        covered += inside
        trials += 1
        print(_line(f"{i + 1:<9}", f"{100 * worst_adv:12.1f}%", f"{100 * worst_auto:9.1f}%",
                    f"{interval_text(stated['win_low'], stated['win_high'], 1, sep='-'):>19}%",
                    f"{'yes' if inside else 'NO':>4}"))
    print(f"unknown opponent: advised worst case above the automatic's in {better} of "
          f"{min(size.unknown_pairings, len(pairs))} (over {size.unseen} unseen random strategies each)")
    print(f"stated 95% intervals holding the re-measured share: {covered} of {trials} (goal: 36 of 40, 90%)")
    # Quality against budget (seconds: what a user waits).
    print("quality against budget (known opponent; gain over the automatic strategy, re-measured):")
    for budget in size.budgets_s:
        row = []
        for me, them in pairs[: size.budget_pairings]:
            sides = [me, them]
            theirs = _written(them, auto_plan(sides, 1, opts), sides, 1, opts)
            advice = advise([me, theirs], 0, opts, seed=int(rng.integers(2**31)), budget_seconds=budget,
                            measure_n=1_000)
            mine = Side(me.name, me.sheet, (), parse_strategy_text(advice.strategy_text, "advised"))
            fresh = int(rng.integers(2**31))
            row.append(_odds([mine, theirs], opts, size.remeasure, fresh) - _odds([me, theirs], opts, size.remeasure,
                                                                                  fresh))
        print(f"  budget {budget:>5g} s: mean gain {100 * float(np.mean(row)):+.1f} points over {len(row)} pairings "
              f"({', '.join(f'{100 * g:+.1f}' for g in row)})")


if __name__ == "__main__":
    main()
