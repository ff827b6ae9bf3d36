"""What the phone-width walk needs for the links an e-mail carries: a member with an address waiting
for confirmation (its token) and their unsubscribe token, made directly in the demo league (which
has no e-mail server to send the confirmation through)."""

from __future__ import annotations

import secrets

from sqlalchemy import select

from turnbuckle.league.context import Ctx
from turnbuckle.league.credentials import digest
from turnbuckle.league.models import Member
from turnbuckle.league.notify import contacts


def notify_links(ctx: Ctx, name: str) -> dict[str, str]:
    member = ctx.session.scalars(select(Member).where(Member.name == name)).one()
    row = contacts.contact(ctx.session, member, ctx.now())
    token = secrets.token_urlsafe(24)
    row.email, row.confirm_sha256 = f"{name.lower()}@example.org", digest(token)
    row.confirm_expires_at = ctx.now() + contacts.CONFIRM_LIFETIME
    return {"confirm": token, "unsubscribe": row.unsubscribe_token}
