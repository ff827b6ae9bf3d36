"""Issue 27: what a side is told for its match (league/services/briefing.py), from the published
view only, on both servers; and the league's public-sheets setting."""

from __future__ import annotations

import pytest

from tests.league.helpers import League, open_show, sample
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.services import briefing, roster, running, shows
from turnbuckle.league.services.card import add_match
from turnbuckle.league.services.roster import record_push
from turnbuckle.league.services.shows import side_of
from turnbuckle.rulesets.matchmatch.between import Push

SLACK = sample("m2", "friendly-sam").replace("Friendly Sam", "Slack Sam").replace(
    "high_spots: 3", "high_spots: 1\n  ref_slack: 2")


def facts(b: briefing.Briefing) -> dict[str, str]:
    return {f.label: f.text for f in b.facts}


def test_a_side_is_told_referee_slack_match_type_team_level_and_only_what_is_published(lg: League) -> None:
    with lg.act() as ctx:
        roster.add_competitor(ctx, "m2", SLACK, "slack", "Ann")
        roster.add_team(ctx, "Odd Couple", ["Friendly Sam", "Brother Bob"], owner="Ann")
        roster.add_team(ctx, "Steel", ["Iron Ivan", "Lady Lightning"], owner="Bo")
    first = open_show(lg, [("m2", ["Iron Ivan", "Lady Lightning"])])
    with lg.act() as ctx:
        s = shows.create_show(ctx, "Week 2", "2026-11-16", lg.clock.now.replace(day=3))
        add_match(ctx, str(s.number), "m2", ["Slack Sam", "Brother Bob"], {"type": "strap"}, "Sam Atan",
                        rebook=True)
        add_match(ctx, str(s.number), "m2", ["Odd Couple", "Steel"], rebook=True)
        shows.open_show(ctx, str(s.number))
        second = str(s.number)
        shows.lock(ctx, first)
    with lg.act() as ctx:
        running.run_show(ctx, first)
        ivan = roster.competitor(ctx, "Iron Ivan")
        shown = shows.show(ctx, first).id  # as if show 1 (not yet published) had moved Steel's members up
        record_push(ctx, ivan, Push(2), Push(4), "test", shown, None, None)
        record_push(ctx, roster.competitor(ctx, "Lady Lightning"), Push(2), Push(3), "test", shown, None, None)
        record_push(ctx, roster.competitor(ctx, "Brother Bob"), Push(1), Push(2), "promo", None, None, None)
    with lg.act("Ann") as ctx:
        b = briefing.briefing(ctx, side_of(ctx, shows.show(ctx, second), 1, "Slack Sam"))
        f = facts(b)
        assert f["Referee"].startswith("Sam Atan") and "14" in f["Referee"]
        assert f["Your DQ threshold"].startswith("16 or more") and "Ref Slack 2" in f["Your DQ threshold"]
        assert f["Match type"].startswith("Strap Match")
        assert "adds Brawling" in f["What it changes"] and "halves High Flying" in f["What it changes"]
        assert "pin rolls -2" in f["What it changes"] and "four corners" in f["What it changes"]
        assert f["High Spots"] == "1" and f["Special rounds"].startswith("1 ")
        assert b.axis == "column" and b.sheet["wrestler"]["ref_slack"] == 2 and b.deadline.endswith(("GMT", "BST"))
        [bob] = b.opponents
        assert bob.name == "Brother Bob" and bob.push_level == 2 and bob.sheet is None
        assert [(x.label, x.text) for x in bob.facts] == [("Weight class", "Heavyweight")]
        team = briefing.briefing(ctx, side_of(ctx, shows.show(ctx, second), 2, "Odd Couple"))
        # the team's level is its members' lowest (Sam 1, Bob 2); Steel's are at 4 and 3 only in an
        # unpublished show, so Steel is still at 2
        assert team.push_level == 1 and facts(team)["Special rounds"].startswith("1 ")
        [steel] = team.opponents
        assert steel.push_level == 2 and steel.wins + steel.losses + steel.draws == 0
        assert steel.sheet is None
        assert briefing.last_published_sheet(ctx, roster.competitor(ctx, "Iron Ivan")) is None  # show 1 unpublished
    with lg.act() as ctx:
        running.publish(ctx, first)
    with lg.act("Ann") as ctx:
        [steel] = briefing.briefing(ctx, side_of(ctx, shows.show(ctx, second), 2, "Odd Couple")).opponents
        assert steel.push_level == 3
        ivan = roster.competitor(ctx, "Iron Ivan")
        played = briefing.last_published_sheet(ctx, ivan)
        assert played is not None and played[1] == int(first) and "Iron Ivan" in str(played[0])


def test_public_sheets_is_the_organisers_setting(lg: League) -> None:
    first = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act() as ctx:
        shows.lock(ctx, first)
    with lg.act() as ctx:
        running.run_show(ctx, first)
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act("Ann") as ctx:  # run, not published: Bob's sheet is not public yet
        [bob] = briefing.briefing(ctx, side_of(ctx, shows.show(ctx, number), 1, "Friendly Sam")).opponents
        assert bob.sheet is None
    with lg.act() as ctx:
        running.publish(ctx, first)
    with lg.act("Ann") as ctx:  # published: his sheet as he wrestled there, never his strategy
        [bob] = briefing.briefing(ctx, side_of(ctx, shows.show(ctx, number), 1, "Friendly Sam")).opponents
        assert bob.sheet is not None and bob.sheet_from == f"show {first}" and "strategy" not in bob.sheet
        assert bob.sheet["wrestler"]["name"] == "Brother Bob"
    with pytest.raises(LeagueError, match="organiser"), lg.act("Ann") as ctx:
        briefing.set_public_sheets(ctx, "sheet")
    with pytest.raises(LeagueError, match="one of weight, sheet"), lg.act() as ctx:
        briefing.set_public_sheets(ctx, "all")
    with lg.act() as ctx:
        assert ctx.league.public_sheets == "weight"
        briefing.set_public_sheets(ctx, "sheet")
    with lg.act("Ann") as ctx:
        [bob] = briefing.briefing(ctx, side_of(ctx, shows.show(ctx, number), 1, "Friendly Sam")).opponents
        assert bob.sheet is not None and bob.sheet["wrestler"]["name"] == "Brother Bob"
        assert bob.sheet_from == "league setting"


def test_the_command_line_shows_the_members_own_side(lg: League) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    run = CliRunner().invoke(app, ["league", "match", number, "1", "--as", "Ann", "--db", lg.url])
    assert run.exit_code == 0, run.output
    assert "Friendly Sam" in run.output and "you are named first: pick a column" in run.output
    assert "Opponent Brother Bob" in run.output and "Sheet: not public" in run.output
    assert "\n  Referee: " in run.output and "\n  Your DQ threshold: " in run.output
    refused = CliRunner().invoke(app, ["league", "match", number, "1", "--db", lg.url])  # the organiser has no side
    assert refused.exit_code != 0 and "Fran has no side in match 1" in refused.output
