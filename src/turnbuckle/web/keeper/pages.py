"""The table-side score keeper (no login needed): pick a game and its sides, then enter each roll,
card and choice as the match asks for it, or let the server roll; undo; download the record; and,
for the organiser, save the finished match to the league (a table match).

The server is stateless: the setup and the entries so far travel in the page's form, and every
request replays them (see ``keeper_play``).
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup
from sqlalchemy.orm import Session
from starlette.datastructures import FormData

from turnbuckle.core.errors import RulesError
from turnbuckle.core.events import event_from_json
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.render import render_html_part, render_json
from turnbuckle.core.step import Step
from turnbuckle.league.context import Ctx
from turnbuckle.league.db import read_scope
from turnbuckle.league.errors import Forbidden
from turnbuckle.league.models import Member
from turnbuckle.league.queries_members import competitors_of_game
from turnbuckle.league.services.table import TableMatchRefused, check_key, save_table_match, saved_with_key
from turnbuckle.rulesets.registry import all_rulesets
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.keeper.form import FormProblems, KeeperForm, SideField, load, read_form, ruleset_of
from turnbuckle.web.keeper.league import league_choices, resolve_league_sides
from turnbuckle.web.keeper.offline import match_json, runtime_served
from turnbuckle.web.keeper.pads import ask_line, pad_for, tapped
from turnbuckle.web.keeper.play import ACTIONS, Turn, false_seeds, move, resume
from turnbuckle.web.public.charts import match_chart
from turnbuckle.web.public.viewing import is_organiser, viewer_ctx
from turnbuckle.web.serving.offload import cpu

router = APIRouter(prefix="/keeper", include_in_schema=False)  # pages, not the JSON API


def _seeds(request: Request) -> Callable[[], int]:
    """Where "Roll for me" gets its seed: ``app.state.keeper_seeds`` when set (tests), else fresh
    randomness from the operating system."""
    chosen = getattr(request.app.state, "keeper_seeds", None)
    return chosen if callable(chosen) else (lambda: secrets.randbits(63))


def _games() -> list[dict[str, str]]:
    return [{"id": rs.info.id, "name": rs.info.name} for rs in all_rulesets()]


def _setup_page(request: Request, form: KeeperForm, errors: dict[str, str] | None = None,
                status: int = 200, viewer: Member | None = None) -> HTMLResponse:
    context: dict[str, Any] = {"title": "Score keeper", "games": _games(), "form": form, "errors": errors or {}}
    if form.game and "game" not in (errors or {}):
        rs = ruleset_of(form.game)
        slots = list(form.sides) + [SideField() for _ in range(rs.info.max_sides - len(form.sides))]
        context.update(rs=rs, slots=slots[: rs.info.max_sides], samples=rs.samples(),
                       league_sides=league_choices(request, viewer, rs.info.id))
    return render(request, "keeper.html", context, status)


@router.get("", response_class=HTMLResponse)
def keeper_home(request: Request, viewer: Viewer, game: str = "") -> HTMLResponse:
    """Pick a game; with ``?game=`` the sides to pick for it."""
    form = KeeperForm(game=game.strip())
    try:
        if form.game:
            rs = ruleset_of(form.game)
            form.game = rs.info.id
            samples = [s.id for s in rs.samples()]
            form.sides = [SideField(sample=samples[i % len(samples)] if samples else "")
                          for i in range(rs.info.min_sides)]
    except FormProblems as exc:
        return _setup_page(request, form, exc.errors, 400, viewer)
    return _setup_page(request, form, viewer=viewer)


@router.post("/play", response_class=HTMLResponse)
async def keeper_play(request: Request, viewer: Viewer) -> HTMLResponse:
    """Start the match, or make one move in it (``action``: enter, roll, undo): replaying the
    entries is CPU work, done in a worker thread (web/serving/offload.py) so that other pages stay quick."""
    return await cpu(request, _play, request, await request.form(), viewer)


def _play(request: Request, posted: FormData, viewer: Member | None = None) -> HTMLResponse:
    form = read_form(posted)
    action = str(posted.get("action", "enter"))
    answer = tapped(posted) or str(posted.get("answer", ""))
    try:
        picked = resolve_league_sides(request, viewer, form, ruleset_of(form.game).info.id)
        if picked:
            raise FormProblems(picked)
        game = load(form)
        before = form.stamp
        turn = move(game, form, action if action in ACTIONS else "enter", answer, _seeds(request))
        turn.loaded = game
    except FormProblems as exc:
        return _setup_page(request, form, exc.errors, 400, viewer)
    if action == "start" and posted.get("moved") == "1" and not turn.error:
        turn.notice = "Another tab moved this match on: this page shows where it stands now."
    # the stamp of the page this move was made on: a reload that sends the move again (it failed
    # offline) is the match's latest page when that page was (static/keeper.js)
    parent = before if action != "start" and not turn.error and form.stamp != before else ""
    return _play_page(request, turn, 400 if turn.error else 200, parent=parent)


@router.post("/record.json", response_model=None)
async def keeper_record(request: Request) -> Response:
    """The finished match's record, as ``turnbuckle match --format json`` writes it."""
    return await cpu(request, _record, request, await request.form())


