"""Identical reads in flight at once share one computation (web/serving/coalesce.py); different keys never do,
an error reaches every waiter, and nothing is kept once a computation ends."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from turnbuckle.web.serving.coalesce import Coalescer

BOUND_S = 60  # generous: the suite runs on a loaded 2-core machine


def _until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + BOUND_S
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.005)


def test_callers_that_arrive_during_a_computation_take_its_answer() -> None:
    c = Coalescer()
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow() -> bytes:
        calls.append("computed")
        started.set()
        assert release.wait(BOUND_S)
        return b"answer"

    with ThreadPoolExecutor(8) as pool:
        leader = pool.submit(c.run, "standings", slow)
        assert started.wait(BOUND_S)
        joiners = [pool.submit(c.run, "standings", lambda: b"never") for _ in range(6)]
        other = pool.submit(c.run, "competitors", lambda: b"its own")  # another key: computed apart
        assert other.result(BOUND_S) == b"its own"
        _until(lambda: c.joined == 6)
        release.set()
        assert leader.result(BOUND_S) == b"answer"
        assert [j.result(BOUND_S) for j in joiners] == [b"answer"] * 6
    assert calls == ["computed"]
    assert c.in_flight() == 0
    assert c.run("standings", lambda: b"fresh") == b"fresh"  # nothing kept: the next one computes again


def test_an_error_reaches_the_waiters_and_is_not_kept() -> None:
    c = Coalescer()
    started, release = threading.Event(), threading.Event()

    def failing() -> bytes:
        started.set()
        assert release.wait(BOUND_S)
        raise RuntimeError("the database went away")

    with ThreadPoolExecutor(3) as pool:
        leader = pool.submit(c.run, "k", failing)
        assert started.wait(BOUND_S)
        joiner = pool.submit(c.run, "k", lambda: b"never")
        _until(lambda: c.joined == 1)
        release.set()
        for f in (leader, joiner):
            with pytest.raises(RuntimeError, match="went away"):
                f.result(BOUND_S)
    assert c.run("k", lambda: b"ok") == b"ok"
