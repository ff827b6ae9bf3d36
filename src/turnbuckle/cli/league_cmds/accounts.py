"""``turnbuckle league member password|invite|reset``: how an organiser gives members a way in
from the command line (a first password; a one-time sign-up or reset link to hand over)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from turnbuckle.cli.common import fail, user_errors
from turnbuckle.cli.league_cmds.common import unit

if TYPE_CHECKING:
    from turnbuckle.league.context import Ctx

Base = Annotated[str, typer.Option("--base", help="The site's address, to print whole links (default: the league's "
                                   "site address, else $TURNBUCKLE_BASE_URL, else http://127.0.0.1:8000).")]
DEFAULT_BASE = "http://127.0.0.1:8000"


def _link_base(ctx: Ctx, base: str) -> str:
    """``--base``, else the league's site address, else this machine's default address with a
    warning on stderr (such a link opens only here)."""
    from turnbuckle.league.post.links import NO_SITE_ADDRESS  # lazy: keeps the league out of start-up
    from turnbuckle.league.queries_posts import site_address  # lazy: keeps the league out of start-up

    chosen = base or site_address(ctx.session, ctx.league.id)
    if chosen:
        return chosen.rstrip("/")
    typer.echo("warning: " + NO_SITE_ADDRESS.format(fallback=DEFAULT_BASE, option="--base URL"), err=True)
    return DEFAULT_BASE


def password(name: Annotated[str, typer.Argument(help="The member whose password to set.")],
             stdin: Annotated[bool, typer.Option("--stdin", help="Read the password from standard input's "
                                                  "first line instead of asking.")] = False,
             db: str | None = typer.Option(None, "--db", help="SQLite file or database URL."),
             actor: str | None = typer.Option(None, "--as", help="The member acting (default: the organiser).")
             ) -> None:
    """Set a member's password (the organiser for anyone, a member for themselves); their sessions end."""

    if stdin:
        secret = sys.stdin.readline().rstrip("\r\n")
    else:
        secret = typer.prompt("new password", hide_input=True, confirmation_prompt=True)
    if not secret:
        raise fail("no password given")
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.accounts import (  # lazy: keeps the league (sqlalchemy) out of start-up
            set_password,
        )

        member = set_password(ctx, name, secret)
        print(f"password set for {member.name}")


def invite(name: Annotated[str | None, typer.Argument(help="The new player's name (else they choose it).")] = None,
           base: Base = "",
           db: str | None = typer.Option(None, "--db", help="SQLite file or database URL."),
           actor: str | None = typer.Option(None, "--as", help="The member acting (default: the organiser).")
           ) -> None:
    """Print a one-time sign-up link for a new player (valid 7 days)."""

    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.accounts import (  # lazy: keeps the league (sqlalchemy) out of start-up
            create_invite,
        )

        token = create_invite(ctx, name)
        print(f"{_link_base(ctx, base)}/invite/{token}")


def reset(name: Annotated[str, typer.Argument(help="The member who forgot their password.")],
          base: Base = "",
          db: str | None = typer.Option(None, "--db", help="SQLite file or database URL."),
          actor: str | None = typer.Option(None, "--as", help="The member acting (default: the organiser).")
          ) -> None:
    """Print a one-time password-reset link for a member (valid 1 day)."""

    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.accounts import (  # lazy: keeps the league (sqlalchemy) out of start-up
            create_reset,
        )

        token = create_reset(ctx, name)
        print(f"{_link_base(ctx, base)}/reset/{token}")


def register(member_app: typer.Typer) -> None:
    member_app.command("password")(password)
    member_app.command("invite")(invite)
    member_app.command("reset")(reset)
