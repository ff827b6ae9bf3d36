"""The odds page: pick two sides of a game and see win/draw/loss odds with 95% intervals and a
chart, from the fast engines (``sim.odds.simulate``, as ``turnbuckle odds`` runs them).

Who may pick what: anyone the bundled samples; a player also their own competitors; the organiser
any competitor of the league. A run is a job in the database (``league/jobs.py``, kind "odds" in
``odds_job.py``): the request queues it and returns at once, any server process's worker plays it,
and the page polls the job's progress by its id with htmx (through any server process).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from hashlib import sha256
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from turnbuckle.core.errors import RulesError
from turnbuckle.core.registry import Ruleset
from turnbuckle.league import jobs
from turnbuckle.league.context import Ctx
from turnbuckle.league.models import Competitor, Job
from turnbuckle.league.queries_members import competitors_of_game
from turnbuckle.league.services.sides import side_document, standing
from turnbuckle.rulesets.registry import all_rulesets
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.keeper.form import FormProblems, ruleset_of
from turnbuckle.web.odds.charts import odds_chart
from turnbuckle.web.odds.job import KIND, MAX_MATCHES, params_of
from turnbuckle.web.odds.options import default_fields, option_fields, policy_kinds, posted_fields, read_choices
from turnbuckle.web.public.viewing import is_organiser, viewer_ctx

router = APIRouter(prefix="/odds", include_in_schema=False)  # pages, not the JSON API
DEFAULT_MATCHES = 10_000


def owner_key(ctx: Ctx, request: Request) -> str:
    """Whose job it is: a signed-in member, or a spectator's browser (its ``tb_anon`` cookie, stored
    hashed), so that people behind one network address cannot see or cancel each other's runs."""
    if ctx.actor.id:
        return f"member:{ctx.actor.id}"
    visitor = getattr(request.state, "visitor", None)
    if visitor:
        return visitor_key(visitor)
    return f"address:{request.client.host if request.client else 'unknown'}"


def visitor_key(anon_id: str) -> str:
    """The owner key of a spectator's browser whose ``tb_anon`` cookie holds ``anon_id``."""
    return "visitor:" + sha256(anon_id.encode()).hexdigest()[:32]


def choices(ctx: Ctx, rs: Ruleset[Any]) -> list[tuple[str, str]]:
    """What this reader may pick for ``rs``: ``(value, label)``, samples first."""
    out = [(f"sample:{s.id}", f"{s.id} (sample): {s.summary}") for s in rs.samples()]
    owner: int | None = None
    if not is_organiser(ctx):
        if not ctx.actor.id:
            return out
        owner = ctx.actor.id
    comps = competitors_of_game(ctx.session, ctx.league.id, rs.info.id, owner)
    out += [(f"comp:{c.id}", f"{c.name} (league)") for c in comps]
    return out


def load_choice(ctx: Ctx, rs: Ruleset[Any], value: str, allowed: list[tuple[str, str]]) -> Any:
    """The side a picked value names; a value this reader may not pick reads as one that does not exist."""
    if value not in {v for v, _ in allowed}:
        raise RulesError("pick one of the listed sides")
    kind, _, key = value.partition(":")
    if kind == "sample":
        return rs.side_by_name(key)
    comp = ctx.session.get(Competitor, int(key))
    if comp is None:
        raise RulesError("pick one of the listed sides")
    return rs.load_side(side_document(comp, dict(comp.sheet), None, standing(ctx, comp, "published")), comp.name)


def _form_page(request: Request, ctx: Ctx, game: str, fields: Mapping[str, str], errors: dict[str, str],
               status: int = 200) -> HTMLResponse:
    context: dict[str, Any] = {"title": "Odds", "games": [(r.info.id, r.info.name) for r in all_rulesets()],
                               "game": game, "fields": fields, "errors": errors, "rs": None}
    if game and "game" not in errors:
        rs = ruleset_of(game)
        context.update(rs=rs, choices=choices(ctx, rs), options=option_fields(rs), policies=policy_kinds(rs))
    return render(request, "odds.html", context, status)


@router.get("", response_class=HTMLResponse)
def odds_form(request: Request, session: DbSession, viewer: Viewer, game: str = "") -> HTMLResponse:
    ctx = viewer_ctx(request, session, viewer)
    fields = {"n": str(DEFAULT_MATCHES), "seed": ""}
    try:
        if game:
            rs = ruleset_of(game.strip())
            game = rs.info.id
            picks = choices(ctx, rs)
            fields |= {"side-1": picks[0][0], "side-2": picks[min(1, len(picks) - 1)][0]} | default_fields(rs)
    except FormProblems as exc:
        return _form_page(request, ctx, game, fields, exc.errors, 400)
    return _form_page(request, ctx, game, fields, {})


