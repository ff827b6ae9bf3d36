"""The league's feeds: ``/feeds/league.ics`` (every show and strategy deadline, RFC 5545),
``/feeds/shows.atom`` (published shows, each entry the results post) and a member's private
``/feeds/member/TOKEN.ics`` (their own matches; an unknown or revoked token is a 404). Written by
``league.notify.feeds``; links begin with the league's site address, else the server's configured
one (web/public/links.py ``league_base``)."""

from __future__ import annotations

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from turnbuckle.league.notify import feeds
from turnbuckle.web.public.links import stored_base

router = APIRouter(prefix="/feeds")

ICAL = "text/calendar; charset=utf-8"
ATOM = "application/atom+xml; charset=utf-8"


def _answer(body: str, media: str, private: bool = False) -> Response:
    headers = {"Cache-Control": "private, no-store" if private else "public, max-age=300"}
    return Response(body, media_type=media, headers=headers)


@router.get("/league.ics")
async def league_calendar(request: Request) -> Response:
    app = request.app.state
    base = await anyio.to_thread.run_sync(stored_base, request)
    body = await anyio.to_thread.run_sync(feeds.league_calendar, app.engine, app.clock, base)
    return _answer(body, ICAL)


@router.get("/shows.atom")
async def news(request: Request) -> Response:
    base = await anyio.to_thread.run_sync(stored_base, request)
    body = await anyio.to_thread.run_sync(feeds.news_feed, request.app.state.engine, base, "/feeds/shows.atom")
    return _answer(body, ATOM)


@router.get("/member/{token}.ics")
async def member_calendar(request: Request, token: str) -> Response:
    app = request.app.state
    base = await anyio.to_thread.run_sync(stored_base, request)
    body = await anyio.to_thread.run_sync(feeds.member_calendar, app.engine, app.clock, token[:100], base)
    if body is None:
        return PlainTextResponse("no calendar here: the address is unknown or was revoked", 404)
    return _answer(body, ICAL, private=True)
