"""Notification pages: the organiser's settings (the webhook, its signing secret, the SMTP server,
the reminder hours, the site address) with the log of every message and try; a member's own e-mail
address, the kinds they want and their private calendar addresses; and the links an e-mail
carries (confirm an address, unsubscribe), each a page with one button, so a mail scanner that opens
links changes nothing. Every change goes through ``league.notify``'s services."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from turnbuckle.league import queries_members
from turnbuckle.league.context import Ctx
from turnbuckle.league.credentials import digest
from turnbuckle.league.db import session_scope
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.models import MemberContact, NotifySettings
from turnbuckle.league.notify import (
    KIND_LABELS,
    KINDS,
    WEBHOOK_KINDS,
    config,
    contacts,
    dialects,
    events,
    feeds,
    outbox,
)
from turnbuckle.league.notify.contacts import LINK_GONE
from turnbuckle.web.accounts.pages import member_ctx
from turnbuckle.web.deps import DbSession, SignedIn, Viewer, render
from turnbuckle.web.forms import Posted, Ticked
from turnbuckle.web.organiser.pages import organiser_ctx
from turnbuckle.web.public.links import site_base
from turnbuckle.web.public.viewing import PathInt

router = APIRouter()


def _no_store(page: HTMLResponse) -> HTMLResponse:
    page.headers["Cache-Control"] = "no-store"  # it shows a secret, or a new address once
    return page


def _organiser_page(request: Request, ctx: Ctx, status: int = 200, **shown: Any) -> HTMLResponse:
    row = config.settings(ctx.session, ctx.league)
    messages = [(m, tries) for m, tries in outbox.recent(ctx.session, ctx.league.id, 50)]
    context: dict[str, Any] = {
        "league": ctx.league, "view": config.public_view(row), "secret": row.webhook_secret,
        "has_webhook": bool(row.webhook_url), "webhook_kinds": config.kinds_of(row.webhook_kinds),
        "kinds": [(k, KIND_LABELS[k]) for k in WEBHOOK_KINDS], "securities": config.SECURITIES,
        "dialects": list(dialects.LABELS.items()),
        "site_default": row.site_url or site_base(request), "messages": messages, "local": ctx.local,
        "names": queries_members.member_names(ctx),
        "error": "", "saved": ""}
    context.update(shown)
    return _no_store(render(request, "organiser_notify.html", context, status))


@router.get("/organiser/notifications", response_class=HTMLResponse)
def organiser_notifications(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    ctx = organiser_ctx(request, session, viewer)
    if session.get(NotifySettings, ctx.league.id) is None:  # a GET reads: show the defaults, make none
        return _organiser_defaults(request, ctx)
    return _organiser_page(request, ctx)


def _organiser_defaults(request: Request, ctx: Ctx) -> HTMLResponse:
    row = NotifySettings(league_id=ctx.league.id, webhook_url=None, webhook_kinds=",".join(WEBHOOK_KINDS),
                         webhook_dialect="json", webhook_secret="", smtp_host=None, smtp_port=587,
                         smtp_security="starttls", smtp_user=None, smtp_password=None,
                         smtp_from=None, reminder_hours="24,1", site_url=None)
    return _no_store(render(request, "organiser_notify.html", {
        "league": ctx.league, "view": config.public_view(row), "secret": "", "has_webhook": False,
        "webhook_kinds": set(WEBHOOK_KINDS), "kinds": [(k, KIND_LABELS[k]) for k in WEBHOOK_KINDS],
        "securities": config.SECURITIES, "site_default": site_base(request), "messages": [], "names": {},
        "dialects": list(dialects.LABELS.items()),
        "local": ctx.local,
        "error": "", "saved": ""}))


def _organiser_post(request: Request, session: DbSession, viewer: Viewer, what: str, change: Any) -> HTMLResponse:
    ctx = organiser_ctx(request, session, viewer)
    try:
        with session.begin_nested():  # a refusal changes nothing
            change(ctx)
    except LeagueError as exc:
        return _organiser_page(request, ctx, 400, error=str(exc))
    return _organiser_page(request, ctx, saved=what)


@router.post("/organiser/notifications/webhook", response_class=HTMLResponse)
def save_webhook(request: Request, session: DbSession, viewer: Viewer, posted: Posted,
                 ticked: Ticked) -> HTMLResponse:
    def change(ctx: Ctx) -> None:
        config.set_webhook(ctx, posted.get("url", ""), ",".join(ticked.get("kinds", [])), posted.get("dialect") or None)
        _remember_site(ctx, request)

    return _organiser_post(request, session, viewer, "The webhook is saved.", change)


@router.post("/organiser/notifications/dialect", response_class=HTMLResponse)
def save_dialect(request: Request, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    return _organiser_post(request, session, viewer, "The webhook's messages are written for its receiver now.",
                           lambda ctx: config.set_dialect(ctx, posted.get("dialect", "")))


@router.post("/organiser/notifications/test", response_class=HTMLResponse)
def send_test(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    return _organiser_post(request, session, viewer, "A test message is queued: it goes at the sender's next pass "
                           "(the log below shows how it went).", events.test_message)


@router.post("/organiser/notifications/secret", response_class=HTMLResponse)
def new_secret(request: Request, session: DbSession, viewer: Viewer) -> HTMLResponse:
    return _organiser_post(request, session, viewer, "A new signing secret is in use; give it to your receiver.",
                           config.rotate_secret)


@router.post("/organiser/notifications/smtp", response_class=HTMLResponse)
def save_smtp(request: Request, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    def change(ctx: Ctx) -> None:
        port = posted.get("port", "587").strip() or "587"
        if not (port.isascii() and port.isdigit()) or len(port) > 5:
            raise LeagueError(f"the SMTP port must be a number from 1 to 65535 (got {port[:20]!r})")
        password = posted.get("password", "")
        config.set_smtp(ctx, posted.get("host"), port=int(port), security=posted.get("security", "starttls"),
                        user=posted.get("user"), password=password, sender=posted.get("sender"),
                        keep_password=not password and not posted.get("clear_password"))
        _remember_site(ctx, request)

    return _organiser_post(request, session, viewer, "The e-mail server is saved.", change)


@router.post("/organiser/notifications/reminders", response_class=HTMLResponse)
def save_reminders(request: Request, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    return _organiser_post(request, session, viewer, "The reminders are saved.",
                           lambda ctx: config.set_reminders(ctx, posted.get("hours", "")))


@router.post("/organiser/notifications/site", response_class=HTMLResponse)
def save_site(request: Request, session: DbSession, viewer: Viewer, posted: Posted) -> HTMLResponse:
    return _organiser_post(request, session, viewer, "The site address is saved.",
                           lambda ctx: config.set_site_url(ctx, posted.get("site_url", "")))


@router.post("/organiser/notifications/{message_id}/retry", response_class=HTMLResponse)
def retry(request: Request, session: DbSession, viewer: Viewer, message_id: str) -> HTMLResponse:
    ctx = organiser_ctx(request, session, viewer)
    number = int(message_id) if message_id.isascii() and message_id.isdigit() and len(message_id) < 10 else 0
    if not number or outbox.retry_now(session, ctx.league.id, number, ctx.now()) is None:
        raise NotFound("no failed message with that number")
    return _organiser_page(request, ctx, saved="The message will be tried again at the next pass.")


def _remember_site(ctx: Ctx, request: Request) -> None:
    """The first save keeps the site's address (the configured base URL, else the address this server
    listens on: never the request's Host header) for links in messages, unless one is set."""
    row = config.settings(ctx.session, ctx.league)
    if not row.site_url:
        row.site_url = site_base(request)[:300]


