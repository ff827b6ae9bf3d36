"""A show deleted after it opened: its card, draws and strategies go, and its row stays, marked
deleted with the time, listed with the card seed it published (the shows page and the show's page,
the API, the command line and the export, which ``verify`` still passes); a new show takes the next
number, never the deleted one's, and draws afresh. A deleted draft was never public and stays so."""

from __future__ import annotations

import json
from datetime import timedelta

from sqlalchemy import func, select
from typer.testing import CliRunner

from tests.league.helpers import SAM_STRATEGY, League, build, open_show
from tests.web.pages_support import client_for
from turnbuckle.cli.app import app
from turnbuckle.league import canonical
from turnbuckle.league.export import export_league, export_markdown
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import CardMatch, ShowEvent, Submission
from turnbuckle.league.services import card, running, shows
from turnbuckle.league.verify import verify_export

ROLL_GRID = league_rules("matchmatch").roll_grid  # the grid MatchMatch draws at open

CARD = [("m2", ["Friendly Sam", "Brother Bob"])]


def _first_draw(lg: League, number: str) -> dict[str, str]:
    with lg.act() as ctx:
        s = shows.show(ctx, number)
        [m] = s.matches
        return {"card_seed": s.card_seed or "", "grid": m.grid or "", "key": card.match_key(s, m),
                "referee": m.referee.name if m.referee else "", "uid": s.uid}


def _delete_and_book_again(lg: League) -> tuple[str, dict[str, str], str, dict[str, str]]:
    first = open_show(lg, CARD)
    with lg.act("Ann") as ctx:
        shows.submit(ctx, first, 1, "Friendly Sam", SAM_STRATEGY)
    before = _first_draw(lg, first)
    lg.clock.advance(minutes=5)
    with lg.act() as ctx:
        card.delete_show(ctx, first)
    again = open_show(lg, CARD)  # the same card, booked again
    return first, before, again, _first_draw(lg, again)


def test_a_show_booked_again_takes_a_new_number_and_draws_afresh(lg: League) -> None:
    first, before, again, after = _delete_and_book_again(lg)
    assert int(again) == int(first) + 1  # the deleted show's number is not given again
    assert after["card_seed"] != before["card_seed"] and after["key"] != before["key"] and after["uid"] != before["uid"]
    assert after["grid"] == canonical.grid_draw(after["card_seed"], after["key"], ROLL_GRID)  # from the new seed alone
    with lg.act() as ctx:
        gone = shows.show(ctx, first)
        assert (gone.status, gone.deleted_at, gone.card_seed) == ("deleted", lg.clock.now, before["card_seed"])
        assert gone.matches == [] and gone.seed is None and gone.manifest is None
        # Nothing of the first card or its draws is kept: no match, no strategy, no history entry.
        assert ctx.session.scalar(select(func.count()).select_from(CardMatch).where(CardMatch.show_id == gone.id)) == 0
        assert ctx.session.scalar(select(func.count()).select_from(ShowEvent).where(ShowEvent.show_id == gone.id)) == 0
        assert list(ctx.session.scalars(select(Submission))) == []
        with_draft = shows.create_show(ctx, "Draft", "2026-11-16", lg.clock.now + timedelta(days=3))
        assert with_draft.number == int(again) + 1
        card.delete_show(ctx, str(with_draft.number))
    with lg.act() as ctx:
        assert shows.create_show(ctx, "Next", "2026-11-16", lg.clock.now + timedelta(days=3)).number == int(again) + 2


