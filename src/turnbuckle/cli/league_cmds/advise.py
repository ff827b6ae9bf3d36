"""``turnbuckle league advise SHOW N --as MEMBER``: the advisor's strategy for the member's side of
match N, from what that member may see (``league.services.advice``); ``league advisor on|off``
(the organiser's). Registered by ``league_cmds.register``."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from turnbuckle.cli.common import user_errors
from turnbuckle.cli.league_cmds.common import KEY_HELP, As, Db, Fmt, ShowArg, check_format, unit


def league_advise(show: ShowArg, position: Annotated[int, typer.Argument(help="The match's position on the card.")],
                  competitor: Annotated[str | None, typer.Option(
                      help=f"Your competitor in that match, {KEY_HELP} (default: your side in it).")] = None,
                  db: Db = None, actor: As = None, fmt: Fmt = "text") -> None:
    """The advisor's strategy for your side of a match, from your briefing only (your sheet, what
    is public of the opponents, the referee, type and grid): the same whether or not they have sent
    a strategy. An opponent whose sheet is not public yet is played as a field of legal sheets that
    fit its public facts. Only an open show's match is advised. Printed in the rulebook's layout,
    ready for `league submit`."""
    kind = check_format(fmt)
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.errors import NotFound  # lazy: keeps the league out of start-up
        from turnbuckle.league.services.advice import advise_side  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.services.shows import (  # lazy: keeps the league (sqlalchemy) out of start-up
            show as find_show,
        )
        from turnbuckle.league.services.shows import side_of  # lazy: keeps the league (sqlalchemy) out of start-up

        s = find_show(ctx, show)
        if competitor is not None:
            side = side_of(ctx, s, position, competitor)
        else:
            m = next((m for m in s.matches if m.position == position), None)
            if m is None:
                raise NotFound(f"show {s.number} has no match {position}; it has {len(s.matches)}")
            mine = [sd for sd in m.sides if sd.competitor.owner_id == ctx.actor.id]
            if len(mine) != 1:
                raise NotFound(f"{ctx.actor.name} has {len(mine)} sides in match {position} of show {s.number}; "
                               "name one with --competitor (and the member with --as)")
            side = mine[0]
        advice = advise_side(ctx, side)
        if kind == "json":
            print(json.dumps(advice.data, indent=2, sort_keys=True))
        else:
            print(advice.text, end="")


def league_advisor(setting: Annotated[str, typer.Argument(help="on or off.")], db: Db = None,
                   actor: As = None) -> None:
    """Turn the advisor on or off for the league's members (the organiser's)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.errors import LeagueError  # lazy: keeps the league out of start-up
        from turnbuckle.league.services.advice import set_advisor  # lazy: keeps the league (sqlalchemy) out of start-up

        if setting.strip().lower() not in ("on", "off"):
            raise LeagueError(f"'{setting}': say on or off")
        set_advisor(ctx, setting.strip().lower() == "on")
        print(f"the advisor is {setting.strip().lower()} in this league")


def register(app: typer.Typer) -> None:
    app.command("advise")(league_advise)
    app.command("advisor")(league_advisor)
