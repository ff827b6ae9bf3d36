"""``turnbuckle league match SHOW N --as MEMBER``: what the member's side is told for match N, as the
strategy page shows it (``league.services.briefing``: the published view only). Registered by
``league_cmds.register``."""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated

import typer

from turnbuckle.cli.common import user_errors
from turnbuckle.cli.league_cmds.common import KEY_HELP, As, Db, Fmt, ShowArg, check_format, unit
from turnbuckle.core.errors import Broken

#: What the side's grid pick means, by its axis (``sides.grid_axis``).
PICKS = {"column": "you are named first: pick a column, A-C",
         "row": "you are named second: pick a row, 1-3",
         "none": "you make no grid pick"}


def briefing_text(b: object) -> list[str]:
    """A briefing (``briefing.Briefing``) as lines of text."""
    from turnbuckle.league.services.briefing import Briefing  # lazy: keeps the league (sqlalchemy) out of start-up

    if not isinstance(b, Briefing):
        raise Broken("expected isinstance(b, Briefing)")
    lines = [f"Show {b.show} ({b.show_name}), match {b.position}, {b.game}: {b.name}",
             f"  Deadline: {b.deadline}{'' if b.open else ' (strategies are not taken now)'}"]
    if b.push_level is not None:
        lines.append(f"  Push Level: {b.push_level}")
    lines.append(f"  Injuries carried in: {b.injuries}")
    if b.grid or b.axis != "none":
        lines.append(f"  Grid: {b.grid or 'not fixed yet'}; {PICKS[b.axis]}")
    lines += [f"  {f.label}: {f.text}" for f in b.facts]
    for o in b.opponents:
        level = f", Push Level {o.push_level}" if o.push_level is not None else ""
        lines.append(f"Opponent {o.name} (#{o.id}): {o.wins}-{o.losses}-{o.draws}{level}, injuries {o.injuries}, "
                     f"titles: {', '.join(o.titles) or 'none'}")
        if o.reigns:
            lines.append("  Title history: " + "; ".join(
                f"{r.title}, won at show {r.won_show}, " + (f"lost at show {r.lost_show}" if r.lost_show else "held")
                for r in o.reigns))
        lines += [f"  {f.label}: {f.text}" for f in o.facts]
        if o.sheet is None:
            lines.append("  Sheet: not public (no published match yet)")
        else:
            where = "public in this league" if o.sheet_from == "league setting" else f"as wrestled in {o.sheet_from}"
            lines.append(f"  Sheet ({where}): {json.dumps(o.sheet, sort_keys=True)}")
    lines.append(f"Your sheet (frozen when the show opened): {json.dumps(b.sheet, sort_keys=True)}")
    return lines


def match_view(show: ShowArg, position: Annotated[int, typer.Argument(help="The match's position on the card.")],
               competitor: Annotated[str | None, typer.Option(
                   help=f"Your competitor in that match, {KEY_HELP} (default: every side of yours in it).")] = None,
               db: Db = None, actor: As = None, fmt: Fmt = "text") -> None:
    """What your side is told for a match, before you write its strategy: opponents and what is
    public of them, referee and your DQ threshold, match type, grid pick, your sheet, Push Level
    and injuries as of the last published show, the deadline."""
    kind = check_format(fmt)
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.errors import LeagueError, NotFound  # lazy: keeps the league out of start-up
        from turnbuckle.league.services.briefing import briefing  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.services.shows import (  # lazy: keeps the league (sqlalchemy) out of start-up
            show as find_show,
        )
        from turnbuckle.league.services.shows import side_of  # lazy: keeps the league (sqlalchemy) out of start-up

        s = find_show(ctx, show)
        if s.status == "draft":  # its referees and grids are drawn at open: nothing true to tell yet
            raise LeagueError(f"show {s.number} is a draft: each side is told its match once the show opens "
                              "(its referees and grids are drawn then)")
        if competitor is not None:
            mine = [side_of(ctx, s, position, competitor)]
        else:
            m = next((m for m in s.matches if m.position == position), None)
            if m is None:
                raise NotFound(f"show {s.number} has no match {position}; it has {len(s.matches)}")
            mine = list(m.sides)
        mine = [sd for sd in mine if sd.competitor.owner_id == ctx.actor.id]
        if not mine:
            raise NotFound(f"{ctx.actor.name} has no side in match {position} of show {s.number} "
                           "(name the member with --as)")
        told = [briefing(ctx, sd) for sd in mine]
        if kind == "json":
            print(json.dumps([dataclasses.asdict(b) for b in told], indent=2, sort_keys=True))
        else:
            print("\n\n".join("\n".join(briefing_text(b)) for b in told))


def register(app: typer.Typer) -> None:
    app.command("match")(match_view)
