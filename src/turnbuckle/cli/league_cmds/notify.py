"""``turnbuckle league notify``: send what the notification outbox holds (``--drain``, for a league
with no server running), set the webhook, the SMTP server, the reminder hours and the site address,
and read the log of every message and try. A thin front over ``league.notify``; registered by
``league_cmds.register``. No command prints the webhook's address in full or the SMTP password; the
signing secret is printed only when asked for (``secret``)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from turnbuckle.cli.common import fail, user_errors
from turnbuckle.cli.league_cmds.common import As, Db, Fmt, check_format, unit
from turnbuckle.core.settings import Settings

notify_app = typer.Typer(help="Notifications: webhook and e-mail from the outbox (--drain sends what is due).",
                         invoke_without_command=True, no_args_is_help=False)
#: Where ``smtp`` reads the SMTP password from (never from the command line, which others can see).
PASSWORD_ENV = "TURNBUCKLE_SMTP_PASSWORD"  # core/settings.py reads it: smtp_password


@notify_app.callback()
def notify(ctx: typer.Context,
           drain: Annotated[bool, typer.Option("--drain", help="Send every message due now, each tried once "
                                                               "(a failed one waits for its back-off).")] = False,
           limit: Annotated[int, typer.Option(help="The most messages to send.", min=1, max=10_000)] = 500,
           timeout: Annotated[float, typer.Option(help="Seconds each webhook call may take (an SMTP exchange: "
                                                       "this, but at least 10).", min=0.1, max=120)] = 10.0,
           allow_private_notify: Annotated[bool, typer.Option(
               "--allow-private-notify", help="Let the webhook and SMTP server be on this host or its private "
               "network, for sending and for setting them (by default such addresses are refused).")] = False,
           db: Db = None, fmt: Fmt = "text") -> None:
    """Send the outbox (--drain), or set and read the notification settings (the commands below).

    Exit 0 when everything due was sent (or dropped with a reason), 1 when some try failed (it is
    tried again later; see 'league notify log')."""
    if allow_private_notify:  # held for this command and its subcommand, then let go
        from turnbuckle.league.notify.reach import allowing_private  # lazy: keeps the league out of start-up

        ctx.with_resource(allowing_private())
    if ctx.invoked_subcommand is not None:
        return
    if not drain:
        print(ctx.get_help())
        raise typer.Exit(0)
    with user_errors():
        check_format(fmt)
        from turnbuckle.league.db import (  # lazy: keeps the league (sqlalchemy) out of start-up
            database_url,
            open_engine,
        )
        from turnbuckle.league.notify.sender import Timeouts  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.notify.sender import (  # lazy: keeps the league (sqlalchemy) out of start-up
            drain as send_due,
        )

        engine = open_engine(database_url(db))
        try:
            done = send_due(engine, timeouts=Timeouts(webhook=timeout, smtp=max(timeout, 10.0)), limit=limit)
        finally:
            engine.dispose()
    if fmt == "json":
        print(json.dumps({"sent": done.sent, "failed": done.failed, "dropped": done.dropped}))
    else:
        print(f"sent {done.sent}, failed {done.failed} (tried again later), dropped {done.dropped}")
    raise typer.Exit(1 if done.failed else 0)


def _show(view: dict[str, Any], fmt: str) -> None:
    if fmt == "json":
        print(json.dumps(view, indent=2))
        return
    for key, value in view.items():
        shown = ", ".join(map(str, value)) if isinstance(value, list) else ("" if value is None else value)
        print(f"{key}: {shown}")


@notify_app.command("show")
def show_settings(db: Db = None, actor: As = None, fmt: Fmt = "text") -> None:
    """The league's notification settings (no secret: the webhook by its host only)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.notify import config  # lazy: keeps the league (sqlalchemy) out of start-up

        ctx.require_organiser("see the notification settings")
        _show(config.public_view(config.settings(ctx.session, ctx.league)), check_format(fmt))


@notify_app.command("webhook")
def webhook(url: Annotated[str | None, typer.Argument(help="An http:// or https:// address (Discord, Slack or "
                                                             "your own receiver).")] = None,
            off: Annotated[bool, typer.Option("--off", help="No webhook.")] = False,
            kinds: Annotated[str | None, typer.Option(help="What it gets, comma-separated: open, deadline, locked, "
                                                           "results (default: as before; all at first).")] = None,
            dialect: Annotated[str | None, typer.Option(help="What its receiver reads: discord, slack or json "
                                                             "(default: guessed from a new address).")] = None,
            db: Db = None, actor: As = None) -> None:
    """Set the league's webhook (bodies are signed with the league's secret: see 'secret'); without an
    address, --dialect changes what the webhook set reads."""
    with user_errors():
        if url is None and not off and dialect is not None:
            with unit(db, actor) as ctx:
                from turnbuckle.league.notify import config  # lazy: keeps the league (sqlalchemy) out of start-up

                row = config.set_dialect(ctx, dialect)
                where, chosen = config.shown_url(row.webhook_url), row.webhook_dialect
            print(f"webhook: {where}; reads: {chosen}")
            return
        if (url is None) == (not off):
            raise fail("give the webhook's address, or --off for none")
        with unit(db, actor) as ctx:
            from turnbuckle.league.notify import config  # lazy: keeps the league (sqlalchemy) out of start-up

            row = config.set_webhook(ctx, None if off else url, kinds, dialect)
            where, what = config.shown_url(row.webhook_url) or "none", row.webhook_kinds.replace(",", ", ")
            chosen = row.webhook_dialect
    print(f"webhook: {where}; kinds: {what or 'none'}" + (f"; reads: {chosen}" if where != "none" else ""))


