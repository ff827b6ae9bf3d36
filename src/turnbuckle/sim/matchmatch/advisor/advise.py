"""Advice for one side: a best response to known strategies, or a robust plan against unknown ones.

Known (every other side's strategy is given): the search maximises the win share against them.
Unknown: it maximises the worst win share over a population of opponent strategies (the
automatic player's and several styles of play: ``rivals.py``), then, for a single opponent,
runs two rounds of a double oracle: it searches the opponent's best reply to the plan found,
adds that reply to the population and searches again. Last, the advised plan and the automatic
strategy are measured afresh, on a seed the search never used, against every opponent listed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text
from turnbuckle.sim.matchmatch.advisor.judge import Judge, Score, limits_for
from turnbuckle.sim.matchmatch.advisor.rivals import auto_plan, styles_of_play
from turnbuckle.sim.matchmatch.advisor.search import Budget, Objective, improve
from turnbuckle.sim.matchmatch.advisor.space import Plan, from_strategy, tidy, to_strategy
from turnbuckle.sim.stats import interval_text, wilson

#: Matches each strategy plays against each opponent in the fresh measurement.
MEASURE_N = 200_000
#: Rounds of the double oracle (a best reply found and added, then the plan searched again).
ORACLE_ROUNDS = 2
#: Shares of the budget: the first search, then each oracle round's reply and search.
FIRST_SHARE = 0.4
METHOD = ("local search over legal plans (style picks, grid pick, by-style rows, exact High Spot, Special and "
          "Illegal rounds, first-time-this-style rows, conditionals), raced by successive halving on common "
          "random numbers of the fast engine")


@dataclass(frozen=True)
class Measured:
    """A strategy's fresh measurement against one opponent."""

    opponent: str
    wins: int
    draws: int
    n: int

    @property
    def share(self) -> float:
        return self.wins / self.n

    def json(self) -> dict[str, Any]:
        losses = self.n - self.wins - self.draws
        out: dict[str, Any] = {"opponent": self.opponent, "matches": self.n}
        for part, k in (("win", self.wins), ("draw", self.draws), ("loss", losses)):
            lo, hi = wilson(k, self.n)
            out |= {part: k / self.n, f"{part}_low": lo, f"{part}_high": hi}
        return out


@dataclass(frozen=True)
class Advice:
    names: tuple[str, ...]
    me: int
    known: bool
    strategy_text: str
    advised: tuple[Measured, ...]
    automatic: tuple[Measured, ...]
    seed: int
    measure_seed: int
    search: dict[str, Any] = field(default_factory=dict)
    #: Each side played as a field of sheets (its sheet not known): its name, what is known of it.
    fielded: tuple[tuple[str, str], ...] = ()

    def worst(self, rows: Sequence[Measured]) -> Measured:
        return min(rows, key=lambda m: m.share)

    def json(self) -> dict[str, Any]:
        return {
            "format": "turnbuckle.advice/1",
            "ruleset": "matchmatch",
            "side": self.names[self.me],
            "opponents": [n for i, n in enumerate(self.names) if i != self.me],
            "mode": "best response" if self.known else "robust",
            "strategy": self.strategy_text,
            "seed": self.seed,
            "measured_on_seed": self.measure_seed,
            "advised": [m.json() for m in self.advised],
            "automatic": [m.json() for m in self.automatic],
            "advised_worst": self.worst(self.advised).json(),
            "automatic_worst": self.worst(self.automatic).json(),
            "search": dict(self.search),
        } | ({"field": [{"side": name, "about": about, "sheets": len(self.advised)} for name, about in self.fielded]}
             if self.fielded else {})

    def text(self) -> str:
        me = self.names[self.me]
        others = ", ".join(n for i, n in enumerate(self.names) if i != self.me)
        if self.fielded:
            about = " and ".join(f"{name} ({what})" for name, what in self.fielded)
            head = (f"Advice for {me} against a field of {len(self.advised)} legal sheets that fit what is public "
                    f"about {about}, since their sheet is not public yet: a robust strategy (the best worst case "
                    "over the field, each sheet playing its automatic strategy)")
        elif self.known:
            head = f"Advice for {me} against {others}: a best response to the strategy given"
        else:
            head = (f"Advice for {me} against {others}: a robust strategy (the best worst case over "
                    f"{len(self.advised)} opponent strategies; theirs is not known)")
        out = [head, "", self.strategy_text.rstrip(), ""]
        n = self.advised[0].n
        out.append(f"Measured afresh on {n:,} matches per opponent (seed {self.measure_seed}, never used by the "
                   "search); win share with its 95% interval, then draw and loss:")
        width = max(len(m.opponent) for m in self.advised)
        w = max(width, 17)
        out.append(f"  {'opponent strategy':<{w}}  {'advised':<26}  {'automatic':<26}".rstrip())
        for a, b in zip(self.advised, self.automatic, strict=True):
            out.append(f"  {a.opponent:<{w}}  {_cell(a):<26}  {_cell(b)}")
        if not self.known:
            wa, wb = self.worst(self.advised), self.worst(self.automatic)
            out.append(f"  {'worst case':<{w}}  {_cell(wa):<26}  {_cell(wb)}")
        s = self.search
        budget = (f"{s['budget_matches']:,} matches" if s.get("budget_matches") else f"{s['budget_seconds']:g} s")
        took = f" in {s['seconds']:.1f} s" if "seconds" in s else ""  # a budget in matches: no wall clock
        out += ["", f"Search: {s['matches']:,} matches{took} ({s['generations']} generations, "
                    f"budget {budget}, seed {self.seed}). Method: {METHOD}."]
        return "\n".join(out) + "\n"


    def markdown(self) -> str:
        """The advice as Markdown: the strategy in a code block, the measurements as a table."""
        lines = self.text().splitlines()
        head, strategy = lines[0], self.strategy_text.rstrip()
        out = [f"## {head}", "", "```text", strategy, "```", "",
               f"Measured afresh on {self.advised[0].n:,} matches per opponent (seed {self.measure_seed}, never "
               "used by the search).", "",
               "| opponent strategy | advised: win [95%] draw/loss | automatic: win [95%] draw/loss |",
               "|---|---|---|"]
        rows = list(zip(self.advised, self.automatic, strict=True))
        if not self.known:
            rows.append((self.worst(self.advised), self.worst(self.automatic)))
        for i, (a, b) in enumerate(rows):
            label = "worst case" if i == len(self.advised) else a.opponent
            out.append(f"| {label} | {_cell(a)} | {_cell(b)} |")
        out += ["", lines[-1]]
        return "\n".join(out) + "\n"


