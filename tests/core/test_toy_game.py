"""A game with no facets at all (the sim tests' toy dice game) plays, its odds come from the
reference engine, and it goes through the league (card, lock, run, publish, standings, verify, the
public pages) with the generic defaults: what a sixth game gets before it adds any facet."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from tests.league.helpers import League, open_show
from tests.sim.toy import ToyRuleset
from tests.web.pages_support import client_for
from turnbuckle.cli.app import app as cli
from turnbuckle.core.facets import plain_sheet_view, sheet_view
from turnbuckle.core.options import resolve_options
from turnbuckle.core.sources import SeededSource
from turnbuckle.league import queries
from turnbuckle.league.db import session_scope, upgrade
from turnbuckle.league.errors import SubmissionRefused
from turnbuckle.league.export import export_league
from turnbuckle.league.models import Job, Result
from turnbuckle.league.services import roster, running, shows
from turnbuckle.league.verify import verify_export
from turnbuckle.rulesets import registry
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.specs import spec_for

TOY = ToyRuleset()


def _words(html: str) -> str:
    """A page's text as a reader sees it: tags left out, each run of white space one space."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_a_toy_game_without_facets_plays_and_gets_odds() -> None:
    assert (TOY.table_view(), TOY.sheet_editor(), TOY.written_strategies(), TOY.reporting(),
            TOY.simulation()) == (None, None, None, None, None)
    sides = [TOY.load_side({"name": "Ann"}, "a"), TOY.load_side({"name": "Bo"}, "b")]
    record = TOY.run(sides, SeededSource(3))
    assert record.ruleset == "toy" and list(record.names) == ["Ann", "Bo"] and record.result.placings
    assert sheet_view(TOY, {"name": "Ann"}) == plain_sheet_view({"name": "Ann"})
    run = simulate(TOY, sides, {}, 40, seed=1)
    assert run.engine == "reference" and run.tally.n == 40
    assert spec_for("toy").fast_engine() is None


