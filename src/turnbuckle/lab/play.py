"""One pairing played, as a pure function of what it plays (the same job gives the same result
anywhere: in this process, a forked worker, or a Dask worker on another machine)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from turnbuckle.core.options import OptionValue

if TYPE_CHECKING:
    from turnbuckle.sim.specs import FastOutcomes, FastOutcomesMany


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
    from turnbuckle.rulesets.registry import get_ruleset  # lazy: keeps the games' registry out of start-up
    from turnbuckle.sim.odds import simulate  # lazy: keeps the simulators out of start-up

    rs = get_ruleset(job.ruleset)
    t = _outcomes_only(rs, job)
    if t is not None:
        engine, notes = "fast", []
    else:
        run = simulate(rs, list(job.sides), dict(job.options), job.n, job.seed, "fast", threads=1)
        t, engine, notes = run.tally, run.engine, list(run.notes)
    return _result(job, t, engine, notes)


def _result(job: Job, t: Any, engine: str, notes: list[str]) -> dict[str, Any]:
    """A job's result from its tally."""
    wins_by: list[dict[str, int]] = [{} for _ in job.sides]
    for (winner, method), count in sorted(t.outcomes.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
        if winner is not None:
            wins_by[winner][method] = wins_by[winner].get(method, 0) + count
    return {"seed": job.seed, "n": t.n, "engine": engine,
            "wins": [t.wins(i) for i in range(len(job.sides))],
            "drawn": [t.draws_of(i) for i in range(len(job.sides))],
            "draws": t.draws(), "wins_by": wins_by, "notes": notes}


def _outcomes_only(rs: Any, job: Job) -> Any:
    """The job's tally of outcomes from its fast engine's outcome-counting path (``SimSpec.
    fast_outcomes``: the same matches as ``simulate`` plays, less work a run), or None where
    ``simulate`` must play it: no such path, the fast engine checked against another version of
    the rules, an option the engine does not know, or no ahead-of-time build here."""
    from turnbuckle.sim.specs import FastEngineUnsupported, spec_for  # lazy: keeps the simulators out of start-up
    from turnbuckle.sim.tally import Tally  # lazy: keeps the simulators out of start-up

    spec = spec_for(job.ruleset)
    if spec.fast_version is not None and spec.fast_version != rs.info.version:
        return None
    try:
        count = _outcomes_engine(job.ruleset)
        counted = count(list(job.sides), dict(job.options), job.n, job.seed) if count is not None else None
    except (ImportError, FastEngineUnsupported):
        return None
    if counted is None:
        return None
    tally = Tally(len(job.sides))
    tally.add_counts(counted[0], {}, {}, 0, job.n, counted[1])
    return tally


def play_chunk(jobs: Sequence[Job]) -> list[tuple[str, dict[str, Any]]]:
    """Several jobs in order: what one task (a forked worker's or a Dask worker's) plays."""
    return [(job.key, play_job(job)) for job in jobs]


def play_many(jobs: Sequence[Job]) -> list[tuple[str, dict[str, Any]]]:
    """Several jobs in order, each result the one ``play_job`` gives it: in one call of the fast
    engine's many-pairing path (``SimSpec.fast_outcomes_many``) where it plays them all, else
    one by one."""
    counted = _outcomes_many(jobs)
    if counted is None:
        return play_chunk(jobs)
    from turnbuckle.sim.tally import Tally  # lazy: keeps the simulators out of start-up

    out = []
    for job, (outcomes, drawn) in zip(jobs, counted, strict=True):
        tally = Tally(len(job.sides))
        tally.add_counts(outcomes, {}, {}, 0, job.n, drawn)
        out.append((job.key, _result(job, tally, "fast", [])))
    return out


def _outcomes_many(jobs: Sequence[Job]) -> list[tuple[dict[Any, int], dict[int, int] | None]] | None:
    """The jobs' outcome counts from the many-pairing path, or None where ``play_job`` must play
    them: jobs of different games, options or lengths, no such path, the fast engine checked
    against another version of the rules, an option it does not know, or no build here."""
    from turnbuckle.rulesets.registry import get_ruleset  # lazy: keeps the games' registry out of start-up
    from turnbuckle.sim.specs import FastEngineUnsupported, spec_for  # lazy: keeps the simulators out of start-up

    if not jobs:
        return []
    first = jobs[0]
    if any((job.ruleset, job.options, job.n) != (first.ruleset, first.options, first.n) for job in jobs):
        return None
    spec = spec_for(first.ruleset)
    if spec.fast_version is not None and spec.fast_version != get_ruleset(first.ruleset).info.version:
        return None
    try:
        count = _many_engine(first.ruleset)
        if count is None:
            return None
        return count([list(job.sides) for job in jobs], dict(first.options), first.n, [job.seed for job in jobs])
    except (ImportError, FastEngineUnsupported):
        return None


def play_first(job: Job) -> tuple[dict[str, Any], bool]:
    """Play ``job`` in this thread (which loads its engine here, before any worker is forked) and
    say whether the sweep's other pairings may play on threads of this process: when the fast
    engine's ahead-of-time build played it, which lets go of the GIL (numba's JIT kernel runs
    threads of its own and the reference engine holds the GIL: those play over processes)."""
    from turnbuckle.sim.drive import NotBuilt, built_only  # lazy: keeps numpy out of start-up

    try:
        with built_only():
            result = play_job(job)
    except NotBuilt:
        return play_job(job), False
    return result, result["engine"] == "fast"


@lru_cache(maxsize=16)
def _many_engine(ruleset: str) -> FastOutcomesMany | None:
    from turnbuckle.sim.specs import spec_for  # lazy: keeps the simulators out of start-up

    return spec_for(ruleset).outcomes_many_engine()


@lru_cache(maxsize=16)
def _outcomes_engine(ruleset: str) -> FastOutcomes | None:
    from turnbuckle.sim.specs import spec_for  # lazy: keeps the simulators out of start-up

    return spec_for(ruleset).outcomes_engine()
