"""Accounts: passwords, one-time invitation and reset links, signing in (throttled per account
and per address), server-side web sessions and personal API tokens. The command line and the web
both call these; each checks who may do it."""

from __future__ import annotations

from datetime import datetime, timedelta
from hmac import compare_digest

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from turnbuckle.league.context import Clock, Ctx, member_named
from turnbuckle.league.credentials import check_password, digest, hash_password, new_token, verify_password
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.models import AccountLink, ApiToken, League, LoginAttempt, Member, SiteKey, WebSession
from turnbuckle.league.services.roster import check_name

INVITE_LIFETIME = timedelta(days=7)
RESET_LIFETIME = timedelta(days=1)
SESSION_IDLE = timedelta(days=14)  # a session unused this long ends
SESSION_CAP = timedelta(days=90)  # and none outlives this, however much it is used
SESSION_RENEW_AFTER = timedelta(days=1)  # use extends a session at most once a day (one write)
THROTTLE_WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_ACCOUNT = 5
MAX_FAILURES_PER_ADDRESS = 20
MAX_TOKENS = 20
LINK_GONE = "this link is unknown, used or expired; ask the organiser for a new one"


class Throttled(LeagueError):
    """Too many failed sign-ins: refused until the window has passed."""


class BadLogin(LeagueError):
    """A wrong name or password (which of the two is not said)."""


# -- passwords and one-time links ---------------------------------------------------------------------
def set_password(ctx: Ctx, name: str, password: str) -> Member:
    """The organiser sets any member's password (a first password, or a forgotten one); a member
    may set their own. Every session of that member ends."""
    member = member_named(ctx.session, ctx.league, name)
    if member.id != ctx.actor.id:
        ctx.require_organiser("set another member's password")
    member.password_hash = hash_password(password)
    end_member_sessions(ctx.session, member)
    return member


def change_own_password(ctx: Ctx, current: str, new: str) -> None:
    if not verify_password(current, ctx.actor.password_hash):
        raise LeagueError("the current password is wrong")
    member = ctx.session.get(Member, ctx.actor.id)
    if member is None:
        raise NotFound("no such member")
    member.password_hash = hash_password(new)
    end_member_sessions(ctx.session, member)


def create_invite(ctx: Ctx, name: str | None = None) -> str:
    """A one-time sign-up link's token for a new player (named now, or by them at sign-up)."""
    ctx.require_organiser("invite players")
    shown = check_name(name, "member") if name and name.strip() else None
    if shown is not None:
        _name_free(ctx.session, ctx.league, shown)
    token = new_token()
    ctx.session.add(AccountLink(token_sha256=digest(token), kind="invite", league_id=ctx.league.id, member_id=None,
                                name=shown, created_by=ctx.actor.id, created_at=ctx.now(),
                                expires_at=ctx.now() + INVITE_LIFETIME))
    ctx.session.flush()
    return token


def create_reset(ctx: Ctx, name: str) -> str:
    """A one-time password-reset link's token for an existing member (the organiser hands it over)."""
    ctx.require_organiser("issue password-reset links")
    member = member_named(ctx.session, ctx.league, name)
    token = new_token()
    ctx.session.add(AccountLink(token_sha256=digest(token), kind="reset", league_id=ctx.league.id,
                                member_id=member.id, name=member.name, created_by=ctx.actor.id,
                                created_at=ctx.now(), expires_at=ctx.now() + RESET_LIFETIME))
    ctx.session.flush()
    return token


def open_link(session: Session, token: str, kind: str, now: datetime) -> AccountLink:
    """The unused, unexpired link of ``kind`` behind ``token``, or NotFound."""
    link = session.scalars(select(AccountLink).where(AccountLink.token_sha256 == digest(token))).first()
    if link is None or link.kind != kind or link.used_at is not None or link.expires_at <= now:
        raise NotFound(LINK_GONE)
    return link


def sign_up(session: Session, token: str, name: str, password: str, clock: Clock) -> Member:
    """Use an invitation: a new player with this name and password. The link is spent."""
    now = clock()
    link = open_link(session, token, "invite", now)
    chosen = link.name or check_name(name, "member")
    league = session.get(League, link.league_id)
    assert league is not None
    _name_free(session, league, chosen)
    check_password(password)
    member = Member(league_id=league.id, name=chosen, role="player", created_at=now,
                    password_hash=hash_password(password))
    session.add(member)
    link.used_at = now
    session.flush()
    return member


def reset_password(session: Session, token: str, password: str, clock: Clock) -> Member:
    """Use a reset link: the member's new password; the link is spent and their sessions end."""
    now = clock()
    link = open_link(session, token, "reset", now)
    member = session.get(Member, link.member_id)
    if member is None:
        raise NotFound(LINK_GONE)
    member.password_hash = hash_password(password)
    link.used_at = now
    end_member_sessions(session, member)
    session.flush()
    return member


def _name_free(session: Session, league: League, name: str) -> None:
    taken = session.scalars(select(Member.id).where(Member.league_id == league.id,
                                                    func.lower(Member.name) == name.lower())).first()
    if taken is not None:
        raise LeagueError(f"there is already a member named '{name}'; choose another name")