def _record(request: Request, posted: FormData) -> Response:
    form = read_form(posted)
    try:
        game = load(form)
        turn = resume(game, form)
        turn.loaded = game
    except FormProblems as exc:
        return _setup_page(request, form, exc.errors, 400)
    record = turn.step.record
    if record is None or turn.error:
        turn.error = turn.error or "the match is not over yet: the record can be downloaded at the end"
        return _play_page(request, turn, 400)
    name = re.sub(r"[^a-z0-9]+", "-", "-".join([record.ruleset, *record.names]).lower()).strip("-")[:80]
    return Response(render_json(record), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}.json"'})


@router.post("/save", response_model=None)
async def keeper_save(request: Request, session: DbSession, viewer: Viewer) -> Response:
    """Save the finished match to the league: the organiser only (anyone else: 404). The league
    service plays the entries again itself and refuses a record that does not replay."""
    posted = await request.form()
    return await cpu(request, _save, request, session, viewer, posted)


def _save(request: Request, session: Session, viewer: Member | None, posted: FormData) -> Response:
    ctx = viewer_ctx(request, session, viewer)
    if not is_organiser(ctx):
        raise Forbidden("only the organiser may save table matches to the league")
    form = read_form(posted)
    key = str(posted.get("key", "")).strip() or None
    if posted.get("reply") == "json":  # the offline keeper sending a match it kept (static/keeper-sync.js)
        return _save_for_phone(request, session, ctx, form, posted, key)
    try:
        game = load(form)
        turn = resume(game, form)
        turn.loaded = game
    except FormProblems as exc:
        return _setup_page(request, form, exc.errors, 400)
    if turn.step.record is None or turn.error:
        turn.error = turn.error or "the match is not over yet: it can be saved at the end"
        return _play_page(request, turn, 400)
    names = turn.step.record.names
    chosen = [str(posted.get(f"competitor-{i}", "") or "none") for i in range(1, len(names) + 1)]
    untrue = false_seeds(game, form)
    if untrue:
        return _play_page(request, turn, 400, save_problems=untrue, chosen=chosen)
    raw = posted.get("record")
    try:
        record = json.loads(raw) if isinstance(raw, str) else None
    except (ValueError, RecursionError):  # not JSON, a number too long, or nested past the parser
        record = None
    try:
        if not isinstance(record, dict):
            raise TableMatchRefused(["the record is missing or is not JSON; finish the match and save again"])
        saved = save_table_match(ctx, record, form.answers(), [None if c == "none" else f"uid:{c}" for c in chosen],
                                 key=key)
    except TableMatchRefused as exc:
        session.rollback()
        return _play_page(request, turn, 400, save_problems=exc.problems, chosen=chosen)
    return RedirectResponse(f"/table-matches/{saved.uid}?saved=1", status_code=303)


