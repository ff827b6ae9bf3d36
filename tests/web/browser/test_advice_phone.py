"""The advice job's page ("Advise me" on the strategy page) at a phone's 390 x 844: nothing wider
than the screen, while the search runs and once its strategy is shown. Measured as
test_phone_width.py measures every other page; the job is started as a member would start it (the
strategy page's button), with a tiny search so that it ends in a second or two."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from tests.league.helpers import open_show
from tests.web.browser.conftest import PHONE, TIMEOUT_MS
from tests.web.browser.test_member_flows import sign_in
from tests.web.browser.test_phone_width import _check
from tests.web.conftest import serve_in_thread
from tests.web.support import PASSWORDS, Site
from turnbuckle.league.models import Competitor
from turnbuckle.league.services import advice, briefing, shows


def test_the_advice_job_page_fits_a_phone(browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "LEAGUE_BUDGET", 20_000)
    monkeypatch.setattr(advice, "LEAGUE_MEASURE", 1_000)
    site = Site(tmp_path)
    try:
        with site.league.act() as ctx:
            briefing.set_public_sheets(ctx, "sheet")
        number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
        with site.league.act() as ctx:
            bob = ctx.session.scalar(select(Competitor.id).where(Competitor.name == "Brother Bob"))
        too_wide: list[str] = []
        with serve_in_thread(site.app) as base:
            ctx = browser.new_context(base_url=base, viewport=PHONE)
            ctx.set_default_timeout(TIMEOUT_MS)
            try:
                page = ctx.new_page()
                sign_in(page, "Bo", PASSWORDS["Bo"])
                page.goto(f"/shows/{number}/matches/1/strategy/{bob}")
                page.click("#advise-me")
                page.wait_for_url("**/advice/jobs/*")
                _check(page, "the advice job's page as it opens", too_wide)
                page.wait_for_selector("#advice-text", timeout=60_000)  # htmx swaps the advice in when done
                strategy = page.inner_text("#advice-strategy")
                assert strategy.startswith("Strategy:+") and "Measured afresh" in page.inner_text("#advice-text")
                _check(page, "the advice job's page with its advice", too_wide)
                page.click("#send-advice")  # the strategy as printed, sent as it is: the league takes it
                page.wait_for_selector("p.sent")
                _check(page, "the strategy page after sending the advice", too_wide)
            finally:
                ctx.close()
        with site.league.act("Bo") as actx:
            sent = shows.latest_submission(actx, shows.side_of(actx, shows.show(actx, number), 1, "Brother Bob"))
            assert sent is not None and sent.text.replace("\r\n", "\n").strip() == strategy.strip()  # a form sends CRLF
    finally:
        site.close()
    assert too_wide == [], "wider than a 390px phone:\n" + "\n".join(too_wide)
