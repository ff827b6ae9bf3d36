"""The organiser's pages: create a show, build its card, then open, lock (or unlock, with a new
deadline if wanted), run, heal and publish it, each through the same league services as
``turnbuckle league``; a run that fails comes back to the page, which shows its reason. Mending
the card (edit, move, remove, the deadline, deleting the show) is in ``organiser_card_pages``.
Anyone else gets 404, as for an object that does not exist."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import parse_option_pairs
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import Forbidden, NotFound
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import Show
from turnbuckle.league.queries import title_rows
from turnbuckle.league.services import card as card_services
from turnbuckle.league.services import roster, running, shows
from turnbuckle.league.services.card import move_deadline
from turnbuckle.rulesets.registry import all_rulesets
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.forms import FORM, Form, Posted
from turnbuckle.web.organiser.autolock import settle
from turnbuckle.web.public.card_view import card_view, page_words
from turnbuckle.web.public.default_game import default_game
from turnbuckle.web.public.league_pages import game_name
from turnbuckle.web.public.viewing import PathInt, is_organiser, show_by_number, viewer_ctx

router = APIRouter(prefix="/organiser")
MAX_SIDES_SHOWN = 8
STEPS = ("open", "lock", "unlock", "run", "heal", "publish")


def organiser_ctx(request: Request, session: DbSession, viewer: Viewer) -> Ctx:
    ctx = viewer_ctx(request, session, viewer)
    if not is_organiser(ctx):
        raise Forbidden("only the organiser may manage shows")
    return ctx


def _new_show_page(request: Request, ctx: Ctx, form: Form, status: int = 200) -> HTMLResponse:
    return render(request, "organiser_new_show.html", {"league": ctx.league, "form": form, "FORM": FORM}, status)


@router.get("/shows/new", response_class=HTMLResponse)
def new_show(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    return _new_show_page(request, organiser_ctx(request, session, viewer), Form())


def league_time(ctx: Ctx, text: str) -> datetime:
    """'YYYY-MM-DD HH:MM' (or the browser's 'YYYY-MM-DDTHH:MM') in the league's time zone; a
    ValueError when it is not one."""
    when = datetime.fromisoformat(text.strip())
    return when if when.tzinfo else when.replace(tzinfo=ZoneInfo(ctx.league.timezone))


def form_time(ctx: Ctx, form: Form, name: str) -> datetime | None:
    """The time in the form's field ``name`` (as ``league_time`` reads it); None when the field is
    empty, or when it is not a time (the problem goes beside the field)."""
    text = form.text(name)
    if not text:
        return None
    try:
        return league_time(ctx, text)
    except ValueError:
        form.add(name, f"'{text}' is not a time; write YYYY-MM-DD HH:MM ({ctx.league.timezone})")
        return None


def match_sides_and_options(form: Form) -> tuple[list[str], dict[str, object]]:
    """A match form's sides (``side1`` on, the empty ones left out) and options (``key=value``
    lines, with the match type given apart as ``type``); each problem goes beside its field."""
    sides = [x for x in (form.text(f"side{i}") for i in range(1, MAX_SIDES_SHOWN + 1)) if x]
    if len(sides) < 2:
        form.add("side1", "a match needs at least two sides; choose a competitor for each")
    options: dict[str, object] = {}
    try:
        options.update(parse_option_pairs(line for line in form.get("options").splitlines() if line.strip()))
    except RulesError as exc:
        form.add("options", str(exc))
    if form.text("match_type"):
        if "type" in options:
            form.add("match_type", "give the match type here or as type=... in the options, not both")
        options["type"] = form.text("match_type")
    return sides, options


@router.post("/shows/new", response_class=HTMLResponse)
def create_show(request: Request, session: DbSession, viewer: Viewer, posted: Posted) -> Response:
    ctx = organiser_ctx(request, session, viewer)
    form = Form(posted)
    date = form.required("show_date", "the show's date")
    if date:
        try:
            datetime.strptime(date, "%Y-%m-%d")
        except ValueError:
            form.add("show_date", f"'{date}' is not a date; write YYYY-MM-DD")
    form.required("deadline", "the strategy deadline")
    deadline = form_time(ctx, form, "deadline")
    if form.ok and deadline is not None:
        try:
            s = shows.create_show(ctx, form.text("name"), date, deadline)
            return RedirectResponse(f"/organiser/shows/{s.number}", status_code=303)
        except RulesError as exc:
            form.refuse(session, str(exc))
    return _new_show_page(request, ctx, form, 400)


def _choices(ctx: Ctx) -> dict[str, Any]:
    comps = roster.competitors(ctx)
    return {
        "games": [(rs.info.id, rs.info.name) for rs in all_rulesets()],
        "competitors": [(c.name, game_name(c.ruleset)) for c in comps],
        "referees": [r.name for r in roster.referees(ctx)],
        "titles": [(t["name"], game_name(t["ruleset"])) for t in _titles(ctx)],
        "match_types": _match_types(),
    }


def _titles(ctx: Ctx) -> list[dict[str, Any]]:
    return title_rows(ctx)


def _match_types() -> list[str]:
    """The match types the games bundle (``LeagueRules.match_types``), for the card form's list."""
    return sorted({name for rs in all_rulesets() for name in league_rules(rs.info.id).match_types()})


