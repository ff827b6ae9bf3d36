"""The strategy page's "Advise me": a private job on the odds queue that ends with the advisor's
strategy for the member's own side; nobody else may see it; the organiser's setting hides it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import open_show
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.models import Competitor, Job
from turnbuckle.league.services import advice, briefing, shows


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    monkeypatch.setattr(advice, "LEAGUE_BUDGET", 40_000)
    monkeypatch.setattr(advice, "LEAGUE_MEASURE", 2_000)
    s = Site(tmp_path)
    with s.league.act() as ctx:
        briefing.set_public_sheets(ctx, "sheet")
    yield s
    s.close()


def _done(client: TestClient, job_url: str, limit_s: float = 60) -> str:
    until = time.monotonic() + limit_s
    while time.monotonic() < until:
        fragment = client.get(f"{job_url}/status")
        assert fragment.status_code == 200
        if 'hx-trigger="every 1s"' not in fragment.text:
            return fragment.text
        time.sleep(0.1)
    raise AssertionError("the advice did not finish in time")


def test_advise_me_runs_a_private_job_that_ends_with_a_strategy(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act() as ctx:
        bob = ctx.session.scalar(select(Competitor.id).where(Competitor.name == "Brother Bob"))
    page = f"/shows/{number}/matches/1/strategy/{bob}"
    with site.client() as bo, site.client() as ann:
        assert sign_in(bo, "Bo").status_code == 303 and sign_in(ann, "Ann").status_code == 303
        assert 'id="advise-me"' in bo.get(page).text
        started = bo.post(f"/advice/shows/{number}/matches/1/{bob}", data={"csrf_token": csrf_of(bo, page)},
                          follow_redirects=False)
        assert started.status_code == 303, started.text
        job_url = started.headers["location"]
        done = _done(bo, job_url)
        assert 'data-state="done"' in done and "Strategy:+" in done and "Advice for Brother Bob" in done
        assert ann.get(job_url).status_code == 404  # private to the member who asked
        job_id = job_url.rstrip("/").rsplit("/", 1)[-1]
        for odds_url in (f"/odds/jobs/{job_id}", f"/odds/jobs/{job_id}/status"):  # not an odds run (was a 500)
            assert bo.get(odds_url).status_code == 404
        again = bo.post(f"/advice/shows/{number}/matches/1/{bob}", data={"csrf_token": csrf_of(bo, page)},
                        follow_redirects=False)
        assert again.status_code == 303 and again.headers["location"] == job_url  # the kept answer, not a rerun
        with site.league.act() as ctx:
            assert len(list(ctx.session.scalars(select(Job.id).where(Job.kind == advice.JOB_KIND)))) == 1
        assert "here: the median of this server&#39;s last run" in bo.get(page).text  # timed from this server's runs
        refused = ann.post(f"/advice/shows/{number}/matches/1/{bob}", data={"csrf_token": csrf_of(ann, "/")},
                           follow_redirects=False)
        assert refused.status_code == 404  # not Ann's side
    with site.league.act() as ctx:
        advice.set_advisor(ctx, False)
    with site.client() as bo:
        assert sign_in(bo, "Bo").status_code == 303
        assert 'id="advise-me"' not in bo.get(page).text
        off = bo.post(f"/advice/shows/{number}/matches/1/{bob}", data={"csrf_token": csrf_of(bo, page)},
                      follow_redirects=False)
        assert off.status_code == 400 and "turned the advisor off" in off.text


def test_a_published_match_is_explained_in_the_background_and_an_unpublished_one_is_not(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.league.models import Job
    from turnbuckle.league.services import running

    monkeypatch.setattr(advice, "EXPLAIN_BUDGET", 20_000)
    monkeypatch.setattr(advice, "EXPLAIN_CONTINUATIONS", 1_000)
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    site.league.clock.advance(days=1, minutes=1)
    with site.league.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
    page = f"/shows/{number}/matches/1"
    with site.client() as fran:
        assert sign_in(fran, "Fran").status_code == 303
        assert fran.get(page).status_code == 200 and 'id="explain"' not in fran.get(page).text  # not published
    with site.league.act() as ctx:
        running.publish(ctx, number)  # queues the explanation; nobody asks
    with site.client() as anyone:  # its server's worker runs it
        until = time.monotonic() + 60
        while time.monotonic() < until:
            section = anyone.get(f"/advice/explain/{number}/1/status").text
            if 'hx-trigger="every 1s"' not in section:
                break
            time.sleep(0.1)
        assert "Before the bell this exact setup gave" in section and "<polyline" in section
        assert 'id="explain-match"' not in section  # an alternative, or that none measured better
        assert ("The advisor's alternative for" in section) != ("The advisor found no strategy measurably better"
                                                                 in section)
        assert "Before the bell" in anyone.get(page).text  # kept: the page shows it from now on
    with site.league.act() as ctx:  # a failed explanation: the button asks again, for one job still
        job = ctx.session.scalars(select(Job).where(Job.kind == advice.EXPLAIN_KIND)).one()
        job.state, job.error = "failed", "the worker stopped"
    with site.client() as anyone:
        shown = anyone.get(page).text
        assert "The explanation failed: the worker stopped" in shown and 'id="explain-match"' in shown
        asked = anyone.post(f"/advice/explain/{number}/1", data={"csrf_token": csrf_of(anyone, page)},
                            follow_redirects=False)
        assert asked.status_code == 303 and asked.headers["location"].endswith("#explain")
    with site.league.act() as ctx:
        states = list(ctx.session.scalars(select(Job.state).where(Job.kind == advice.EXPLAIN_KIND)))
        assert len(states) == 1 and states[0] in ("queued", "running", "done")  # asked again, not doubled


def test_the_organisers_settings_page_turns_the_advisor_off(site: Site) -> None:
    with site.client() as fran:
        assert sign_in(fran, "Fran").status_code == 303
        token = csrf_of(fran, "/organiser/settings")
        assert 'name="advisor" value="on" checked' in fran.get("/organiser/settings").text
        saved = fran.post("/organiser/settings", data={"public_sheets": "sheet", "advisor": "off", "csrf_token": token})
        assert saved.status_code == 200 and 'name="advisor" value="off" checked' in saved.text
    with site.league.act() as ctx:
        assert ctx.league.advisor is False


def test_how_long_is_the_median_of_this_servers_last_runs(site: Site) -> None:
    from datetime import UTC, datetime, timedelta

    from turnbuckle.league.jobs import submit

    with site.league.act() as ctx:
        assert "not known yet" in advice.how_long(ctx.session)
        start = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
        for k, took in enumerate((20, 240, 31, 25, 600, 35)):  # the oldest (20 s) is not among the last five
            job = submit(ctx.session, advice.JOB_KIND, {"k": k}, f"owner{k}", title="t", now=start)
            job.state, job.finished_at = "done", start + timedelta(minutes=k, seconds=took)
            job.created_at = start + timedelta(minutes=k)
        ctx.session.flush()
        assert advice.how_long(ctx.session) == ("about 35 s here: the median of this server's last 5 runs, "
                                                "from 25 s to 10.0 minutes")


def test_advise_me_on_a_locked_show_says_why_without_a_search(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act() as ctx:
        bob = ctx.session.scalar(select(Competitor.id).where(Competitor.name == "Brother Bob"))
        shows.lock(ctx, number)
    with site.client() as bo:
        assert sign_in(bo, "Bo").status_code == 303
        page = f"/shows/{number}/matches/1/strategy/{bob}"
        refused = bo.post(f"/advice/shows/{number}/matches/1/{bob}", data={"csrf_token": csrf_of(bo, page)},
                          follow_redirects=False)
        assert refused.status_code == 400 and "can no longer be sent" in refused.text
    with site.league.act() as ctx:
        assert not list(ctx.session.scalars(select(Job.id).where(Job.kind == advice.JOB_KIND)))
