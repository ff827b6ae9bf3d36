"""The organiser mends a card from the web: edit a match (sides, options, referee, title), move
it, take it off, move the deadline, delete a show after a confirm page; a failed run stands on
the page with how to mend it (unlock with a new deadline, edit, lock, run). Every refusal stands
beside the form it came from, with what was typed kept; nobody else reaches these forms."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, open_show
from tests.web.support import Site, csrf_of, sign_in
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import Notice, Result, Show, ShowEvent
from turnbuckle.league.services import running, shows
from turnbuckle.league.services.card import add_match


def post(client: TestClient, path: str, data: dict[str, str] | None = None) -> httpx.Response:
    """A form post carrying this browser's CSRF token."""
    return client.post(path, data={**(data or {}), "csrf_token": csrf_of(client, "/login")})


def organiser(site: Site) -> TestClient:
    client = site.client()
    assert sign_in(client, "Fran").status_code == 303
    return client


def draft(site: Site, card: list[list[str]]) -> str:
    with site.league.act() as ctx:
        s = shows.create_show(ctx, "Mending Night", "2026-11-09", site.league.clock.now + timedelta(days=1))
        for sides in card:
            add_match(ctx, str(s.number), "m2", sides, rebook=True)
        return str(s.number)


def edit_fields(sides: list[str], **extra: str) -> dict[str, str]:
    return {**{f"side{i}": name for i, name in enumerate(sides, start=1)}, "match_type": "", "referee": "",
            "title": "", "options": "", **extra}


