"""What others see of a competitor's sheet follows the league's public-information setting: under
"weight" nothing of it before its first published match, then the sheet it wrestled (the export
holds it); under "sheet" its sheet now. Its owner and the organiser always see it; the page and the
API agree."""

from __future__ import annotations

from typing import Any

from tests.league.helpers import open_show
from tests.web.support import Site
from turnbuckle.league.services import running, shows
from turnbuckle.league.services.briefing import set_public_sheets
from turnbuckle.league.services.roster import competitor


def _seen(site: Site, cid: int) -> tuple[bool, dict[str, Any] | None]:
    with site.client() as client:  # a spectator
        page = client.get(f"/competitors/{cid}").text
        body = client.get(f"/api/competitors/{cid}").json()
    return 'id="sheet"' in page, body["sheet"]


def test_a_sheet_is_public_after_its_first_published_match_or_when_the_league_says_so(site: Site) -> None:
    lg = site.league
    with lg.act() as ctx:
        sam, ivan = competitor(ctx, "Friendly Sam").id, competitor(ctx, "Iron Ivan").id
    assert _seen(site, sam) == (False, None)
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act() as ctx:
        shows.lock(ctx, number)
    with lg.act() as ctx:
        running.run_show(ctx, number)
    assert _seen(site, sam) == (False, None)  # run, not published: nothing yet
    with lg.act() as ctx:
        running.publish(ctx, number)
    shown, sheet = _seen(site, sam)
    assert shown and sheet is not None and sheet["wrestler"]["name"] == "Friendly Sam" and "strategy" not in sheet
    with site.client() as client:
        assert f"as wrestled in show {number}" in client.get(f"/competitors/{sam}").text
    assert _seen(site, ivan) == (False, None)  # never wrestled
    with lg.act() as ctx:
        set_public_sheets(ctx, "sheet")
    shown, sheet = _seen(site, ivan)
    assert shown and sheet is not None and sheet["wrestler"]["name"] == "Iron Ivan"
