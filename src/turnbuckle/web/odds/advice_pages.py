"""The strategy page's "Advise me", and a published match's explanation on its page.

"Advise me": the game's advisor searches a strategy for the member's own side,
from that member's briefing only (``league.services.advice``), as a job on the odds page's queue
(one queued or running job each, a capped queue). The advice is its owner's alone: the job is
private, and its page answers 404 to anyone else.

A published match's page shows its explanation (``turnbuckle explain`` of its record: the odds,
the luck, the win probability by round with a chart, the swings, the advisor's alternative), a kept,
public job queued at publish (``advice.queue_explanations``); a match whose job is missing or failed
offers a button that queues it again. An unpublished match has none."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from turnbuckle.core.errors import RulesError
from turnbuckle.league import jobs, queries_shows
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import Forbidden, NotFound
from turnbuckle.league.models import Job, Result, Show
from turnbuckle.league.services.advice import (
    JOB_KIND,
    advice_params,
    explainable,
    explanation,
    how_long,
    kept_advice,
    start_explain,
)
from turnbuckle.league.services.shows import side_of
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.odds.page import owner_key
from turnbuckle.web.public.viewing import PathInt, card_match, show_by_number, viewer_ctx

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
        kept = kept_advice(session, owner_key(ctx, request), params)
        if kept is not None:  # the same search from the same seed: its answer, not a second run
            return RedirectResponse(f"/advice/jobs/{kept.id}", 303)
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


def _context(job: Job, session: DbSession) -> dict[str, Any]:
    """The job and, once done, its advice: the strategy alone (to copy, or to send with one button:
    the whole text is not a strategy the form takes) and the rest of the text (its measurements)."""
    advice: Any = job.result
    strategy = measured = send_to = None
    if isinstance(advice, dict) and isinstance(advice.get("data"), dict):
        strategy = str(advice["data"].get("strategy") or "")
        text = str(advice.get("text") or "")
        measured = re.sub(r"\n{3,}", "\n\n", text.replace(strategy.rstrip(), "", 1)) if strategy else text
        detail = job.detail or {}
        if strategy and all(isinstance(detail.get(k), int) for k in ("show", "position", "competitor")):
            send_to = f"/shows/{detail['show']}/matches/{detail['position']}/strategy/{detail['competitor']}"
    return {"job": job, "advice": advice, "strategy": strategy, "measured": measured, "send_to": send_to,
            "how_long": how_long(session) if job.active else ""}


@router.get("/jobs/{job_id}", response_class=HTMLResponse)
def advice_job(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> HTMLResponse:
    job = _job(request, session, viewer, job_id)
    if job is None:
        return _not_found(request)
    return render(request, "advice_job.html", {"title": "Advice", **_context(job, session)})


@router.get("/jobs/{job_id}/status", response_class=HTMLResponse)
def advice_status(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> HTMLResponse:
    """The job's progress (or its advice) as a fragment for htmx to swap in."""
    job = _job(request, session, viewer, job_id)
    if job is None:
        return HTMLResponse('<p class="problem" id="job">This advice is gone (finished jobs are kept two days).</p>',
                            404)
    return render(request, "advice_status.html", _context(job, session))


# -- a published match's explanation (the match page's section) -----------------------------------
def _published(ctx: Ctx, number: int, position: int) -> tuple[Show, Result]:
    s = show_by_number(ctx, number)
    m = card_match(ctx, s, position)
    result = queries_shows.result_of_match(ctx, m.id) if m else None
    if result is None or s.status != "published":
        raise NotFound(f"no published result for match {position} of show {number}")
    return s, result


def explain_view(ctx: Ctx, s: Show, result: Result, position: int) -> dict[str, Any] | None:
    """What the match page's explanation section shows: None when the game has none (or the show
    is not published), else the job (or None: none was queued) and, once done, its chart's lines."""
    if s.status != "published" or not explainable(result):
        return None
    job = explanation(ctx, result)
    data = job.result if job is not None and job.state == "done" else None
    return {"number": s.number, "position": position, "job": job, "data": data,
            "lines": explain_lines(data) if data else []}


#: The chart's drawing area, in SVG units.
CHART_W, CHART_H, LEFT, TOP = 320, 160, 34, 8


def explain_lines(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Each side's win probability by round as an SVG polyline's points (round 0: before the bell)."""
    names = list(data["sides"])
    rounds = data["rounds"]
    step = CHART_W / max(1, len(rounds))
    out = []
    for k, name in enumerate(names):
        shares = [data["pre_match"]["win"][name], *(r["win"][name] for r in rounds)]
        points = " ".join(f"{LEFT + i * step:.1f},{TOP + (1 - p) * CHART_H:.1f}" for i, p in enumerate(shares))
        out.append({"name": name, "points": points, "css": f"side{k}"})
    return out


@router.post("/explain/{number}/{position}")
def explain_start(request: Request, number: PathInt, position: PathInt, session: DbSession,
                  viewer: Viewer) -> Response:
    ctx = viewer_ctx(request, session, viewer)
    try:
        s, result = _published(ctx, number, position)
        start_explain(ctx, s, result)
    except NotFound:
        return _not_found(request)
    except jobs.JobRefused as exc:
        return render(request, "error.html", {"title": "Not now", "message": str(exc)}, 429)
    except RulesError as exc:
        return render(request, "error.html", {"title": "No explanation", "message": str(exc)}, 400)
    return RedirectResponse(f"/shows/{number}/matches/{position}#explain", 303)


@router.get("/explain/{number}/{position}/status", response_class=HTMLResponse)
def explain_status(request: Request, number: PathInt, position: PathInt, session: DbSession,
                   viewer: Viewer) -> HTMLResponse:
    """The match page's explanation section alone (what it polls while the job runs)."""
    ctx = viewer_ctx(request, session, viewer)
    try:
        s, result = _published(ctx, number, position)
    except NotFound:
        return _not_found(request)
    return render(request, "_explain.html", {"explain": explain_view(ctx, s, result, position)})