def _number(text: str, field: str, errors: dict[str, str], what: str, low: int, high: int) -> int | None:
    text = text.strip().replace(",", "").replace("_", "")
    if not re.fullmatch(r"[0-9]{1,20}", text):
        errors[field] = f"{what}: a whole number from {low:,} to {high:,}"
        return None
    value = int(text)
    if not low <= value <= high:
        errors[field] = f"{what}: {value:,} is outside {low:,} to {high:,}"
        return None
    return value


@router.post("", response_model=None)
async def odds_start(request: Request, session: DbSession, viewer: Viewer) -> Response:
    """Check the form and queue the run; the answer is the job's page (or the form with its problems)."""
    posted = await request.form()
    fields = {k: str(posted.get(k, "")) for k in ("game", "side-1", "side-2", "n", "seed")}
    ctx = viewer_ctx(request, session, viewer)
    errors: dict[str, str] = {}
    try:
        rs = ruleset_of(fields["game"].strip())
    except FormProblems as exc:
        return _form_page(request, ctx, "", fields, exc.errors, 400)
    fields |= posted_fields(rs, posted)
    if rs.info.min_sides > 2:
        errors["side-1"] = f"{rs.info.name} needs more than two sides"
    allowed = choices(ctx, rs)
    sides = []
    for field in ("side-1", "side-2"):
        try:
            sides.append(load_choice(ctx, rs, fields[field], allowed))
        except RulesError as exc:
            errors[field] = str(exc)
    n = _number(fields["n"], "n", errors, "matches", 1, MAX_MATCHES)
    seed = secrets.randbelow(2**31) if not fields["seed"].strip() else \
        _number(fields["seed"], "seed", errors, "seed", 0, 2**64 - 1)
    names = [rs.side_name(s) for s in sides] if len(sides) == 2 else ["1", "2"]
    chosen = read_choices(rs, fields, names, errors)
    if chosen is not None:  # a side the chosen options refuse (an army over a lowered cap)
        for index, side in enumerate(sides):
            problems = rs.side_problems(side, chosen.resolved)
            if problems:
                errors[f"side-{index + 1}"] = "; ".join(problems)
    if errors or n is None or seed is None or chosen is None:
        return _form_page(request, ctx, rs.info.id, fields, errors, 400)
    options, players = chosen.options, chosen.players
    changed = [f"{k}={v}" for k, v in options.items()] + [f"{names[i]}: {k}" for i, k in sorted(players.items())]
    title = f"{rs.info.name}: {' vs '.join(names)}, {n:,} matches, seed {seed}"
    if changed:
        title += f" ({', '.join(str(c).splitlines()[0][:60] for c in changed)})"
    picks = [fields["side-1"], fields["side-2"]]
    detail = {"game": rs.info.id, "picks": picks, "n": n, "seed": seed, "options": options, "players": players}
    try:
        job = jobs.submit(session, KIND, params_of(rs, sides, options, players, n, seed, detail),
                          owner_key(ctx, request), title=title, total=n,
                          public=all(p.startswith("sample:") for p in picks))  # a league side is its owner's
    except jobs.JobRefused as exc:
        errors["n"] = str(exc)
        return _form_page(request, ctx, rs.info.id, fields, errors, 429)
    return RedirectResponse(f"/odds/jobs/{job.id}", status_code=303)


def _job(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> Job | None:
    job = jobs.get(session, job_id, owner_key(viewer_ctx(request, session, viewer), request))
    return job if job is not None and job.kind == KIND else None  # an advice or verify job has its own page


def _job_context(job: Job) -> dict[str, Any]:
    chart = None if job.result is None else Markup(odds_chart(job.result))  # every text in it is escaped
    return {"job": job, "data": job.result, "chart": chart}


@router.get("/jobs/{job_id}", response_class=HTMLResponse)
def odds_job(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> HTMLResponse:
    job = _job(request, session, viewer, job_id)
    if job is None:
        return render(request, "error.html", {"title": "Not found", "message": "There is nothing here."}, 404)
    return render(request, "odds_job.html", {"title": "Odds", **_job_context(job)})


@router.get("/jobs/{job_id}/status", response_class=HTMLResponse)
def odds_status(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> HTMLResponse:
    """The job's progress (or its result) as a fragment for htmx to swap in."""
    job = _job(request, session, viewer, job_id)
    if job is None:
        return HTMLResponse('<p class="problem" id="job">This run is gone (finished runs are kept two days).</p>', 404)
    return render(request, "odds_status.html", _job_context(job))


@router.post("/jobs/{job_id}/cancel", response_class=HTMLResponse)
def odds_cancel(request: Request, session: DbSession, viewer: Viewer, job_id: str) -> HTMLResponse:
    job = jobs.cancel(session, job_id, owner_key(viewer_ctx(request, session, viewer), request))
    if job is None:
        return render(request, "error.html", {"title": "Not found", "message": "There is nothing here."}, 404)
    return render(request, "odds_job.html", {"title": "Odds", **_job_context(job)})
