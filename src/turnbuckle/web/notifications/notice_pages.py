"""Marking one's notices read (they are listed on the home page and the account page): one, or
all of them; then back to the page the form was on. Another member's notice, or one not yet
visible, reads as 404."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from turnbuckle.league.services.notices import mark_read
from turnbuckle.web.accounts.pages import safe_next
from turnbuckle.web.deps import DbSession, SignedIn
from turnbuckle.web.forms import Posted
from turnbuckle.web.public.viewing import PathInt, viewer_ctx

router = APIRouter(include_in_schema=False)


@router.post("/notices/{notice_id}/read")
def read_one(request: Request, notice_id: PathInt, session: DbSession, member: SignedIn, posted: Posted) -> Response:
    mark_read(viewer_ctx(request, session, member), [notice_id])
    return RedirectResponse(safe_next(posted.get("next")), status_code=303)


@router.post("/notices/read")
def read_all(request: Request, session: DbSession, member: SignedIn, posted: Posted) -> Response:
    mark_read(viewer_ctx(request, session, member), None)
    return RedirectResponse(safe_next(posted.get("next")), status_code=303)