#: What a redirect's ``?done=`` says above the page (the steps say "Done: STEP.").
DONE = {"card": "Match added to the card.", "edited": "Match changed.", "removed": "Match taken off the card.",
        "moved": "Match moved.", "deadline": "Deadline moved."}


def edit_values(e: dict[str, Any]) -> dict[str, str]:
    """A card entry (``card_view``) as its edit form's fields: the sides in order, the match type
    apart, the other options one ``key=value`` a line, the organiser's referee (empty when drawn),
    the title, and whether it is booked twice on purpose."""
    values = {f"side{i}": sd["name"] for i, sd in enumerate(e["sides"], start=1)}
    options = dict(e["options"])
    values["match_type"] = str(options.pop("type", "") or "")
    values["options"] = "\n".join(f"{k}={v}" for k, v in options.items())
    values["referee"] = e["referee"] if e["referee"] and not e["referee_drawn"] else ""
    values["title"] = e["title"] or ""
    values["rebook"] = "1" if e["rebook"] else ""
    return values


def _manage_page(request: Request, ctx: Ctx, s: Show, card_form: Form | None = None,
                 step_form: Form | None = None, status: int = 200, match_forms: dict[int, Form] | None = None,
                 deadline_form: Form | None = None) -> HTMLResponse:
    """The organiser's page of a show; a refused form comes back in ``card_form`` (add a match),
    ``step_form``, ``match_forms[position]`` (edit, remove or move that match) or ``deadline_form``."""
    done = request.query_params.get("done")
    editable = s.status in ("draft", "open")
    if not editable:  # a card or deadline form sent from a page loaded before the show locked: the page
        # no longer shows that form, so its refusal ("show N is locked; ...") stands under Next step
        lost = [f for f in (card_form, deadline_form, *(match_forms or {}).values()) if f is not None]
        for problem in [p for f in lost for ps in f.errors.values() for p in ps]:
            step_form = step_form or Form()
            if problem not in step_form.errors.get(FORM, []):
                step_form.add(FORM, problem)
    card = card_view(ctx, s)
    forms = {e["position"]: Form(edit_values(e)) for e in card}
    forms.update(match_forms or {})
    return render(request, "organiser_show.html", {
        "league": ctx.league, "s": s, "deadline": ctx.local(s.deadline), "FORM": FORM,
        "card": card, "match_forms": forms,
        "card_form": card_form or Form({"game": default_game(ctx)}), "step_form": step_form or Form(),
        "deadline_form": deadline_form or Form({"deadline": _local_input(ctx, s.deadline)}),
        "past_deadline": s.deadline <= ctx.now(),
        "editable": editable, "choices": _choices(ctx), "n_sides": MAX_SIDES_SHOWN,
        "done": done if done in STEPS or done in DONE else None, "done_text": DONE.get(done or ""),
        "played": request.query_params.get("played"), "steps": _steps(s)}, status)