def test_an_edit_after_open_is_made_again_and_marks_the_strategies_stale(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    site.league.clock.advance(hours=1)
    with organiser(site) as fran:
        before = fran.get(f"/organiser/shows/{number}")
        assert before.status_code == 200 and 'class="edit-match"' in before.text
        assert '<option value="Friendly Sam" selected>' in before.text  # the form starts from the match
        assert 'class="grid"' in before.text  # fixed when the show opened, shown on the card
        done = post(fran, f"/organiser/shows/{number}/matches/1/edit",
                    edit_fields(["Friendly Sam", "Brother Bob"], match_type="cage", referee="Zero Tolerance",
                                rebook="1"))
        assert done.status_code == 303 and done.headers["location"].endswith("?done=edited#match-1")
        page = fran.get(done.headers["location"]).text
    assert "Match changed." in unescape(page) and "Match type: Cage Match" in page and "type=cage" not in page
    assert "Referee: Zero Tolerance" in page and "(drawn from the card seed)</span></p>" not in page
    assert "stale: sent before the match changed" in page  # Ann's strategy, sent before the edit
    with site.league.act() as ctx:
        m = shows.show(ctx, number).matches[0]
        assert m.options == {"type": "cage"} and m.referee is not None and m.referee.name == "Zero Tolerance"
        assert m.edited_at == site.league.clock.now and m.rebook and m.grid
        assert [n.member_id for n in ctx.session.scalars(select(Notice))] == [
            shows.side_of(ctx, shows.show(ctx, number), 1, "Friendly Sam").competitor.owner_id]


def test_edit_mistakes_stand_beside_that_match_with_what_was_typed(site: Site) -> None:
    number = draft(site, [["Friendly Sam", "Brother Bob"], ["Iron Ivan", "Lady Lightning"]])
    with organiser(site) as fran:
        one = post(fran, f"/organiser/shows/{number}/matches/2/edit", edit_fields(["Iron Ivan"], options="rounds"))
        assert one.status_code == 400
        body = unescape(one.text)
        section = body[body.index('id="match-2"'):]
        assert 'data-field="side1">a match needs at least two sides' in section
        assert "option 'rounds' must be written key=value" in section
        assert re.search(r'<details class="change-match" open>', section)  # unfolded, with the problem
        boxer = post(fran, f"/organiser/shows/{number}/matches/2/edit", edit_fields(["Iron Ivan", "Mika Sato"],
                                                                                    options="rounds=12"))
        assert boxer.status_code == 400
        body = unescape(boxer.text)
        assert "'Mika Sato' is a boxing competitor, not matchmatch" in body[body.index('id="match-2"'):]
        assert "rounds=12</textarea>" in body
    with site.league.act() as ctx:
        m = shows.show(ctx, number).matches[1]
        assert [sd.competitor.name for sd in m.sides] == ["Iron Ivan", "Lady Lightning"] and m.options == {}


def test_matches_move_and_come_off_and_the_deadline_moves(site: Site) -> None:
    number = draft(site, [["Friendly Sam", "Brother Bob"], ["Iron Ivan", "Lady Lightning"]])
    with organiser(site) as fran:
        moved = post(fran, f"/organiser/shows/{number}/matches/2/move", {"to": "1"})
        assert moved.status_code == 303 and "done=moved" in moved.headers["location"]
        too_far = post(fran, f"/organiser/shows/{number}/matches/1/move", {"to": "5"})
        assert too_far.status_code == 400 and "the card has places 1 to 2, not 5" in too_far.text
        not_a_number = post(fran, f"/organiser/shows/{number}/matches/1/move", {"to": "first"})
        assert not_a_number.status_code == 400
        assert 'data-field="to">&#39;first&#39; is not a place on the card' in not_a_number.text
        removed = post(fran, f"/organiser/shows/{number}/matches/2/remove")
        assert removed.status_code == 303 and "done=removed" in removed.headers["location"]
        assert post(fran, f"/organiser/shows/{number}/matches/7/remove").status_code == 404
        bad = post(fran, f"/organiser/shows/{number}/deadline", {"deadline": "next friday"})
        assert bad.status_code == 400 and 'data-field="deadline">&#39;next friday&#39; is not a time' in bad.text
        assert 'value="next friday"' in bad.text
        ok = post(fran, f"/organiser/shows/{number}/deadline", {"deadline": "2026-11-06 20:30"})
        assert ok.status_code == 303 and "done=deadline" in ok.headers["location"]
        page = fran.get(ok.headers["location"]).text
    assert "Deadline moved." in page and "strategies due by 2026-11-06 20:30 GMT" in page
    with site.league.act() as ctx:
        s = shows.show(ctx, number)
        assert [[sd.competitor.name for sd in m.sides] for m in s.matches] == [["Iron Ivan", "Lady Lightning"]]
        assert ctx.local(s.deadline) == "2026-11-06 20:30 GMT"


def test_a_show_is_deleted_only_after_the_confirm_page(site: Site) -> None:
    number = draft(site, [["Friendly Sam", "Brother Bob"]])
    with organiser(site) as fran:
        assert f'href="/organiser/shows/{number}/delete"' in fran.get(f"/organiser/shows/{number}").text
        confirm = fran.get(f"/organiser/shows/{number}/delete")
        assert confirm.status_code == 200 and "This cannot be undone" in confirm.text
        assert 'name="confirm" value="delete"' in confirm.text
        kept = post(fran, f"/organiser/shows/{number}/delete")  # the button's field missing: nothing goes
        assert kept.status_code == 400 and "is kept" in kept.text
        assert fran.get(f"/organiser/shows/{number}").status_code == 200
        gone = post(fran, f"/organiser/shows/{number}/delete", {"confirm": "delete"})
        assert gone.status_code == 303 and gone.headers["location"] == f"/shows?deleted={number}"
        assert f"Show {number} is deleted." in fran.get(gone.headers["location"]).text
        assert fran.get(f"/organiser/shows/{number}").status_code == 404
    locked = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with site.league.act() as ctx:
        shows.lock(ctx, locked)
    with organiser(site) as fran:
        assert "Only a draft or open show is deleted" in fran.get(f"/organiser/shows/{locked}/delete").text
        refused = post(fran, f"/organiser/shows/{locked}/delete", {"confirm": "delete"})
        assert refused.status_code == 400 and "only a draft or open show is deleted" in refused.text


def test_a_failed_run_stands_on_the_page_and_is_mended(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"]), ("m2", ["Iron Ivan", "Lady Lightning"])])
    site.league.clock.advance(days=2)  # past the deadline: the run locks it first

    def broken(*args: object) -> list[str]:
        raise LeagueError("match 2's referee sheet is missing")

    monkeypatch.setattr(running, "play_match", broken)
    with organiser(site) as fran:
        ran = post(fran, f"/organiser/shows/{number}/run")
        assert ran.status_code == 303 and ran.headers["location"] == f"/organiser/shows/{number}"
        page = fran.get(ran.headers["location"]).text
        assert 'class="alert run-error"' in page and "match 2&#39;s referee sheet is missing" in page
        assert "Nothing was applied" in page and "unlock" in page
        assert ("Unlocked with a new deadline, the show takes strategies again until then; unlocked without one, "
                "it reopens for you to mend the card only" in page)
        monkeypatch.undo()
        bad = post(fran, f"/organiser/shows/{number}/unlock", {"deadline": "soon"})
        assert bad.status_code == 400 and 'data-field="deadline">&#39;soon&#39; is not a time' in bad.text
        assert post(fran, f"/organiser/shows/{number}/unlock", {"deadline": "2026-11-06 12:00"}).status_code == 303
        page = fran.get(f"/organiser/shows/{number}").text  # open again, not locked again at once
        assert '<span class="status">open</span>' in page and "run-error" not in page
        assert post(fran, f"/organiser/shows/{number}/matches/2/remove").status_code == 303
        assert post(fran, f"/organiser/shows/{number}/lock").status_code == 303
        assert post(fran, f"/organiser/shows/{number}/run").status_code == 303
    with site.league.act() as ctx:
        s = shows.show(ctx, number)
        assert s.status == "run" and s.run_error is None
        assert len(ctx.session.scalars(select(Result)).all()) == 1
        kinds = [e.kind for e in ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id))]
        assert kinds.count("run_failed") == 1 and kinds[-1] == "run"


