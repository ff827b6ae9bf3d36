"""Pairings played on threads of one process: the same documents as one thread and as processes,
a Ctrl-C or an error stops every thread, and setups the built kernel cannot play go to processes."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from turnbuckle.lab.play import play_first, play_job
from turnbuckle.lab.run_local import run_local
from turnbuckle.lab.sweep import assemble, make_sweep
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim import drive

BOXING = get_ruleset("boxing")
FOUR = [BOXING.side_by_name(s) for s in ("all-rounder", "slugger", "speedster", "iron-chin")]


def _doc(workers: int, on_threads: bool, n: int = 1500) -> dict[str, Any]:
    plan = make_sweep(BOXING, FOUR, {}, n, 11)
    results: dict[str, dict[str, Any]] = {}
    first, threads_ok = play_first(plan.jobs[0])
    assert threads_ok  # the built kernel played it
    results[plan.jobs[0].key] = first
    run_local(plan.jobs[1:], workers, results.__setitem__, on_threads)
    return assemble(plan, results)


def _sweep_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("sweep-")]


def test_threads_give_the_documents_one_thread_and_processes_give() -> None:
    on_threads = _doc(2, True)
    assert on_threads == _doc(1, False)
    assert on_threads == _doc(2, False)
    assert not _sweep_threads()


def test_a_stop_in_the_results_ends_every_thread() -> None:
    plan = make_sweep(BOXING, FOUR, {}, 200, 3)
    kept: list[str] = []

    def stop_after_two(key: str, result: dict[str, Any]) -> None:
        kept.append(key)
        if len(kept) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_local(plan.jobs, 2, stop_after_two, on_threads=True)
    assert len(kept) == 2 and not _sweep_threads()


def test_an_error_in_a_thread_is_raised_here(monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.lab import run_local as run_local_module

    plan = make_sweep(BOXING, FOUR, {}, 200, 3)

    def broken(jobs: Any) -> list[tuple[str, dict[str, Any]]]:
        if any(job.key == plan.jobs[3].key for job in jobs):
            raise ValueError("pairing 4 broke")
        return [(job.key, play_job(job)) for job in jobs]

    monkeypatch.setattr(run_local_module, "play_many", broken)
    with pytest.raises(ValueError, match="pairing 4 broke"):
        run_local(plan.jobs, 2, lambda key, result: None, on_threads=True)
    assert not _sweep_threads()


def test_a_setup_the_build_cannot_play_goes_to_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the ahead-of-time build (no C compiler), numba's JIT kernel plays: it runs threads of
    its own, so the sweep's pairings play over processes."""
    from turnbuckle.lab import play as play_module
    from turnbuckle.sim.boxing import fast

    plan = make_sweep(BOXING, FOUR[:2], {}, 300, 5)
    for module in (drive, fast):
        monkeypatch.setattr(module, "load_or_build", lambda kernel, example: None)
    monkeypatch.setattr(fast, "_OUTCOME_BUILDS", {})
    job = plan.jobs[0]
    assert fast.outcomes(list(job.sides), dict(job.options), job.n, job.seed) is None  # no build: no short cut
    with drive.built_only(), pytest.raises(drive.NotBuilt):  # raised before the JIT kernel would start
        play_job(job)
    monkeypatch.undo()

    def jit_only(job: Any) -> dict[str, Any]:
        if getattr(drive._ONLY_BUILT, "on", False):
            raise drive.NotBuilt("no build here")
        return {"engine": "fast", "key": job.key}

    monkeypatch.setattr(play_module, "play_job", jit_only)
    assert play_first(plan.jobs[0]) == ({"engine": "fast", "key": plan.jobs[0].key}, False)


def test_the_outcome_counts_are_those_of_the_whole_run() -> None:
    """A sweep's pairing counts only the outcomes, on the build, in chunks of its own: the same
    counts as the fast engine's run (every bout depends on the seed and its index alone)."""
    from turnbuckle.core.options import resolve_options
    from turnbuckle.sim.boxing import fast

    options = resolve_options(BOXING.info.options, {})
    whole = fast.run(FOUR[:2], options, 3000, 9, threads=2)
    counted, drawn = fast.outcomes(FOUR[:2], options, 3000, 9) or ({}, {})
    assert drawn is None
    assert {k: v for k, v in counted.items() if v} == whole.outcomes


def test_the_outcome_counts_do_not_depend_on_the_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.core.options import resolve_options
    from turnbuckle.sim.boxing import fast

    options = resolve_options(BOXING.info.options, {})
    whole = fast.outcomes(FOUR[1:3], options, 2000, 4)
    monkeypatch.setattr(fast, "CHUNK", 700)  # 700, 700 and 600 bouts
    assert fast.outcomes(FOUR[1:3], options, 2000, 4) == whole


@pytest.mark.parametrize("chosen", [{}, {"rounds": 3, "combo": False}])
def test_many_pairings_in_one_call_count_what_each_counts_alone(chosen: dict[str, Any]) -> None:
    """The sweep's many-pairing path plays each pairing's own bouts from its own seed: the counts
    of ``outcomes`` for each, in order, whatever the pairing's sides, seed or length."""
    from turnbuckle.core.options import resolve_options
    from turnbuckle.sim.boxing import fast

    options = resolve_options(BOXING.info.options, chosen)
    pairings = [[FOUR[i], FOUR[j]] for i in range(4) for j in range(4) if i != j]
    seeds = [7 * k + 1 for k in range(len(pairings))]
    for n in (1, 1300):
        many = fast.outcomes_many(pairings, options, n, seeds)
        alone = [fast.outcomes(p, options, n, s) for p, s in zip(pairings, seeds, strict=True)]
        assert many == alone
        assert many is not None and all(sum(c.values()) == n for c, _ in many)
        assert len({tuple(sorted(c.items(), key=str)) for c, _ in many}) > 1  # the pairings differ
    assert fast.outcomes_many([], options, 10, []) == []


def test_a_batch_gives_the_results_of_its_jobs_one_by_one() -> None:
    from turnbuckle.lab.play import play_many

    plan = make_sweep(BOXING, FOUR, {}, 900, 2)
    assert play_many(plan.jobs) == [(job.key, play_job(job)) for job in plan.jobs]
