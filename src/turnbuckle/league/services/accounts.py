"""Accounts: passwords, one-time invitation and reset links, signing in (throttled per account
and per address), server-side web sessions and personal API tokens. The command line and the web
both call these; each checks who may do it."""

from __future__ import annotations

from datetime import datetime, timedelta
from hmac import compare_digest

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from turnbuckle.core.errors import Broken
from turnbuckle.league import member_tokens
from turnbuckle.league.context import Clock, Ctx, member_named
from turnbuckle.league.credentials import check_password, digest, hash_password, new_token, verify_password
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.models import AccountLink, ApiToken, League, Member, SiteKey, WebSession
from turnbuckle.league.services import throttle
from turnbuckle.league.services.roster import check_name, create_league
from turnbuckle.league.services.throttle import MAX_FAILURES_PER_ACCOUNT as MAX_FAILURES_PER_ACCOUNT
from turnbuckle.league.services.throttle import MAX_FAILURES_PER_ADDRESS as MAX_FAILURES_PER_ADDRESS
from turnbuckle.league.services.throttle import Throttled as Throttled

INVITE_LIFETIME = timedelta(days=7)
RESET_LIFETIME = timedelta(days=1)
SESSION_IDLE = timedelta(days=14)  # a session unused this long ends
SESSION_CAP = timedelta(days=90)  # and none outlives this, however much it is used
SESSION_RENEW_AFTER = timedelta(days=1)  # use extends a session at most once a day (one write)
THROTTLE_WINDOW = throttle.WINDOW
MAX_TOKENS = member_tokens.API.most_live
#: what a personal API token may do: read (every GET of the API), submit (strategies), organise (the
#: organiser's API routes); a new token gets DEFAULT_SCOPES unless others are chosen
SCOPES = ("read", "submit", "organise")
DEFAULT_SCOPES = ("read", "submit")
LINK_GONE = "this link is unknown, used or expired; ask the organiser for a new one"


class BadLogin(LeagueError):
    """A wrong name or password (which of the two is not said)."""


# -- passwords and one-time links ---------------------------------------------------------------------
def set_password(ctx: Ctx, name: str, password: str) -> Member:
    """The organiser sets any member's password (a first password, or a forgotten one); a member
    may set their own. Every session of that member ends and every API token is revoked."""
    member = member_named(ctx.session, ctx.league, name)
    if member.id != ctx.actor.id:
        ctx.require_organiser("set another member's password")
    member.password_hash = hash_password(password)
    end_member_credentials(ctx.session, member, ctx.now())
    return member


def change_own_password(ctx: Ctx, current: str, new: str, address: str) -> None:
    """The acting member's new password, given the current one; the check of the current one is
    throttled as a sign-in is (``address``: where the request came from). Every session ends and
    every API token is revoked (the caller starts a new session for the browser that asked)."""
    member = ctx.session.get(Member, ctx.actor.id)
    if member is None:
        raise NotFound("no such member")
    now = ctx.now()
    throttle.check(ctx.session, member.name, address, now)
    if not verify_password(current, member.password_hash):
        throttle.failed(ctx.session, member.name, address, now)
        raise LeagueError("the current password is wrong")
    member.password_hash = hash_password(new)
    end_member_credentials(ctx.session, member, now)


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
    if league is None:
        raise Broken("expected league is not None")
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
    end_member_credentials(session, member, now)
    session.flush()
    return member


def _name_free(session: Session, league: League, name: str) -> None:
    taken = session.scalars(select(Member.id).where(Member.league_id == league.id,
                                                    func.lower(Member.name) == name.lower())).first()
    if taken is not None:
        raise LeagueError(f"there is already a member named '{name}'; choose another name")


# -- signing in ---------------------------------------------------------------------------------------
def sign_in(session: Session, league: League, name: str, password: str, address: str, clock: Clock) -> Member:
    """The member with this name and password, or BadLogin; Throttled (even with the right
    password) while ``address`` is held back for this account or slowed (league/services/throttle.py)."""
    now = clock()
    throttle.check(session, name, address, now)
    member = session.scalars(select(Member).where(Member.league_id == league.id,
                                                  func.lower(Member.name) == throttle.account_key(name))).first()
    if not verify_password(password, member.password_hash if member else None) or member is None:
        throttle.failed(session, name, address, now)
        raise BadLogin("wrong name or password")
    throttle.passed(session, name, address)
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


