"""The organiser's weekly job, as found in a quality pass over the card services."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, League, open_show
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import Notice, ShowEvent
from turnbuckle.league.services import card, shows
from turnbuckle.league.services.card import add_match


def test_ticking_booked_twice_alone_leaves_the_match_and_its_strategies_as_they_are(lite: League) -> None:
    """The "booked twice on purpose" box says how the card was built, not what is wrestled: an edit
    that only changes it keeps the referee and grid, makes no strategy stale and tells nobody."""
    number = open_show(lite, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lite.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "Friendly Sam", SAM_STRATEGY)
    lite.clock.advance(hours=1)
    with lite.act() as ctx:
        m = shows.show(ctx, number).matches[0]
        was = (m.referee_id, m.grid, m.rebook)
        card.edit_match(ctx, number, 1, rebook=not m.rebook)
    with lite.act() as ctx:
        m = shows.show(ctx, number).matches[0]
        assert (m.referee_id, m.grid) == was[:2] and m.rebook is not was[2]
        assert m.edited_at is None and ctx.session.scalars(select(Notice)).all() == []
        events = ctx.session.scalars(select(ShowEvent).where(ShowEvent.kind == "card")).all()
        assert events[-1].detail["action"] == "edit" and "draw" not in events[-1].detail


def test_a_match_keeps_its_sides_booked_twice_by_a_later_match_on_purpose(lite: League) -> None:
    """Match 1 booked plainly, then match 2 books one of its wrestlers again on purpose: changing
    match 1's referee (its sides as they were) is not refused as a double booking; booking a new
    side twice, or unticking "on purpose" where the card is booked twice, still is."""
    with lite.act() as ctx:
        number = str(shows.create_show(ctx, "Week", "2026-11-09", lite.clock.now + timedelta(days=1)).number)
        add_match(ctx, number, "m2", ["Friendly Sam", "Brother Bob"])
        add_match(ctx, number, "m2", ["Friendly Sam", "Iron Ivan"], rebook=True)
        card.edit_match(ctx, number, 1, referee_key="Zero Tolerance")
        m = shows.show(ctx, number).matches[0]
        assert m.referee is not None and m.referee.name == "Zero Tolerance" and not m.rebook
        with pytest.raises(LeagueError, match="already booked in match 1"):
            card.edit_match(ctx, number, 2, rebook=False)
        with pytest.raises(LeagueError, match="already booked in match 2"):
            card.edit_match(ctx, number, 1, sides=["Friendly Sam", "Lady Lightning"])
