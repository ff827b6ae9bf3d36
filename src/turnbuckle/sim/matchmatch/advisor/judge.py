"""The judge: a plan's win, draw and loss counts over matches of the fast engine.

A :class:`Judge` holds one matchup with the other sides' strategies fixed. It builds the fast
engine's tables once per '-' style (the '-' halves the opponents' values before the bell), then for
each plan it only writes the asking side's rows into a copy, far cheaper than building them from a
strategy (a test checks both ways give the same tables). Every plan judged on the same seed plays
the same match indices, so the same dice stream starts each match: common random numbers, which make
the difference between two plans far less noisy than either figure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.matchmatch.halving import compound_halvings
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.rounds import ROUND_TYPES
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.styles import STYLES
from turnbuckle.sim.matchmatch.advisor.space import DEFAULT_ACT, Limits, Plan, plan_arrays, to_strategy
from turnbuckle.sim.matchmatch.fast import run_setup
from turnbuckle.sim.matchmatch.tables import Setup, _strategies


@dataclass(frozen=True)
class Score:
    """Matches won, drawn (shared) and lost by the asking side."""

    wins: int
    draws: int
    n: int

    @property
    def losses(self) -> int:
        return self.n - self.wins - self.draws

    @property
    def share(self) -> float:
        return self.wins / self.n if self.n else 0.0


def limits_for(sides: Sequence[Side], me: int, options: Mapping[str, OptionValue]) -> Limits:
    opts = match_options(options)
    forbidden = set(opts.match_type.forbidden_specials)
    specials = tuple(ROUND_TYPES.index(k) for k in ("finisher", "high_impact", "submission", "cripple", "vile_cheat")
                     if k not in forbidden)
    word: Literal["column", "row", "none"] = "column" if me == 0 else "row" if me == 1 else "none"
    sheet = sides[me].sheet
    return Limits(opts.rounds, sheet.high_spots, sheet.push_level, specials, word,
                  opts.by_style_rounds == "occurrence")


class Judge:
    """Plays plans of side ``me`` against the other sides as given (a side without a strategy
    plays the automatic one, as in ``odds``)."""

    def __init__(self, sides: Sequence[Side], me: int, options: Mapping[str, OptionValue],
                 threads: int | None = None) -> None:
        self.sides = list(sides)
        self.me = me
        self.options = dict(options)
        self.threads = threads
        self.limits = limits_for(sides, me, options)
        self.matches = 0  # matches played so far, for the budget
        template = Plan((0, 1), 0, -1, (DEFAULT_ACT,) * len(STYLES))
        written = self._with(template)
        first = Setup.of(written, self.options)  # a matchup the fast engine cannot play is refused here
        opts = match_options(self.options)
        mt = opts.match_type
        self._minuses = [s.minus for s in _strategies(written, opts.rounds, mt, any(x.is_team for x in written))]
        self._by_minus: dict[int, Setup] = {0: first}

    def _base(self, minus: int) -> Setup:
        """The tables with a template plan of this '-' style: the first ones with the values the
        '-' leaves the other sides (``Setup.of``'s halvings, in card order)."""
        if minus not in self._by_minus:
            first = self._by_minus[0]
            mt = match_options(self.options).match_type
            minuses = list(self._minuses)
            minuses[self.me] = STYLES[minus]
            values = first.values.copy()
            for i, side in enumerate(self.sides):
                if i == self.me:
                    continue
                v, _ = compound_halvings(side.sheet.styles.as_dict(), mt.styles_halved, mt.name,
                                         [(str(j), minuses[j]) for j in range(len(self.sides)) if j != i])
                values[i, :8] = [v[s] for s in STYLES]
            self._by_minus[minus] = replace(first, values=values)
        return self._by_minus[minus]

    def _with(self, plan: Plan) -> list[Side]:
        out = list(self.sides)
        mine = out[self.me]
        out[self.me] = Side(mine.name, mine.sheet, mine.members, to_strategy(plan, self.limits))
        return out

    def setup(self, plan: Plan) -> Setup:
        """The fast engine's tables with this plan for the asking side."""
        base = self._base(plan.minus)
        style_list = base.style_list.copy()
        style_list[2 * self.me] = plan.plus[0]
        style_list[2 * self.me + 1] = plan.plus[1]
        kind, target = plan_arrays(plan, self.limits)
        plan_kind = base.plan_kind.copy()
        plan_target = base.plan_target.copy()
        plan_kind[self.me] = kind
        plan_target[self.me] = target
        width = max(base.cond.shape[1], len(plan.conds), 1)
        cond = np.full((base.sides, width, 4), -1, np.int32)
        cond[:, : base.cond.shape[1]] = base.cond
        cond[self.me] = -1
        for j, c in enumerate(plan.conds):
            cond[self.me, j] = c
        column, row = base.column, base.row
        if self.me == 0:
            column = plan.grid
        elif self.me == 1:
            row = plan.grid
        return replace(base, style_list=style_list, plan_kind=plan_kind, plan_target=plan_target, cond=cond,
                       column=column, row=row)

    def styles_seen(self, plan: Plan) -> set[int]:
        """The styles a round of this match can have with this plan: the style list's, and the
        grid's (every grid style when the grid is rolled)."""
        setup = self.setup(plan)
        seen = {int(s) for s in setup.style_list if s >= 0}
        if setup.grid_fixed[0] >= 0:
            return seen | {int(s) for s in setup.grid_fixed}
        return seen | set(range(len(STYLES) - 1))  # the seven grid styles

    def score(self, plan: Plan, n: int, seed: int) -> Score:
        """``n`` matches from ``seed`` (match ``i`` starts the same dice stream for every plan)."""
        tally = run_setup(self.setup(plan), n, seed, threads=self.threads)
        self.matches += n
        return Score(tally.wins(self.me), tally.draws_of(self.me), tally.n)
