"""The league's advice: from the member's view only (the same, byte for byte, whether or not the
opponent has sent a strategy), its owner's alone, refused while an opponent's sheet is not public
and when the organiser turns the advisor off; `league advise` and `league advisor` at the CLI."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.league.helpers import SAM_STRATEGY, League, build, open_show
from turnbuckle.cli.app import app
from turnbuckle.league.db import upgrade
from turnbuckle.league.errors import Forbidden, LeagueError
from turnbuckle.league.services import advice, briefing, shows
from turnbuckle.league.services.card import add_match

runner = CliRunner()
BUDGET = 20_000


@pytest.fixture
def league(tmp_path: Path) -> Iterator[League]:
    url = f"sqlite:///{tmp_path / 'league.db'}"
    upgrade(url)
    lg = build(url)
    with lg.act() as ctx:
        briefing.set_public_sheets(ctx, "sheet")
    yield lg
    lg.close()


def _advise(lg: League, who: str, name: str, number: str) -> advice.LeagueAdvice:
    with lg.act(who) as ctx:
        side = shows.side_of(ctx, shows.show(ctx, number), 1, name)
        return advice.advise_side(ctx, side, budget_matches=BUDGET, measure_n=2_000)


def test_the_advice_is_the_same_whether_or_not_the_opponent_has_sent_a_strategy(league: League) -> None:
    number = open_show(league, [("m2", ["Friendly Sam", "Brother Bob"])])
    before = _advise(league, "Bo", "Brother Bob", number)
    with league.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    after = _advise(league, "Bo", "Brother Bob", number)
    assert after.text == before.text
    assert json.dumps(after.data, sort_keys=True) == json.dumps(before.data, sort_keys=True)
    assert before.data["mode"] == "robust" and before.text.startswith("Advice for Brother Bob")
    with league.act("Bo") as ctx:  # and its strategy is one the league takes
        shows.submit(ctx, number, 1, "Brother Bob", before.data["strategy"])


def test_only_the_owner_asks_and_the_organiser_can_turn_it_off(league: League) -> None:
    number = open_show(league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with pytest.raises(Forbidden, match="only its owner"):
        _advise(league, "Ann", "Brother Bob", number)
    with pytest.raises(Forbidden), league.act("Ann") as ctx:
        advice.set_advisor(ctx, False)
    with league.act() as ctx:
        advice.set_advisor(ctx, False)
    with pytest.raises(LeagueError, match="turned the advisor off"):
        _advise(league, "Bo", "Brother Bob", number)


def test_week_one_advice_plays_a_field_of_sheets_that_fit_what_is_public(league: League) -> None:
    # Under the default setting no sheet is public before a competitor's first published match, so
    # a league's first show was never advised; it is played against sheets that fit the public facts.
    with league.act() as ctx:
        briefing.set_public_sheets(ctx, "weight")
    number = open_show(league, [("m2", ["Friendly Sam", "Brother Bob"])])
    first = _advise(league, "Bo", "Brother Bob", number)
    assert first.text.startswith("Advice for Brother Bob against a field of 8 legal sheets that fit what is "
                                 "public about Friendly Sam (Light-Heavyweight, Push Level 1, 0 injuries), since "
                                 "their sheet is not public yet")
    assert first.data["field"] == [{"side": "Friendly Sam", "about": "Light-Heavyweight, Push Level 1, 0 injuries",
                                    "sheets": 8}]
    assert [m["opponent"] for m in first.data["advised"]] == [f"field sheet #{k}" for k in range(1, 9)]
    with league.act("Bo") as ctx:  # its params hold only public facts: no sheet of Sam's own
        side = shows.side_of(ctx, shows.show(ctx, number), 1, "Brother Bob")
        params = advice.advice_params(ctx, side, budget_matches=BUDGET, measure_n=2_000)
    sam = league_sheet(league, "Friendly Sam")
    assert all(doc["wrestler"]["styles"] != sam["styles"] for doc in params["fields"]["0"]["sheets"][1:])
    again = _advise(league, "Bo", "Brother Bob", number)  # reproducible from the seed and budget
    assert json.dumps(again.data, sort_keys=True) == json.dumps(first.data, sort_keys=True)
    with league.act("Bo") as ctx:
        shows.submit(ctx, number, 1, "Brother Bob", first.data["strategy"])


def league_sheet(lg: League, name: str) -> dict[str, object]:
    from sqlalchemy import select

    from turnbuckle.league.models import Competitor

    with lg.act() as ctx:
        comp = ctx.session.scalars(select(Competitor).where(Competitor.name == name)).one()
        body: dict[str, object] = dict(comp.sheet["wrestler"])
        return body


def test_league_advise_and_advisor_at_the_command_line(league: League, monkeypatch: pytest.MonkeyPatch) -> None:
    number = open_show(league, [("m2", ["Friendly Sam", "Brother Bob"])])
    monkeypatch.setattr(advice, "LEAGUE_BUDGET", BUDGET)
    monkeypatch.setattr(advice, "LEAGUE_MEASURE", 2_000)
    out = runner.invoke(app, ["league", "advise", number, "1", "--db", league.url, "--as", "Bo"])
    assert out.exit_code == 0, out.output
    assert "Strategy:+" in out.stdout and "Search:" not in out.stdout
    off = runner.invoke(app, ["league", "advisor", "off", "--db", league.url])
    assert off.exit_code == 0, off.output
    refused = runner.invoke(app, ["league", "advise", number, "1", "--db", league.url, "--as", "Bo"])
    assert refused.exit_code == 2 and "turned the advisor off" in refused.output


def test_a_draft_shows_match_is_not_advised(league: League) -> None:
    # `league advise` on a draft told its member the card (opponent, referee, type) before it opened,
    # as `league match` refuses to.
    from datetime import timedelta

    with league.act() as ctx:
        s = shows.create_show(ctx, "Draft", "2026-11-09", league.clock.now + timedelta(days=1))
        add_match(ctx, str(s.number), "m2", ["Friendly Sam", "Brother Bob"], None, None, None)
        number = str(s.number)
    with pytest.raises(LeagueError, match=f"show {number} is a draft"):
        _advise(league, "Bo", "Brother Bob", number)


def test_a_locked_show_is_refused_and_a_published_one_points_to_explain(league: League) -> None:
    from turnbuckle.league.services import running

    number = open_show(league, [("m2", ["Friendly Sam", "Brother Bob"])])
    with league.act() as ctx:
        shows.lock(ctx, number)
    with pytest.raises(LeagueError, match=f"show {number} is locked: its strategies can no longer be sent"):
        _advise(league, "Bo", "Brother Bob", number)
    cli = runner.invoke(app, ["league", "advise", number, "1", "--db", league.url, "--as", "Bo"])
    assert cli.exit_code == 2 and "can no longer be sent" in cli.output and "Strategy:" not in cli.output
    with league.act() as ctx:
        running.run_show(ctx, number)
        running.publish(ctx, number)
    with pytest.raises(LeagueError, match=r"public now.*explain") as refused:
        _advise(league, "Bo", "Brother Bob", number)
    assert "not known" not in str(refused.value)


def test_progress_keeps_moving_while_the_advice_is_measured(league: League, monkeypatch: pytest.MonkeyPatch) -> None:
    # The search reported 100% and then the fresh measurement ran with the bar full.
    from turnbuckle.sim.matchmatch.advisor import advise as advise_module

    number = open_show(league, [("m2", ["Friendly Sam", "Brother Bob"])])
    seen: list[float] = []
    at_measure: list[float] = []
    real = advise_module._measure

    def measure(*args: object) -> object:
        at_measure.append(seen[-1])
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(advise_module, "_measure", measure)
    with league.act("Bo") as ctx:
        params = advice.advice_params(ctx, shows.side_of(ctx, shows.show(ctx, number), 1, "Brother Bob"),
                                      budget_matches=BUDGET, measure_n=5_000)
    advice.run_advice(params, seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0
    assert at_measure[0] < at_measure[-1] < 1.0  # each measurement moves the bar on