def test_the_card_shows_each_matchmatch_grid_and_referee_once_open(site: Site) -> None:
    number = draft(site, [["Friendly Sam", "Brother Bob"]])
    with organiser(site) as fran:
        assert 'class="grid"' not in fran.get(f"/shows/{number}").text  # a draft: nothing drawn yet
    with site.league.act() as ctx:
        shows.open_show(ctx, number)
        m = shows.show(ctx, number).matches[0]
        grid, ref = m.grid, m.referee.name if m.referee else ""
    with site.client() as spectator:
        page = unescape(spectator.get(f"/shows/{number}").text)
    assert f'<table class="grid" data-grid="{grid}">' in page
    assert f"Referee: {ref} (drawn from the card seed)" in re.sub(r"<[^>]+>", "", page)
    assert page.count("<td>") >= 9  # the 3x3, by full style names


@pytest.mark.parametrize("who", [None, "Ann"])
def test_nobody_but_the_organiser_mends_a_card(site: Site, who: str | None) -> None:
    number = draft(site, [["Friendly Sam", "Brother Bob"], ["Iron Ivan", "Lady Lightning"]])
    client = site.client()
    if who is not None:
        assert sign_in(client, who).status_code == 303
    with client:
        assert client.get(f"/organiser/shows/{number}/delete").status_code == 404
        for path, data in (("matches/1/edit", edit_fields(["Iron Ivan", "Brother Bob"])),
                           ("matches/1/remove", {}), ("matches/2/move", {"to": "1"}),
                           ("deadline", {"deadline": "2026-12-01 10:00"}), ("delete", {"confirm": "delete"})):
            r = post(client, f"/organiser/shows/{number}/{path}", data)
            assert r.status_code == 404, (path, r.status_code)  # as for an object that does not exist
    with site.league.act() as ctx:
        s = shows.show(ctx, number)
        assert [[sd.competitor.name for sd in m.sides] for m in s.matches] == [
            ["Friendly Sam", "Brother Bob"], ["Iron Ivan", "Lady Lightning"]]
        assert ctx.session.scalars(select(Show)).all() == [s]
