"""A member's notices (``league.models.Notice``): what the league has to tell them, such as a
strategy made stale by the organiser's change to its match, or one the run could not play. Read by
the pages, the API and ``turnbuckle league notices`` alike, so the one rule below is in one place:
a notice held back until a show is published (``visible_from_show``) is not shown, to anyone,
before that show's status is ``published`` (it would reveal what the run did)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import aliased

from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import NotFound
from turnbuckle.league.keys import MAX_ID
from turnbuckle.league.models import Notice, Show

#: The most notices one answer lists (newest first).
MAX_LISTED = 100


def _visible(ctx: Ctx) -> Any:
    held = aliased(Show)
    return (select(Notice, Show.number)
            .outerjoin(held, Notice.visible_from_show == held.id)
            .outerjoin(Show, Notice.show_id == Show.id)
            .where(Notice.league_id == ctx.league.id, Notice.member_id == ctx.actor.id,
                   or_(Notice.visible_from_show.is_(None), held.status == "published")))


def visible_notices(ctx: Ctx, include_read: bool = False, limit: int = MAX_LISTED) -> list[tuple[Notice, int | None]]:
    """The acting member's notices they may see now, newest first, each with its show's number
    (None when it names no show); unread ones only unless ``include_read``. A spectator has none."""
    if not ctx.actor.id:
        return []
    q = _visible(ctx)
    if not include_read:
        q = q.where(Notice.read_at.is_(None))
    q = q.order_by(Notice.created_at.desc(), Notice.id.desc()).limit(max(1, min(limit, MAX_LISTED)))
    return [(n, number) for n, number in ctx.session.execute(q).all()]


def unread_count(ctx: Ctx) -> int:
    return len(visible_notices(ctx)) if ctx.actor.id else 0


def mark_read(ctx: Ctx, notice_ids: list[int] | None = None) -> list[Notice]:
    """Mark the acting member's visible notices read: these ids (one that is not theirs, or not
    visible yet, reads as not found and nothing is marked), or every unread one when None.
    Returns the notices marked (one already read is returned unchanged)."""
    if not ctx.actor.id:
        raise NotFound("sign in to read your notices")
    if notice_ids is not None and any(not 1 <= i <= MAX_ID for i in notice_ids):
        raise NotFound("no such notice")  # larger than any id a database holds: never bound
    q = _visible(ctx)
    q = q.where(Notice.read_at.is_(None)) if notice_ids is None else q.where(Notice.id.in_(notice_ids))
    found = [n for n, _number in ctx.session.execute(q).all()]
    if notice_ids is not None:
        missing = sorted(set(notice_ids) - {n.id for n in found})
        if missing:
            raise NotFound(f"you have no notice {missing[0]}; see 'turnbuckle league notices --all'")
    now: datetime = ctx.now()
    for n in found:
        if n.read_at is None:
            n.read_at = now
    ctx.session.flush()
    return found


def notice_row(ctx: Ctx, n: Notice, show_number: int | None) -> dict[str, Any]:
    """A notice as the pages and the command line show it (times in the league's time zone)."""
    return {"id": n.id, "show": show_number, "text": n.text, "at": ctx.local(n.created_at),
            "created_at": n.created_at, "read_at": n.read_at,
            "read": ctx.local(n.read_at) if n.read_at is not None else None}
