"""QA pass over what a side is told (issue 27): the command line's view of a card not yet open."""

from __future__ import annotations

from datetime import timedelta

import pytest
from typer.testing import CliRunner

from tests.league.helpers import League
from turnbuckle.cli.app import app
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.services import briefing, shows
from turnbuckle.league.services.card import add_match
from turnbuckle.league.services.shows import side_of


def test_the_command_line_tells_no_side_of_a_draft_its_referee_or_grid_before_they_are_drawn(lg: League) -> None:
    with lg.act() as ctx:
        s = shows.create_show(ctx, "Week", "2026-11-09", lg.clock.now + timedelta(days=1))
        add_match(ctx, str(s.number), "m2", ["Friendly Sam", "Brother Bob"], None, None, None)
        number = str(s.number)
    run = CliRunner().invoke(app, ["league", "match", number, "1", "--as", "Ann", "--db", lg.url])
    assert run.exit_code == 2, run.output
    assert f"show {number} is a draft" in run.output and "Referee" not in run.output  # not "none named: DQ on 10"
    with lg.act() as ctx:
        shows.open_show(ctx, number)
    opened = CliRunner().invoke(app, ["league", "match", number, "1", "--as", "Ann", "--db", lg.url])
    assert opened.exit_code == 0 and "\n  Referee: " in opened.output


def test_the_briefing_service_refuses_a_drafts_side(lg: League) -> None:
    """Every door (page, API, command line, advice) asks this service: a draft has no referee or grid yet."""
    with lg.act() as ctx:
        s = shows.create_show(ctx, "Week", "2026-11-09", lg.clock.now + timedelta(days=1))
        add_match(ctx, str(s.number), "m2", ["Friendly Sam", "Brother Bob"], None, None, None)
        with pytest.raises(LeagueError, match="is a draft"):
            briefing.briefing(ctx, side_of(ctx, s, 1, "Friendly Sam"))
