"""The metagame of a roster: the symmetric zero-sum game whose payoff to entry i against entry j
is A_ij = P(i beats j) - P(j beats i) (draws pay nothing), and the mixture of entries a league
would field at its equilibrium.

A is antisymmetric, so the game's value is 0 and a mixture x is an equilibrium when no entry does
better than 0 against it: (x^T A)_j >= 0 for every j. We find one with SciPy's ``linprog``
(HiGHS): maximise v subject to sum_i x_i A_ij >= v for every j, sum x = 1, x >= 0. Each entry's
payoff against the mixture is (A x)_i: 0 on the support, at most 0 off it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from turnbuckle.core.errors import RulesError

Matrix = npt.NDArray[np.float64]
#: Weights below this are reported as 0 (the solver's round-off), and the rest renormalised.
TINY = 1e-9


@dataclass(frozen=True)
class Equilibrium:
    mixture: list[float]
    value: float
    payoffs: list[float]


def solve(payoff: Matrix) -> Equilibrium:
    """An equilibrium mixture of the symmetric zero-sum game with payoff matrix ``payoff``.

    >>> rps = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], dtype=float)
    >>> [round(x, 6) for x in solve(rps).mixture]
    [0.333333, 0.333333, 0.333333]
    """
    from scipy.optimize import linprog  # lazy: keeps numpy and scipy out of start-up

    a = np.asarray(payoff, dtype=np.float64)
    k = len(a)
    # Variables: x_1..x_k, v. Minimise -v subject to v - sum_i x_i a_ij <= 0 for every j.
    cost = np.zeros(k + 1)
    cost[-1] = -1.0
    upper = np.hstack([-a.T, np.ones((k, 1))])
    equal = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    bounds = [(0.0, 1.0)] * k + [(None, None)]
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(k), A_eq=equal, b_eq=[1.0], bounds=bounds, method="highs")
    if not result.success:  # a bounded, feasible LP: this would be our bug, said plainly
        raise RulesError(f"the metagame could not be solved: {result.message}")
    x = np.where(result.x[:k] < TINY, 0.0, result.x[:k])
    x = x / x.sum()
    return Equilibrium([float(v) for v in x], float(result.x[-1]) + 0.0, [float(v) + 0.0 for v in a @ x])


def payoff_matrix(win: Matrix) -> Matrix:
    """A_ij = win_ij - win_ji from ``win[i, j]``, the share of matches i won against j."""
    w = np.asarray(win, dtype=np.float64)
    out: Matrix = w - w.T
    np.fill_diagonal(out, 0.0)
    return out


def dominators(payoff: Matrix) -> list[list[int]]:
    """For each entry j, the entries i that dominate it: do at least as well as j against every
    entry (j and i included) and better against at least one.

    >>> a = np.array([[0, -1, 1, 1], [1, 0, -1, 1], [-1, 1, 0, 1], [-1, -1, -1, 0]], dtype=float)
    >>> dominators(a)[3]
    [0, 1, 2]
    """
    a = np.asarray(payoff, dtype=np.float64)
    k = len(a)
    at_least = np.all(a[:, None, :] >= a[None, :, :], axis=2)  # [i, j]: i does at least as well as j everywhere
    better = np.any(a[:, None, :] > a[None, :, :], axis=2)  # [i, j]: ...and better somewhere
    dominates = (at_least & better).tolist()
    return [[i for i in range(k) if i != j and dominates[i][j]] for j in range(k)]


def metagame_json(eq: Equilibrium, payoff: Matrix, names: list[str]) -> dict[str, Any]:
    """The mixture (entries fielded, most often first), the value, every entry's payoff against
    the mixture, and who dominates whom."""
    doms = dominators(payoff)
    entries: list[dict[str, Any]] = [{"entry": i, "name": names[i], "weight": eq.mixture[i], "payoff": eq.payoffs[i],
                "dominated_by": doms[i]} for i in range(len(names))]
    return {"value": eq.value,
            "mixture": [e["entry"] for e in sorted(entries, key=lambda e: (-e["weight"], e["entry"]))
                        if e["weight"] > 0],
            "entries": entries}
