"""Issue 30: publishing a show queues each explainable match's explanation (one background job per
result, owned by the league, in the publish's transaction), on SQLite and PostgreSQL; none for an
unpublished show or a league with the advisor off; and the explanations neither count against the
members' queue limit nor go before a member's run."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.league.helpers import League, open_show
from turnbuckle.league import jobs
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.job_worker import Worker, _Running
from turnbuckle.league.models import Job, Result
from turnbuckle.league.services import advice, running, shows
from turnbuckle.web.odds import job as odds_job

CARD = [("m2", ["Friendly Sam", "Brother Bob"]), ("m2", ["Iron Ivan", "Lady Lightning"]),
        ("boxing", ["Mika Sato", "Rico Vance"])]


def _run(lg: League) -> str:
    number = open_show(lg, CARD)
    lg.clock.advance(days=1, minutes=1)
    with lg.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
    return number


def _explain_jobs(lg: League) -> list[Job]:
    with lg.act() as ctx:
        found = list(ctx.session.scalars(select(Job).where(Job.kind == advice.EXPLAIN_KIND).order_by(Job.owner)))
        ctx.session.expunge_all()
        return found


def test_publish_queues_one_explanation_per_explainable_match_and_none_before(lg: League) -> None:
    number = _run(lg)
    assert _explain_jobs(lg) == []  # run, not published: no explanation
    with lg.act() as ctx:
        running.publish(ctx, number)
        results = list(ctx.session.scalars(select(Result).order_by(Result.id)))
        wanted = sorted(advice.explain_owner(r) for r in results if advice.explainable(r))
    assert len(results) == 3 and len(wanted) == 2  # the two MatchMatch singles; boxing has no advisor
    queued = _explain_jobs(lg)
    assert [j.owner for j in queued] == wanted
    assert all(j.state == "queued" and j.public and j.total == 1000 for j in queued)
    assert jobs.KINDS[advice.EXPLAIN_KIND].kept and jobs.KINDS[advice.EXPLAIN_KIND].background
    with lg.act() as ctx, pytest.raises(LeagueError, match="only a show that has run is published"):
        running.publish(ctx, number)  # published once only
    with lg.act() as ctx:  # asked again (the button, or a second queueing): the same job, not another
        again = advice.queue_explanations(ctx, shows.show(ctx, number))
        assert sorted(j.id for j in again) == sorted(j.id for j in queued)
    assert [j.id for j in _explain_jobs(lg)] == [j.id for j in queued]


def test_a_league_with_the_advisor_off_queues_none(lg: League) -> None:
    number = _run(lg)
    with lg.act() as ctx:
        advice.set_advisor(ctx, False)
    with lg.act() as ctx:
        running.publish(ctx, number)
    assert _explain_jobs(lg) == []


def _queue_explanations(lg: League, n: int) -> None:
    with lg.act() as ctx:
        for i in range(n):
            jobs.submit(ctx.session, advice.EXPLAIN_KIND, {"i": i}, f"explain:x{i}", title=f"explain {i}",
                        now=ctx.now())


def test_a_members_run_is_accepted_and_claimed_before_twenty_waiting_explanations(lg: League) -> None:
    _queue_explanations(lg, 20)
    with lg.act() as ctx:
        member = jobs.submit(ctx.session, odds_job.KIND, {}, "member:Ann", title="odds for Ann", now=ctx.now()).id
    worker = Worker(lg.engine, program=lg.program, threads=1)
    assert worker._claimable() == set(jobs.KINDS)
    # A worker with only the background thread free takes no explanation while the member's run waits.
    assert jobs.claim(lg.engine, "busy", {advice.EXPLAIN_KIND}) is None
    first = jobs.claim(lg.engine, "w")
    assert first is not None and first.id == member
    second = jobs.claim(lg.engine, "w")  # nothing else waits: now an explanation
    assert second is not None and second.kind == advice.EXPLAIN_KIND


def test_the_worker_runs_one_explanation_at_a_time_beside_its_member_threads(lg: League) -> None:
    worker = Worker(lg.engine, program=lg.program, threads=1)
    worker._running["e"] = _Running(Job(id="e", kind=advice.EXPLAIN_KIND))
    assert worker._claimable() == set(jobs.KINDS) - {advice.EXPLAIN_KIND}  # a member's run still starts
    worker._running["m"] = _Running(Job(id="m", kind=odds_job.KIND))
    assert worker._claimable() == set()
    del worker._running["e"]
    assert worker._claimable() == {advice.EXPLAIN_KIND}  # taken only if no other job waits (claim's rule)