# -- a member's own ----------------------------------------------------------------------------------------------
def _member_page(request: Request, session: DbSession, member: Any, status: int = 200, **shown: Any) -> HTMLResponse:
    ctx = member_ctx(request, session, member)
    contact = session.get(MemberContact, member.id)
    row = session.get(NotifySettings, ctx.league.id)
    context: dict[str, Any] = {
        "contact": contact, "wanted": set((contact.kinds if contact else "").split(",")),
        "kinds": [(k, KIND_LABELS[k]) for k in KINDS], "mail_ready": row is not None and config.smtp(row) is not None,
        "feed_tokens": [feeds.described(t, ctx) for t in feeds.feed_tokens(ctx)], "new_feed": None,
        "public_feed": site_base(request) + "/feeds/league.ics", "error": "", "saved": ""}
    context.update(shown)
    return _no_store(render(request, "account_notify.html", context, status))


@router.get("/account/notifications", response_class=HTMLResponse)
def member_notifications(request: Request, session: DbSession, member: SignedIn) -> HTMLResponse:
    return _member_page(request, session, member)


def _member_post(request: Request, session: DbSession, member: Any, change: Any, saved: str) -> HTMLResponse:
    ctx = member_ctx(request, session, member)
    try:
        with session.begin_nested():
            shown = change(ctx) or {}
    except LeagueError as exc:
        return _member_page(request, session, member, 400, error=str(exc))
    return _member_page(request, session, member, saved=saved, **shown)


