"""The organiser's weekly job, as found in a quality pass over the card services."""

from __future__ import annotations

from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, League, open_show
from turnbuckle.league.models import Notice, ShowEvent
from turnbuckle.league.services import card, shows


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
