"""``turnbuckle league member password|invite|reset``: how an organiser gives members a way in
from the command line (a first password; a one-time sign-up or reset link to hand over)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from turnbuckle.cli.common import fail, user_errors

Base = Annotated[str, typer.Option("--base", help="The site's address, to print whole links.")]
DEFAULT_BASE = "http://127.0.0.1:8000"


def password(name: Annotated[str, typer.Argument(help="The member whose password to set.")],
             stdin: Annotated[bool, typer.Option("--stdin", help="Read the password from standard input's "
                                                  "first line instead of asking.")] = False,
             db: str | None = typer.Option(None, "--db", help="SQLite file or database URL."),
             actor: str | None = typer.Option(None, "--as", help="The member acting (default: the organiser).")
             ) -> None:
    """Set a member's password (the organiser for anyone, a member for themselves); their sessions end."""
    from turnbuckle.cli.league_cmds import unit

    if stdin:
        secret = sys.stdin.readline().rstrip("\r\n")
    else:
        secret = typer.prompt("new password", hide_input=True, confirmation_prompt=True)
    if not secret:
        raise fail("no password given")
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.accounts import set_password

        member = set_password(ctx, name, secret)
        print(f"password set for {member.name}")


def invite(name: Annotated[str | None, typer.Argument(help="The new player's name (else they choose it).")] = None,
           base: Base = DEFAULT_BASE,
           db: str | None = typer.Option(None, "--db", help="SQLite file or database URL."),
           actor: str | None = typer.Option(None, "--as", help="The member acting (default: the organiser).")
           ) -> None:
    """Print a one-time sign-up link for a new player (valid 7 days)."""
    from turnbuckle.cli.league_cmds import unit

    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.accounts import create_invite

        token = create_invite(ctx, name)
        print(f"{base.rstrip('/')}/invite/{token}")


def reset(name: Annotated[str, typer.Argument(help="The member who forgot their password.")],
          base: Base = DEFAULT_BASE,
          db: str | None = typer.Option(None, "--db", help="SQLite file or database URL."),
          actor: str | None = typer.Option(None, "--as", help="The member acting (default: the organiser).")
          ) -> None:
    """Print a one-time password-reset link for a member (valid 1 day)."""
    from turnbuckle.cli.league_cmds import unit

    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.accounts import create_reset

        token = create_reset(ctx, name)
        print(f"{base.rstrip('/')}/reset/{token}")


def register(member_app: typer.Typer) -> None:
    member_app.command("password")(password)
    member_app.command("invite")(invite)
    member_app.command("reset")(reset)
