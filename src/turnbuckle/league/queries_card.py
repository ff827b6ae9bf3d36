"""Reading a show's card as rows: each match with its sides, their owners, the referee and the
title; the sides a member plays on open shows; and when each side's latest strategy was sent."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import aliased

from turnbuckle.league.context import Ctx
from turnbuckle.league.models import CardMatch, CardSide, Competitor, Member, Referee, Show, Submission, Title


def card_rows(ctx: Ctx, show_id: int) -> list[Any]:
    """One row per side of the show's card, by card position then side index: ``(match id,
    position, ruleset, options, referee drawn, referee's name, title's name, grid, grid drawn,
    edited at, rebook, side id, competitor id, competitor's name, owner id, owner's name)``."""
    owner = aliased(Member)
    q = (select(CardMatch.id, CardMatch.position, CardMatch.ruleset, CardMatch.options, CardMatch.referee_drawn,
                Referee.name, Title.name, CardMatch.grid, CardMatch.grid_drawn, CardMatch.edited_at, CardMatch.rebook,
                CardSide.id, Competitor.id, Competitor.name, Competitor.owner_id, owner.name)
         .join(CardSide, CardSide.match_id == CardMatch.id)
         .join(Competitor, CardSide.competitor_id == Competitor.id)
         .join(owner, Competitor.owner_id == owner.id)
         .outerjoin(Referee, CardMatch.referee_id == Referee.id)
         .outerjoin(Title, CardMatch.title_id == Title.id)
         .where(CardMatch.show_id == show_id).order_by(CardMatch.position, CardSide.index))
    return list(ctx.session.execute(q))


def latest_sent(ctx: Ctx, side_ids: Collection[int]) -> dict[int, Any]:
    """When each of these sides' latest strategy was sent, by side id (sides that sent none left
    out); the time as the database gives ``max()`` back (naive, or text, on SQLite)."""
    return dict(ctx.session.execute(select(Submission.side_id, func.max(Submission.submitted_at))
                                    .where(Submission.side_id.in_(side_ids))
                                    .group_by(Submission.side_id)).all())


def open_sides_of(ctx: Ctx, owner_id: int, games: Collection[str]) -> list[Any]:
    """The sides this member's competitors play on the league's open shows in these games, by show
    number then card position: ``(show number, show name, deadline, position, side id, competitor
    id, competitor's name, match edited at)``."""
    q = (select(Show.number, Show.name, Show.deadline, CardMatch.position, CardSide.id, Competitor.id,
                Competitor.name, CardMatch.edited_at)
         .join(CardMatch, CardMatch.show_id == Show.id).join(CardSide, CardSide.match_id == CardMatch.id)
         .join(Competitor, CardSide.competitor_id == Competitor.id)
         .where(Show.league_id == ctx.league.id, Show.status == "open", CardMatch.ruleset.in_(games),
                Competitor.owner_id == owner_id)
         .order_by(Show.number, CardMatch.position))
    return list(ctx.session.execute(q).all())
