"""The fed's pages: the strategy page lays both sheets out as the competitor page does, with the
league's Push Level and injuries as of the last published show (not the figures a sheet carries),
and names the title at stake; a team's own scores are edited in the sheet editor (its live check
and its save agree); the team page shows its Push Level and its members' injuries."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import yaml
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import open_show
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.models import Competitor, InjuryChange
from turnbuckle.league.services import roster, running, shows
from turnbuckle.league.services.card import add_match


def member(site: Site, name: str) -> TestClient:
    client = site.client()
    assert sign_in(client, name).status_code == 303
    return client


def _ids(site: Site) -> dict[str, int]:
    with site.league.act() as ctx:
        return {str(n): int(i) for n, i in ctx.session.execute(select(Competitor.name, Competitor.id))}


def _hurt_after_a_published_show(site: Site, who: str, points: int) -> int:
    """A show of Sam against Bob, run; ``who`` takes ``points`` injury points in it; published. The
    injury points ``who`` has after (the match itself may hurt them too: the show's seed is drawn at
    lock)."""
    lg = site.league
    first = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    lg.clock.advance(days=1, minutes=1)
    with lg.act() as ctx:
        shows.lock(ctx, first)
    with lg.act() as ctx:
        running.run_show(ctx, first)
    with lg.act() as ctx:
        comp = roster.competitor(ctx, who)
        s = shows.show(ctx, first)
        ctx.session.add(InjuryChange(competitor_id=comp.id, show_id=s.id, result_id=None, before=comp.injuries,
                                     after=comp.injuries + points, roll=None, reason="test", at=ctx.now()))
        comp.injuries += points
        running.publish(ctx, first)
        return comp.injuries


def _section(page: str, marker: str) -> str:
    start = page.index(marker)
    return page[start:page.index("</div>", start)]


def test_the_strategy_page_lays_out_both_sheets_with_the_leagues_figures_and_names_the_stake(site: Site) -> None:
    bob = _hurt_after_a_published_show(site, "Brother Bob", 3)
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])], title="Light-Heavyweight")
    who = _ids(site)
    with member(site, "Ann") as ann:
        page = unescape(ann.get(f"/shows/{number}/matches/1/strategy/{who['Friendly Sam']}").text)
    assert "wrestler:" not in page and "injuries: 0" not in page  # no raw YAML
    own = _section(page, 'id="own-sheet"')
    assert "<dt>Stamina</dt>" in own and "<h3>Styles</h3>" in own
    theirs = _section(page, f'id="sheet-{who["Brother Bob"]}"')  # as wrestled in show 1 (public)
    assert re.search(rf"<dt>Injuries</dt><dd>{bob}</dd>", theirs), theirs  # the league's, not the sheet's 0
    assert "Title at stake" in page and "Light-Heavyweight (vacant: the winner becomes champion)" in page


def test_a_teams_own_scores_are_edited_in_the_sheet_editor(site: Site) -> None:
    with site.league.act("Ann") as ctx:
        team = roster.add_team(ctx, "Sam and Ivan", ["Friendly Sam", "Iron Ivan"])
        cid = team.id
    path = f"/competitors/{cid}/sheet"
    named = yaml.safe_dump({"team": {"name": "The Gulf Express", "members": ["Friendly Sam", "Iron Ivan"],
                                     "use": "Iron Ivan"}})
    other = yaml.safe_dump({"team": {"name": "X", "members": ["Friendly Sam", "Mika Sato"], "use": "Friendly Sam"}})
    with member(site, "Ann") as ann:
        token = csrf_of(ann, path)
        bad = unescape(ann.post(f"{path}/check", data={"text": other, "csrf_token": token}).text)
        assert "members stay as they are" in bad  # the live check refuses what the save refuses
        assert ann.post(path, data={"text": other, "csrf_token": token}).status_code == 400
        fine = unescape(ann.post(f"{path}/check", data={"text": named, "csrf_token": token}).text)
        assert "members stay" not in fine and "is a team" not in fine
        saved = ann.post(path, data={"text": named, "csrf_token": token})
        assert saved.status_code == 200, unescape(saved.text)
    with site.league.act() as ctx:
        assert ctx.session.get_one(Competitor, cid).name == "The Gulf Express"


def test_the_team_page_and_the_standings_show_its_push_level_and_its_members_injuries(site: Site) -> None:
    with site.league.act("Ann") as ctx:
        cid = roster.add_team(ctx, "Sam and Ivan", ["Friendly Sam", "Iron Ivan"]).id
    hurt = _hurt_after_a_published_show(site, "Friendly Sam", 2)  # Ivan has none: the team is as hurt as Sam
    assert hurt >= 2
    with site.client() as anyone:
        page = unescape(anyone.get(f"/competitors/{cid}").text)
        assert re.search(r"<dt>Push Level</dt><dd>1 ", page), page
        assert f"<dt>Injury points</dt><dd>{hurt}</dd>" in page
        home = unescape(anyone.get("/").text)
    row = home[home.index("Sam and Ivan"):]
    row = row[:row.index("</tr>")]
    assert f">{hurt}<" in row, row


def test_a_stale_strategy_is_confirmed_by_sending_it_again(site: Site) -> None:
    from tests.league.helpers import SAM_STRATEGY
    from turnbuckle.league.services import card

    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    site.league.clock.advance(hours=1)
    with site.league.act("Fran") as ctx:
        card.edit_match(ctx, number, 1, options={"type": "cage"})
    sam = _ids(site)["Friendly Sam"]
    path = f"/shows/{number}/matches/1/strategy/{sam}"
    with member(site, "Ann") as ann:
        assert "Stale:" in ann.get(path).text
        token = csrf_of(ann, path)
        live = unescape(ann.post(f"{path}/check", data={"text": SAM_STRATEGY, "csrf_token": token}).text)
        assert "nothing to change" not in live
        sent = ann.post(path, data={"text": SAM_STRATEGY, "csrf_token": token})
        assert sent.status_code == 200 and "Stale:" not in sent.text
        again = ann.post(path, data={"text": SAM_STRATEGY, "csrf_token": token})  # no longer stale: refused
        assert again.status_code == 400 and "nothing to change" in unescape(again.text)
    with site.client() as anyone:
        card_page = unescape(anyone.get(f"/shows/{number}").text)
    assert "Match type: Cage Match" in card_page and "type=cage" not in card_page


def test_web_refusals_and_settings_are_worded_for_the_page(site: Site) -> None:
    with site.league.act() as ctx:
        s = shows.create_show(ctx, "Week", "2026-11-09", site.league.clock.now + timedelta(days=1))
        add_match(ctx, str(s.number), "m2", ["Friendly Sam", "Brother Bob"])
        number = s.number
    with member(site, "Fran") as fran:
        path = f"/organiser/shows/{number}"
        token = csrf_of(fran, path)
        twice = fran.post(f"{path}/matches", data={"game": "m2", "side1": "Friendly Sam", "side2": "Iron Ivan",
                                                "csrf_token": token})
        said = unescape(twice.text)
        assert twice.status_code == 400 and "already booked" in said
        assert "--rebook" not in said and "tick the 'on purpose' box" in said
        settings = unescape(fran.get("/organiser/settings").text)
    assert "matchmatch" not in settings.lower().replace("matchmatch (m2)", "")


def test_a_new_show_with_a_deadline_already_past_is_refused_on_the_form(site: Site) -> None:
    with member(site, "Fran") as fran:
        token = csrf_of(fran, "/organiser/shows/new")
        late = fran.post("/organiser/shows/new", data={"name": "Late", "show_date": "2026-10-01",
                                                       "deadline": "2026-10-01 10:00", "csrf_token": token})
    assert late.status_code == 400 and "has passed" in unescape(late.text)
    with site.league.act() as ctx:
        assert shows.shows(ctx) == []
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with member(site, "Fran") as fran:
        path = f"/organiser/shows/{number}"
        moved = fran.post(f"{path}/deadline", data={"deadline": "2026-10-01 10:00", "csrf_token": csrf_of(fran, path)})
    assert moved.status_code == 400 and "has passed" in unescape(moved.text)
    with site.league.act() as ctx:
        assert shows.show(ctx, number).status == "open"


def test_a_reign_names_the_show_it_was_won_at(site: Site) -> None:
    from turnbuckle.league.models import Reign, Result, Title

    _hurt_after_a_published_show(site, "Brother Bob", 0)
    with site.league.act() as ctx:
        title = ctx.session.scalars(select(Title).where(Title.name == "Light-Heavyweight")).one()
        won = ctx.session.scalars(select(Result.id)).first()
        ctx.session.add(Reign(title_id=title.id, competitor_id=roster.competitor(ctx, "Friendly Sam").id,
                              won_result_id=won, lost_result_id=None, started_at=ctx.now(), ended_at=None))
    with site.client() as anyone:
        titles = unescape(anyone.get("/titles").text)
        home = unescape(anyone.get("/").text)
    assert "since Week (show 1, 2026-11-09)" in titles and "since Week (show 1, 2026-11-09)" in home


def test_the_team_page_does_not_take_a_members_nickname(site: Site) -> None:
    with site.league.act("Ann") as ctx:
        team = roster.add_team(ctx, "Ivan and Sam", ["Iron Ivan", "Friendly Sam"])
        cid, ivan = team.id, roster.competitor(ctx, "Iron Ivan")
        nickname = ivan.sheet["wrestler"].get("nickname")
        assert nickname and team.sheet["team"].get("nickname") == nickname  # the team was built on Ivan's sheet
    with member(site, "Ann") as ann:
        page = unescape(ann.get(f"/competitors/{cid}").text)
        assert "<dt>Members</dt>" in page and "<dt>Nickname</dt>" not in page
        assert f"<dt>Nickname</dt><dd>{nickname}</dd>" in unescape(ann.get(f"/competitors/{ivan.id}").text)
