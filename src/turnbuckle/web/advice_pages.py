"""The strategy page's "Advise me": the game's advisor searches a strategy for the member's own side,
from that member's briefing only (``league.services.advice``), as a job on the odds page's queue
(one queued or running job each, a capped queue). The advice is its owner's alone: the job is
private, and its page answers 404 to anyone else."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from turnbuckle.core.errors import RulesError
from turnbuckle.league import jobs
from turnbuckle.league.errors import Forbidden, NotFound
from turnbuckle.league.models import Job
from turnbuckle.league.services.advice import JOB_KIND, advice_params
from turnbuckle.league.services.shows import side_of
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.odds_page import owner_key
from turnbuckle.web.viewing import PathInt, show_by_number, viewer_ctx

router = APIRouter(prefix="/advice", include_in_schema=False)


def _not_found(request: Request) -> HTMLResponse:
    return render(request, "error.html", {"title": "Not found", "message": "There is nothing here."}, 404)


@router.post("/shows/{number}/matches/{position}/{cid}")
def advice_start(request: Request, number: PathInt, position: PathInt, cid: PathInt, session: DbSession,
                 viewer: Viewer) -> Response:
    ctx = viewer_ctx(request, session, viewer)
    if not ctx.actor.id:
        return RedirectResponse("/login", 303)
    try:
        side = side_of(ctx, show_by_number(ctx, number), position, f"#{cid}")
        params = advice_params(ctx, side)
        job = jobs.submit(session, JOB_KIND, params, owner_key(ctx, request),
                          title=f"Advice for {side.competitor.name}, show {number} match {position}", total=1000)
    except (NotFound, Forbidden):
        return _not_found(request)
    except jobs.JobRefused as exc:
        return render(request, "error.html", {"title": "Not now", "message": str(exc)}, 429)
    except RulesError as exc:
        return render(request, "error.html", {"title": "No advice", "message": str(exc)}, 400)
    return RedirectResponse(f"/advice/jobs/{job.id}", 303)


def _job(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> Job | None:
    ctx = viewer_ctx(request, session, viewer)
    job = jobs.get(session, job_id, owner_key(ctx, request))
    return job if job is not None and job.kind == JOB_KIND else None


def _context(job: Job) -> dict[str, Any]:
    return {"job": job, "advice": job.result}


@router.get("/jobs/{job_id}", response_class=HTMLResponse)
def advice_job(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> HTMLResponse:
    job = _job(request, session, viewer, job_id)
    if job is None:
        return _not_found(request)
    return render(request, "advice_job.html", {"title": "Advice", **_context(job)})


@router.get("/jobs/{job_id}/status", response_class=HTMLResponse)
def advice_status(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> HTMLResponse:
    """The job's progress (or its advice) as a fragment for htmx to swap in."""
    job = _job(request, session, viewer, job_id)
    if job is None:
        return HTMLResponse('<p class="problem" id="job">This advice is gone (finished jobs are kept two days).</p>',
                            404)
    return render(request, "advice_status.html", _context(job))
