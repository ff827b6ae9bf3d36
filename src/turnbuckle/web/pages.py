"""The league's pages, gathered under one router that app.py includes: the public pages, the
organiser's (shows and their cards, referees, titles), strategy submission, the sheet editor,
adding to the roster and a member's notices, each in its own module."""

from __future__ import annotations

from fastapi import APIRouter

from turnbuckle.web import (
    league_pages,
    notice_pages,
    organiser_card_pages,
    organiser_pages,
    organiser_roster_pages,
    roster_pages,
    settings_pages,
    sheet_pages,
    show_pages,
    strategy_pages,
)

router = APIRouter()
router.include_router(league_pages.router)
router.include_router(show_pages.router)
router.include_router(organiser_card_pages.router)  # before organiser_pages: its /{step} takes any word
router.include_router(organiser_pages.router)
router.include_router(strategy_pages.router)
router.include_router(sheet_pages.router)
router.include_router(roster_pages.router)
router.include_router(organiser_roster_pages.router)
router.include_router(notice_pages.router)
router.include_router(settings_pages.router)
