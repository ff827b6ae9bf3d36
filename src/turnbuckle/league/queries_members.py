"""Reading a league's competitors, members and their contacts, as models or plain data: the reads
the web's forms and pages make, named for what they read (the pages decide who may see them)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from turnbuckle.league.context import Ctx
from turnbuckle.league.models import Competitor, Member, MemberContact, Reign, Title


def competitor_counts(ctx: Ctx) -> dict[str, int]:
    """How many of the league's competitors play each game, by ruleset id (games with none left out)."""
    rows = ctx.session.execute(select(Competitor.ruleset, func.count()).where(Competitor.league_id == ctx.league.id)
                               .group_by(Competitor.ruleset)).all()
    return {str(game): int(n) for game, n in rows}


def competitors_of_game(session: Session, league_id: int, ruleset: str,
                        owner_id: int | None = None) -> list[Competitor]:
    """The league's competitors of this game by name; with ``owner_id``, only that member's."""
    q = select(Competitor).where(Competitor.league_id == league_id, Competitor.ruleset == ruleset)
    if owner_id is not None:
        q = q.where(Competitor.owner_id == owner_id)
    return list(session.scalars(q.order_by(Competitor.name)))


def competitor_by_uid(ctx: Ctx, uid: str) -> Competitor | None:
    """The league's competitor of this uid."""
    return ctx.session.scalars(select(Competitor).where(Competitor.league_id == ctx.league.id,
                                                        Competitor.uid == uid)).one_or_none()


def member_names(ctx: Ctx) -> dict[int, str]:
    """Each of the league's members' name by id."""
    return {m.id: m.name for m in ctx.session.scalars(select(Member).where(Member.league_id == ctx.league.id))}


def contact_by_confirm_digest(session: Session, sha256: str) -> MemberContact | None:
    """The contact whose pending confirmation link has this digest."""
    return session.scalars(select(MemberContact).where(MemberContact.confirm_sha256 == sha256)).first()


def contact_by_unsubscribe_token(session: Session, token: str) -> MemberContact | None:
    """The contact whose unsubscribe link carries this token."""
    return session.scalars(select(MemberContact).where(MemberContact.unsubscribe_token == token)).first()


def competitors_with_ids(session: Session, ids: Collection[int]) -> list[Competitor]:
    """The competitors of these ids (in no particular order)."""
    return list(session.scalars(select(Competitor).where(Competitor.id.in_(ids))))


def league_competitors(ctx: Ctx) -> list[Competitor]:
    """The league's competitors by id."""
    return list(ctx.session.scalars(select(Competitor).where(Competitor.league_id == ctx.league.id)
                                    .order_by(Competitor.id)))


def title_holds(ctx: Ctx, also_lost_in: Collection[int]) -> list[Any]:
    """Rows ``(competitor id, title's name, result won in)`` by title name: the league's reigns not
    ended, and those lost in one of the results ``also_lost_in``."""
    held_now = Reign.ended_at.is_(None)
    q = (select(Reign.competitor_id, Title.name, Reign.won_result_id).join(Title, Reign.title_id == Title.id)
         .where(Title.league_id == ctx.league.id,
                held_now | Reign.lost_result_id.in_(also_lost_in) if also_lost_in else held_now)
         .order_by(Title.name))
    return list(ctx.session.execute(q))
