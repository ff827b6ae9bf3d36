"""The balance lab: the 73 boxing builds' round robin at 100,000 bouts a pairing (target: under 60 s
on a 2-core machine), and the per-pairing overhead of the Dask path against the local one."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from turnbuckle.lab.play import Job
from turnbuckle.lab.sweep import assemble, make_sweep
from turnbuckle.rulesets.boxing.simulation import builds as boxing_builds
from turnbuckle.rulesets.registry import get_ruleset

TITLE = "Balance lab"

#: The sweep timed: every boxing build against every other, 100,000 bouts each.
BUILDS_N = 100_000
TARGET_S = 60.0
#: Pairings timed for the overhead, at one bout each (so the play itself is almost nothing).
OVERHEAD_PAIRS = 600


def _run(jobs: Sequence[Job], play: Callable[[Sequence[Job], Callable[[str, dict[str, Any]], None]], None]
         ) -> tuple[float, float, dict[str, dict[str, Any]]]:
    results: dict[str, dict[str, Any]] = {}

    def keep(key: str, result: dict[str, Any]) -> None:
        results[key] = result

    began, cpu = time.perf_counter(), _cpu()
    play(jobs, keep)
    return time.perf_counter() - began, _cpu() - cpu, results


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the forked workers)."""
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def builds_round_robin() -> list[str]:
    """The whole 73-build sweep on this machine (every core), planning to ranking."""
    from dataclasses import replace

    from turnbuckle.lab.play import play_job
    from turnbuckle.lab.run_local import default_workers, run_local

    rs = get_ruleset("boxing")
    builds, _ = boxing_builds(rs)
    began = time.perf_counter()
    plan = make_sweep(rs, builds, {}, BUILDS_N, 1)
    play_job(replace(plan.jobs[0], n=1))  # load the engine before the workers are forked
    workers = default_workers()
    wall, cpu, results = _run(plan.jobs, lambda jobs, keep: run_local(jobs, workers, keep))
    doc = assemble(plan, results)
    total = time.perf_counter() - began
    bouts = len(plan.jobs) * BUILDS_N
    verdict = "met" if total < TARGET_S else "NOT met"
    idle = cpu / min(workers, os.cpu_count() or 1)
    return [f"sweep boxing --builds -n {BUILDS_N:,}: {len(builds)} builds, {len(plan.jobs):,} pairings, "
            f"{bouts:,} bouts on {workers} process(es): {total:.1f} s in all ({wall:.1f} s playing, "
            f"{bouts / wall / 1e6:.1f}M bouts/s; target < {TARGET_S:.0f} s: {verdict})",
            f"  {cpu:.1f} CPU-seconds playing ({bouts / cpu / 1e6:.2f}M bouts per CPU-second): on {workers} idle "
            f"cores about {idle:.0f} s; equilibrium support {len(doc['metagame']['mixture'])} builds"]


def dask_overhead() -> list[str]:
    """Per-pairing wall time at one bout a pairing: in this process, over 2 forked processes, and on
    a LocalCluster of 2 workers (already started) with the default chunks and with one pairing a task."""
    from turnbuckle.lab import run_local as local_module
    from turnbuckle.lab.run_dask import run_dask
    from turnbuckle.lab.run_local import run_local
    from turnbuckle.sim.cluster import start_local

    rs = get_ruleset("boxing")
    builds, _ = boxing_builds(rs)
    plan = make_sweep(rs, builds, {}, 1, 2)
    jobs = plan.jobs[:OVERHEAD_PAIRS]
    lines = []
    timings: dict[str, float] = {}
    for label, workers in (("local, in this process", 1), ("local, 2 forked processes", 2)):
        wall, _, _ = _run(jobs, lambda js, keep, w=workers: run_local(js, w, keep))  # type: ignore[misc]
        timings[label] = wall
    from distributed import Client

    began = time.perf_counter()
    cluster = start_local()
    client = Client(cluster)
    client.wait_for_workers(2)
    started = time.perf_counter() - began
    try:
        _run(jobs[:20], lambda js, keep: run_dask(js, client, keep))  # workers import the engine once
        wall, _, _ = _run(jobs, lambda js, keep: run_dask(js, client, keep))
        timings["Dask LocalCluster, default chunks"] = wall
        saved = local_module.CHUNK_MATCHES
        local_module.CHUNK_MATCHES = 1
        try:
            wall, _, _ = _run(jobs, lambda js, keep: run_dask(js, client, keep))
        finally:
            local_module.CHUNK_MATCHES = saved
        timings["Dask LocalCluster, one pairing a task"] = wall
    finally:
        client.close()
        cluster.close()
    base = timings["local, in this process"]
    for label, wall in timings.items():
        lines.append(f"  {label:<40} {wall / len(jobs) * 1e3:7.2f} ms a pairing "
                     f"({(wall - base) / len(jobs) * 1e3:+.2f} ms against in-process)")
    return [f"per-pairing overhead ({len(jobs)} boxing pairings of 1 bout each; LocalCluster start "
            f"{started:.1f} s, not counted):", *lines]


def main() -> None:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"balance lab bench: {os.cpu_count()} CPU(s), load average {load}")
    for line in builds_round_robin() + dask_overhead():
        print(line)
    print(f"load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
