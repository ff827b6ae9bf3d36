"""The threads that play a split run's slices (``sim/drive.py``): every slice is played once and
counted once, by more than one thread; a thread's error reaches the caller; many slices give the
one-thread result."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tests.sim.conftest import options, sample
from turnbuckle.sim import drive
from turnbuckle.sim.boxing import fast as boxing
from turnbuckle.sim.boxing.fast import run as boxing_fast
from turnbuckle.sim.tally import Tally

KEY = 7


def _new() -> Tally:
    return Tally(2)


def _record(key: int, first: int, matches: int, calls: list[tuple[int, int, int]], pause: float) -> None:
    """A stand-in chunk loop: it notes which matches it was asked for, and by which thread."""
    assert key == KEY
    if pause:
        time.sleep(pause)  # lets go of the GIL, as the build does while it plays
    calls.append((first, matches, threading.get_ident()))


def _lane(played_by: set[int], pause: float = 0.0) -> drive.Lane:
    calls: list[tuple[int, int, int]] = []

    def count(tally: Tally, matches: int) -> None:
        first, asked, thread = calls.pop()
        assert asked == matches
        played_by.add(thread)
        # Each match counts once under its own index as length, so a slice played twice or
        # not at all shows.
        tally.add_counts({(0, "ko"): matches}, {first + i: 1 for i in range(matches)}, {}, 0, matches)

    return drive.Lane((calls, pause), count)


def _split(n: int, size: int, lanes: list[drive.Lane], rate: float) -> Tally:
    return drive._split(_record, KEY, n, size, lanes, _new, rate, None)


def test_every_slice_is_played_once_and_by_every_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drive, "MIN_SLICE_S", 0.0)
    monkeypatch.setattr(drive, "SLICE_S", 0.001)
    played_by: set[int] = set()
    n = 4_000  # 40 slices of at most 100 matches, each played in chunks of 30
    tally = _split(n, 30, [_lane(played_by, 0.002), _lane(played_by, 0.002)], 1e5)
    assert tally.n == n
    assert tally.lengths == dict.fromkeys(range(n), 1)
    assert len(played_by) == 2 and threading.get_ident() in played_by  # this thread and another


def test_many_slices_give_the_one_thread_result(monkeypatch: pytest.MonkeyPatch) -> None:
    sides = [sample("slugger"), sample("speedster")]
    monkeypatch.setattr(drive, "MIN_SLICE_S", 0.0)
    monkeypatch.setattr(drive, "SLICE_S", 250 / boxing.RATE)  # 1,600 slices of 250 bouts
    n = 400_000
    assert drive.threads_for(n, boxing.RATE, 2) == 2
    split = boxing_fast(sides, options(), n, seed=3, threads=2, build="aot")
    assert split == boxing_fast(sides, options(), n, seed=3, threads=1, build="aot")


@pytest.mark.parametrize("where", ["in the caller's thread", "in another thread"])
def test_an_error_in_any_thread_is_raised_in_the_caller(where: str) -> None:
    mine = threading.get_ident()
    playing = [0]  # chunks being played now
    started: list[int] = []  # the first match of every chunk begun
    noting = threading.Lock()

    def failing(key: int, first: int, matches: int, *rest: Any) -> None:
        with noting:
            playing[0] += 1
            started.append(first)
        try:
            on_mine = threading.get_ident() == mine
            if first >= 20_000 and on_mine == (where == "in the caller's thread"):
                raise ValueError(f"no match at {first}")
            time.sleep(0.001)
        finally:
            with noting:
                playing[0] -= 1

    lanes = [drive.Lane((), lambda tally, matches: tally.add_counts({}, {}, {}, 0, matches)) for _ in range(2)]
    with pytest.raises(ValueError, match="no match at"):
        drive._split(failing, KEY, 50_000, 4096, lanes, _new, 1e6, None)
    begun = len(started)
    assert playing == [0]  # the other thread's chunk had ended before the error was raised here
    time.sleep(0.05)
    assert len(started) == begun  # and no thread plays on after the run


def test_small_runs_stay_on_one_thread() -> None:
    assert drive.threads_for(1, boxing.RATE, 2) == 1
    assert drive.threads_for(int(boxing.RATE * drive.SPLIT_FROM_S) - 1, boxing.RATE, 2) == 1
    assert drive.threads_for(100_000, boxing.RATE, 2) == 2
    assert drive.threads_for(100_000, boxing.RATE, 1) == 1
    # Many cores: no thread gets less than SPLIT_FROM_S of work.
    assert drive.threads_for(100_000, boxing.RATE, 64) == int(100_000 / (boxing.RATE * drive.SPLIT_FROM_S))
    assert drive.threads_for(10**9, boxing.RATE, 64) == 64


def test_slices_shrink_towards_the_end_so_a_slow_thread_holds_up_little(monkeypatch: pytest.MonkeyPatch) -> None:
    """One thread plays at a third of the other's pace (a busy core): the quick one takes more
    slices, and the last slices are small, so the run ends soon after the quick thread's share."""
    monkeypatch.setattr(drive, "MIN_SLICE_S", 0.0)
    calls: list[tuple[int, int, int]] = []

    def paced(key: int, first: int, matches: int, log: list[tuple[int, int, int]], per_match: float) -> None:
        time.sleep(matches * per_match)
        log.append((first, matches, threading.get_ident()))
        calls.append(log[-1])

    def lane(per_match: float) -> drive.Lane:
        log: list[tuple[int, int, int]] = []

        def count(tally: Tally, matches: int) -> None:
            first, asked, _ = log.pop()
            assert asked == matches
            tally.add_counts({(0, "ko"): matches}, {first + i: 1 for i in range(matches)}, {}, 0, matches)

        return drive.Lane((log, per_match), count)

    n = 2_000
    tally = drive._split(paced, KEY, n, 10_000, [lane(1e-5), lane(3e-5)], _new, 1e5, None)
    assert tally.n == n and tally.lengths == dict.fromkeys(range(n), 1)
    sizes = [matches for _, matches, _ in sorted(calls)]
    # An eighth of the run first, and half that for this thread's first (so that the two threads'
    # first counts do not coincide); then smaller and smaller.
    assert sorted(sizes[:2]) == [n // 16, n // 8] and sizes[2:] == sorted(sizes[2:], reverse=True)
    assert sizes[2] <= n // 8
    quick = sum(m for _, m, ident in calls if ident == threading.get_ident())  # this thread's lane is the quick one
    assert quick > n // 2  # the quick thread played more than its half


def test_a_split_runs_progress_rises_to_the_whole_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drive, "MIN_SLICE_S", 0.0)
    monkeypatch.setattr(drive, "SLICE_S", 0.0025)
    seen: list[int] = []
    n = 2_000  # slices of 250 matches, then smaller
    tally = drive._split(_record, KEY, n, 100, [_lane(set(), 0.001), _lane(set(), 0.001)], _new, 1e5, seen.append)
    assert tally.n == n
    assert seen == sorted(set(seen)) and seen[-1] == n and len(seen) >= 2
