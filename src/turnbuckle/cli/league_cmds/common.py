"""What the league's commands share: the command groups, the common options, the unit of work and
the small printers. SQLAlchemy and the league package are imported inside functions, never at start-up."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from turnbuckle.core.errors import InputFileError
from turnbuckle.core.inputs import MAX_ARCHIVE_BYTES, MAX_INPUT_BYTES, read_input

if TYPE_CHECKING:
    from turnbuckle.league.context import Ctx

league_app = typer.Typer(name="league", help="Run a league: members, rosters, weekly shows, verifiable results.",
                         no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]})
member_app = typer.Typer(help="League members: add, list, password, invite, reset.", no_args_is_help=True)
competitor_app = typer.Typer(help="Competitors (any game's sheet; MatchMatch teams): add, team, list.",
                             no_args_is_help=True)
referee_app = typer.Typer(help="MatchMatch referees: add, list.", no_args_is_help=True)
show_app = typer.Typer(help="Shows: create, list, view, deadline, delete.", no_args_is_help=True)
card_app = typer.Typer(help="A show's card: add, edit, remove or move a match; view it.",
                        no_args_is_help=True)
titles_app = typer.Typer(help="Titles and their reigns: list (the default), add.", invoke_without_command=True)
table_app = typer.Typer(help="Table matches (played with --dice ask or the web's score keeper): add.",
                        no_args_is_help=True)
league_app.add_typer(member_app, name="member")
league_app.add_typer(competitor_app, name="competitor")
league_app.add_typer(referee_app, name="referee")
league_app.add_typer(show_app, name="show")
league_app.add_typer(card_app, name="card")
league_app.add_typer(titles_app, name="titles")
league_app.add_typer(table_app, name="table")

Db = Annotated[str | None, typer.Option("--db", help="SQLite file or database URL (default: "
                                        "$TURNBUCKLE_DATABASE_URL, else ./turnbuckle.db).")]
As = Annotated[str | None, typer.Option("--as", help="The member acting (default: the organiser).")]
Fmt = Annotated[str, typer.Option("--format", "-f", help="text (default) or json.")]
ShowArg = Annotated[str, typer.Argument(help="A show's number (3 or #3), or uid:UID.")]
#: How a competitor, referee or title is named on the command line (turnbuckle.league.keys).
KEY_HELP = "by name, or #ID for an id (a bare 27 is a name)"


@contextmanager
def unit(db: str | None, actor: str | None = None) -> Iterator[Ctx]:
    """One unit of work on the league database: committed at the end, rolled back on any error; its
    events' listeners are the assembled program's (league/assembly.py)."""
    from turnbuckle.league.assembly import assemble  # lazy: keeps the league (sqlalchemy) out of start-up
    from turnbuckle.league.db import (  # lazy: keeps the league (sqlalchemy) out of start-up
        database_url,
        open_engine,
        session_scope,
    )

    engine = open_engine(database_url(db))
    try:
        with session_scope(engine) as session:
            yield assemble().context(session, actor)
    finally:
        engine.dispose()


@contextmanager
def collector_spared() -> Iterator[None]:
    """Heavy one-shot work (running a show) with every object that exists so far set aside from
    the garbage collector's passes: what the imports built lives until the command ends anyway,
    and a full pass over it during a show is a measurable share of the run. Put back after,
    so a process that goes on (a test calling the command) keeps collecting as before."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def check_format(fmt: str, allowed: Sequence[str] = ("text", "json")) -> str:
    if fmt not in allowed:
        raise InputFileError(f"--format must be one of {', '.join(allowed)}, got '{fmt}'")
    return fmt


def print_table(rows: list[list[str]]) -> None:
    if not rows:
        return
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())


def emit(fmt: str, data: Any, rows: list[list[str]], empty: str) -> None:
    if fmt == "json":
        print(json.dumps(data, indent=2, ensure_ascii=False))
    elif len(rows) <= 1:
        print(empty)
    else:
        print_table(rows)


def read_text(path: str, label: str = "", archive: bool = False) -> str:
    """A file's text, or standard input's for ``-``, bounded (``archive``: an export or backup)."""

    return read_input(path, label or "file", MAX_ARCHIVE_BYTES if archive else MAX_INPUT_BYTES)


# -- setting up ------------------------------------------------------------------------------------


def standing_table(rows: list[dict[str, Any]]) -> list[list[str]]:
    out = [["id", "name", "game", "owner", "W-L-D", "push", "injuries", "rating"]]
    for r in rows:
        push = f"{r['push_level']} ({r['push_points']})" if r["push_level"] is not None else "-"
        out.append([str(r["id"]), r["name"], r["ruleset"], r["owner"], f"{r['wins']}-{r['losses']}-{r['draws']}",
                    push, str(r["injuries"]), f"{r['rating']:.2f}"])
    return out


def when(ctx: Ctx, text: str) -> datetime:
    from zoneinfo import ZoneInfo  # lazy: keeps zoneinfo out of start-up

    from turnbuckle.league.errors import LeagueError  # lazy: keeps the league out of start-up

    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise LeagueError(f"'{text}' is not a time; write 'YYYY-MM-DD HH:MM' (league time)") from None
    return when if when.tzinfo else when.replace(tzinfo=ZoneInfo(ctx.league.timezone))


def print_card(card: list[dict[str, Any]]) -> None:
    for m in card:
        extra = [f"referee {m['referee']}" + (" (drawn)" if m["referee_drawn"] else "")] if m["referee"] else []
        if m["title"]:
            extra.append(f"for the {m['title']}")
        if m["options"]:
            extra.append(" ".join(f"{k}={v}" for k, v in m["options"].items()))
        if m.get("grid"):
            extra.append(f"grid {m['grid']}" + (" (drawn)" if m.get("grid_drawn") else ""))
        names = " vs ".join(x["name"] for x in m["sides"])
        print(f"  {m['position']}. {names} ({m['ruleset']}){'; ' if extra else ''}{'; '.join(extra)}")
