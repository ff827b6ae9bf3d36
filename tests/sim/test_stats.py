"""The statistics behind the odds: intervals, quantiles and chi-square tail probabilities."""

from __future__ import annotations

import math

import pytest

from turnbuckle.sim.odds import DEFAULT_N
from turnbuckle.sim.stats import (
    chi2_homogeneity,
    chi2_sf,
    gamma_q,
    hist_mean,
    hist_quantile,
    n_for_half_width,
    wilson,
)


def test_wilson_edges_and_width() -> None:
    lo, hi = wilson(0, 100)
    assert lo == 0.0  # exactly: the formula's round-off gave 1.08e-19 for 0 of 2,000 (the advisor showed it)
    assert 0.03 < hi < 0.04
    lo, hi = wilson(100, 100)
    assert hi == 1.0
    assert 0.96 < lo < 0.97
    assert wilson(0, 2000)[0] == 0.0 and wilson(2000, 2000)[1] == 1.0
    lo, hi = wilson(20_000, DEFAULT_N)
    assert (hi - lo) / 2 <= 0.005
    with pytest.raises(ValueError, match="trial"):
        wilson(0, 0)


def test_default_n_gives_half_a_point() -> None:
    assert n_for_half_width(0.005) <= DEFAULT_N
    assert n_for_half_width(0.01) == math.ceil(n_for_half_width(0.005) / 4)


@pytest.mark.parametrize("dof", [2, 4, 6, 10])
@pytest.mark.parametrize("x", [0.5, 3.0, 9.0, 25.0, 80.0])
def test_chi2_even_dof_closed_form(dof: int, x: float) -> None:
    """For even dof the tail is exp(-x/2) * sum_{i<dof/2} (x/2)^i / i!."""
    half = x / 2
    expected = math.exp(-half) * sum(half**i / math.factorial(i) for i in range(dof // 2))
    assert chi2_sf(x, dof) == pytest.approx(expected, rel=1e-10, abs=1e-300)


@pytest.mark.parametrize("x", [0.01, 1.0, 3.841458820694124, 10.827566170662733, 40.0])
def test_chi2_one_dof_is_erfc(x: float) -> None:
    assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10, abs=1e-300)


def test_gamma_q_bounds() -> None:
    assert gamma_q(3.0, 0.0) == 1.0
    with pytest.raises(ValueError, match="a > 0"):
        gamma_q(0.0, 1.0)
    with pytest.raises(ValueError, match="degree"):
        chi2_sf(1.0, 0)


def test_homogeneity() -> None:
    same = chi2_homogeneity([500, 300, 200], [5000, 3000, 2000])
    assert same[0] == pytest.approx(0.0)
    assert same[1] == 2
    assert same[2] == pytest.approx(1.0)
    # An empty column in both samples is not a category.
    assert chi2_homogeneity([10, 0, 5], [20, 0, 10])[1] == 1
    differ = chi2_homogeneity([600, 200, 200], [5000, 3000, 2000])
    assert differ[2] < 1e-6
    assert chi2_homogeneity([1], [2]) == (0.0, 0, 1.0)
    with pytest.raises(ValueError, match="categories"):
        chi2_homogeneity([1, 2], [1])


def test_histogram_summaries() -> None:
    hist = {3: 1, 5: 2, 9: 1}
    assert hist_mean(hist) == pytest.approx(5.5)
    assert [hist_quantile(hist, q) for q in (0.05, 0.25, 0.5, 0.75, 0.95)] == [3, 3, 5, 5, 9]
    assert math.isnan(hist_mean({}))
    with pytest.raises(ValueError, match="empty"):
        hist_quantile({}, 0.5)