def _cell(m: Measured) -> str:
    j = m.json()
    return (f"{100 * j['win']:.1f}% [{interval_text(j['win_low'], j['win_high'], 1, sep='-')}] "
            f"{100 * j['draw']:.1f}/{100 * j['loss']:.1f}")


def _sides_with(sides: Sequence[Side], plans: Mapping[int, Plan], options: Mapping[str, OptionValue]) -> list[Side]:
    out = list(sides)
    for who, plan in plans.items():
        s = out[who]
        out[who] = Side(s.name, s.sheet, s.members, to_strategy(plan, limits_for(sides, who, options)))
    return out


def _measure(judge: Judge, plan: Plan, label: str, n: int, seed: int) -> Measured:
    s: Score = judge.score(plan, n, seed)
    return Measured(label, s.wins, s.draws, s.n)


def advise(sides: Sequence[Side], me: int, options: Mapping[str, OptionValue], *, seed: int,
           budget_matches: int | None = None, budget_seconds: float | None = None, measure_n: int = MEASURE_N,
           threads: int | None = None, progress: Callable[[float], None] | None = None,
           client: Any = None, fields: Mapping[int, tuple[str, Sequence[Side]]] | None = None) -> Advice:
    """Advice for side ``me``. The other sides' strategies, where given, are known; a side
    without one is unknown (judged over a population of its possible strategies). With a Dask
    ``client`` the search's evaluations run on its cluster, with the same answer. ``fields``: for a
    side whose sheet is not known, what is known of it and sheets that fit it; the plan is judged
    against each in turn (the k-th sheet of every field together), each playing its automatic
    strategy."""
    if budget_matches is None and budget_seconds is None:
        raise ValueError("advise needs a budget in matches or seconds")
    rng = np.random.default_rng([seed, 1])
    limits = limits_for(sides, me, options)
    budget = Budget(budget_matches, budget_seconds)
    unknown = [i for i, s in enumerate(sides) if i != me and s.strategy is None]
    population: list[tuple[str, dict[int, Plan]]]
    variants: list[list[Side]] = []  # the sides each member of the population plays with
    if fields:
        size = min(len(f) for _, f in fields.values())
        if size < 1 or me in fields:
            raise ValueError("a field needs at least one sheet, for an opponent")
        for k in range(size):
            variants.append([fields[i][1][k] if i in fields else s for i, s in enumerate(sides)])
        population = [(f"field sheet #{k + 1}", {}) for k in range(size)]
    elif not unknown:
        others = [s.name for i, s in enumerate(sides) if i != me]
        population = [(f"{' and '.join(others)} as given", {})]
    else:
        styles = {who: styles_of_play(sides, who, options, rng) for who in unknown}
        population = [(label, {who: styles[who][k][1] for who in unknown})
                      for k, (label, _) in enumerate(styles[unknown[0]])]
    variants = variants or [list(sides)] * len(population)
    judges = [Judge(_sides_with(v, plans, options), me, options, threads) for v, (_, plans) in
              zip(variants, population, strict=True)]
    # the automatic player's plan, against each (the same but for a field's sheets)
    autos = [auto_plan(v, me, options) for v in variants] if fields else [auto_plan(sides, me, options)] * len(judges)
    auto = autos[0]
    starts = [auto, *(a for k, a in enumerate(autos) if a not in autos[:k])]
    own = sides[me].strategy
    if own is not None:
        mine = from_strategy(own, limits)
        if mine is not None:
            starts.append(mine)
    objective = Objective(judges, client=client)
    done = [0.0]

    def phase(share: float, weight: float) -> Budget:
        sub = budget.part(share)
        start = done[0]

        def tick() -> None:
            if progress is not None:
                progress(search_share * min(1.0, start + weight * sub.fraction()))
        sub_tick[0] = tick
        done[0] = start + weight
        return sub

    sub_tick: list[Callable[[], None]] = [lambda: None]
    generations = 0
    oracle = len(unknown) == 1 and not fields
    # The share of the work the search is (the rest: the fresh measurement of both plans against
    # every opponent), so that the progress reported keeps moving while they are measured.
    measures = 2 * (len(judges) + (ORACLE_ROUNDS if oracle else 0))
    search_share = budget_matches / (budget_matches + measures * measure_n) if budget_matches else 0.9
    first = phase(FIRST_SHARE if oracle else 1.0, FIRST_SHARE if oracle else 1.0)
    best, g = improve(objective, limits, starts, rng, first, lambda: sub_tick[0]())
    budget.spent += first.spent
    generations += g
    replies = 0
    if oracle:
        opp = unknown[0]
        opp_limits = limits_for(sides, opp, options)
        share_left = 1.0 - FIRST_SHARE
        steps = 2 * ORACLE_ROUNDS
        for k in range(ORACLE_ROUNDS):
            # The opponent's best reply to the plan found so far.
            reply_budget = phase(1.0 / (steps - 2 * k), share_left / steps)
            versus = Judge(_sides_with(sides, {me: best}, options), opp, options, threads)
            reply, g = improve(Objective([versus], objective.seeds, client=client), opp_limits,
                               [p[opp] for _, p in population], rng, reply_budget,
                               lambda: sub_tick[0]())
            budget.spent += reply_budget.spent
            generations += g
            if all(p.get(opp) != reply for _, p in population):  # a reply already listed adds nothing
                replies += 1
                population.append((f"best reply #{replies}", {opp: reply}))
                judges.append(Judge(_sides_with(sides, {opp: reply}, options), me, options, threads))
                autos.append(auto)
            objective = Objective(judges, objective.seeds, client=client)
            again = phase(1.0 / (steps - 2 * k - 1), share_left / steps)
            best, g = improve(objective, limits, [best, auto], rng, again, lambda: sub_tick[0]())
            budget.spent += again.spent
            generations += g
    if progress is not None:
        progress(search_share)
    best = tidy(best, set().union(*(j.styles_seen(best) for j in judges)))
    seconds = budget.elapsed()
    # Fresh seeds: from a stream of their own, and never one the search played.
    fresh = np.random.default_rng([seed, 2])
    measure_seed = int(fresh.integers(1, 2**62))
    while measure_seed in objective.seeds:
        measure_seed = int(fresh.integers(1, 2**62))
    measured = [0]

    def measure(judge: Judge, plan: Plan, label: str) -> Measured:
        out = _measure(judge, plan, label, measure_n, measure_seed)
        measured[0] += 1
        if progress is not None:
            progress(search_share + (1 - search_share) * measured[0] / (2 * len(judges)))
        return out

    advised = tuple(measure(j, best, label) for j, (label, _) in zip(judges, population, strict=True))
    automatic = tuple(measure(j, a, label) for j, a, (label, _) in zip(judges, autos, population, strict=True))
    text = format_strategy_text(to_strategy(best, limits))
    search: dict[str, Any] = {"method": METHOD, "matches": budget.spent, "generations": generations,
                              "budget_matches": budget_matches, "budget_seconds": budget_seconds,
                              "best_replies": replies}
    if budget_seconds is not None:  # a budget in matches is reproducible, byte for byte: no wall-clock figure
        search["seconds"] = seconds
    fielded = tuple((sides[i].name, about) for i, (about, _) in sorted((fields or {}).items()))
    return Advice(tuple(s.name for s in sides), me, not unknown and not fields, text, advised, automatic, seed,
                  measure_seed, search, fielded)
