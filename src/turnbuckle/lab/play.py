"""One pairing played, as a pure function of what it plays (the same job gives the same result
anywhere: in this process, a forked worker, or a Dask worker on another machine)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from turnbuckle.core.options import OptionValue


@dataclass(frozen=True)
class Job:
    """A pairing to play: its cache key, the ruleset, the sides in seat order (loaded sheets), the
    resolved options, the number of matches and the pairing's own seed."""

    key: str
    ruleset: str
    sides: tuple[Any, ...]
    options: tuple[tuple[str, OptionValue], ...]
    n: int
    seed: int


def play_job(job: Job) -> dict[str, Any]:
    """Play ``job`` on the fast engine (one process) and count it: per seat wins, draws shared and
    wins by finish; the draws; the engine that ran and its notes."""
    from turnbuckle.rulesets.registry import get_ruleset
    from turnbuckle.sim.odds import simulate

    rs = get_ruleset(job.ruleset)
    run = simulate(rs, list(job.sides), dict(job.options), job.n, job.seed, "fast", threads=1)
    t = run.tally
    wins_by: list[dict[str, int]] = [{} for _ in job.sides]
    for (winner, method), count in sorted(t.outcomes.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
        if winner is not None:
            wins_by[winner][method] = wins_by[winner].get(method, 0) + count
    return {"seed": job.seed, "n": t.n, "engine": run.engine,
            "wins": [t.wins(i) for i in range(len(job.sides))],
            "drawn": [t.draws_of(i) for i in range(len(job.sides))],
            "draws": t.draws(), "wins_by": wins_by, "notes": list(run.notes)}


def play_chunk(jobs: Sequence[Job]) -> list[tuple[str, dict[str, Any]]]:
    """Several jobs in order: what one task (a forked worker's or a Dask worker's) plays."""
    return [(job.key, play_job(job)) for job in jobs]


def play_first(job: Job) -> tuple[dict[str, Any], bool]:
    """Play ``job`` in this thread (which loads its engine here, before any worker is forked) and
    say whether the sweep's other pairings may play on threads of this process: when the fast
    engine's ahead-of-time build played it, which lets go of the GIL (numba's JIT kernel runs
    threads of its own and the reference engine holds the GIL: those play over processes)."""
    from turnbuckle.sim.drive import NotBuilt, built_only

    try:
        with built_only():
            result = play_job(job)
    except NotBuilt:
        return play_job(job), False
    return result, result["engine"] == "fast"
