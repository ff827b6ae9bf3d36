"""Members' e-mail addresses: set by the member, confirmed by a link sent to the address before
anything else goes there, the kinds of message they opted in to, and a one-link unsubscribe."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from turnbuckle.league.context import Ctx
from turnbuckle.league.credentials import digest
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.models import Member, MemberContact, OutboxMessage
from turnbuckle.league.notify import KINDS, WITH_RESULTS, config
from turnbuckle.league.notify.config import check_address, parse_kinds
from turnbuckle.league.notify.outbox import enqueue

CONFIRM_LIFETIME = timedelta(days=2)
#: Confirmation e-mails one member may cause in a day (the league's server must not become a way to
#: mail strangers).
MAX_CONFIRMATIONS = 5
LINK_GONE = "this confirmation link is unknown, used or expired; set your address again for a new one"
def contact(session: Session, member: Member, now: datetime) -> MemberContact:
    """The member's contact row, made on first use."""
    row = session.get(MemberContact, member.id)
    if row is None:
        row = MemberContact(member_id=member.id, email=None, confirmed_at=None, confirm_sha256=None,
                            confirm_expires_at=None, kinds="", unsubscribe_token=secrets.token_urlsafe(24),
                            updated_at=now)
        session.add(row)
        session.flush()
    return row


def own(ctx: Ctx) -> MemberContact:
    if not ctx.actor.id:
        raise NotFound("sign in to set your e-mail")
    return contact(ctx.session, ctx.actor, ctx.now())


def set_email(ctx: Ctx, address: str | None) -> str | None:
    """The acting member's address (None or "": none). A new address is unconfirmed until its link is
    opened: the confirmation goes to the outbox, and its token is returned (None when cleared)."""
    row = own(ctx)
    if not address or not address.strip():
        row.email = row.confirmed_at = row.confirm_sha256 = row.confirm_expires_at = None
        row.updated_at = ctx.now()
        return None
    checked = check_address(address)
    if config.smtp(config.settings(ctx.session, ctx.league)) is None:
        raise LeagueError("this league sends no e-mail yet: the organiser has not set an e-mail server")
    sent = ctx.session.scalar(select(func.count()).select_from(OutboxMessage).where(
        OutboxMessage.member_id == row.member_id, OutboxMessage.kind == "confirm",
        OutboxMessage.created_at > ctx.now() - timedelta(days=1))) or 0
    if sent >= MAX_CONFIRMATIONS:
        raise LeagueError(f"{MAX_CONFIRMATIONS} confirmation links were sent for you in the last day; "
                          "try again tomorrow")
    token = secrets.token_urlsafe(24)
    row.email, row.confirmed_at = checked, None
    row.confirm_sha256, row.confirm_expires_at = digest(token), ctx.now() + CONFIRM_LIFETIME
    row.updated_at = ctx.now()
    ctx.session.flush()
    _confirmation(ctx, row, token)
    return token


def _confirmation(ctx: Ctx, contact: MemberContact, token: str) -> None:
    """The link that confirms a member's new address (sent to that address, confirmed or not)."""
    row = config.settings(ctx.session, ctx.league)
    base = config.site_url(row)
    link = f"{base}/notify/confirm/{token}" if base else f"/notify/confirm/{token}"
    text = (f"{ctx.actor.name}, this address was given for e-mail from {ctx.league.name}.\n"
            f"Open this link to confirm it (it works for two days): {link}\n"
            "If you did not ask for this, ignore this message: nothing will be sent here.")
    # The id names the link by its hash (never by a piece of it: the id is in the log the organiser reads).
    eid = f"tb:confirm:{contact.member_id}:{hashlib.sha256(token.encode()).hexdigest()[:12]}"
    enqueue(ctx.session, league_id=ctx.league.id, event_id=eid, dedupe=eid, kind="confirm", channel="email",
            payload={"subject": f"[{ctx.league.name}] Confirm your e-mail address", "text": text,
                     "to": contact.email}, now=ctx.now(), member_id=contact.member_id)


def confirm(session: Session, token: str, now: datetime) -> Member:
    """Open a confirmation link: the address is confirmed; the member is returned."""
    row = session.scalars(select(MemberContact).where(MemberContact.confirm_sha256 == digest(token.strip()))).first()
    if row is None or row.email is None or row.confirm_expires_at is None or row.confirm_expires_at < now:
        raise NotFound(LINK_GONE)
    row.confirmed_at, row.confirm_sha256, row.confirm_expires_at, row.updated_at = now, None, None, now
    member = session.get(Member, row.member_id)
    if member is None:
        raise NotFound(LINK_GONE)
    return member


def set_kinds(ctx: Ctx, kinds: str) -> MemberContact:
    """The kinds of e-mail the acting member wants (comma-separated; "" for none). Turning the
    results on turns the commitment at lock on too (:data:`WITH_RESULTS`: the hash the results are
    checked against); with the results already on, the member's choice of it is kept as given."""
    row = own(ctx)
    chosen = parse_kinds(kinds, KINDS).split(",")
    if "results" in chosen and "results" not in row.kinds.split(","):
        chosen.append(WITH_RESULTS)
    row.kinds = parse_kinds(",".join(chosen), KINDS)
    row.updated_at = ctx.now()
    return row


def unsubscribe(session: Session, token: str, now: datetime) -> Member:
    """The link in every e-mail: no more e-mail of any kind to this member (the address stays, so
    opting in again needs no new confirmation)."""
    row = session.scalars(select(MemberContact).where(MemberContact.unsubscribe_token == token.strip()[:64])).first()
    member = session.get(Member, row.member_id) if row is not None else None
    if row is None or member is None:
        raise NotFound("this unsubscribe link is unknown; sign in to change what you are sent")
    row.kinds, row.updated_at = "", now
    return member


def recipients(session: Session, league_id: int, kind: str, member_ids: set[int] | None = None) -> list[MemberContact]:
    """The confirmed contacts opted in to ``kind`` (of ``member_ids`` only, if given)."""
    q = (select(MemberContact).join(Member, Member.id == MemberContact.member_id)
         .where(Member.league_id == league_id, MemberContact.email.is_not(None),
                MemberContact.confirmed_at.is_not(None)).order_by(MemberContact.member_id))
    found = [c for c in session.scalars(q) if kind in c.kinds.split(",")]
    return [c for c in found if member_ids is None or c.member_id in member_ids]
