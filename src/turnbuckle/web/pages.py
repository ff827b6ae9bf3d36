"""The league's pages, gathered under one router that app.py includes: the public pages, the
organiser's (shows, referees, titles), strategy submission, the sheet editor and adding to the
roster, each in its own module."""

from __future__ import annotations

from fastapi import APIRouter

from turnbuckle.web import (
    league_pages,
    organiser_pages,
    organiser_roster_pages,
    roster_pages,
    sheet_pages,
    show_pages,
    strategy_pages,
)

router = APIRouter()
router.include_router(league_pages.router)
router.include_router(show_pages.router)
router.include_router(organiser_pages.router)
router.include_router(strategy_pages.router)
router.include_router(sheet_pages.router)
router.include_router(roster_pages.router)
router.include_router(organiser_roster_pages.router)
