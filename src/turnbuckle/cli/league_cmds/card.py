"""``turnbuckle league card edit|remove|move``, ``show deadline|delete``, ``unlock`` and ``notices``:
mending a card before lock, and reading what the league has to tell the acting member. A thin front over
``league.services.card`` (every check is made there); registered by ``league_cmds.register``."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from turnbuckle.cli.common import fail, user_errors
from turnbuckle.cli.league_cmds.common import KEY_HELP, As, Db, Fmt, ShowArg, check_format, print_card, unit, when
from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import parse_option_pairs

Position = Annotated[int, typer.Argument(help="The match's position on the card (from 1).")]


def card_edit(show: ShowArg, position: Position,
              side: Annotated[list[str] | None, typer.Option(
                  "--side", "--sides", help=f"The match's sides ({KEY_HELP}), in order (repeat it for each side; "
                  "all of them: they replace the sides it has). A side taken out loses its strategy; its owner is "
                  "told.")] = None,
              option: Annotated[list[str] | None, typer.Option(
                  "--option", "-o", help="KEY=VALUE, changed on the match's options (KEY= takes one off).")] = None,
              clear_options: Annotated[bool, typer.Option(
                  "--clear-options", help="Start from no options (then the --option ones).")] = False,
              referee: Annotated[str | None, typer.Option(help=f"A league referee (MatchMatch), {KEY_HELP}.")] = None,
              drawn_referee: Annotated[bool, typer.Option(
                  "--drawn-referee", help="No referee of yours: drawn from the card seed.")] = False,
              title: Annotated[str | None, typer.Option(help=f"A title at stake, {KEY_HELP}.")] = None,
              no_title: Annotated[bool, typer.Option("--no-title", help="No title at stake.")] = False,
              rebook: Annotated[bool | None, typer.Option(
                  "--rebook/--no-rebook", help="Whether a competitor already on this show may be booked again.")]
              = None,
              db: Db = None, actor: As = None) -> None:
    """Change a match before lock: its sides, options, referee or title.

    On an open show the match's draws are made again for its new content, and strategies already
    sent for it are marked stale (their owners are told)."""
    with user_errors():
        if referee is not None and drawn_referee:
            raise fail("give --referee NAME or --drawn-referee, not both")
        if title is not None and no_title:
            raise fail("give --title NAME or --no-title, not both")
        if not (side or option or clear_options or referee is not None or drawn_referee or title is not None
                or no_title or rebook is not None):
            raise fail("nothing to change; give --side (each side), --option, --clear-options, --referee, "
                       "--drawn-referee, --title, --no-title or --rebook")

        changes = parse_option_pairs(option or [])
        with unit(db, actor) as ctx:
            from turnbuckle.league.services import card  # lazy: keeps the league (sqlalchemy) out of start-up
            from turnbuckle.league.services.shows import (  # lazy: keeps the league (sqlalchemy) out of start-up
                card_entry,
            )
            from turnbuckle.league.services.shows import (  # lazy: keeps the league (sqlalchemy) out of start-up
                show as find,
            )

            options: dict[str, object] | None = None
            if option or clear_options:
                options = {} if clear_options else dict(card.card_match(find(ctx, show), position).options)
                for key, value in changes.items():
                    if value.strip():
                        options[key] = value
                    else:
                        options.pop(key, None)
            ref: Any = None if drawn_referee else (referee if referee is not None else card.UNSET)
            held: Any = None if no_title else (title if title is not None else card.UNSET)
            m = card.edit_match(ctx, show, position, sides=list(side) if side else None, options=options,
                                referee_key=ref, title_key=held, rebook=rebook)
            s = m.show
            print(f"show {s.number} match {m.position} changed:")
            print_card([card_entry(m)])
            if s.status == "open":
                from sqlalchemy import func, select  # lazy: keeps sqlalchemy out of start-up

                from turnbuckle.league.models import Submission  # lazy: keeps the league (sqlalchemy) out of start-up

                sent = ctx.session.scalar(select(func.count(func.distinct(Submission.side_id)))
                                          .where(Submission.side_id.in_([sd.id for sd in m.sides])))
                if sent:
                    print(f"the strategies sent for {sent} of its sides are stale now; their owners have been told")


def card_remove(show: ShowArg, position: Position, db: Db = None, actor: As = None) -> None:
    """Take a match off the card before lock (the matches after it move up).

    Strategies sent for it no longer count; their owners are told, with the text they sent."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services import card  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.services.shows import card_entry  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.services.shows import show as find  # lazy: keeps the league (sqlalchemy) out of start-up

        card.remove_match(ctx, show, position)
        s = find(ctx, show)
        print(f"show {s.number}: match {position} is off the card; it has {len(s.matches)} now")
        print_card([card_entry(m) for m in s.matches])


