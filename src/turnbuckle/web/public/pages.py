"""The league's pages, gathered under one router that app.py includes: the public pages, the
organiser's (shows and their cards, referees, titles), strategy submission, the sheet editor,
adding to the roster and a member's notices, each in its own module."""

from __future__ import annotations

from fastapi import APIRouter

from turnbuckle.web.notifications import notice_pages
from turnbuckle.web.organiser import card_pages as organiser_card_pages
from turnbuckle.web.organiser import pages as organiser_pages
from turnbuckle.web.organiser import roster_pages as organiser_roster_pages
from turnbuckle.web.organiser import settings_pages
from turnbuckle.web.public import league_pages, roster_pages, show_pages
from turnbuckle.web.strategy import pages as strategy_pages
from turnbuckle.web.strategy import sheet_pages

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