def end_member_credentials(session: Session, member: Member, now: datetime) -> None:
    """A new password: every session of the member ends and every live API token is revoked."""
    end_member_sessions(session, member)
    member_tokens.revoke_all(session, member_tokens.API, member.id, now)


# -- personal API tokens --------------------------------------------------------------------------------
def check_scopes(ctx: Ctx, scopes: list[str] | tuple[str, ...] | None) -> str:
    """The chosen scopes as stored (comma-separated, in SCOPES' order), or a LeagueError."""
    chosen = set(DEFAULT_SCOPES if scopes is None else scopes)
    unknown = sorted(chosen - set(SCOPES))
    if unknown:
        raise LeagueError(f"unknown token scope '{unknown[0]}'; choose from {', '.join(SCOPES)}")
    if not chosen:
        raise LeagueError(f"choose at least one scope for the token ({', '.join(SCOPES)})")
    if "organise" in chosen and ctx.actor.role != "organiser":
        raise LeagueError("only the organiser's tokens may have the organise scope")
    return ",".join(s for s in SCOPES if s in chosen)


def create_token(ctx: Ctx, label: str, scopes: list[str] | tuple[str, ...] | None = None) -> tuple[str, ApiToken]:
    """A new API token for the acting member with ``scopes`` (default: DEFAULT_SCOPES): the token
    itself is returned once, never stored. Only a signed-in browser session may ask for one (the web
    refuses API tokens on every page, this one's included)."""
    label = check_name(label, "token label") if label.strip() else "API token"
    stored_scopes = check_scopes(ctx, scopes)
    return member_tokens.issue(ctx.session, member_tokens.API, ctx.actor.id, ctx.now(), label=label,
                               scopes=stored_scopes, last_used_at=None)


def tokens(ctx: Ctx) -> list[ApiToken]:
    """The acting member's own tokens (live and revoked), newest first."""
    return member_tokens.owned(ctx.session, member_tokens.API, ctx.actor.id)


def revoke_token(ctx: Ctx, token_id: int) -> ApiToken:
    """Revoke one of the acting member's tokens (another member's reads as not found)."""
    return member_tokens.revoke(ctx.session, member_tokens.API, ctx.actor.id, token_id, ctx.now())


def member_for_token(session: Session, raw: str, now: datetime) -> Member | None:
    found = token_for(session, raw, now)
    return found[0] if found else None


def token_for(session: Session, raw: str, now: datetime) -> tuple[Member, frozenset[str]] | None:
    """The live token's member and scopes, or None (unknown or revoked)."""
    row = member_tokens.live(session, member_tokens.API, raw)
    if row is None:
        return None
    if row.last_used_at is None or now - row.last_used_at > timedelta(minutes=5):
        row.last_used_at = now  # written at most every few minutes
    member = row.member
    _ = member.name
    return member, frozenset(s for s in row.scopes.split(",") if s)


# -- first run: the one-time setup link --------------------------------------------------------------------
#: The site key that holds the setup token's SHA-256 while the database holds no league.
SETUP_KEY = "setup_sha256"
SETUP_GONE = ("this setup link is unknown or already used; restart 'turnbuckle serve' on a database with no "
              "league for a new one")


def create_setup_link(session: Session) -> str | None:
    """A fresh one-time setup token while the database holds no league (None once it holds one). Only its
    SHA-256 is kept (in ``site_keys``); a new one replaces the last, so only the latest printed link works."""
    if session.scalars(select(League.id)).first() is not None:
        return None
    token = new_token()
    row = session.get(SiteKey, SETUP_KEY)
    if row is None:
        session.add(SiteKey(name=SETUP_KEY, value=digest(token)))
    else:
        row.value = digest(token)
    session.flush()
    return token


def open_setup(session: Session, token: str) -> SiteKey:
    """The setup key behind ``token`` while no league exists, or NotFound."""
    row = session.get(SiteKey, SETUP_KEY)
    if row is None or not same_secret(row.value, digest(token)) or session.scalars(select(League.id)).first():
        raise NotFound(SETUP_GONE)
    return row


def set_up_league(session: Session, token: str, league_name: str, timezone: str, max_push_level: int,
                  organiser: str, password: str, clock: Clock) -> Member:
    """Use the setup link: the league and its organiser (with this password, checked as at sign-up).
    The link is spent."""
    row = open_setup(session, token)
    check_password(password)
    league = create_league(session, league_name, organiser, timezone, clock, max_push_level)
    member = member_named(session, league, None)
    member.password_hash = hash_password(password)
    session.delete(row)
    session.flush()
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
