"""The equilibrium solver on games whose answer is known."""

from __future__ import annotations

import numpy as np
import pytest

from turnbuckle.lab.metagame import dominators, payoff_matrix, solve

RPS = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], dtype=float)


def test_rock_paper_scissors_is_a_third_each() -> None:
    eq = solve(RPS)
    assert eq.mixture == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert eq.value == pytest.approx(0, abs=1e-9)
    assert eq.payoffs == pytest.approx([0, 0, 0], abs=1e-9)


def test_a_dominated_entry_gets_nothing_and_pays_below_zero() -> None:
    # A fourth entry that always loses is dominated by each of the others.
    a = np.zeros((4, 4))
    a[:3, :3] = RPS
    a[3, :3] = -1
    a[:3, 3] = 1
    eq = solve(a)
    assert eq.mixture[3] == 0
    assert eq.mixture[:3] == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert eq.payoffs[3] == pytest.approx(-1)
    assert dominators(a)[3] == [0, 1, 2]
    assert dominators(a)[0] == []


def test_losing_to_everyone_by_a_little_is_not_dominance_but_still_gets_nothing() -> None:
    # Against rock-paper-scissors an entry losing every pairing 0.2 is not dominated by any one of
    # them (each of those loses 1 to another), yet the equilibrium never fields it.
    a = np.zeros((4, 4))
    a[:3, :3] = RPS
    a[3, :3] = -0.2
    a[:3, 3] = 0.2
    eq = solve(a)
    assert eq.mixture[3] == 0
    assert eq.payoffs[3] == pytest.approx(-0.2)
    assert dominators(a)[3] == []


def test_an_entry_that_beats_everyone_is_the_whole_mixture() -> None:
    win = np.array([[0, 0.7, 0.9], [0.3, 0, 0.6], [0.1, 0.4, 0]])
    eq = solve(payoff_matrix(win))
    assert eq.mixture == [1.0, 0.0, 0.0]
    assert eq.payoffs[1] == pytest.approx(-0.4)
    assert eq.payoffs[2] == pytest.approx(-0.8)


def test_weighted_cycle_gives_the_unique_mixed_equilibrium() -> None:
    # Rock-paper-scissors where rock's win pays 2: the equilibrium is (1/4, 1/2, 1/4) for
    # (rock, paper, scissors) (solve x A = 0 by hand: p = 2r... with rock's win doubled).
    a = np.array([[0, -1, 2], [1, 0, -1], [-2, 1, 0]], dtype=float)
    eq = solve(a)
    x = np.array(eq.mixture)
    assert x @ a == pytest.approx([0, 0, 0], abs=1e-9)
    assert eq.mixture == pytest.approx([0.25, 0.5, 0.25], abs=1e-9)


def _game(kind: str, k: int, rng: np.random.Generator) -> np.ndarray:
    if kind == "ties":
        return rng.integers(-1, 2, (k, k)).astype(float)
    if kind == "zeros":
        return np.zeros((k, k))
    if kind == "tenths":
        return np.round(rng.normal(0, 1, (k, k)), 1)
    return rng.normal(0, 1, (k, k))


@pytest.mark.parametrize("kind", ["ties", "zeros", "tenths", "normal"])
def test_every_solution_is_an_equilibrium_of_its_game(kind: str) -> None:
    # Random symmetric games, degenerate ones included (many equal payoffs, an all-zero game):
    # the mixture found guarantees the value 0 against every entry, as an equilibrium must.
    rng = np.random.default_rng(7)
    for _ in range(25):
        m = _game(kind, int(rng.integers(1, 60)), rng)
        a = m - m.T
        eq = solve(a)
        x = np.array(eq.mixture)
        assert x.sum() == pytest.approx(1.0, abs=1e-12) and bool((x >= 0).all())
        assert float((x @ a).min()) >= -1e-9
        assert eq.value == pytest.approx(0.0, abs=1e-9)
        assert eq.payoffs == pytest.approx(list(a @ x), abs=1e-12)