def test_the_export_lists_the_deleted_show_and_verify_passes(lg: League) -> None:
    first, before, again, _after = _delete_and_book_again(lg)
    lg.clock.advance(days=2)
    with lg.act() as ctx:
        running.run_show(ctx, again)
    with lg.act() as ctx:
        running.publish(ctx, again)
    with lg.act() as ctx:
        data = export_league(ctx)
        everything = export_league(ctx, None, published_only=False)
    assert [s["number"] for s in data["shows"]] == [int(again)]
    assert [s["number"] for s in everything["shows"]] == [int(again)]  # never as a show verify would check
    assert data["deleted_shows"] == everything["deleted_shows"] == [{
        "uid": before["uid"], "number": int(first), "name": "Week", "date": "2026-11-09",
        "card_seed": before["card_seed"], "deleted_at": (lg.clock.now - timedelta(days=2)).isoformat()}]
    text = json.dumps(data)
    assert before["grid"] not in text and before["key"] not in text  # the first draw is not in it
    findings, notes = verify_export(json.loads(text))
    assert findings == [] and notes
    assert f"## Show {first}: Week (2026-11-09, deleted" in export_markdown(data)
    for args in (["league", "verify", "--db", lg.url], ["league", "verify", first, "--db", lg.url]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output


def test_the_pages_the_api_and_the_command_line_list_it_with_its_card_seed(lite: League) -> None:
    first, before, again, after = _delete_and_book_again(lite)
    with lite.act() as ctx:
        draft = str(shows.create_show(ctx, "Secret draft", "2026-11-16", lite.clock.now + timedelta(days=3)).number)
        card.delete_show(ctx, draft)
    with client_for(lite.url, None, lite.clock) as spectator:
        listing = spectator.get("/shows").text
        page = spectator.get(f"/shows/{first}")
        api = spectator.get("/api/shows").json()
        one = spectator.get(f"/api/shows/{first}").json()
        assert spectator.get(f"/shows/{draft}").status_code == 404  # a draft never opened stays unseen
        new_page = spectator.get(f"/shows/{again}").text
    assert f'<a href="/shows/{first}">Week</a>' in listing and "Secret draft" not in listing
    assert page.status_code == 200 and before["card_seed"] in page.text and "deleted" in page.text
    assert "Friendly Sam" not in page.text and "Send a strategy" not in page.text and "Announce" not in page.text
    assert "2026-11-02 18:05" in page.text  # when it was deleted, in the league's time
    assert [(s["number"], s["status"], s["deleted_at"] is not None) for s in api] == [
        (int(first), "deleted", True), (int(again), "open", False)]
    assert one["card"] == [] and one["card_seed"] == before["card_seed"] and one["status"] == "deleted"
    assert before["card_seed"] not in new_page and after["card_seed"] in new_page
    with client_for(lite.url, "Fran", lite.clock) as org:
        assert "Secret draft" in org.get("/shows").text and org.get(f"/shows/{draft}").status_code == 200
        assert org.get(f"/organiser/shows/{first}").status_code == 404  # nothing left to manage
    result = CliRunner().invoke(app, ["league", "show", "list", "--db", lite.url, "--format", "json"])
    listed = {s["number"]: s for s in json.loads(result.stdout)}
    assert listed[int(first)]["status"] == "deleted" and listed[int(first)]["card_seed"] == before["card_seed"]
    assert listed[int(first)]["deleted_at"] and listed[int(again)]["deleted_at"] is None


def test_the_schema_goes_back_to_0009_with_a_deleted_show_and_up_again(schema_url: str) -> None:
    from sqlalchemy import create_engine, text

    from turnbuckle.league.db import downgrade, upgrade

    lg = build(schema_url)
    first = open_show(lg, CARD)
    with lg.act("Ann") as ctx:
        shows.submit(ctx, first, 1, "Friendly Sam", SAM_STRATEGY)  # its owner's notice points at the show
    with lg.act() as ctx:
        shows.lock(ctx, first)  # a lock entry, kept when the show is deleted
    with lg.act() as ctx:
        shows.unlock(ctx, first)
    with lg.act() as ctx:
        card.delete_show(ctx, first)
    kept = open_show(lg, CARD)
    lg.close()
    downgrade(schema_url, "0009")  # as before 0010: a deleted show has no row
    engine = create_engine(schema_url)
    with engine.begin() as conn:
        assert conn.execute(text("SELECT number FROM shows")).scalars().all() == [int(kept)]
    engine.dispose()
    upgrade(schema_url)
    again = League(schema_url)
    try:
        with again.act() as ctx:
            assert [(s.number, s.status) for s in shows.shows(ctx)] == [(int(kept), "open")]
    finally:
        again.close()
