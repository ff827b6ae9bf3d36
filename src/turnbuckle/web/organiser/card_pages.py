"""The organiser mends a card before lock: edit a match (sides, options, referee, title), take it
off, move it; move the show's deadline; delete a draft or open show (after a confirm page). Each
through ``league.services.card``, which makes every check; a refusal comes back beside the form it
came from, with what was typed kept. Anyone but the organiser gets 404.

These routes are included before ``organiser_pages`` (whose ``/shows/{number}/{step}`` would
otherwise take ``deadline`` and ``delete`` for steps)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from turnbuckle.core.errors import RulesError
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import NotFound
from turnbuckle.league.models import Show
from turnbuckle.league.queries_shows import sides_sent
from turnbuckle.league.services import card
from turnbuckle.web.deps import DbSession, Viewer, render
from turnbuckle.web.forms import FORM, Form, Posted
from turnbuckle.web.organiser.autolock import settle
from turnbuckle.web.organiser.pages import _manage_page, form_time, match_sides_and_options, organiser_ctx
from turnbuckle.web.public.card_view import page_words
from turnbuckle.web.public.viewing import PathInt, show_by_number

router = APIRouter(prefix="/organiser", dependencies=[Depends(settle)])


def _on_card(ctx: Ctx, number: int, position: int) -> Show:
    """The show, when it has a match at ``position`` (404 otherwise, as for a show it does not have)."""
    s = show_by_number(ctx, number)
    if not any(m.position == position for m in s.matches):
        raise NotFound(f"show {number} has no match {position}")
    return s


def _refused(request: Request, ctx: Ctx, number: int, position: int, form: Form) -> HTMLResponse:
    form.values["_open"] = "1"  # the page shows this match's forms unfolded, with the problem
    return _manage_page(request, ctx, show_by_number(ctx, number), match_forms={position: form}, status=400)


def _done(s: Show, what: str, position: int | None = None) -> RedirectResponse:
    anchor = f"#match-{position}" if position is not None else ""
    return RedirectResponse(f"/organiser/shows/{s.number}?done={what}{anchor}", status_code=303)


@router.post("/shows/{number}/matches/{position}/edit", response_class=HTMLResponse)
def edit_match(request: Request, number: PathInt, position: PathInt, session: DbSession, viewer: Viewer,
               posted: Posted) -> Response:
    """Change a match: every field of the form is the match as it will be (sides, match type and
    options, referee or none for a drawn one, title or none)."""
    ctx = organiser_ctx(request, session, viewer)
    s = _on_card(ctx, number, position)
    form = Form(posted)
    sides, options = match_sides_and_options(form)
    if form.ok:
        try:
            card.edit_match(ctx, str(s.number), position, sides=sides, options=options,
                            referee_key=form.text("referee") or None, title_key=form.text("title") or None,
                            rebook=bool(form.text("rebook")))
            return _done(s, "edited", position)
        except RulesError as exc:
            form.refuse(session, page_words(exc))
    return _refused(request, ctx, number, position, form)


@router.post("/shows/{number}/matches/{position}/remove", response_class=HTMLResponse)
def remove_match(request: Request, number: PathInt, position: PathInt, session: DbSession, viewer: Viewer,
                 posted: Posted) -> Response:
    ctx = organiser_ctx(request, session, viewer)
    s = _on_card(ctx, number, position)
    try:
        card.remove_match(ctx, str(s.number), position)
    except RulesError as exc:
        form = Form()
        form.refuse(session, str(exc))
        return _refused(request, ctx, number, position, form)
    return _done(s, "removed")


@router.post("/shows/{number}/matches/{position}/move", response_class=HTMLResponse)
def move_match(request: Request, number: PathInt, position: PathInt, session: DbSession, viewer: Viewer,
               posted: Posted) -> Response:
    ctx = organiser_ctx(request, session, viewer)
    s = _on_card(ctx, number, position)
    form = Form(posted)
    to = form.required("to", "the new place")
    if to and not (to.isdigit() and len(to) < 6):
        form.add("to", f"'{to}' is not a place on the card; write a number from 1 to {len(s.matches)}")
    if form.ok:
        try:
            card.move_match(ctx, str(s.number), position, int(to))
            return _done(s, "moved", int(to))
        except RulesError as exc:
            form.refuse(session, str(exc))
    return _refused(request, ctx, number, position, form)


@router.post("/shows/{number}/deadline", response_class=HTMLResponse)
def move_deadline(request: Request, number: PathInt, session: DbSession, viewer: Viewer, posted: Posted) -> Response:
    ctx = organiser_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    form = Form(posted)
    form.required("deadline", "the new deadline")
    when = form_time(ctx, form, "deadline")
    if form.ok and when is not None:
        try:
            card.move_deadline(ctx, str(s.number), when)
            return _done(s, "deadline")
        except RulesError as exc:
            form.refuse(session, str(exc))
    return _manage_page(request, ctx, show_by_number(ctx, number), deadline_form=form, status=400)


def _confirm_page(request: Request, ctx: Ctx, s: Show, form: Form, status: int = 200) -> HTMLResponse:
    sent = sides_sent(ctx, s.id)
    return render(request, "organiser_delete_show.html", {
        "league": ctx.league, "s": s, "matches": len(s.matches), "sent": sent, "form": form, "FORM": FORM,
        "deadline": ctx.local(s.deadline)}, status)


@router.get("/shows/{number}/delete", response_class=HTMLResponse)
def delete_confirm(request: Request, number: PathInt, session: DbSession, viewer: Viewer) -> HTMLResponse:
    """The confirm step: what deleting the show takes with it, and one button."""
    ctx = organiser_ctx(request, session, viewer)
    return _confirm_page(request, ctx, show_by_number(ctx, number), Form())


@router.post("/shows/{number}/delete", response_class=HTMLResponse)
def delete_show(request: Request, number: PathInt, session: DbSession, viewer: Viewer, posted: Posted) -> Response:
    ctx = organiser_ctx(request, session, viewer)
    s = show_by_number(ctx, number)
    form = Form(posted)
    if form.text("confirm") != "delete":
        form.add(FORM, f"show {s.number} is kept: confirm with the button below to delete it")
        return _confirm_page(request, ctx, s, form, 400)
    try:
        card.delete_show(ctx, str(s.number))
    except RulesError as exc:
        form.refuse(session, str(exc))
        return _confirm_page(request, ctx, show_by_number(ctx, number), form, 400)
    return RedirectResponse(f"/shows?deleted={number}", status_code=303)
