"""Members' flows in a real browser against the live server: the organiser invites a player who
signs up and is signed in; a player signs in, edits a sheet and sees it checked as they type, and
sends a MatchMatch strategy by pasting the rulebook's layout; the organiser locks and runs a show.
Each test makes its own show and wrestlers (through the services), so the order does not matter."""

from __future__ import annotations

import re
from datetime import timedelta

from playwright.sync_api import Page, expect
from sqlalchemy import select

from tests.web.browser.conftest import screenshots
from tests.web.conftest import LiveServer, unique
from turnbuckle.league.demo import BOB, LOGINS, ORGANISER
from turnbuckle.league.models import CardMatch, CardSide, Result, Show, Submission
from turnbuckle.league.services import roster, shows
from turnbuckle.league.services.card import add_match
from turnbuckle.rulesets.registry import get_ruleset


def sign_in(page: Page, name: str, password: str) -> None:
    page.goto("/login")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("header .who")).to_contain_text(name)


def _wrestler(server: LiveServer, owner: str, sample: str = "brother-bob") -> tuple[int, str]:
    """A fresh MatchMatch wrestler for ``owner`` (a copy of a sample under a new name): id and name."""
    text = next(s.text for s in get_ruleset("matchmatch").samples() if s.id == sample)
    name = unique("Wrestler")
    old = re.search(r"name: (.*)", text)
    assert old is not None
    with server.ctx() as ctx:
        comp = roster.add_competitor(ctx, "matchmatch", text.replace(old.group(0), f"name: {name}", 1), "browser test",
                                     owner)
        return comp.id, name


def _open_show(server: LiveServer, sides: list[list[str]]) -> int:
    with server.ctx() as ctx:
        s = shows.create_show(ctx, unique("Browser show"), "2031-02-01", ctx.now() + timedelta(days=3))
        for pair in sides:
            add_match(ctx, str(s.number), "matchmatch", pair)
        shows.open_show(ctx, str(s.number))
        return s.number


def test_the_organiser_invites_a_player_who_signs_up(page: Page, live_server: LiveServer) -> None:
    sign_in(page, ORGANISER, LOGINS[ORGANISER])
    page.goto("/account")
    newcomer = unique("Newcomer")
    page.get_by_label("Their name").fill(newcomer)
    page.get_by_role("button", name="Make an invitation link").click()
    link = page.locator("#new-link").inner_text().strip()
    assert "/invite/" in link
    screenshots(page, "account-invite")
    page.context.clear_cookies()
    page.goto(link)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Join")
    expect(page.get_by_text(newcomer)).to_be_visible()
    screenshots(page, "signup")
    page.get_by_label("Password (8 characters or more)").fill("a-long-secret")
    page.get_by_label("The same password again").fill("a-long-secret")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator("header .who")).to_contain_text(newcomer)
    # The link worked once: a second visit is refused.
    page.context.clear_cookies()
    page.goto(link)
    expect(page.get_by_role("button", name="Sign up")).to_have_count(0)
    # And the new member signs in with the password chosen.
    sign_in(page, newcomer, "a-long-secret")
    screenshots(page, "signed-in-home")


def test_a_wrong_password_is_refused_and_the_right_one_signs_in(page: Page) -> None:
    page.goto("/login")
    page.get_by_label("Name").fill("Bo")
    page.get_by_label("Password").fill("not-bos-password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("p.problem")).to_be_visible()
    expect(page.get_by_label("Name")).to_have_value("Bo")
    screenshots(page, "login-refused")
    sign_in(page, "Bo", LOGINS["Bo"])


def test_a_player_edits_a_sheet_and_sees_it_checked_while_typing(page: Page, live_server: LiveServer) -> None:
    cid, _name = _wrestler(live_server, "Ann")
    sign_in(page, "Ann", LOGINS["Ann"])
    page.goto(f"/competitors/{cid}/sheet")
    details = page.locator("details.sheet-text")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    box = page.locator("textarea#text")
    check = page.locator("#sheet-check")
    expect(check.locator(".valid")).to_be_visible()
    text = box.input_value()
    # Ten points too many on brawling: the check says so, without a save.
    box.fill(text.replace("brawling: 7", "brawling: 17"))
    expect(check.locator(".problems")).to_be_visible()
    expect(check.locator(".points")).to_contain_text("-10")
    screenshots(page, "sheet-editor-problem")
    box.fill(text)
    expect(check.locator(".valid")).to_be_visible()


def test_a_player_pastes_a_strategy_in_the_rulebook_layout(page: Page, live_server: LiveServer) -> None:
    mine, my_name = _wrestler(live_server, "Ann")
    _theirs, their_name = _wrestler(live_server, "Bo", "friendly-sam")
    number = _open_show(live_server, [[their_name, my_name]])  # named second: BOB's 'Grid 2' picks a row
    sign_in(page, "Ann", LOGINS["Ann"])
    page.goto(f"/shows/{number}")
    page.get_by_role("link", name="Send a strategy").click()
    expect(page).to_have_url(re.compile(rf"/shows/{number}/matches/1/strategy/{mine}$"))
    page.locator("textarea#text").fill(BOB)
    screenshots(page, "strategy-paste")
    page.get_by_role("button", name="Send this strategy").first.click()
    expect(page.locator(".ok.sent")).to_be_visible()
    screenshots(page, "strategy-sent")
    with live_server.ctx() as ctx:
        stored = ctx.session.scalars(select(Submission.text).join(CardSide).join(CardMatch).join(Show)
                                     .where(Show.number == number, CardSide.competitor_id == mine)).all()
    assert [t.replace("\r\n", "\n") for t in stored] == [BOB]  # a browser sends a textarea's lines with CRLF


def test_the_organiser_locks_and_runs_a_show(page: Page, live_server: LiveServer) -> None:
    _a, first = _wrestler(live_server, "Ann")
    _b, second = _wrestler(live_server, "Cy", "iron-ivan")
    number = _open_show(live_server, [[first, second]])
    sign_in(page, ORGANISER, LOGINS[ORGANISER])
    page.goto(f"/organiser/shows/{number}")
    screenshots(page, "organiser-show-open")
    page.get_by_role("button", name="Lock the card").click()
    expect(page.get_by_role("button", name="Run the show")).to_be_visible()
    page.get_by_role("button", name="Run the show").click()
    expect(page.get_by_role("button", name="Publish the results")).to_be_visible(timeout=60_000)
    screenshots(page, "organiser-show-run")
    with live_server.ctx() as ctx:
        status = ctx.session.scalars(select(Show.status).where(Show.number == number)).one()
        results = ctx.session.scalars(select(Result).join(Show).where(Show.number == number)).all()
    assert status == "run"
    assert len(results) == 1
    page.goto(f"/shows/{number}")
    expect(page.locator("section.result")).to_have_count(1)
