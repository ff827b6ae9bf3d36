"""The web verify's job kind on PostgreSQL (SQLite: tests/web/test_verify_page.py): one result kept per
show, a second start while the export is unchanged starts nothing, a changed export makes it stale,
and a kept result outlives the purge of finished jobs."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from tests.league.helpers import build, open_show
from turnbuckle.league import jobs, verify_job
from turnbuckle.league.models import Job
from turnbuckle.league.services import running, shows
from turnbuckle.league.services.shows import show


def test_a_verify_is_kept_per_show_until_its_export_changes(pg_url: str) -> None:
    lg = build(pg_url)
    try:
        number = open_show(lg, [("boxing", ["Mika Sato", "Rico Vance"])])
        with lg.act() as ctx:
            shows.lock(ctx, number)
            running.run_show(ctx, number)
            running.publish(ctx, number)
        with lg.act() as ctx:
            s = show(ctx, number)
            assert verify_job.verdict(ctx, s).state == "none"
            first = verify_job.start(ctx, s)
            assert verify_job.start(ctx, s).id == first.id  # queued: the same job
        claimed = jobs.claim(lg.engine, "w1", {verify_job.KIND})
        assert claimed is not None and claimed.id == first.id
        result = verify_job.run(claimed.params, lambda _done: None, None)
        assert result["findings"] == [] and result["checked"] > 0  # the replay itself
        assert jobs.finish(lg.engine, "w1", first.id, result=result)
        with lg.act() as ctx:
            s = show(ctx, number)
            seen = verify_job.verdict(ctx, s)
            assert seen.verified and seen.when is not None
            assert verify_job.start(ctx, s).id == first.id  # the same export: nothing new
            # Nine days on, a submit purges the finished jobs, but not a kept verify.
            jobs.submit(ctx.session, verify_job.KIND, {}, "someone", title="x", now=jobs.now_utc() + timedelta(days=9))
            assert ctx.session.get(Job, first.id) is not None
            s.writeup += " More."
        with lg.act() as ctx:
            s = show(ctx, number)
            assert verify_job.verdict(ctx, s).stale and not verify_job.verdict(ctx, s).verified
            second = verify_job.start(ctx, s)
            assert second.id != first.id
            kept = ctx.session.scalar(select(func.count()).select_from(Job).where(Job.owner == verify_job.owner_of(s)))
            assert kept == 1  # the older result went when the newer export's run began
    finally:
        lg.close()