def _local_input(ctx: Ctx, when: datetime) -> str:
    """A time as the deadline field takes it: 'YYYY-MM-DD HH:MM' in the league's time zone."""
    return when.astimezone(ZoneInfo(ctx.league.timezone)).strftime("%Y-%m-%d %H:%M")


def _steps(s: Show) -> list[str]:
    """The steps the show's status allows now."""
    return {"draft": ["open"], "open": ["lock"], "locked": ["run", "unlock"],
            "run": ["publish"] + ([] if s.healed else ["heal"]),
            "published": [] if s.healed else ["heal"]}.get(s.status, [])


@router.get("/shows/{number}", response_class=HTMLResponse, dependencies=[Depends(settle)])
def manage_show(request: Request, number: PathInt, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = organiser_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    if s.status == "deleted":  # nothing left to manage: its public page says what stays
        raise NotFound(f"show {number} is deleted; /shows/{number} lists what stays of it")
    return _manage_page(request, ctx, s)


@router.post("/shows/{number}/matches", response_class=HTMLResponse, dependencies=[Depends(settle)])
def add_match(request: Request, number: PathInt, session: DbSession, viewer: Viewer, posted: Posted) -> Response:
    ctx = organiser_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    form = Form(posted)
    game = form.required("game", "the game")
    sides, options = match_sides_and_options(form)
    if form.ok:
        try:
            card_services.add_match(ctx, str(s.number), game, sides, options, form.text("referee") or None,
                            form.text("title") or None, rebook=bool(form.text("rebook")))
            return RedirectResponse(f"/organiser/shows/{s.number}?done=card", status_code=303)
        except RulesError as exc:
            form.refuse(session, page_words(exc))
            s = show_by_number(ctx, number)
    return _manage_page(request, ctx, s, card_form=form, status=400)


@router.post("/shows/{number}/{step}", response_class=HTMLResponse)
def step(request: Request, number: PathInt, step: str, session: DbSession, viewer: Viewer, posted: Posted) -> Response:
    """One step of the show's life; run reports its progress (matches played of the card)."""
    ctx = organiser_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    form = Form(posted)
    if step not in STEPS:
        form.add(FORM, f"'{step}' is not a step; the steps are {', '.join(STEPS)}")
        return _manage_page(request, ctx, s, step_form=form, status=400)
    key = str(s.number)
    played: list[tuple[int, int]] = []
    new_deadline = form_time(ctx, form, "deadline") if step == "unlock" else None
    if not form.ok:  # unlock's new deadline is not a time
        return _manage_page(request, ctx, s, step_form=form, status=400)
    try:
        if step == "open":
            shows.open_show(ctx, key)
        elif step == "lock":
            shows.lock(ctx, key)
        elif step == "unlock":
            shows.unlock(ctx, key)
            if new_deadline is not None:  # in the same unit of work: it never reads as open and overdue
                move_deadline(ctx, key, new_deadline)
        elif step == "run":
            ran = running.run_show(ctx, key, lambda done, total: played.append((done, total)))
            if ran.status != "run":  # failed: nothing applied, its reason kept with the show (the page says it)
                return RedirectResponse(f"/organiser/shows/{s.number}", status_code=303)
        elif step == "heal":
            running.heal(ctx, key)
        else:
            running.publish(ctx, key, form.text("writeup") or None)
    except RulesError as exc:
        form.refuse(session, str(exc))
        return _manage_page(request, ctx, show_by_number(ctx, number), step_form=form, status=400)
    extra = f"&played={played[-1][0]}/{played[-1][1]}" if played else ""
    return RedirectResponse(f"/organiser/shows/{s.number}?done={step}{extra}", status_code=303)
