"""A league's notification settings (``NotifySettings``): the webhook, the SMTP server, the reminder
hours and the site address that links in messages begin with. The webhook's URL (a Discord webhook's
address is itself a credential), its signing secret and the SMTP password are secrets: they are
never exported, backed up, put in the API or logged; :func:`public_view` is what may be shown."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import League, NotifySettings
from turnbuckle.league.notify import WEBHOOK_KINDS, dialects
from turnbuckle.league.notify.reach import refusal_at_set
from turnbuckle.league.site_address import site_url as site_url  # the notifier's links begin with it

#: Hours before a strategy deadline that reminders go, unless the organiser sets others.
DEFAULT_REMINDERS = (24, 1)
MAX_REMINDERS = 4
MAX_REMINDER_HOURS = 24 * 14
SECURITIES = ("starttls", "tls", "none")
#: Where ``serve --base-url`` leaves the site's address (web/public/links.py writes it under this name).

#: An e-mail address as the league takes it: a local part and a host name of labels.
_ADDRESS = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                      r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$")


def check_address(text: str) -> str:
    """An e-mail address as stored (trimmed), or a LeagueError saying what is wrong with it (a member's
    address, ``contacts.set_email``, and the league's From address alike)."""
    address = text.strip()
    if len(address) > 254 or not _ADDRESS.match(address):
        raise LeagueError(f"{address[:80]!r} is not an e-mail address like name@example.org")
    return address


def settings(session: Session, league: League) -> NotifySettings:
    """The league's settings row, made (with a new signing secret) on first use."""
    row = session.get(NotifySettings, league.id)
    if row is None:
        row = NotifySettings(league_id=league.id, webhook_url=None, webhook_kinds=",".join(WEBHOOK_KINDS),
                             webhook_dialect="json",
                             webhook_secret=new_secret(), smtp_host=None, smtp_port=587, smtp_security="starttls",
                             smtp_user=None, smtp_password=None, smtp_from=None,
                             reminder_hours=",".join(map(str, DEFAULT_REMINDERS)), site_url=None,
                             updated_at=datetime.now(UTC))
        session.add(row)
        session.flush()
    return row


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


def check_http_url(url: str, what: str) -> str:
    """``url`` stripped if it is an http or https address with a host (and a port, if any, from 1 to
    65535), printable characters only and no user or password (``http.client`` would not send them:
    the receiver would get no credentials, while the address kept them); a LeagueError otherwise."""
    url = url.strip()
    problem = f"the {what} must be an http:// or https:// address with a host, at most 2000 characters"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # an unclosed [IPv6 literal, a port that is not a number or out of range
        raise LeagueError(f"{problem} (got {shown_url(url)!r})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or len(url) > 2000 \
            or any(c.isspace() or not c.isprintable() for c in url) or port == 0:
        raise LeagueError(f"{problem} (got {shown_url(url)!r})")
    if parts.username is not None or parts.password is not None:
        why = ("they are not sent; put the receiver's token in the address's path" if what == "webhook address"
               else "every link in messages would show them")
        raise LeagueError(f"the {what} must not hold a user name or password (user:password@): {why} "
                          f"(got {shown_url(url)!r})")
    return url


#: The longest site address kept (links in messages begin with it).
MAX_SITE_URL = 300


def check_site_url(url: str) -> str:
    """The site's address for links in messages: an http(s) address with a host and at most a path
    (no query or fragment, which links would otherwise follow), without its trailing slash."""
    url = check_http_url(url, "site address").rstrip("/")
    parts = urlsplit(url)
    if parts.query or parts.fragment or "?" in url or "#" in url:
        raise LeagueError(f"the site address must have no ?query or #fragment, like https://league.example.org "
                          f"(got {shown_url(url)!r})")
    if len(url) > MAX_SITE_URL:
        raise LeagueError(f"the site address must be at most {MAX_SITE_URL} characters")
    return url


def shown_url(url: str | None) -> str:
    """A webhook address as it may be shown or logged: its scheme and host, never its path (which
    often holds the receiver's own token) nor a user or password."""
    if not url:
        return ""
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname or ""
    except ValueError:
        return "(not an address)"
    if not parts.scheme or not parts.netloc:
        return "(not an address)"
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:  # a port that is not a number or out of range: the host alone
        port = ""
    host = f"[{host}]" if ":" in host else host
    return f"{parts.scheme}://{host}{port}/…"


def parse_kinds(text: str, allowed: tuple[str, ...]) -> str:
    """Comma-separated kinds checked against ``allowed``; stored in ``allowed``'s order."""
    asked = {k.strip().lower() for k in text.split(",") if k.strip()}
    unknown = sorted(asked - set(allowed))
    if unknown:
        raise LeagueError(f"unknown kind {unknown[0]!r}; the kinds are {', '.join(allowed)}")
    return ",".join(k for k in allowed if k in asked)


def parse_reminders(text: str) -> tuple[int, ...]:
    """Reminder hours such as ``24,1``: whole hours from 1 to two weeks, at most four, largest first
    (an empty text: no reminders)."""
    hours: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not (part.isascii() and part.isdigit()) or len(part) > 6 or not 1 <= int(part) <= MAX_REMINDER_HOURS:
            raise LeagueError(f"reminder hours are whole numbers from 1 to {MAX_REMINDER_HOURS}, comma-separated "
                              f"(like 24,1); {part[:20]!r} is not")
        hours.add(int(part))
    if len(hours) > MAX_REMINDERS:
        raise LeagueError(f"at most {MAX_REMINDERS} reminders before a deadline; {len(hours)} were given")
    return tuple(sorted(hours, reverse=True))


def reminders(row: NotifySettings) -> tuple[int, ...]:
    return parse_reminders(row.reminder_hours)


def kinds_of(text: str) -> set[str]:
    return {k for k in text.split(",") if k}


def set_webhook(ctx: Ctx, url: str | None, kinds: str | None = None, dialect: str | None = None) -> NotifySettings:
    """The organiser sets the webhook's address (None or "": no webhook) and, optionally, its kinds
    and its dialect (what its receiver reads; None: guessed from a new address, kept for the same one)."""
    ctx.require_organiser("set the league's webhook")
    row = settings(ctx.session, ctx.league)
    before = row.webhook_url
    row.webhook_url = check_http_url(url, "webhook address") if url and url.strip() else None
    if row.webhook_url:
        _refuse_inside(urlsplit(row.webhook_url).hostname or "", "webhook address")
    if dialect:
        row.webhook_dialect = dialects.check(dialect)
    elif row.webhook_url != before or not row.webhook_dialect:
        row.webhook_dialect = dialects.guess(row.webhook_url)
    if kinds is not None:
        row.webhook_kinds = parse_kinds(kinds, WEBHOOK_KINDS)
    row.updated_at = ctx.now()
    return row


def set_dialect(ctx: Ctx, dialect: str) -> NotifySettings:
    """What the webhook's receiver reads: discord, slack or json (league/notify/dialects.py)."""
    ctx.require_organiser("set the webhook's dialect")
    row = settings(ctx.session, ctx.league)
    if not row.webhook_url:
        raise LeagueError("set the webhook's address first")
    row.webhook_dialect = dialects.check(dialect)
    row.updated_at = ctx.now()
    return row


def _refuse_inside(host: str, what: str) -> None:
    why = refusal_at_set(host, what)
    if why:
        raise LeagueError(why)


def rotate_secret(ctx: Ctx) -> str:
    """A new signing secret for the webhook (the old one stops working at once); returned once."""
    ctx.require_organiser("change the webhook's signing secret")
    row = settings(ctx.session, ctx.league)
    row.webhook_secret = new_secret()
    row.updated_at = ctx.now()
    return row.webhook_secret


def webhook_secret(ctx: Ctx) -> str:
    """The signing secret, for the organiser only (to set up their receiver)."""
    ctx.require_organiser("see the webhook's signing secret")
    return settings(ctx.session, ctx.league).webhook_secret


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    security: str
    user: str | None
    password: str | None
    sender: str


def set_smtp(ctx: Ctx, host: str | None, *, port: int = 587, security: str = "starttls", user: str | None = None,
             password: str | None = None, sender: str | None = None, keep_password: bool = False) -> NotifySettings:
    """The organiser sets the SMTP server e-mail goes through (``host`` None or "": no e-mail).
    ``keep_password``: leave the stored password as it is (a form that does not show it)."""
    ctx.require_organiser("set the league's e-mail server")
    row = settings(ctx.session, ctx.league)
    if not host or not host.strip():
        row.smtp_host = row.smtp_user = row.smtp_password = row.smtp_from = None
        row.updated_at = ctx.now()
        return row
    host = host.strip()
    if len(host) > 255 or not host.isprintable() or any(c.isspace() or c in "/@" for c in host):
        raise LeagueError(f"the SMTP host must be a host name or address (got {host[:60]!r})")
    if host.count(":") == 1:  # smtp.example.org:465 (an IPv6 address has more than one colon)
        raise LeagueError(f"give the SMTP host without its port, and the port on its own (got {host[:60]!r})")
    if not 1 <= port <= 65535:
        raise LeagueError(f"the SMTP port must be from 1 to 65535 (got {port})")
    _refuse_inside(host, "SMTP host")
    if security not in SECURITIES:
        raise LeagueError(f"the SMTP security must be one of {', '.join(SECURITIES)} (got {security!r})")
    if not sender:
        raise LeagueError("say which address the league's e-mail comes from (the From address)")
    row.smtp_host, row.smtp_port, row.smtp_security = host, port, security
    row.smtp_from = check_address(sender)
    user = (user or "").strip()
    if len(user) > 255 or not user.isprintable():
        raise LeagueError("the SMTP user must be one line of at most 255 characters, without control characters")
    row.smtp_user = user or None
    if not keep_password:
        row.smtp_password = password or None
    row.updated_at = ctx.now()
    return row


def smtp(row: NotifySettings) -> Smtp | None:
    if not row.smtp_host or not row.smtp_from:
        return None
    return Smtp(row.smtp_host, row.smtp_port, row.smtp_security, row.smtp_user, row.smtp_password, row.smtp_from)


def set_reminders(ctx: Ctx, hours: str) -> NotifySettings:
    ctx.require_organiser("set the deadline reminders")
    row = settings(ctx.session, ctx.league)
    row.reminder_hours = ",".join(map(str, parse_reminders(hours)))
    row.updated_at = ctx.now()
    return row


def set_site_url(ctx: Ctx, url: str | None) -> NotifySettings:
    ctx.require_organiser("set the site's address")
    row = settings(ctx.session, ctx.league)
    row.site_url = check_site_url(url) if url and url.strip() else None
    row.updated_at = ctx.now()
    return row


def public_view(row: NotifySettings) -> dict[str, object]:
    """The settings as the organiser's pages and the command line show them: no secret, the
    webhook's address cut to its host."""
    return {"webhook": shown_url(row.webhook_url) or None, "webhook_kinds": sorted(kinds_of(row.webhook_kinds)),
            "webhook_dialect": row.webhook_dialect,
            "smtp_host": row.smtp_host, "smtp_port": row.smtp_port, "smtp_security": row.smtp_security,
            "smtp_user": row.smtp_user, "smtp_password_set": bool(row.smtp_password), "smtp_from": row.smtp_from,
            "reminder_hours": list(reminders(row)), "site_url": row.site_url}
