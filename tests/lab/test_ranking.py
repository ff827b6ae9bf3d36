"""Bradley-Terry on rosters whose order and strengths are known."""

from __future__ import annotations

import math

import numpy as np
import pytest

from turnbuckle.lab.ranking import fit, ranking_json


def _expected_scores(strengths: list[float], n: int) -> np.ndarray:
    b = np.array(strengths)
    p = 1 / (1 + np.exp(-(b[:, None] - b[None, :])))
    scores: np.ndarray = p * n
    np.fill_diagonal(scores, 0)
    return scores


def test_the_fit_recovers_known_strengths_and_their_order() -> None:
    truth = [1.0, 0.4, 0.0, -0.3, -1.1]
    centred = np.array(truth) - np.mean(truth)
    ratings = fit(_expected_scores(truth, 40_000), prior=0)
    assert [r.strength for r in ratings] == pytest.approx(list(centred), abs=1e-6)
    assert all(r.lo < c < r.hi for r, c in zip(ratings, centred, strict=True))
    ranked = ranking_json(ratings, ["a", "b", "c", "d", "e"])
    assert [r["name"] for r in ranked] == ["a", "b", "c", "d", "e"]
    assert sum(r.strength for r in ratings) == pytest.approx(0, abs=1e-9)


def test_intervals_narrow_with_more_matches() -> None:
    truth = [0.5, 0.0, -0.5]
    few = fit(_expected_scores(truth, 100), prior=0)
    many = fit(_expected_scores(truth, 10_000), prior=0)
    assert (few[0].hi - few[0].lo) == pytest.approx(10 * (many[0].hi - many[0].lo), rel=1e-6)


def test_draws_count_half_a_win_each_way() -> None:
    # a and b only draw (500 each way as half wins); each beats c 3 to 1.
    scores = np.array([[0, 500, 750], [500, 0, 750], [250, 250, 0]], dtype=float)
    a, b, c = fit(scores, prior=0)
    assert a.strength == pytest.approx(b.strength)
    assert a.strength - c.strength == pytest.approx(math.log(3), abs=1e-6)


def test_an_unbeaten_entry_gets_a_finite_strength() -> None:
    scores = np.array([[0, 1000, 1000], [0, 0, 600], [0, 400, 0]], dtype=float)
    ratings = fit(scores)
    assert all(math.isfinite(r.strength) and math.isfinite(r.lo) for r in ratings)
    assert ratings[0].strength > ratings[1].strength > ratings[2].strength


def test_the_fit_ends_at_the_likelihood_maximum() -> None:
    # The gradient of the log-likelihood vanishes at the strengths returned (to round-off), on a
    # roster the size of boxing's build space with thousands of matches a pairing.
    rng = np.random.default_rng(3)
    truth = list(rng.normal(0, 0.5, 73))
    scores = np.round(_expected_scores(truth, 20_000))
    b = np.array([r.strength for r in fit(scores, prior=0)])
    p = 1 / (1 + np.exp(-(b[:, None] - b[None, :])))
    total = scores + scores.T
    grad = (scores - total * p).sum(axis=1)  # the diagonal of both is 0
    assert float(np.abs(grad).max()) < 1e-6 * float(total.sum(axis=1).max())
    assert sum(b) == pytest.approx(0, abs=1e-9)
