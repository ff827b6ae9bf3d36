"""Adding to the roster from the browser, as ``turnbuckle league competitor add`` and ``competitor
team`` do on the command line: a competitor of any game through the sheet editor (live check as
it is typed), and a MatchMatch tag team of league wrestlers. A signed-in member adds their own;
the organiser may give one to any member. Who may do what is the roster service's to say: a
player naming another owner, or another player's wrestler for a team, reads as 404."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from turnbuckle.core.errors import Broken, RulesError
from turnbuckle.core.facets import RolledSheet
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.sources import SeededSource
from turnbuckle.core.table import Table
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import Forbidden, NotFound
from turnbuckle.league.game_rules import games_with, league_rules
from turnbuckle.league.services import roster
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset
from turnbuckle.web.deps import DbSession, LoginRequired, Viewer, render
from turnbuckle.web.forms import FORM, Form, Posted, Ticked
from turnbuckle.web.public.viewing import is_organiser, owns, viewer_ctx
from turnbuckle.web.strategy.sheet_fields import fields_for
from turnbuckle.web.strategy.sheet_pages import Editor, check, editor_page, posted_text

router = APIRouter(prefix="/roster")


def member_ctx(request: Request, session: DbSession, viewer: Viewer) -> Ctx:
    """The services' context of a signed-in member; a spectator is sent to sign in (a posted form
    comes back as the sign-in page carrying its fields)."""
    ctx = viewer_ctx(request, session, viewer)
    if not ctx.actor.id:
        raise LoginRequired()
    return ctx


def _game(game: str) -> Ruleset[Any]:
    try:
        return get_ruleset(game)
    except RulesError:
        raise NotFound(f"no game '{game}'") from None


def _owners(ctx: Ctx) -> list[str]:
    """Whom the acting member may give a competitor to: the organiser anyone (themselves first)."""
    if not is_organiser(ctx):
        return []
    others = [m.name for m in roster.members(ctx) if m.id != ctx.actor.id]
    return [ctx.actor.name, *others]


def _starting_sheet(rs: Ruleset[Any], sample_id: str | None) -> tuple[dict[str, Any], str]:
    """A sample's sheet to start from (the game's first by default): (sheet, sample id)."""
    samples = rs.samples()
    chosen = next((s for s in samples if s.id == sample_id), None) or next(
        (s for s in samples if not _is_team(rs, s.text)), samples[0])
    sheet = rs.side_json(rs.load_text(chosen.text, f"sample '{chosen.id}'"))
    if not isinstance(sheet, dict):
        raise Broken("expected isinstance(sheet, dict)")
    return {k: v for k, v in sheet.items() if k != "strategy"}, chosen.id


def _is_team(rs: Ruleset[Any], text: str) -> bool:
    """Is a sample a tag team of league wrestlers (never a sheet to start a competitor from)?"""
    return league_rules(rs.info.id).tag_teams and text.lstrip().startswith("team:")


#: How the new-competitor editor may start besides a sample: the game's blank sheet, or a sheet
#: rolled on the dice (where the game rolls them up).
STARTS = ("blank", "roll")


def _rolled(rs: Ruleset[Any], seed: int) -> RolledSheet | None:
    editor = rs.sheet_editor()
    return editor.roll_sheet(Table(SeededSource(seed))) if editor is not None else None


def _editor(ctx: Ctx, rs: Ruleset[Any], sample_id: str | None, start: str | None = None,
            seed: int | None = None) -> Editor:
    """The editor of a new competitor: on a sample (the game's first by default), the game's blank
    sheet (``start=blank``) or a sheet rolled on the dice (``start=roll``, the seed random unless
    given; the rolls are shown beside it)."""
    sheet, _ = _starting_sheet(rs, sample_id)
    editor = rs.sheet_editor()
    blank = editor.blank_sheet() if editor is not None else None
    samples = [s for s in rs.samples() if not _is_team(rs, s.text)]
    extra: dict[str, Any] = {"samples": samples, "has_blank": blank is not None,
                             "can_roll": _rolled(rs, 0) is not None, "rolls": (), "seed": None}
    if start == "blank" and isinstance(blank, dict):
        sheet = blank
    elif start == "roll":
        seed = secrets.randbits(63) if seed is None else seed
        rolled = _rolled(rs, seed)
        if rolled is not None and isinstance(rolled.sheet, dict):
            sheet, extra["rolls"], extra["seed"] = rolled.sheet, rolled.rolls, seed
    return Editor(rs.info.id, sheet, f"/roster/new/{rs.info.id}", f"New {rs.info.name} competitor",
                  owners=_owners(ctx), extra=extra)


@router.get("/new", response_class=HTMLResponse)
def choose_game(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = member_ctx(request, session, viewer)
    return render(request, "roster_new.html", {"league": ctx.league,
                                               "games": [(rs.info.id, rs.info.name) for rs in all_rulesets()]})


@router.get("/new/{game}", response_class=HTMLResponse)
def new_competitor(request: Request, game: str, session: DbSession, viewer: Viewer,
                   sample: str | None = None, start: str | None = None, seed: int | None = None) -> HTMLResponse:
    ctx = member_ctx(request, session, viewer)
    if start is not None and start not in STARTS:
        raise NotFound(f"no way to start a sheet called '{start}'; use {' or '.join(STARTS)}")
    if seed is not None and not 0 <= seed < 1 << 63:
        raise NotFound(f"seed {seed} is out of range; use a whole number from 0 to 2**63-1")
    return editor_page(request, ctx, _editor(ctx, _game(game), sample, start, seed), Form())


@router.post("/new/{game}/check", response_class=HTMLResponse)
def new_competitor_check(request: Request, game: str, session: DbSession, viewer: Viewer,
                         posted: Posted) -> HTMLResponse:
    """The fragment htmx swaps in while the new sheet is typed."""
    ctx = member_ctx(request, session, viewer)
    rs = _game(game)
    return render(request, "_sheet_check.html", {"result": check(rs.info.id, posted_text(rs.info.id, posted), ctx)})


@router.post("/new/{game}", response_model=None)
def add_competitor(request: Request, game: str, session: DbSession, viewer: Viewer, posted: Posted) -> Response:
    ctx = member_ctx(request, session, viewer)
    rs = _game(game)
    ed = _editor(ctx, rs, None)
    by_fields = posted.get("mode") == "fields" and fields_for(rs.info.id) is not None
    form = Form(posted)
    text = posted_text(rs.info.id, posted)

    def again() -> HTMLResponse:
        return editor_page(request, ctx, ed, Form() if by_fields else form, 400,
                           fields_form=form if by_fields else None)

    if not text.strip():
        form.add("text", "the sheet is empty; type or paste it")
        return again()
    try:
        comp = roster.add_competitor(ctx, rs.info.id, text, "the sheet", form.text("owner") or None)
    except (NotFound, Forbidden):
        raise
    except RulesError as exc:
        form.refuse_sheet(session, exc)
        return again()
    return RedirectResponse(f"/competitors/{comp.id}?done=added", status_code=303)


# -- tag teams ----------------------------------------------------------------------------------
def _wrestlers(ctx: Ctx) -> list[Any]:
    """The wrestlers the form offers, of each game with tag teams (``LeagueRules.tag_teams``):
    the organiser every one, a player their own."""
    return [c for game in games_with("tag_teams") for c in roster.competitors(ctx, game)
            if not c.members and (is_organiser(ctx) or owns(ctx, c))]


def _team_page(request: Request, ctx: Ctx, form: Form, chosen: list[str], status: int = 200) -> HTMLResponse:
    return render(request, "roster_team.html", {"league": ctx.league, "form": form, "FORM": FORM,
                                                "wrestlers": _wrestlers(ctx), "chosen": chosen,
                                                "owners": _owners(ctx),
                                                "team_games": [get_ruleset(g).info for g in games_with("tag_teams")]},
                  status)


@router.get("/new-team", response_class=HTMLResponse)
def new_team(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = member_ctx(request, session, viewer)
    return _team_page(request, ctx, Form(), [])


@router.post("/new-team", response_model=None)
def add_team(request: Request, session: DbSession, viewer: Viewer, posted: Posted, ticked: Ticked) -> Response:
    form = Form({k: v for k, v in posted.items() if k != "members"})
    chosen = ticked.get("members", [])  # one wrestler sent twice: roster.add_team refuses it, after ownership
    ctx = member_ctx(request, session, viewer)
    name = form.required("name", "the team's name")
    if name:
        try:
            roster.check_name(name, "team")
        except RulesError as exc:
            form.add("name", str(exc))
    if len(chosen) < 2:
        form.add("members", "tick at least two wrestlers")
    if form.ok:
        try:
            members = [f"#{c}" for c in chosen]  # the boxes carry ids: '#ID' keys, never names
            comp = roster.add_team(ctx, name, members, form.text("use") or None, form.text("owner") or None)
        except (NotFound, Forbidden):
            raise
        except RulesError as exc:
            form.refuse(session, str(exc))
        else:
            return RedirectResponse(f"/competitors/{comp.id}?done=added", status_code=303)
    return _team_page(request, ctx, form, chosen, 400)
