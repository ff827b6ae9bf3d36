"""``turnbuckle league`` init and demo; members, competitors and referees."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from turnbuckle.cli.common import user_errors
from turnbuckle.cli.league_cmds.common import (
    KEY_HELP,
    As,
    Db,
    Fmt,
    check_format,
    competitor_app,
    emit,
    league_app,
    member_app,
    read_text,
    referee_app,
    standing_table,
    unit,
)
from turnbuckle.cli.option_files import names_a_file
from turnbuckle.rulesets.registry import get_ruleset

if TYPE_CHECKING:
    pass


@league_app.command()
def init(db: Db = None,
         name: Annotated[str, typer.Option(help="The league's name (a new database).")] = "My League",
         organiser: Annotated[str, typer.Option(help="The organiser's member name (a new database).")] = "Organiser",
         timezone: Annotated[str, typer.Option(help="Time zone times are shown in.")] = "UTC") -> None:
    """Create the league database (or upgrade an older one to this turnbuckle's schema)."""
    with user_errors():
        from turnbuckle.league.db import (  # lazy: keeps the league (sqlalchemy) out of start-up
            database_url,
            describe,
            make_engine,
            session_scope,
            upgrade,
        )
        from turnbuckle.league.services.roster import (  # lazy: keeps the league (sqlalchemy) out of start-up
            create_league,
        )

        url = database_url(db)
        upgrade(url)
        engine = make_engine(url)
        try:
            with session_scope(engine) as session:
                from sqlalchemy import select  # lazy: keeps sqlalchemy out of start-up

                from turnbuckle.league.models import League  # lazy: keeps the league (sqlalchemy) out of start-up

                league = session.scalars(select(League)).first()
                if league is None:
                    league = create_league(session, name, organiser, timezone)
                    print(f"created league '{league.name}' (organiser: {organiser}) in {describe(url)}")
                else:
                    print(f"league '{league.name}' in {describe(url)} is up to date")
        finally:
            engine.dispose()


@league_app.command()
def demo(db: Db = None) -> None:
    """Build a sample league: organiser, players, a roster for every game, referees, two shows run
    and published, one open for strategies."""
    with user_errors():
        from turnbuckle.league.db import database_url  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.demo import build_demo  # lazy: keeps the league (sqlalchemy) out of start-up

        url = database_url(db)
        build_demo(url)
        where = f" --db {db}" if db else ""
        print(f"sample league built in {url}; try: turnbuckle league standings{where}")


@member_app.command("add")
def member_add(name: str, organiser: Annotated[bool, typer.Option("--organiser", help="An organiser, not a "
                                                                  "player.")] = False,
               db: Db = None, actor: As = None) -> None:
    """Add a member (a player, or another organiser)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.roster import add_member  # lazy: keeps the league (sqlalchemy) out of start-up

        m = add_member(ctx, name, "organiser" if organiser else "player")
        print(f"member {m.id}: {m.name} ({m.role})")


@member_app.command("list")
def member_list(db: Db = None, fmt: Fmt = "text") -> None:
    """List the members."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.services.roster import members  # lazy: keeps the league (sqlalchemy) out of start-up

        ms = members(ctx)
        emit(check_format(fmt), [{"id": m.id, "name": m.name, "role": m.role} for m in ms],
              [["id", "name", "role"]] + [[str(m.id), m.name, m.role] for m in ms], "no members")


@competitor_app.command("add")
def competitor_add(game: Annotated[str, typer.Argument(help="A ruleset id or alias.")],
                   sheet: Annotated[str, typer.Argument(help="A sheet file (or a bundled sample id, or - for stdin).")],
                   owner: Annotated[str | None, typer.Option(help="The owning player (organiser only).")] = None,
                   db: Db = None, actor: As = None) -> None:
    """Add a competitor from a sheet, checked by its game's own validator (every problem listed)."""
    with user_errors():
        rs = get_ruleset(game)
        if sheet != "-" and not Path(sheet).exists() and sheet.lower() in [s.id for s in rs.samples()]:
            text, label = rs.sample(sheet).text, f"sample '{sheet}'"
        else:
            text, label = read_text(sheet), sheet
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.roster import (  # lazy: keeps the league (sqlalchemy) out of start-up
                add_competitor,
            )

            c = add_competitor(ctx, game, text, label, owner)
            print(f"competitor {c.id}: {c.name} ({c.ruleset}, owner {c.owner.name})")


@competitor_app.command("team")
def competitor_team(name: str,
                    members: Annotated[list[str], typer.Argument(help=f"Member wrestlers (2 or more), {KEY_HELP}.")],
                    use: Annotated[str | None, typer.Option(help="The member whose scores the team uses "
                                                            "(default: the first).")] = None,
                    owner: Annotated[str | None, typer.Option(help="The owning player (organiser only).")] = None,
                    db: Db = None, actor: As = None) -> None:
    """Add a MatchMatch tag team of league wrestlers."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.roster import add_team  # lazy: keeps the league (sqlalchemy) out of start-up

        c = add_team(ctx, name, members, use, owner)
        print(f"competitor {c.id}: {c.name} (matchmatch team, owner {c.owner.name})")


@competitor_app.command("list")
def competitor_list(game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
                    db: Db = None, fmt: Fmt = "text") -> None:
    """List the competitors with their owner, record, Push Level (M2) and rating."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import standings_rows  # lazy: keeps the league (sqlalchemy) out of start-up

        rows = standings_rows(ctx, game)
        emit(check_format(fmt), rows, standing_table(rows), "no competitors")


@referee_app.command("add")
def referee_add(referee: Annotated[str, typer.Argument(
                    help="A bundled referee's name, or a referee sheet file (name, type, dq_threshold, notes).")],
                db: Db = None, actor: As = None) -> None:
    """Add a MatchMatch referee: a bundled one by name, or your own referee sheet (optional rule VII.1)."""

    with user_errors():
        is_file = Path(referee).exists() or names_a_file(referee)
        text = read_text(referee, "referee sheet file") if is_file else json.dumps(referee)
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.roster import (  # lazy: keeps the league (sqlalchemy) out of start-up
                add_referee,
            )

            r = add_referee(ctx, text, referee)
            print(f"referee {r.id}: {r.name} (DQ threshold {r.sheet['dq_threshold']})")


@referee_app.command("list")
def referee_list(db: Db = None, fmt: Fmt = "text") -> None:
    """List the league's referees."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.services.roster import referees  # lazy: keeps the league (sqlalchemy) out of start-up

        refs = referees(ctx)
        emit(check_format(fmt), [{"id": r.id, "name": r.name, **r.sheet} for r in refs],
              [["id", "name", "DQ threshold"]] + [[str(r.id), r.name, str(r.sheet["dq_threshold"])] for r in refs],
              "no referees")