def card_move(show: ShowArg, position: Position,
              to: Annotated[int, typer.Argument(help="Its new position (from 1).")],
              db: Db = None, actor: As = None) -> None:
    """Move a match to another place on the card (its draws do not depend on places)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services import card  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.services.shows import card_entry  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.services.shows import show as find  # lazy: keeps the league (sqlalchemy) out of start-up

        card.move_match(ctx, show, position, to)
        s = find(ctx, show)
        print(f"show {s.number}: match {position} is match {to} now")
        print_card([card_entry(m) for m in s.matches])


def show_deadline(show: ShowArg,
                  deadline: Annotated[str, typer.Argument(help="The new deadline, 'YYYY-MM-DD HH:MM' (league time).")],
                  db: Db = None, actor: As = None) -> None:
    """Move a draft or open show's strategy deadline."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.card import move_deadline  # lazy: keeps the league (sqlalchemy) out of start-up

        s = move_deadline(ctx, show, when(ctx, deadline))
        print(f"show {s.number}: strategies due {ctx.local(s.deadline)}")
        if s.status == "open" and s.deadline <= ctx.now():
            print("that is past: the show locks at once (the server does it, and 'league run' before it runs)")


def unlock(show: ShowArg,
           deadline: Annotated[str | None, typer.Option(
               help="A new strategy deadline, 'YYYY-MM-DD HH:MM' (league time), set in the same step: a show "
               "whose deadline has passed would be locked again by the server at once.")] = None,
           db: Db = None, actor: As = None) -> None:
    """Unlock a locked show before it runs (the seed is discarded; the history keeps it).

    Unlocked, its card can change; lock it again when done."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services import shows  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.services.card import move_deadline  # lazy: keeps the league (sqlalchemy) out of start-up

        s = shows.unlock(ctx, show)
        if deadline is not None:
            s = move_deadline(ctx, show, when(ctx, deadline))
        print(f"show {s.number} is {s.status}; strategies due {ctx.local(s.deadline)}")
        if s.deadline <= ctx.now():
            print("its deadline has passed: strategies are not taken; lock it again once the card is mended "
                  "(a running server locks it at once; give --deadline to reopen it for strategies)")


def show_delete(show: ShowArg,
                yes: Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking.")] = False,
                db: Db = None, actor: As = None) -> None:
    """Delete a draft or open show with its card.

    The owners of strategies sent for it are told, with the text they sent."""
    with user_errors():
        if not yes:
            if not (sys.stdin.isatty() and sys.stderr.isatty()):
                raise RulesError(f"add --yes to delete show {show} (its card and any strategies sent for it go)")
            print(f"turnbuckle: delete show {show} with its card and any strategies sent for it? [y/N] ",
                  end="", file=sys.stderr, flush=True)
            if sys.stdin.readline().strip().lower() not in ("y", "yes"):
                raise RulesError(f"show {show} is kept; add --yes to delete it without asking")
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.card import (  # lazy: keeps the league (sqlalchemy) out of start-up
                delete_show,
            )
            from turnbuckle.league.services.shows import (  # lazy: keeps the league (sqlalchemy) out of start-up
                show as find,
            )

            s = find(ctx, show)
            number, name = s.number, s.name
            delete_show(ctx, show)
            print(f"show {number} ({name}) is deleted")


def notices(include_read: Annotated[bool, typer.Option("--all", help="Read ones too.")] = False,
            mark_read: Annotated[bool, typer.Option("--mark-read", help="Mark the ones listed read.")] = False,
            db: Db = None, actor: As = None, fmt: Fmt = "text") -> None:
    """The acting member's notices from the league, newest first (unread ones; --all for every one).

    A strategy made stale by a change to its match, a strategy the run could not play (shown once
    that show is published)."""
    with user_errors():
        kind = check_format(fmt)
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.notices import (  # lazy: keeps the league (sqlalchemy) out of start-up
                mark_read as mark,
            )
            from turnbuckle.league.services.notices import (  # lazy: keeps the league (sqlalchemy) out of start-up
                notice_row,
                visible_notices,
            )

            found = visible_notices(ctx, include_read)
            rows = [notice_row(ctx, n, number) for n, number in found]
            if mark_read and found:
                mark(ctx, [n.id for n, _ in found])
            if kind == "json":
                print(json.dumps([{k: r[k] for k in ("id", "show", "at", "read", "text")} for r in rows],
                                 indent=2, ensure_ascii=False))
                return
            if not rows:
                print(f"no {'' if include_read else 'unread '}notices for {ctx.actor.name}")
                return
            for r in rows:
                where = f", show {r['show']}" if r["show"] is not None else ""
                state = f" (read {r['read']})" if r["read"] else ""
                print(f"notice {r['id']}, {r['at']}{where}{state}:")
                for line in str(r["text"]).splitlines() or [""]:
                    print(f"  {line}")
            if mark_read:
                print(f"marked {len(rows)} read")


def register(league_app: typer.Typer, show_app: typer.Typer, card_app: typer.Typer) -> None:
    card_app.command("edit")(card_edit)
    card_app.command("remove")(card_remove)
    card_app.command("move")(card_move)
    show_app.command("deadline")(show_deadline)
    show_app.command("delete")(show_delete)
    league_app.command("unlock")(unlock)
    league_app.command("notices")(notices)
