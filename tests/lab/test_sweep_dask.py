"""Sweeps on a real Dask LocalCluster (2 worker processes on the loopback, no dashboard): the same
numbers as a local run, even when a worker is killed mid-sweep; an unreachable scheduler is one
line within a few seconds."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.cli.helpers import one_error_line, tb
from tests.lab.test_sweep_local import FOUR, sweep_doc
from turnbuckle.lab import run_local as run_local_module
from turnbuckle.lab.run_dask import run_dask
from turnbuckle.lab.sweep import assemble, make_sweep
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.cluster import cluster_client, start_local

BOXING = get_ruleset("boxing")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    local = start_local()
    yield local
    local.close()


def dask_doc(address: str, n: int, on_each: Any = None) -> dict[str, Any]:
    plan = make_sweep(BOXING, FOUR, {}, n, 7)
    results: dict[str, dict[str, Any]] = {}

    def keep(key: str, result: dict[str, Any]) -> None:
        results[key] = result
        if on_each is not None:
            on_each(len(results))

    with cluster_client(address) as client:
        run_dask(plan.jobs, client, keep)
    return assemble(plan, results)


def test_a_local_cluster_gives_the_local_numbers(cluster: Any) -> None:
    assert dask_doc(cluster.scheduler_address, 2000) == sweep_doc(FOUR, n=2000)


def test_killing_a_worker_mid_sweep_changes_nothing(cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_local_module, "CHUNK_MATCHES", 1)  # one pairing a task: work is left to lose
    from distributed import Client

    watcher = Client(cluster.scheduler_address, timeout=30)
    before = watcher.run(os.getpid)
    killed: list[int] = []

    def kill_one(done: int) -> None:
        if done == 1:
            pid = sorted(before.values())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    try:
        doc = dask_doc(cluster.scheduler_address, 60_000, kill_one)
        assert killed
        watcher.wait_for_workers(2, timeout=60)
        assert killed[0] not in watcher.run(os.getpid).values()  # the nanny started a new worker
    finally:
        watcher.close()
    assert doc == sweep_doc(FOUR, n=60_000)


@pytest.mark.slow  # the command starts a Dask cluster
def test_scheduler_local_on_the_command_line_matches_the_local_run() -> None:
    args = ("sweep", "boxing", "all-rounder", "slugger", "speedster", "-n", "500", "-f", "json")
    local = tb(*args)
    dask = tb(*args, "--scheduler", "local")
    assert dask.exit_code == 0, dask.stderr
    assert "on Dask scheduler local" in dask.stderr
    assert json.loads(dask.stdout) == json.loads(local.stdout)


def test_an_unreachable_scheduler_is_one_line_within_seconds() -> None:
    import distributed  # noqa: F401  (imported first: only the wait for the scheduler is timed)

    began = time.monotonic()
    message = one_error_line(tb("sweep", "boxing", "all-rounder", "slugger", "--scheduler", "tcp://127.0.0.1:9"))
    assert "no Dask scheduler answered" in message
    assert time.monotonic() - began < 10  # a 3 s connect timeout, on a busy machine
    assert "tcp://HOST:PORT" in one_error_line(tb("sweep", "boxing", "all-rounder", "slugger", "--scheduler", "x"))
