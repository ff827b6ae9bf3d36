"""The search: local search over plans, judged by racing on common random numbers.

Each generation takes the current best plan and a dozen changed copies of it (one to three
moves each, now and then a fresh random plan) and races them by successive halving: every plan
plays the same ``n0`` matches, the better half plays ``2 n0`` more, and so on, until two are left
after the last stage; the plan ahead on everything it played becomes the current best. The
current best races too, on new matches every generation, so a plan that was only lucky once is
soon beaten. A worst case over several opponents (the robust strategy) is judged the same way:
a plan's figure is its lowest win share over them.

The budget is matches played (reproducible: the same seed and budget give the same plan) or
seconds (not reproducible: a busy machine plays fewer).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from turnbuckle.sim.matchmatch.advisor.judge import Judge, Score
from turnbuckle.sim.matchmatch.advisor.space import Limits, Plan, mutate, random_plan

#: Plans raced per generation (the current best and its changed copies).
FIELD = 12
#: Matches each plan plays in a race's first stage; each stage doubles it.
FIRST_STAGE = 1000
#: How many plans the first race of a search takes from the starting points and random plans.
OPENING = 24


@dataclass
class Budget:
    """Matches (reproducible) and/or seconds the search may spend; ``spent`` counts matches."""

    matches: int | None = None
    seconds: float | None = None
    spent: int = 0
    started: float = field(default_factory=time.perf_counter)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def fraction(self) -> float:
        parts = [0.0]
        if self.matches is not None:
            parts.append(self.spent / self.matches if self.matches > 0 else 1.0)
        if self.seconds is not None:
            parts.append((time.perf_counter() - self.started) / self.seconds if self.seconds > 0 else 1.0)
        return min(1.0, max(parts))

    def part(self, share: float) -> Budget:
        """A sub-budget: ``share`` of what is left."""
        left_m = None if self.matches is None else max(0, int((self.matches - self.spent) * share))
        left_s = None if self.seconds is None else max(0.0, (self.seconds - (time.perf_counter() - self.started))
                                                       * share)
        return Budget(left_m, left_s)

    def done(self) -> bool:
        return self.fraction() >= 1.0


def judge_score(judge: Judge, plan: Plan, n: int, seed: int) -> Score:
    """One evaluation, as a Dask task runs it (a pure function of its arguments)."""
    return judge.score(plan, n, seed)


@dataclass
class Objective:
    """A plan's figure: its worst win share over the judges (one judge: its win share). With a
    Dask ``client``, a race stage's evaluations run as tasks on the cluster: each is keyed by its
    seed and match count alone, so the figures, and the plan found, are the same as here."""

    judges: Sequence[Judge]
    seeds: set[int] = field(default_factory=set)
    client: Any = None
    played: int = 0  # matches played through this objective
    _remote: list[Any] | None = None

    def scores(self, plan: Plan, n: int, seed: int) -> list[Score]:
        return self.scores_many([plan], n, seed)[0]

    def scores_many(self, plans: Sequence[Plan], n: int, seed: int) -> list[list[Score]]:
        self.seeds.add(seed)
        self.played += n * len(plans) * len(self.judges)
        if self.client is None:
            return [[j.score(p, n, seed) for j in self.judges] for p in plans]
        if self._remote is None:
            self._remote = [self.client.scatter(j, broadcast=True) for j in self.judges]
        futures = [self.client.submit(judge_score, j, p, n, seed, pure=False) for p in plans for j in self._remote]
        got: list[Score] = self.client.gather(futures)
        k = len(self.judges)
        return [got[i * k:(i + 1) * k] for i in range(len(plans))]

    @property
    def matches(self) -> int:
        return self.played


#: The weight of the mean beside the worst case: of two plans with the same worst case, the one
#: better on average wins (it also keeps a robust plan from giving away what no listed opponent tests).
MEAN_WEIGHT = 0.1


def _worst(scores: Sequence[Score]) -> float:
    shares = [s.share for s in scores]
    return min(shares) + MEAN_WEIGHT * sum(shares) / len(shares) if len(shares) > 1 else shares[0]


def _add(a: list[Score], b: list[Score]) -> list[Score]:
    return [Score(x.wins + y.wins, x.draws + y.draws, x.n + y.n) for x, y in zip(a, b, strict=True)]


def race(objective: Objective, plans: Sequence[Plan], rng: np.random.Generator, budget: Budget,
         first: int = FIRST_STAGE) -> list[tuple[float, Plan]]:
    """Successive halving: every stage plays new matches (one seed for all plans: common random
    numbers) and keeps the better half, down to two; returns (figure, plan), best first."""
    pool = list(dict.fromkeys(plans))
    totals: dict[Plan, list[Score]] = {}
    n = max(FIRST_STAGE // 5, first // max(1, len(objective.judges)))
    while True:
        seed = int(rng.integers(1, 2**62))
        before = objective.matches
        for p, got in zip(pool, objective.scores_many(pool, n, seed), strict=True):
            totals[p] = _add(totals[p], got) if p in totals else got
        budget.spent += objective.matches - before
        # Ties go to the earlier plan (the current best is first): a stable sort.
        pool.sort(key=lambda p: -_worst(totals[p]))
        if len(pool) <= 2 or budget.done():
            return [(_worst(totals[p]), p) for p in pool]
        pool = pool[: max(2, len(pool) // 2)]
        n *= 2


def improve(objective: Objective, limits: Limits, starts: Sequence[Plan], rng: np.random.Generator,
            budget: Budget, progress: Callable[[], None] | None = None,
            step: Callable[[Plan, np.random.Generator, Limits], Plan] = mutate,
            fresh: Callable[[np.random.Generator, Limits], Plan] = random_plan) -> tuple[Plan, int]:
    """The best plan found from ``starts`` within ``budget``, and the generations run. ``step``
    and ``fresh`` (a move, a random plan) may be narrowed to a sub-space (the tests' enumerable one)."""
    opening = list(starts) + [fresh(rng, limits) for _ in range(max(0, OPENING - len(starts)))]
    best = race(objective, opening, rng, budget)[0][1]
    generations = 0
    while not budget.done():
        field_ = [best]
        for i in range(FIELD - 1):
            if i == FIELD - 2 and rng.random() < 0.3:
                field_.append(fresh(rng, limits))
                continue
            p = best
            for _ in range(1 + int(rng.integers(3))):
                p = step(p, rng, limits)
            field_.append(p)
        best = race(objective, field_, rng, budget)[0][1]
        generations += 1
        if progress is not None:
            progress()
    return best, generations
