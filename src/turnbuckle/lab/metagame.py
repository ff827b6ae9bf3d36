"""The metagame of a roster: the symmetric zero-sum game whose payoff to entry i against entry j
is A_ij = P(i beats j) - P(j beats i) (draws pay nothing), and the mixture of entries a league
would field at its equilibrium.

A is antisymmetric, so the game's value is 0 and a mixture x is an equilibrium when no entry does
better than 0 against it: (x^T A)_j >= 0 for every j. We find one by linear programming, with a
simplex method of our own (``_simplex``, a few dozen lines of NumPy: a roster has at most a few
hundred entries, and SciPy's solvers cost a third of a second to import): with B = A + c, every
entry positive, the row player's mixture is u / sum(u) for the u >= 0 that minimises sum(u) subject
to B^T u >= 1, and the value is 1 / sum(u) - c. Each entry's payoff against the mixture is
(A x)_i: 0 on the support, at most 0 off it.
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
    a = np.asarray(payoff, dtype=np.float64)
    shift = 1.0 - float(a.min(initial=0.0))  # B = A + shift has every entry at least 1
    u = _simplex(a + shift)
    total = float(u.sum())
    x = np.where(u / total < TINY, 0.0, u / total)
    x = x / x.sum()
    value = 1.0 / total - shift
    value = 0.0 if abs(value) < TINY else value  # the round-off of 1/sum(u) - shift, not a signed zero
    return Equilibrium([float(v) for v in x], value, [float(v) + 0.0 for v in a @ x])


#: Below this, a tableau entry counts as zero (the entries are payoffs of order 1).
EPS = 1e-12


def _simplex(b: Matrix) -> Matrix:
    """The u >= 0 minimising sum(u) subject to B^T u >= 1, for B with every entry positive.

    Solved as its dual, max sum(w) subject to B w <= 1, w >= 0, whose slack basis is feasible at
    the start (no first phase). The entering column is the lowest-numbered one that improves and
    the leaving row the lowest-numbered basic variable among the ties of the ratio test (Bland's
    rule, so degenerate pivots never cycle). At the optimum, the reduced costs of the slacks are u.

    >>> [round(float(v), 6) for v in _simplex(np.array([[2.0, 1.0], [1.0, 2.0]]))]
    [0.333333, 0.333333]
    """
    k = len(b)
    tableau = np.zeros((k + 1, 2 * k + 1))
    tableau[:k, :k] = b
    tableau[:k, k:2 * k] = np.eye(k)
    tableau[:k, -1] = 1.0
    tableau[k, :k] = -1.0
    basis = list(range(k, 2 * k))
    for _ in range(50 * (2 * k + 1)):  # Bland's rule ends in far fewer; this only bounds a bug
        improving = np.flatnonzero(tableau[k, :-1] < -EPS)
        if improving.size == 0:
            return np.asarray(tableau[k, k:2 * k], dtype=np.float64)
        col = int(improving[0])
        column = tableau[:k, col]
        rows = np.flatnonzero(column > EPS)
        ratios = tableau[rows, -1] / column[rows]
        best = ratios.min()
        tied = rows[ratios <= best + EPS * max(1.0, abs(best))]
        row = int(min(tied, key=lambda r: basis[r]))
        tableau[row] /= tableau[row, col]
        others = np.arange(k + 1) != row
        tableau[others] -= np.outer(tableau[others, col], tableau[row])
        basis[row] = col
    raise RulesError("the metagame could not be solved: the simplex method did not finish")


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