@notify_app.command("test")
def send_test(db: Db = None, actor: As = None) -> None:
    """Queue a signed test call to the webhook (kind "test"); '--drain' or the server sends it."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.notify import events  # lazy: keeps the league (sqlalchemy) out of start-up

        eid = events.test_message(ctx)
    print(f"queued {eid}; send it with 'turnbuckle league notify --drain'")


@notify_app.command("secret")
def secret(rotate: Annotated[bool, typer.Option("--rotate", help="Make a new secret first (the old one stops "
                                                                 "working at once).")] = False,
           db: Db = None, actor: As = None) -> None:
    """Print the webhook's signing secret, for your receiver (the organiser only)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.notify import config  # lazy: keeps the league (sqlalchemy) out of start-up

        value = config.rotate_secret(ctx) if rotate else config.webhook_secret(ctx)
    print(value)


@notify_app.command("smtp")
def smtp(host: Annotated[str | None, typer.Argument(help="The SMTP server's host.")] = None,
         off: Annotated[bool, typer.Option("--off", help="No e-mail.")] = False,
         port: Annotated[int, typer.Option(help="Its port.", min=1, max=65535)] = 587,
         security: Annotated[str, typer.Option(help="starttls (default), tls or none.")] = "starttls",
         user: Annotated[str | None, typer.Option(help=f"The user to sign in as (the password from ${PASSWORD_ENV}).")]
         = None,
         sender: Annotated[str | None, typer.Option("--from", help="The address the league's e-mail comes from.")]
         = None,
         db: Db = None, actor: As = None) -> None:
    """Set the SMTP server the league's e-mail goes through."""
    with user_errors():
        if (host is None) == (not off):
            raise fail("give the SMTP server's host, or --off for no e-mail")
        with unit(db, actor) as ctx:
            from turnbuckle.league.notify import config  # lazy: keeps the league (sqlalchemy) out of start-up

            row = config.set_smtp(ctx, None if off else host, port=port, security=security, user=user,
                                  password=Settings.from_env().smtp_password, sender=sender)
            shown = config.public_view(row)
    print("e-mail: none" if not shown["smtp_host"] else
          f"e-mail: {shown['smtp_host']}:{shown['smtp_port']} ({shown['smtp_security']}) from {shown['smtp_from']}"
          + (f", as {shown['smtp_user']}" if shown["smtp_user"] else "")
          + (f" (password set from ${PASSWORD_ENV})" if shown["smtp_password_set"] else
             f" (no password: ${PASSWORD_ENV} was not set)"))


@notify_app.command("reminders")
def reminders(hours: Annotated[str, typer.Argument(help="Hours before a strategy deadline, comma-separated "
                                                        "(24,1); \"\" for none.")],
              db: Db = None, actor: As = None) -> None:
    """Set when the deadline reminders go."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.notify import config  # lazy: keeps the league (sqlalchemy) out of start-up

        row = config.set_reminders(ctx, hours)
        shown = row.reminder_hours
    print(f"reminders: {shown} hours before each deadline" if shown else "reminders: none")


@notify_app.command("site")
def site(url: Annotated[str, typer.Argument(help="The address links in messages begin with "
                                                 "(https://league.example.org); \"\" for none.")],
         db: Db = None, actor: As = None) -> None:
    """Set the site's address for links in messages (the server's --base-url is used when this is unset)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.notify import config  # lazy: keeps the league (sqlalchemy) out of start-up

        row = config.set_site_url(ctx, url)
        shown = row.site_url
    print(f"site: {shown or 'none'}")


@notify_app.command("log")
def log(limit: Annotated[int, typer.Option(help="The most messages to list (newest first).", min=1, max=100)] = 20,
        db: Db = None, actor: As = None, fmt: Fmt = "text") -> None:
    """The latest messages, each with its tries (the organiser only)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.notify import outbox  # lazy: keeps the league (sqlalchemy) out of start-up

        ctx.require_organiser("read the notification log")
        check_format(fmt)
        rows: list[dict[str, Any]] = [
            {"id": m.id, "event_id": m.event_id, "kind": m.kind, "channel": m.channel, "member_id": m.member_id,
             "state": m.state, "attempts": m.attempts, "queued": ctx.local(m.created_at),
             "tries": [{"at": ctx.local(t.at), "ok": t.ok, "status": t.status, "error": t.error} for t in tries]}
            for m, tries in outbox.recent(ctx.session, ctx.league.id, limit)]
    if fmt == "json":
        print(json.dumps(rows, indent=2))
        return
    if not rows:
        print("nothing queued yet")
    for r in rows:
        print(f"#{r['id']} {r['queued']} {r['kind']} by {r['channel']}: {r['state']} ({r['attempts']} tries)")
        for t in r["tries"]:
            print(f"    {t['at']} {'ok' if t['ok'] else 'failed'} {t['status']} {t['error']}".rstrip())


def register(league_app: typer.Typer) -> None:
    league_app.add_typer(notify_app, name="notify")
