"""Jobs on a Dask cluster (``serve --scheduler``): an odds job's heavy work is played on the cluster
and gives the numbers it gives here; a scheduler address that cannot be right fails the job with a
message that says what to give."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from tests.async_support import run_coroutine
from tests.web.support import empty_league
from turnbuckle.league import jobs
from turnbuckle.league.assembly import assemble
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.job_worker import Worker
from turnbuckle.league.models import Job
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.odds.job import KIND, params_of, play


def _params(n: int) -> dict[str, Any]:
    rs = get_ruleset("boxing")
    sides = [rs.side_by_name("slugger"), rs.side_by_name("speedster")]
    return params_of(rs, sides, {}, {}, n, 7, {"game": "boxing"})


def _run(engine: Engine, scheduler: str, owner: str, params: dict[str, Any]) -> Job:
    async def scenario() -> Job:
        worker = Worker(engine, program=assemble(), scheduler=scheduler, poll_s=0.02)
        worker.start()
        try:
            with session_scope(engine) as session:
                job_id = jobs.submit(session, KIND, params, owner, title="on the cluster", total=params["n"]).id
            until = time.monotonic() + 30
            while True:
                with session_scope(engine) as session:
                    job = session.get(Job, job_id)
                    assert job is not None
                if not job.active or time.monotonic() > until:
                    return job
                await asyncio.sleep(0.05)
        finally:
            await worker.stop()

    return run_coroutine(scenario())


def test_an_odds_job_plays_on_the_cluster_with_the_same_numbers(tmp_path: Path) -> None:
    from distributed import LocalCluster

    engine = make_engine(empty_league(tmp_path, "Dask Fed"))
    params = _params(3000)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1",  # type: ignore[no-untyped-call]
                      dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        job = _run(engine, cluster.scheduler_address, "member:1", params)
        assert "play" in cluster.scheduler.task_prefixes  # the work went to the cluster
    assert job.state == "done", job.error
    assert job.result == play(params)
    bad = _run(engine, "nowhere", "member:2", _params(10))
    assert bad.state == "failed" and "give tcp://HOST:PORT of a running Dask scheduler" in bad.error
    engine.dispose()
