"""Every public page in a real browser on a phone-sized and a desktop viewport: it loads without a
failed request, and on the phone nothing is wider than the screen (no sideways scrolling of the
page: wide tables scroll inside their own box). Screenshots of each under build/screenshots/."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.browser.conftest import PHONE, screenshots
from tests.web.conftest import LiveServer
from turnbuckle.league.models import Competitor, Show


def _pages(server: LiveServer) -> list[tuple[str, str]]:
    with server.ctx() as ctx:
        show = min(s.number for s in ctx.session.query(Show).filter(Show.status == "published"))
        comp = min(c.id for c in ctx.session.query(Competitor))
    return [("roster", "/roster"), ("shows", "/shows"), ("history", "/history"), ("titles", "/titles"),
            ("competitor", f"/competitors/{comp}"), ("match", f"/shows/{show}/matches/1"), ("login", "/login"),
            ("keeper-pick", "/keeper?game=headlock"), ("odds", "/odds"), ("not-found", "/shows/999999")]


def test_every_public_page_fits_a_phone(page: Page, live_server: LiveServer) -> None:
    too_wide: list[str] = []
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url}"))
    for name, path in _pages(live_server):
        page.set_viewport_size(PHONE)  # type: ignore[arg-type]
        response = page.goto(path)
        assert response is not None
        assert response.status == (404 if name == "not-found" else 200), (path, response.status)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 1:
            too_wide.append(f"{path}: {overflow}px wider than a {PHONE['width']}px phone")
        screenshots(page, f"page-{name}")
    assert failed == []
    assert too_wide == []


def test_the_organiser_s_roster_pages_fit_a_phone(page: Page, live_server: LiveServer) -> None:
    """The pages that add to the roster (a competitor of any game through the sheet editor, a tag
    team, referees, titles) load for the organiser and fit a phone; screenshots of each."""
    from tests.web.browser.test_member_flows import sign_in
    from turnbuckle.league.demo import LOGINS, ORGANISER

    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    sign_in(page, ORGANISER, LOGINS[ORGANISER])
    for name, path in (("roster-new", "/roster/new"), ("roster-new-boxing", "/roster/new/boxing"),
                       ("roster-new-matchmatch", "/roster/new/matchmatch"), ("roster-new-team", "/roster/new-team"),
                       ("organiser-referees", "/organiser/referees"), ("organiser-titles", "/organiser/titles")):
        response = page.goto(path)
        assert response is not None and response.status == 200, (path, response and response.status)
        screenshots(page, f"page-{name}")  # fails on a page wider than the phone
    assert failed == []
