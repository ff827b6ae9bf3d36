"""The search finds what exhaustion finds in a small space, a best response beats what it answers,
and the same seed and match budget give the same answer."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tests.sim.advisor.helpers import SAM_PART_VI, options, side
from turnbuckle.sim.matchmatch.advisor.advise import advise
from turnbuckle.sim.matchmatch.advisor.judge import Judge
from turnbuckle.sim.matchmatch.advisor.rivals import auto_plan
from turnbuckle.sim.matchmatch.advisor.search import Budget, Objective, improve
from turnbuckle.sim.matchmatch.advisor.space import Limits, Plan

PAIRS = [(a, b) for a in range(7) for b in range(a + 1, 7)]


def test_in_a_space_small_enough_to_enumerate_the_search_finds_the_optimum() -> None:
    """Rounds fixed (the automatic plan's), '+' pair and '-' style free: 21 x 8 plans."""
    sides = [side("brother-bob"), side("friendly-sam", SAM_PART_VI)]
    opts = options()
    judge = Judge(sides, 0, opts)
    base = auto_plan(sides, 0, opts)
    space = [replace(base, plus=p, minus=m) for p in PAIRS for m in range(8)]
    exhaustive = {p: judge.score(p, 10_000, 99).share for p in space}
    optimum = max(exhaustive.values())
    worst = min(exhaustive.values())

    def step(plan: Plan, rng: np.random.Generator, limits: Limits) -> Plan:
        if rng.random() < 0.5:
            return replace(plan, plus=PAIRS[int(rng.integers(len(PAIRS)))])
        return replace(plan, minus=int(rng.integers(8)))

    def fresh(rng: np.random.Generator, limits: Limits) -> Plan:
        return step(step(base, rng, limits), rng, limits)

    found, _ = improve(Objective([judge]), judge.limits, [base], np.random.default_rng(5),
                       Budget(matches=400_000), step=step, fresh=fresh)
    assert found in exhaustive
    # Within a point of the exhaustive optimum (the space spans many points: a broken search lands far off).
    assert optimum - worst > 0.10
    assert exhaustive[found] >= optimum - 0.01, (exhaustive[found], optimum)


def test_a_best_response_beats_the_strategy_it_answers() -> None:
    """A mirror match: the same wrestler on both sides, the opponent's strategy known."""
    sam = side("friendly-sam")
    opponent = side("friendly-sam", SAM_PART_VI)
    advice = advise([sam, opponent], 0, options(), seed=11, budget_matches=400_000, measure_n=40_000)
    mine, = advice.advised
    auto, = advice.automatic
    lo = mine.json()["win_low"]
    assert lo > 0.5, mine.json()  # it beats the strategy it answers, on fresh matches
    assert mine.share > auto.share + 0.02, (mine.json(), auto.json())
    assert advice.known and "Strategy:" in advice.strategy_text


def test_the_same_seed_and_match_budget_give_the_same_answer() -> None:
    sides = [side("brother-bob"), side("friendly-sam", SAM_PART_VI)]
    one = advise(sides, 0, options(), seed=3, budget_matches=150_000, measure_n=2_000)
    two = advise(sides, 0, options(), seed=3, budget_matches=150_000, measure_n=2_000)
    assert one.strategy_text == two.strategy_text
    assert one.search["matches"] == two.search["matches"]
    assert [m.json() for m in one.advised] == [m.json() for m in two.advised]


def test_against_an_unknown_opponent_it_lists_the_population_and_its_worst_case() -> None:
    advice = advise([side("brother-bob"), side("friendly-sam")], 0, options(), seed=2, budget_matches=300_000,
                    measure_n=2_000)
    labels = [m.opponent for m in advice.advised]
    assert not advice.known
    assert labels[:3] == ["automatic", "Specials early", "cheater"] and "random #6" in labels
    replies = [x for x in labels if x.startswith("best reply #")]
    assert len(replies) == advice.search["best_replies"] and len(set(labels)) == len(labels)
    data = advice.json()
    assert data["mode"] == "robust"
    assert data["advised_worst"]["win"] == min(m.share for m in advice.advised)
    assert data["automatic_worst"]["win"] == min(m.share for m in advice.automatic)


def test_on_a_dask_cluster_the_answer_is_the_same() -> None:
    import logging

    from distributed import Client, LocalCluster

    sides = [side("brother-bob"), side("friendly-sam", SAM_PART_VI)]
    here = advise(sides, 0, options(), seed=5, budget_matches=60_000, measure_n=2_000)
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None,  # type: ignore[no-untyped-call]
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        there = advise(sides, 0, options(), seed=5, budget_matches=60_000, measure_n=2_000, client=client)
        assert "judge_score" in cluster.scheduler.task_prefixes  # the evaluations went to the cluster
    assert there.strategy_text == here.strategy_text
    assert [m.json() for m in there.advised] == [m.json() for m in here.advised]
    assert there.search["matches"] == here.search["matches"]