# -- signing in ---------------------------------------------------------------------------------------
def sign_in(session: Session, league: League, name: str, password: str, address: str, clock: Clock) -> Member:
    """The member with this name and password, or BadLogin; Throttled after too many failures
    for the account or the address within the window (even with the right password)."""
    now = clock()
    account = name.strip().lower()[:100]
    address = address[:64]
    since = now - THROTTLE_WINDOW
    session.execute(delete(LoginAttempt).where(LoginAttempt.at < now - timedelta(days=1)))
    by_account = session.scalars(select(LoginAttempt.at).where(LoginAttempt.account == account,
                                                               LoginAttempt.at > since).order_by(LoginAttempt.at)).all()
    by_address = session.scalars(select(LoginAttempt.at).where(LoginAttempt.address == address,
                                                               LoginAttempt.at > since).order_by(LoginAttempt.at)).all()
    for failures, limit, what in ((by_account, MAX_FAILURES_PER_ACCOUNT, "this account"),
                                  (by_address, MAX_FAILURES_PER_ADDRESS, "this address")):
        if len(failures) >= limit:
            wait = failures[-limit] + THROTTLE_WINDOW - now
            minutes = max(1, -(-int(wait.total_seconds()) // 60))
            raise Throttled(f"too many failed sign-ins for {what}; try again in {minutes} minute"
                            f"{'s' if minutes != 1 else ''}")
    member = session.scalars(select(Member).where(Member.league_id == league.id,
                                                  func.lower(Member.name) == account)).first()
    if not verify_password(password, member.password_hash if member else None) or member is None:
        session.add(LoginAttempt(account=account, address=address, at=now))
        session.flush()
        raise BadLogin("wrong name or password")
    session.execute(delete(LoginAttempt).where(LoginAttempt.account == account))
    return member


# -- web sessions ---------------------------------------------------------------------------------------
def start_session(session: Session, member: Member, clock: Clock, replacing: str | None = None) -> str:
    """A new session for ``member``; its id (for the cookie) is returned, only its digest is kept.
    ``replacing``: the browser's previous session id, which ends (a fresh id at every sign-in)."""
    if replacing:
        end_session(session, replacing)
    now = clock()
    raw = new_token()
    session.add(WebSession(id_sha256=digest(raw), member_id=member.id, csrf_token=new_token(),
                           created_at=now, expires_at=now + SESSION_IDLE))
    session.flush()
    return raw


def find_session(session: Session, raw: str, now: datetime) -> WebSession | None:
    """The live session behind a cookie's id (its member loaded), or None; an expired one is removed.

    Use slides the session: ``expires_at`` is SESSION_IDLE after its last extension, never later
    than SESSION_CAP after sign-in. It is moved (one small write) only when more than
    SESSION_RENEW_AFTER has passed since the last extension, so most requests write nothing."""
    row = session.scalars(select(WebSession).where(WebSession.id_sha256 == digest(raw))).first()
    if row is None:
        return None
    if row.expires_at <= now:
        session.delete(row)
        return None
    extended_at = row.expires_at - SESSION_IDLE
    later = min(now + SESSION_IDLE, row.created_at + SESSION_CAP)
    if now - extended_at > SESSION_RENEW_AFTER and later > row.expires_at:  # at the cap: nothing to move
        row.expires_at = later
    _ = row.member.name  # loaded while the session is open
    return row


def end_session(session: Session, raw: str) -> None:
    session.execute(delete(WebSession).where(WebSession.id_sha256 == digest(raw)))


def end_member_sessions(session: Session, member: Member) -> None:
    session.execute(delete(WebSession).where(WebSession.member_id == member.id))


# -- personal API tokens --------------------------------------------------------------------------------
def create_token(ctx: Ctx, label: str) -> tuple[str, ApiToken]:
    """A new API token for the acting member: the token itself is returned once, never stored."""
    label = check_name(label, "token label") if label.strip() else "API token"
    live = ctx.session.scalar(select(func.count()).select_from(ApiToken).where(
        ApiToken.member_id == ctx.actor.id, ApiToken.revoked_at.is_(None)))
    if (live or 0) >= MAX_TOKENS:
        raise LeagueError(f"you have {MAX_TOKENS} live API tokens; revoke one first")
    raw = new_token("tb_")
    row = ApiToken(token_sha256=digest(raw), member_id=ctx.actor.id, label=label, hint=raw[:7],
                   created_at=ctx.now(), last_used_at=None, revoked_at=None)
    ctx.session.add(row)
    ctx.session.flush()
    return raw, row


def tokens(ctx: Ctx) -> list[ApiToken]:
    """The acting member's own tokens (live and revoked), newest first."""
    return list(ctx.session.scalars(select(ApiToken).where(ApiToken.member_id == ctx.actor.id)
                                    .order_by(ApiToken.id.desc())))


def revoke_token(ctx: Ctx, token_id: int) -> ApiToken:
    """Revoke one of the acting member's tokens (another member's reads as not found)."""
    row = ctx.session.get(ApiToken, token_id)
    if row is None or row.member_id != ctx.actor.id:
        raise NotFound(f"you have no API token {token_id}")
    if row.revoked_at is None:
        row.revoked_at = ctx.now()
    return row


def member_for_token(session: Session, raw: str, now: datetime) -> Member | None:
    row = session.scalars(select(ApiToken).where(ApiToken.token_sha256 == digest(raw))).first()
    if row is None or row.revoked_at is not None:
        return None
    if row.last_used_at is None or now - row.last_used_at > timedelta(minutes=5):
        row.last_used_at = now  # written at most every few minutes
    member = row.member
    _ = member.name
    return member


# -- the server's own secret ------------------------------------------------------------------------------
def site_key(session: Session, name: str) -> str:
    """A random secret kept in the database under ``name`` (made on first use)."""
    row = session.get(SiteKey, name)
    if row is None:
        row = SiteKey(name=name, value=new_token())
        session.add(row)
        session.flush()
    return row.value


def same_secret(a: str, b: str) -> bool:
    return compare_digest(a.encode(), b.encode())
