"""Verify on the web: a published show's page starts the replay ``league verify`` runs (a job,
league/verify_job.py; anyone may) and shows the kept result; while it runs the section asks again
every second. A field takes the seed's hash a reader saw at lock (``?commitment=``), compared with
the revealed seed on the spot."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from turnbuckle.league import jobs, verify_job
from turnbuckle.league.errors import NotFound
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.public.viewing import PathInt, show_by_number, viewer_ctx

router = APIRouter(include_in_schema=False)


@router.post("/shows/{number}/verify")
def verify_start(request: Request, number: PathInt, session: DbSession, viewer: Viewer) -> Response:
    ctx = viewer_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    try:
        verify_job.start(ctx, s)
    except jobs.JobRefused as exc:
        return render(request, "error.html", {"title": "Not now", "message": str(exc)}, 503)
    return RedirectResponse(f"/shows/{s.number}#verify", 303)


@router.get("/shows/{number}/verify", response_class=HTMLResponse)
def verify_status(request: Request, number: PathInt, session: DbSession, viewer: Viewer) -> HTMLResponse:
    """The show page's verify section alone (what it polls while the job runs); a show not published
    has none (its page shows no Verify), so it is not found."""
    ctx = viewer_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    if s.status != "published":
        raise NotFound(f"show {number} is not published; only a published show is verified")
    commitment = verify_job.check_commitment(s, request.query_params.get("commitment"))
    context = {"s": s, "verify": verify_job.verdict(ctx, s), "local": ctx.local, "commitment": commitment}
    if request.headers.get("HX-Request") != "true" and "commitment" in request.query_params:
        return render(request, "verify_page.html", context)  # the field's form, sent without htmx
    return render(request, "_verify.html", context)
