"""What a card match puts at stake, as the published shows left it: the title, and whether it is
vacant, defended by a side of the match, or held by someone outside it. A reign won in a show not
yet published is not counted, and one lost in such a show is still held, so an open card's stake
tells nothing of a result not yet out."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from turnbuckle.league.context import Ctx
from turnbuckle.league.models import CardMatch, Competitor, Reign, Result, Show, Title


@dataclass(frozen=True)
class Stake:
    """A match's title as its card shows it: ``champion`` None for a vacant title; ``defended``
    when the champion is one of the match's sides (or, for a team, one of its members)."""

    title: str
    champion: str | None
    champion_id: int | None
    defended: bool

    def text(self) -> str:
        """The stake in a line: 'Light-Heavyweight (vacant: the winner becomes champion)', and so on."""
        if self.champion is None:
            return f"{self.title} (vacant: the winner becomes champion)"
        if self.defended:
            return f"{self.title} ({self.champion} defends it)"
        return f"{self.title} (held by {self.champion}, who is not in this match)"


def title_holder(ctx: Ctx, title: Title) -> Competitor | None:
    """The title's champion as the published shows left it (None: vacant). A reign given by hand
    (no result) counts once given; one won by a result counts once that result's show is published."""
    published = select(Result.id).join(Show, Result.show_id == Show.id).where(Show.status == "published")
    q = (select(Reign).where(Reign.title_id == title.id,
                             Reign.won_result_id.is_(None) | Reign.won_result_id.in_(published),
                             Reign.ended_at.is_(None) | Reign.lost_result_id.not_in(published))
         .order_by(Reign.id.desc()))
    for reign in ctx.session.scalars(q):
        if reign.ended_at is not None and reign.lost_result_id is None:
            continue  # ended by hand (vacated): no longer held
        return ctx.session.get(Competitor, reign.competitor_id)
    return None


def stake(ctx: Ctx, m: CardMatch) -> Stake | None:
    """The title a match is for, with its champion as published; None for a match for no title."""
    if m.title is None:
        return None
    holder = title_holder(ctx, m.title)
    if holder is None:
        return Stake(m.title.name, None, None, False)
    in_match = any(sd.competitor_id == holder.id or holder.id in (sd.competitor.members or [])
                   for sd in m.sides)
    return Stake(m.title.name, holder.name, holder.id, in_match)