@pytest.fixture
def toy_league(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[tuple[League, str]]:
    """A league in an SQLite file whose one show, a toy match between Ann's and Bo's players, is
    locked, run and published through the services; the toy game is registered for this test only,
    as a plugin game registers itself."""
    monkeypatch.setitem(registry._REGISTRY, TOY.info.id, TOY)
    monkeypatch.setitem(registry._ALIASES, TOY.info.id, TOY.info.id)
    url = f"sqlite:///{tmp_path / 'league.db'}"
    upgrade(url)
    lg = League(url)
    with session_scope(lg.engine) as session:
        roster.create_league(session, "Toy Fed", "Fran", "UTC", lg.clock)
    with lg.act() as ctx:
        for owner, sid in (("Ann", "ann"), ("Bo", "bob")):
            roster.add_member(ctx, owner)
            roster.add_competitor(ctx, "toy", TOY.sample(sid).text, sid, owner)
    number = open_show(lg, [("toy", ["Ann", "Bob"])])
    with lg.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
        running.heal(ctx, number)  # nothing to heal in a game without league rules
        running.publish(ctx, number)
    yield lg, number
    lg.close()


def test_a_toy_game_without_facets_goes_through_the_league(toy_league: tuple[League, str]) -> None:
    lg, number = toy_league
    assert TOY.league_rules() is None
    with lg.act() as ctx:
        data = export_league(ctx)
        rows = {r["name"]: r for r in queries.standings_rows(ctx, "toy")}
        [stored] = ctx.session.scalars(select(Result)).all()
        jobs = ctx.session.scalars(select(Job)).all()
    [s] = data["shows"]
    assert s["status"] == "published"
    [match] = s["matches"]
    # The record is the toy game's own match, played again from the published seed.
    sides = [TOY.load_side(side["document"], side["name"]) for side in match["sides"]]
    again = TOY.run(sides, SeededSource(int(match["record"]["seed"])), match["record"]["options"])
    result = match["record"]["result"]
    names = ["Ann", "Bob"]
    winner = again.result.winner
    assert result["winner"] == (None if winner is None else names[winner])
    assert (result["method"], result["placings"]) == (again.result.method, list(again.result.placings))
    assert (stored.winner_index, stored.method) == (winner, again.result.method)
    # The published standings: the game's placings as a win, a loss or a draw, and no Push Level,
    # injuries or explanation (no league rules, no advisor).
    for i, name in enumerate(names):
        won, lost = winner == i, winner is not None and winner != i
        row = rows[name]
        assert (row["wins"], row["losses"], row["draws"]) == (int(won), int(lost), int(winner is None)), row
        assert row["push_level"] is None and not row["injuries"]
    assert jobs == []
    findings, notes = verify_export(data)
    assert findings == [] and any("1 match(es) replayed" in n for n in notes), (findings, notes)
    verified = CliRunner().invoke(cli, ["league", "verify", number, "--db", lg.url])
    assert verified.exit_code == 0 and "verified" in verified.stdout, verified.output
    # Without written strategies the league takes none: the automatic player plays every side.
    again_open = open_show(lg, [("toy", ["Ann", "Bob"])])
    with lg.act("Ann") as ctx, pytest.raises(SubmissionRefused, match="no written strategy"):
        shows.submit(ctx, again_open, 1, "Ann", "roll high\n")


def test_a_toy_games_card_and_results_read_on_the_pages(toy_league: tuple[League, str]) -> None:
    lg, number = toy_league
    with lg.act() as ctx:
        [stored] = ctx.session.scalars(select(Result)).all()
        ids = {c.name: c.id for c in roster.competitors(ctx, "toy")}
        draft = str(shows.create_show(ctx, "Next", "2026-11-16", lg.clock.now + timedelta(days=2)).number)
    winner = None if stored.winner_index is None else ["Ann", "Bob"][stored.winner_index]
    with client_for(lg.url, "Fran", lg.clock) as client:  # the organiser books a toy match by the card's form
        booked = client.post(f"/organiser/shows/{draft}/matches", follow_redirects=False,
                             data={"game": "toy", "side1": "Ann", "side2": "Bob", "options": "turns=2"})
        card = client.get(f"/organiser/shows/{draft}")
    assert booked.status_code == 303, booked.text[-2000:]
    assert card.status_code == 200 and "Card Match 1 Toy dice Ann Ann Bob Bo" in _words(card.text)  # side, owner
    with lg.act() as ctx:
        [match] = shows.show(ctx, draft).matches
        played = resolve_options(TOY.info.options, running.match_options(match))
        assert (match.ruleset, played) == ("toy", {"turns": 2})
        assert [sd.competitor.name for sd in match.sides] == ["Ann", "Bob"]
    with client_for(lg.url, None, lg.clock) as client:
        paths = ("/", "/shows", f"/shows/{number}", f"/shows/{number}/matches/1", f"/shows/{number}/verify",
                 f"/competitors/{ids['Ann']}", f"/api/shows/{number}/results")
        pages = {path: client.get(path) for path in paths}
    assert {path: page.status_code for path, page in pages.items()} == dict.fromkeys(paths, 200)
    text = {path: _words(page.text) for path, page in pages.items()}
    for path in ("/shows", f"/shows/{number}"):
        assert "published" in text[path]
    assert "Match 1: Ann vs Bob Toy dice" in text[f"/shows/{number}"]
    assert "Match 1: Ann vs Bob Week · Toy dice" in text[f"/shows/{number}/matches/1"]
    said = f"Winner: {winner} ({stored.method})" if winner else stored.method
    assert said in text[f"/shows/{number}"] and said in text["/"]
    ann = f"{int(winner == 'Ann')} won, {int(winner == 'Bob')} lost, {int(winner is None)} drawn"
    assert ann in text[f"/competitors/{ids['Ann']}"]
    [api] = pages[f"/api/shows/{number}/results"].json()
    assert {k: api[k] for k in ("position", "game", "sides", "winner", "method")} == {
        "position": 1, "game": "toy", "sides": ["Ann", "Bob"], "winner": winner, "method": stored.method}
