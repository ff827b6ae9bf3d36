"""Seat order never matters: identical armies win equal shares from every seat (fast engine).

Before version 1.2 a three-way initiative tie let the last figure in table order act first half
the time, and every automatic player attacked the first seat on a targeting tie: of two identical
armies the second won 51.4-53.7%, of four the seats won about 0.4%, 4.3%, 24.1% and 71.2%. Each
setup here plays BATTLES battles, so that a one-point bias is over six standard errors, and every
seat's win share must lie within Z_ALPHA standard errors of the seats' mean.
"""

from __future__ import annotations

import math

import pytest

from tests.sim.agreement import ONE_POINT, ONE_POINT_IN_SE, Z_ALPHA
from tests.sim.deathmatch_setups import options, sample
from turnbuckle.sim.deathmatch.fast import run

BATTLES = 100_000

SETUPS = [
    ("ash-court", 2, {}),
    ("ash-court", 3, {}),
    ("ash-court", 4, {}),
    ("crypt-guard", 4, {"tiebreak": "rps", "default_policy": "weakest"}),
]


@pytest.mark.parametrize(("army", "seats", "opts"), SETUPS, ids=[f"{a}-x{k}" for a, k, _ in SETUPS])
def test_identical_armies_win_equal_shares_in_every_seat(army: str, seats: int, opts: dict[str, object]) -> None:
    tally = run([sample(army)] * seats, options(**opts), BATTLES, seed=20261123)
    shares = [tally.wins(seat) / BATTLES for seat in range(seats)]
    mean = sum(shares) / seats
    se = math.sqrt(mean * (1 - mean) / BATTLES)
    assert ONE_POINT / se >= ONE_POINT_IN_SE  # big enough to see a one-point bias
    for seat, share in enumerate(shares):
        assert abs(share - mean) < Z_ALPHA * se, f"seat {seat + 1} wins {share:.4f}, the seats' mean is {mean:.4f}"
    for seat in range(seats):  # draws, if any, are shared alike too
        assert abs(tally.draws_of(seat) - tally.draws_of(0)) < Z_ALPHA * math.sqrt(max(tally.draws(), 1))