def _save_for_phone(request: Request, session: Session, ctx: Ctx, form: KeeperForm, posted: FormData,
                    key: str | None) -> JSONResponse:
    """A kept match sent by the phone that played it: the same checks and replay as the page's save,
    answered in JSON (``{"uid", "url"}``, or ``{"problems": [...]}`` with 400). A sides pick left
    out names each side's namesake among the league's competitors, as the page's form would."""
    if key is None:
        return JSONResponse({"problems": ["a kept match is sent with its key; the keeper makes one"]}, 400)
    try:
        earlier = saved_with_key(ctx, check_key(key))
        if earlier is not None:
            return JSONResponse({"uid": earlier.uid, "url": f"/table-matches/{earlier.uid}"})
        game = load(form)
        turn = resume(game, form)
        record = turn.step.record
        if record is None or turn.error:
            raise TableMatchRefused([turn.error or "the match is not over yet: it can be saved at the end"])
        untrue = false_seeds(game, form)
        if untrue:
            raise TableMatchRefused(untrue)
        offer = _save_offer(request, record, None) or {"chosen": ["none"] * len(record.names)}
        chosen = [str(posted.get(f"competitor-{i}", "") or offer["chosen"][i - 1])
                  for i in range(1, len(record.names) + 1)]
        raw = posted.get("record")  # the phone's own record: the save refuses it unless the replay gives it
        try:
            phone = json.loads(raw) if isinstance(raw, str) and raw else record.to_json()
        except (ValueError, RecursionError):
            phone = None
        if not isinstance(phone, dict):
            raise TableMatchRefused(["the record is not JSON; send the match again from the keeper"])
        saved = save_table_match(ctx, phone, form.answers(),
                                 [None if c == "none" else f"uid:{c}" for c in chosen], key=key)
    except FormProblems as exc:
        session.rollback()
        return JSONResponse({"problems": list(exc.errors.values())}, 400)
    except TableMatchRefused as exc:
        session.rollback()
        return JSONResponse({"problems": exc.problems}, 400)
    return JSONResponse({"uid": saved.uid, "url": f"/table-matches/{saved.uid}"})


def _save_offer(request: Request, record: MatchRecord, chosen: list[str] | None) -> dict[str, Any] | None:
    """The "Save to league" form's choices, for a signed-in organiser only: each side of the
    record and the league's competitors of its game (a side's namesake picked first)."""
    member = getattr(request.state, "member", None)
    if member is None or member.role != "organiser":
        return None
    with read_scope(request.app.state.engine) as session:
        comps = [{"uid": c.uid, "name": c.name}
                 for c in competitors_of_game(session, member.league_id, record.ruleset)]
    if chosen is None:
        by_name = {c["name"].lower(): c["uid"] for c in comps}
        chosen = [by_name.get(n.lower(), "none") for n in record.names]
    return {"sides": list(record.names), "competitors": comps, "chosen": chosen,
            "record": render_json(record)}


def _private(rs: Ruleset[Any], step: Step) -> bool:
    """Whether the page shows the side asked something another side may not see yet (its own card
    or pick): such a page, shown again by Back after the device was passed on, covers its board."""
    if step.seen is None or not step.seen.side:
        return False
    try:
        events = [event_from_json(e) for e in step.seen.events
                  if not (isinstance(e, dict) and e.get("type") == "hidden")]
    except RulesError:
        return True  # cannot tell: cover it
    view = rs.table_view()
    return view is not None and bool(view.hidden(events, None))


def _engine_match(turn: Turn) -> str:
    """The match as the engine in the page takes it (JSON), for the page to keep on the phone."""
    try:
        game = turn.loaded if turn.loaded is not None else load(turn.form)
        return json.dumps(match_json(game, turn.form.entries), separators=(",", ":"))
    except FormProblems:
        return ""


def _play_page(request: Request, turn: Turn, status: int, save_problems: list[str] | None = None,
               chosen: list[str] | None = None, parent: str = "") -> HTMLResponse:
    step: Step = turn.step
    rs = ruleset_of(turn.form.game)
    context: dict[str, Any] = {
        "title": f"Score keeper: {rs.info.name}", "rs": rs, "turn": turn, "step": step, "form": turn.form,
        "need": step.need, "pad": None if step.need is None else pad_for(step.need),
        "ask": "" if step.need is None else ask_line(step.need),
        "whose": None if step.need is None else (step.need.side or "the table"),
        "chart": None, "private": _private(rs, step), "parent": parent,
        "engine_match": _engine_match(turn), "offline_ready": runtime_served(request),
    }
    # the call so far as HTML: its tables (the armies, a scoresheet, HP by interval) stack their
    # cells on a phone instead of wrapping a text table
    told = rs.narrate(step.record) if step.record is not None else step.writeup
    context["call"] = None if told is None else Markup(render_html_part(told))  # every text in it is escaped
    if step.record is not None:
        svg = match_chart(step.record)
        context["chart"] = None if svg is None else Markup(svg)  # built by charts_svg: every text in it is escaped
        context["offer"] = _save_offer(request, step.record, chosen)
        context["save_problems"] = save_problems or []
    return render(request, "keeper_play.html", context, status)

