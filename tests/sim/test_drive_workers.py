"""The forked workers that play a run's slices (``sim/drive.py``): every slice is played once,
whatever the number of pipe batches its numbers need; a worker's error reaches the caller; a
worker that dies without its slices fails the run instead of shortening it."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.sim.conftest import options, sample
from turnbuckle.sim import drive
from turnbuckle.sim.boxing import fast as boxing
from turnbuckle.sim.boxing.fast import run as boxing_fast
from turnbuckle.sim.tally import Tally

pytestmark = pytest.mark.skipif(not drive.can_fork(), reason="the workers are forked")


def _new() -> Tally:
    return Tally(2)


def _counting(run_chunk: Any, start: int, count: int, tally: Tally) -> None:
    # Each match counts once under its own index as length, so a slice played twice or not at
    # all shows.
    tally.add_counts({(0, "ko"): count}, {start + i: 1 for i in range(count)}, {}, 0, count)


def test_every_slice_is_played_once_over_several_pipe_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drive, "MIN_SLICE", 8)
    n = 30_000  # 3,750 slices of 8: four batches of slice numbers
    tally = drive._split(print, n, 8, _counting, _new, 2, 40.0, None)
    assert tally.n == n
    assert tally.lengths == dict.fromkeys(range(n), 1)


def test_many_slices_give_the_one_process_result(monkeypatch: pytest.MonkeyPatch) -> None:
    sides = [sample("slugger"), sample("speedster")]
    monkeypatch.setattr(drive, "MIN_SLICE", 256)
    monkeypatch.setattr(drive, "SLICES_PER_WORKER", 1000)  # 1,563 slices of 256 bouts
    n = 400_000
    assert drive.processes(n, boxing.RATE, 2) == 2
    split = boxing_fast(sides, options(), n, seed=3, threads=2, build="aot")
    assert split == boxing_fast(sides, options(), n, seed=3, threads=1, build="aot")


def test_a_workers_error_is_raised_in_the_caller() -> None:
    def failing(run_chunk: Any, start: int, count: int, tally: Tally) -> None:
        if start >= 20_000:
            raise ValueError(f"no match at {start}")
        _counting(run_chunk, start, count, tally)

    with pytest.raises(ValueError, match="no match at 2"):
        drive._split(print, 50_000, 4096, failing, _new, 2, 1e5, None)


def test_a_worker_that_dies_fails_the_run() -> None:
    def dying(run_chunk: Any, start: int, count: int, tally: Tally) -> None:
        if start >= 20_000:
            os._exit(3)  # as if killed: no result, no error sent
        _counting(run_chunk, start, count, tally)

    with pytest.raises(RuntimeError, match="slices of the run unplayed"):
        drive._split(print, 50_000, 4096, dying, _new, 2, 1e5, None)