@router.post("/account/notifications/email", response_class=HTMLResponse)
def save_email(request: Request, session: DbSession, member: SignedIn, posted: Posted) -> HTMLResponse:
    address = posted.get("email", "").strip()
    saved = (f"A confirmation link is on its way to {address}; open it to start e-mail." if address
             else "Your address is removed: nothing will be e-mailed to you.")

    def change(ctx: Ctx) -> None:
        if address:  # e-mail set up from the command line knows no site address: links need one
            _remember_site(ctx, request)
        contacts.set_email(ctx, address)

    return _member_post(request, session, member, change, saved)


@router.post("/account/notifications/kinds", response_class=HTMLResponse)
def save_kinds(request: Request, session: DbSession, member: SignedIn, ticked: Ticked) -> HTMLResponse:
    def change(ctx: Ctx) -> None:
        contacts.set_kinds(ctx, ",".join(ticked.get("kinds", [])))

    return _member_post(request, session, member, change, "Your choices are saved.")


@router.post("/account/notifications/feeds", response_class=HTMLResponse)
def new_feed(request: Request, session: DbSession, member: SignedIn) -> HTMLResponse:
    def change(ctx: Ctx) -> dict[str, Any]:
        raw, _row = feeds.create_feed_token(ctx)
        return {"new_feed": f"{site_base(request)}/feeds/member/{raw}.ics"}

    return _member_post(request, session, member, change, "A new private calendar address is made.")


@router.post("/account/notifications/feeds/{token_id}/revoke")
def revoke_feed(request: Request, session: DbSession, member: SignedIn, token_id: PathInt) -> Response:
    feeds.revoke_feed_token(member_ctx(request, session, member), token_id)
    return RedirectResponse("/account/notifications", 303)


# -- the links in an e-mail ----------------------------------------------------------------------------------------
def _link_page(request: Request, action: str, title: str, text: str, button: str = "",
               status: int = 200) -> HTMLResponse:
    return _no_store(render(request, "notify_link.html", {"action": action, "title": title, "text": text,
                                                          "button": button}, status))


def _gone(request: Request, text: str) -> HTMLResponse:
    return _link_page(request, "", "Link not valid", text, status=404)


@router.get("/notify/confirm/{token}", response_class=HTMLResponse)
def confirm_form(request: Request, session: DbSession, token: str) -> HTMLResponse:
    row = queries_members.contact_by_confirm_digest(session, digest(token[:100]))
    now = request.app.state.clock()
    if row is None or row.confirm_expires_at is None or row.confirm_expires_at < now:
        return _gone(request, LINK_GONE)
    return _link_page(request, f"/notify/confirm/{token}", "Confirm your e-mail address",
                      f"Confirm that {row.email} may get the league's e-mail.", "Confirm the address")


@router.post("/notify/confirm/{token}", response_class=HTMLResponse)
def confirm(request: Request, token: str) -> HTMLResponse:
    try:
        with session_scope(request.app.state.engine) as session:
            member = contacts.confirm(session, token[:100], request.app.state.clock())
            name = member.name
    except NotFound as exc:
        return _gone(request, str(exc))
    return _link_page(request, "", "Address confirmed",
                      f"Thank you, {name}: the league's e-mail of the kinds you chose will come to this address. "
                      "Choose the kinds on your account's notifications page.")


@router.get("/notify/unsubscribe/{token}", response_class=HTMLResponse)
def unsubscribe_form(request: Request, session: DbSession, token: str) -> HTMLResponse:
    row = queries_members.contact_by_unsubscribe_token(session, token[:64])
    if row is None:
        return _gone(request, "This unsubscribe link is unknown; sign in to change what you are sent.")
    return _link_page(request, f"/notify/unsubscribe/{token}", "Stop the league's e-mail",
                      "One click stops every kind of e-mail from the league to you.", "Stop all e-mail")


@router.post("/notify/unsubscribe/{token}", response_class=HTMLResponse)
def unsubscribe(request: Request, token: str) -> HTMLResponse:
    try:
        with session_scope(request.app.state.engine) as session:
            contacts.unsubscribe(session, token, request.app.state.clock())
    except NotFound as exc:
        return _gone(request, str(exc))
    return _link_page(request, "", "Unsubscribed",
                      "No more e-mail will be sent to you. To start again, choose kinds on your account's "
                      "notifications page.")
