"""Reading a league's shows, their cards and results, and its table matches, as models or plain rows:
the reads the web's pages make, named for what they read (the pages decide who may see them)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from turnbuckle.league.context import Ctx
from turnbuckle.league.models import (
    CardMatch,
    CardSide,
    Competitor,
    Result,
    ResultSide,
    Show,
    ShowEvent,
    Submission,
    TableMatch,
)


def show_numbered(ctx: Ctx, number: int) -> Show | None:
    """The league's show of this number, whatever its status."""
    q = select(Show).where(Show.league_id == ctx.league.id, Show.number == number)
    return ctx.session.scalars(q).first()


def league_shows(ctx: Ctx, *, ever_public_only: bool) -> list[Show]:
    """The league's shows by number; with ``ever_public_only``, neither drafts nor deleted shows
    that were never opened (a deleted show with a card seed stays)."""
    q = select(Show).where(Show.league_id == ctx.league.id)
    if ever_public_only:
        q = q.where(Show.status != "draft", or_(Show.status != "deleted", Show.card_seed.is_not(None)))
    return list(ctx.session.scalars(q.order_by(Show.number)))


def result_count(ctx: Ctx, show_id: int) -> int:
    """How many of the show's matches have a result."""
    return int(ctx.session.scalar(select(func.count(Result.id)).where(Result.show_id == show_id)) or 0)


def first_show_in(ctx: Ctx, statuses: Collection[str]) -> Show | None:
    """The league's lowest-numbered show in one of these statuses."""
    q = select(Show).where(Show.league_id == ctx.league.id, Show.status.in_(statuses)).order_by(Show.number)
    return ctx.session.scalars(q.limit(1)).first()


def latest_published_show(ctx: Ctx) -> Show | None:
    """The league's highest-numbered published show."""
    q = select(Show).where(Show.league_id == ctx.league.id, Show.status == "published")
    return ctx.session.scalars(q.order_by(Show.number.desc()).limit(1)).first()


def result_ids_outside(ctx: Ctx, statuses: Collection[str]) -> set[int]:
    """The ids of the league's results whose show is in none of these statuses."""
    q = select(Result.id).join(Show, Result.show_id == Show.id).where(Show.league_id == ctx.league.id,
                                                                       Show.status.not_in(statuses))
    return set(ctx.session.scalars(q))


def show_numbers_outside(ctx: Ctx, statuses: Collection[str]) -> set[int]:
    """The numbers of the league's shows in none of these statuses."""
    q = select(Show.number).where(Show.league_id == ctx.league.id, Show.status.not_in(statuses))
    return set(ctx.session.scalars(q))


def played_rows(ctx: Ctx, show_id: int, limit: int | None = None) -> tuple[list[Any], dict[int, list[str]]]:
    """A show's results in card order as rows ``(result id, position, ruleset, winner, method,
    summary, notes)``, and the names of each result's sides in side order, in two queries that read
    only those (a record holds every event of its match)."""
    summary = Result.record[("result", "summary")].as_string()
    winner = Result.record[("result", "winner")].as_string()
    q = (select(Result.id, CardMatch.position, Result.ruleset, winner, Result.method, summary, Result.notes)
         .join(CardMatch, Result.match_id == CardMatch.id).where(Result.show_id == show_id)
         .order_by(CardMatch.position))
    if limit is not None:
        q = q.limit(limit)
    rows = list(ctx.session.execute(q).all())
    names: dict[int, list[str]] = {}
    sides = (select(ResultSide.result_id, Competitor.name)
             .join(Competitor, ResultSide.competitor_id == Competitor.id)
             .where(ResultSide.result_id.in_([row[0] for row in rows]))
             .order_by(ResultSide.result_id, ResultSide.index))
    for result_id, name in ctx.session.execute(sides):
        names.setdefault(result_id, []).append(name)
    return rows, names


def card_match_at(ctx: Ctx, show_id: int, position: int) -> CardMatch | None:
    """The show's card match at this position."""
    q = select(CardMatch).where(CardMatch.show_id == show_id, CardMatch.position == position)
    return ctx.session.scalars(q).first()


def result_of_match(ctx: Ctx, match_id: int) -> Result | None:
    """The result of a card match, if it has been played."""
    return ctx.session.scalars(select(Result).where(Result.match_id == match_id)).first()


def last_lock_at(ctx: Ctx, show_id: int) -> datetime | None:
    """When the show was last locked (its latest lock event's time), or None."""
    return ctx.session.scalars(select(ShowEvent.at).where(ShowEvent.show_id == show_id, ShowEvent.kind == "lock")
                               .order_by(ShowEvent.id.desc())).first()


def table_match_by_uid(ctx: Ctx, uid: str) -> TableMatch | None:
    """The league's table match of this uid."""
    return ctx.session.scalars(select(TableMatch).where(TableMatch.uid == uid,
                                                        TableMatch.league_id == ctx.league.id)).first()


def result_seeds(ctx: Ctx, show_id: int) -> list[Any]:
    """A show's results as rows ``(result id, seed, card position)``."""
    return list(ctx.session.execute(select(Result.id, Result.seed, CardMatch.position)
                                    .join(CardMatch, Result.match_id == CardMatch.id)
                                    .where(Result.show_id == show_id)).all())


def result_records(ctx: Ctx, result_ids: Collection[int]) -> list[Any]:
    """Rows ``(result id, record)`` for these results."""
    return list(ctx.session.execute(select(Result.id, Result.record).where(Result.id.in_(result_ids))))


def sides_sent(ctx: Ctx, show_id: int) -> int:
    """How many of the show's sides have sent a strategy."""
    return int(ctx.session.scalar(select(func.count(func.distinct(Submission.side_id)))
                                  .join(CardSide, Submission.side_id == CardSide.id)
                                  .join(CardMatch, CardSide.match_id == CardMatch.id)
                                  .where(CardMatch.show_id == show_id)) or 0)


def any_open_show_due(session: Session, now: datetime) -> bool:
    """Whether some open show, of any league, has its deadline at or before ``now`` (one indexed read)."""
    q = select(Show.id).where(Show.status == "open", Show.deadline <= now).limit(1)
    return session.scalars(q).first() is not None


def hold_due_shows(ctx: Ctx) -> None:
    """Take the league's open shows past their deadline FOR UPDATE for the unit of work's transaction
    (on PostgreSQL), so that two writers never both lock one show."""
    due = select(Show.id).where(Show.league_id == ctx.league.id, Show.status == "open",
                                Show.deadline <= ctx.now())
    ctx.session.scalars(due.with_for_update()).all()


def show_result_list(ctx: Ctx, show_id: int) -> list[Result]:
    """The show's results (in no particular order)."""
    return list(ctx.session.scalars(select(Result).where(Result.show_id == show_id)))
