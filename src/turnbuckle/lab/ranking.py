"""A power ranking of a roster from its 1-v-1 results: the Bradley-Terry model, fitted by maximum
likelihood, with a draw counted as half a win each way.

The model: entry i has a strength b_i, and i beats j with probability s(b_i - b_j), where
s(x) = 1 / (1 + e^-x) (so b is in log-odds: b_i - b_j = 1 means i scores about 73% against j).
With W_ij the score of i against j (wins plus half the draws) and N_ij = W_ij + W_ji the matches
played, the log-likelihood is

    LL(b) = sum over i != j of W_ij log s(b_i - b_j)

whose gradient is dLL/db_i = sum_j (W_ij - N_ij p_ij), with p_ij = s(b_i - b_j), and whose negative
Hessian (the observed Fisher information) is H_ii = sum_j N_ij p_ij (1 - p_ij), H_ij = -N_ij p_ij
(1 - p_ij). LL is concave and unchanged when every b moves by the same amount, so strengths are
pinned by sum b = 0: we minimise -LL(b) + (sum b)^2 / 2 (whose minimum has sum b = 0, the
penalty's gradient vanishing there) with SciPy's trust-region Newton method on the exact gradient
and Hessian. An entry that wins every match would have an infinite strength, so every pair that
played gets ``PRIOR`` virtual matches, half won by each (a tenth of a match by default: it moves
nothing measurable at thousands of matches a pairing, and keeps every strength finite).

Intervals: the covariance of the estimates under sum b = 0 is the Moore-Penrose pseudo-inverse of
H (H's null space is the all-ones direction, which the constraint removes); a 95% interval is
b_i +- 1.96 sd_i.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from turnbuckle.sim.stats import Z95

#: Virtual matches added to every pair that played, split evenly (keeps strengths finite).
PRIOR = 0.1

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Rating:
    index: int
    strength: float
    lo: float
    hi: float
    #: The model's mean score against every other entry (a share from 0 to 1).
    expected: float


def _sigmoid(x: Matrix) -> Matrix:
    out: Matrix = 0.5 * (1.0 + np.tanh(0.5 * x))
    return out


def fit(scores: Matrix, prior: float = PRIOR) -> list[Rating]:
    """Strengths and 95% intervals from ``scores[i, j]`` (i's wins over j plus half their draws;
    the diagonal is ignored), in entry order.

    >>> s = np.array([[0, 3.0], [1.0, 0]])
    >>> r = fit(s, prior=0)
    >>> round(r[0].strength - r[1].strength, 6) == round(math.log(3), 6)
    True
    """
    from scipy.optimize import minimize  # lazy: keeps numpy and scipy out of start-up

    w = np.array(scores, dtype=np.float64)
    np.fill_diagonal(w, 0.0)
    played = w + w.T
    w = w + np.where(played > 0, prior / 2, 0.0)
    total = w + w.T
    k = len(w)

    def objective(b: Matrix) -> tuple[float, Matrix]:
        d = b[:, None] - b[None, :]
        # log s(d) = -log(1 + e^-d), computed without overflow.
        ll = float(np.sum(w * -np.logaddexp(0.0, -d)))
        grad = np.sum(w - total * _sigmoid(d), axis=1)
        shift = float(b.sum())
        return -ll + shift * shift / 2, -grad + shift

    def hessian(b: Matrix) -> Matrix:
        return _information(b, total) + 1.0

    result = minimize(objective, np.zeros(k), jac=True, hess=hessian, method="trust-exact",
                      options={"gtol": 1e-9})
    b = result.x - result.x.mean()
    cov = np.linalg.pinv(_information(b, total))
    p = _sigmoid(b[:, None] - b[None, :])
    out = []
    for i in range(k):
        sd = math.sqrt(max(float(cov[i, i]), 0.0))
        others = [float(p[i, j]) for j in range(k) if j != i and total[i, j] > 0]
        out.append(Rating(i, float(b[i]), float(b[i]) - Z95 * sd, float(b[i]) + Z95 * sd,
                          sum(others) / len(others) if others else math.nan))
    return out


def _information(b: Matrix, total: Matrix) -> Matrix:
    p = _sigmoid(b[:, None] - b[None, :])
    v = total * p * (1 - p)
    np.fill_diagonal(v, 0.0)
    h: Matrix = -v
    np.fill_diagonal(h, v.sum(axis=1))
    return h


def ranking_json(ratings: list[Rating], names: list[str]) -> list[dict[str, Any]]:
    """Strongest first: rank, entry, strength with its interval, expected score."""
    ordered = sorted(ratings, key=lambda r: (-r.strength, r.index))
    return [{"rank": place, "entry": r.index, "name": names[r.index], "strength": r.strength, "lo": r.lo,
             "hi": r.hi, "expected": r.expected} for place, r in enumerate(ordered, 1)]
