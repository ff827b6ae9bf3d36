"""``turnbuckle league ...``: the league's command line, a thin front over the league services.
SQLAlchemy and the league package are imported inside each command, never at start-up."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from turnbuckle.cli.common import EXIT_PROBLEMS, fail, user_errors, write_out
from turnbuckle.core.errors import InputFileError

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
    """One unit of work on the league database: committed at the end, rolled back on any error."""
    from turnbuckle.league.context import context
    from turnbuckle.league.db import database_url, open_engine, session_scope

    engine = open_engine(database_url(db))
    try:
        with session_scope(engine) as session:
            yield context(session, actor)
    finally:
        engine.dispose()


@contextmanager
def collector_spared() -> Iterator[None]:
    """Heavy one-shot work (running a show) with every object that exists so far set aside from
    the garbage collector's passes: what the imports built lives until the command ends anyway,
    and a full pass over it during a show is a measurable share of the run. Put back after,
    so a process that goes on (a test calling the command) keeps collecting as before."""
    import gc

    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _format(fmt: str, allowed: Sequence[str] = ("text", "json")) -> str:
    if fmt not in allowed:
        raise InputFileError(f"--format must be one of {', '.join(allowed)}, got '{fmt}'")
    return fmt


def _table(rows: list[list[str]]) -> None:
    if not rows:
        return
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())


def _emit(fmt: str, data: Any, rows: list[list[str]], empty: str) -> None:
    if fmt == "json":
        print(json.dumps(data, indent=2, ensure_ascii=False))
    elif len(rows) <= 1:
        print(empty)
    else:
        _table(rows)


def _read(path: str, label: str = "", archive: bool = False) -> str:
    """A file's text, or standard input's for ``-``, bounded (``archive``: an export or backup)."""
    from turnbuckle.core.inputs import MAX_ARCHIVE_BYTES, MAX_INPUT_BYTES, read_input

    return read_input(path, label or "file", MAX_ARCHIVE_BYTES if archive else MAX_INPUT_BYTES)


# -- setting up ------------------------------------------------------------------------------------
@league_app.command()
def init(db: Db = None,
         name: Annotated[str, typer.Option(help="The league's name (a new database).")] = "My League",
         organiser: Annotated[str, typer.Option(help="The organiser's member name (a new database).")] = "Organiser",
         timezone: Annotated[str, typer.Option(help="Time zone times are shown in.")] = "UTC") -> None:
    """Create the league database (or upgrade an older one to this turnbuckle's schema)."""
    with user_errors():
        from turnbuckle.league.db import database_url, describe, make_engine, session_scope, upgrade
        from turnbuckle.league.services.roster import create_league

        url = database_url(db)
        upgrade(url)
        engine = make_engine(url)
        try:
            with session_scope(engine) as session:
                from sqlalchemy import select

                from turnbuckle.league.models import League

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
        from turnbuckle.league.db import database_url
        from turnbuckle.league.demo import build_demo

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
        from turnbuckle.league.services.roster import add_member

        m = add_member(ctx, name, "organiser" if organiser else "player")
        print(f"member {m.id}: {m.name} ({m.role})")


@member_app.command("list")
def member_list(db: Db = None, fmt: Fmt = "text") -> None:
    """List the members."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.services.roster import members

        ms = members(ctx)
        _emit(_format(fmt), [{"id": m.id, "name": m.name, "role": m.role} for m in ms],
              [["id", "name", "role"]] + [[str(m.id), m.name, m.role] for m in ms], "no members")


@competitor_app.command("add")
def competitor_add(game: Annotated[str, typer.Argument(help="A ruleset id or alias.")],
                   sheet: Annotated[str, typer.Argument(help="A sheet file (or a bundled sample id, or - for stdin).")],
                   owner: Annotated[str | None, typer.Option(help="The owning player (organiser only).")] = None,
                   db: Db = None, actor: As = None) -> None:
    """Add a competitor from a sheet, checked by its game's own validator (every problem listed)."""
    with user_errors():
        from turnbuckle.rulesets.registry import get_ruleset

        rs = get_ruleset(game)
        if sheet != "-" and not Path(sheet).exists() and sheet.lower() in [s.id for s in rs.samples()]:
            text, label = rs.sample(sheet).text, f"sample '{sheet}'"
        else:
            text, label = _read(sheet), sheet
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.roster import add_competitor

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
        from turnbuckle.league.services.roster import add_team

        c = add_team(ctx, name, members, use, owner)
        print(f"competitor {c.id}: {c.name} (matchmatch team, owner {c.owner.name})")


@competitor_app.command("list")
def competitor_list(game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
                    db: Db = None, fmt: Fmt = "text") -> None:
    """List the competitors with their owner, record, Push Level (M2) and rating."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import standings_rows

        rows = standings_rows(ctx, game)
        _emit(_format(fmt), rows, _standing_table(rows), "no competitors")


def _standing_table(rows: list[dict[str, Any]]) -> list[list[str]]:
    out = [["id", "name", "game", "owner", "W-L-D", "push", "injuries", "rating"]]
    for r in rows:
        push = f"{r['push_level']} ({r['push_points']})" if r["push_level"] is not None else "-"
        out.append([str(r["id"]), r["name"], r["ruleset"], r["owner"], f"{r['wins']}-{r['losses']}-{r['draws']}",
                    push, str(r["injuries"]), f"{r['rating']:.2f}"])
    return out


@referee_app.command("add")
def referee_add(referee: Annotated[str, typer.Argument(
                    help="A bundled referee's name, or a referee sheet file (name, type, dq_threshold, notes).")],
                db: Db = None, actor: As = None) -> None:
    """Add a MatchMatch referee: a bundled one by name, or your own referee sheet (optional rule VII.1)."""
    from turnbuckle.cli.option_files import names_a_file

    with user_errors():
        is_file = Path(referee).exists() or names_a_file(referee)
        text = _read(referee, "referee sheet file") if is_file else json.dumps(referee)
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.roster import add_referee

            r = add_referee(ctx, text, referee)
            print(f"referee {r.id}: {r.name} (DQ threshold {r.sheet['dq_threshold']})")


@referee_app.command("list")
def referee_list(db: Db = None, fmt: Fmt = "text") -> None:
    """List the league's referees."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.services.roster import referees

        refs = referees(ctx)
        _emit(_format(fmt), [{"id": r.id, "name": r.name, **r.sheet} for r in refs],
              [["id", "name", "DQ threshold"]] + [[str(r.id), r.name, str(r.sheet["dq_threshold"])] for r in refs],
              "no referees")


# -- shows -------------------------------------------------------------------------------------------
def _when(ctx: Ctx, text: str) -> datetime:
    from zoneinfo import ZoneInfo

    from turnbuckle.league.errors import LeagueError

    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise LeagueError(f"'{text}' is not a time; write 'YYYY-MM-DD HH:MM' (league time)") from None
    return when if when.tzinfo else when.replace(tzinfo=ZoneInfo(ctx.league.timezone))


@show_app.command("create")
def show_create(name: str,
                date: Annotated[str, typer.Option(help="The show's date, YYYY-MM-DD.")],
                deadline: Annotated[str, typer.Option(help="Strategy deadline 'YYYY-MM-DD HH:MM' (league time).")],
                db: Db = None, actor: As = None) -> None:
    """Create a show (a draft: build its card, then open it)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.shows import create_show

        s = create_show(ctx, name, date, _when(ctx, deadline))
        print(f"show {s.number}: {s.name} on {s.show_date}, strategies due {ctx.local(s.deadline)}")


@show_app.command("list")
def show_list(db: Db = None, fmt: Fmt = "text") -> None:
    """List the shows with their status."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.services.shows import shows

        ss = shows(ctx)
        data = [{"number": s.number, "uid": s.uid, "name": s.name, "date": s.show_date, "status": s.status,
                 "deadline": s.deadline.isoformat(), "matches": len(s.matches),
                 "deleted_at": s.deleted_at.isoformat() if s.deleted_at else None,
                 "card_seed": s.card_seed} for s in ss]
        _emit(_format(fmt), data, [["show", "name", "date", "status", "deadline", "matches"]]
              + [[str(s.number), s.name, s.show_date, s.status, ctx.local(s.deadline), str(len(s.matches))]
                 for s in ss], "no shows")


@show_app.command("view")
def show_view(show: ShowArg, db: Db = None, fmt: Fmt = "text") -> None:
    """A show: its card, seed hash (and seed once run), history and write-up."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import show_data

        data = show_data(ctx, show)
        if _format(fmt) == "json":
            print(json.dumps(data, indent=2, ensure_ascii=False))
            return
        print(f"show {data['number']}: {data['name']} on {data['date']} ({data['status']})")
        print(f"strategies due: {data['deadline']}")
        if data["deleted_at"]:
            print(f"deleted: {data['deleted_at']}")
        for key in ("card_seed", "seed_sha256", "seed"):
            if data[key]:
                print(f"{key.replace('_', ' ')}: {data[key]}")
        _print_card(data["card"])
        print("history:")
        for e in data["history"]:
            print(f"  {e['at']}  {e['kind']}")
        if data["writeup"]:
            print()
            print(data["writeup"])


def _print_card(card: list[dict[str, Any]]) -> None:
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


@card_app.command("add")
def card_add(show: ShowArg, game: str, sides: Annotated[list[str], typer.Argument(help=f"Competitors, {KEY_HELP}.")],
             option: Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE match option.")] = None,
             referee: Annotated[str | None, typer.Option(
                 help=f"A league referee (MatchMatch), {KEY_HELP}; else drawn at open.")]
             = None,
             title: Annotated[str | None, typer.Option(help=f"A title at stake, {KEY_HELP}.")] = None,
             rebook: Annotated[bool, typer.Option("--rebook", help="Book a competitor already on this show again, "
                                                  "on purpose.")] = False,
             db: Db = None, actor: As = None) -> None:
    """Put a match on a show's card (checked now: options, sides, referee, title, nobody booked twice)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.core.options import parse_option_pairs
        from turnbuckle.league.services.shows import add_match

        m = add_match(ctx, show, game, sides, dict(parse_option_pairs(option or [])), referee, title, rebook)
        print(f"show {m.show.number} match {m.position}: {' vs '.join(sd.competitor.name for sd in m.sides)}")


@card_app.command("view")
def card_view(show: ShowArg, db: Db = None, fmt: Fmt = "text") -> None:
    """A show's card."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.services.shows import card_entry
        from turnbuckle.league.services.shows import show as find

        card = [card_entry(m) for m in find(ctx, show).matches]
        if _format(fmt) == "json":
            print(json.dumps(card, indent=2, ensure_ascii=False))
        else:
            _print_card(card)


def _step(name: str, doc: str) -> None:
    def command(show: ShowArg, db: Db = None, actor: As = None) -> None:
        with user_errors(), unit(db, actor) as ctx:
            from turnbuckle.league.services import shows

            fn = {"open": shows.open_show, "lock": shows.lock, "unlock": shows.unlock}[name]
            s = fn(ctx, show)
            print(f"show {s.number} is {s.status}")
            if name == "open" and s.card_seed:
                print(f"card seed (referee draw): {s.card_seed}")
            if name == "lock":
                print(f"seed SHA-256: {s.seed_sha256}")

    command.__doc__ = doc
    league_app.command(name)(command)


_step("open", "Open a show's card for strategies (referees not assigned are drawn from a published seed).")
_step("lock", "Lock a show: draw its secret seed and publish the manifest of hashes.")


@league_app.command()
def publish(show: ShowArg, writeup: Annotated[str | None, typer.Option(help="A file of the organiser's write-up "
                                                                   "(Markdown), added after the results.")] = None,
            db: Db = None, actor: As = None) -> None:
    """Publish a show that has run, with the organiser's write-up if given."""
    with user_errors():
        text = _read(writeup) if writeup else None
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.running import publish as do_publish

            s = do_publish(ctx, show, text)
            print(f"show {s.number} is {s.status}")


@league_app.command()
def submit(show: ShowArg, match: Annotated[int, typer.Argument(help="The match's position on the card.")],
           competitor: Annotated[str, typer.Argument(help=f"Your competitor in that match, {KEY_HELP}.")],
           strategy: Annotated[str, typer.Argument(help="The strategy file (YAML or the rulebook's layout), or -.")],
           db: Db = None, actor: As = None) -> None:
    """Send a strategy for your competitor (every version is kept; the latest before the deadline counts)."""
    with user_errors():
        text = _read(strategy)
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.shows import submit as send

            sub = send(ctx, show, match, competitor, text)
            print(f"strategy received at {ctx.local(sub.submitted_at)}; SHA-256 {sub.sha256}")


@league_app.command()
def run(show: ShowArg, db: Db = None, actor: As = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress lines.")] = False) -> None:
    """Run a locked show: every match and every standings change in one transaction.

    An open show past its deadline is locked first. A run that fails applies nothing and leaves the
    show locked with its reason (exit 1); mend it with unlock, a card change, lock, and run again."""
    failed: tuple[int, str] | None = None
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.running import run_show

        def progress(done: int, total: int) -> None:
            if not quiet:
                print(f"played match {done}/{total}", file=sys.stderr, flush=True)

        with collector_spared():
            s = run_show(ctx, show, progress)
        if s.status == "run":
            print(s.writeup)
            print(f"show {s.number} has run; seed revealed: {s.seed}")
        else:  # the reason is stored with the show: the unit of work commits it before we exit
            failed = (s.number, s.run_error or "the run failed")
    if failed is not None:
        n, why = failed
        raise fail(f"show {n} did not run: {why}. Nothing was applied and it stays locked; to mend it: "
                   f"'turnbuckle league unlock {n}', change the card ('card edit' or 'card remove'), "
                   f"'turnbuckle league lock {n}', then run it again", EXIT_PROBLEMS)


@league_app.command()
def heal(show: ShowArg, db: Db = None, actor: As = None) -> None:
    """Weekly healing after a show: 1d6 per injured wrestler (-4 if they wrestled), from the show's seed."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.roster import competitor_by_id
        from turnbuckle.league.services.running import heal as do_heal

        changes = do_heal(ctx, show)
        for c in changes:
            print(f"{competitor_by_id(ctx, c.competitor_id).name}: {c.before} -> {c.after} injury points ({c.reason})")
        if not changes:
            print("nobody was injured; nothing to heal")


@league_app.command()
def award(competitor: Annotated[str, typer.Argument(help=f"The wrestler, {KEY_HELP}.")],
          points: Annotated[str, typer.Argument(help="Push points, e.g. 1/2 or -1.")],
          reason: Annotated[str, typer.Option(help="Why (shown in the history).")],
          db: Db = None, actor: As = None) -> None:
    """Grant (or take) Push points by hand for a good interview (MatchMatch Part II)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.roster import award_push, parse_points

        ch = award_push(ctx, competitor, parse_points(points), reason)
        print(f"level {ch.level_before} ({ch.points_before}) -> level {ch.level_after} ({ch.points_after})")


# -- reading -------------------------------------------------------------------------------------------
@league_app.command()
def standings(game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
              db: Db = None, fmt: Fmt = "text") -> None:
    """Standings: record, Push Level and points (MatchMatch), injuries and openskill rating, by game."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import standings_rows

        rows = standings_rows(ctx, game, ranked=True)
        _emit(_format(fmt), rows, _standing_table(rows), "no competitors")


@league_app.command()
def history(competitor: Annotated[str | None, typer.Argument(
                help=f"A competitor, {KEY_HELP} (default: the whole league).")]
            = None, limit: Annotated[int, typer.Option(help="At most this many entries.")] = 50,
            db: Db = None, fmt: Fmt = "text") -> None:
    """Results, Push changes (with the match or award behind each), injuries and title changes."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import history_rows

        rows = history_rows(ctx, competitor, limit)
        _emit(_format(fmt), rows, [["when", "show", "what"]] + [[r["at"], str(r["show"] or "-"), r["text"]]
                                                                 for r in rows], "no history yet")


@titles_app.callback()
def titles(ctx_: typer.Context, db: Db = None, fmt: Fmt = "text") -> None:
    """Titles, their champions and reigns."""
    if ctx_.invoked_subcommand is not None:
        return
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import title_rows

        rows = title_rows(ctx)
        out = [["title", "game", "champion", "since", "reigns"]]
        out += [[r["name"], r["ruleset"], r["champion"] or "vacant", r["since_show"] or r["since"] or "-",
                 str(len(r["reigns"]))] for r in rows]
        _emit(_format(fmt), rows, out, "no titles")


@titles_app.command("add")
def titles_add(name: str, game: str,
               on: Annotated[list[str] | None, typer.Option("--changes-on", help="A finish that also changes hands "
                                                          "(dq, count-out); repeatable.")] = None,
               kind: Annotated[str, typer.Option(help="singles (no team may hold it), tag (teams only) or any.")]
               = "singles",
               min_weight: Annotated[int | None, typer.Option(help="MatchMatch: the lowest sheet Weight allowed.")]
               = None,
               max_weight: Annotated[int | None, typer.Option(help="MatchMatch: the highest sheet Weight allowed "
                                                              "(light-heavyweights: 3).")] = None,
               min_push: Annotated[int | None, typer.Option(help="MatchMatch: the Push Level a title shot needs.")]
               = None,
               db: Db = None, actor: As = None) -> None:
    """Create a title (by default a singles title that does not change hands on a DQ or count-out)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.roster import DEFAULT_TITLE_EXCLUDED, add_title

        excluded = [m for m in DEFAULT_TITLE_EXCLUDED if m not in (on or [])]
        t = add_title(ctx, name, game, excluded, kind, min_weight, max_weight, min_push)
        limits = [f"Weight {t.min_weight if t.min_weight is not None else 0}-"
                  f"{t.max_weight if t.max_weight is not None else 'any'}"] \
            if t.min_weight is not None or t.max_weight is not None else []
        limits += [f"Push Level {t.min_push_level}+ for a shot"] if t.min_push_level else []
        print(f"title {t.id}: {t.name} ({t.ruleset}, {t.kind}{'; ' + ', '.join(limits) if limits else ''}); "
              f"does not change hands on: {', '.join(excluded) or 'nothing'}")


@table_app.command("add")
def table_add(record_file: Annotated[str, typer.Argument(
                  metavar="RECORD.json", help="A finished match's record as 'turnbuckle match ... --dice ask -f json' "
                  "writes it (or - for stdin).")],
              side: Annotated[list[str] | None, typer.Option(
                  "--side", help=f"N=COMPETITOR: the league competitor ({KEY_HELP}) who took side N (from 1); a side "
                  "not named is someone not in the league.")] = None,
              db: Db = None, actor: As = None) -> None:
    """Save a table match to the league (the organiser): its entries, read from the record's events, are
    played again and must give the record exactly. It counts in records and ratings, not in Push Levels,
    injuries or titles."""
    with user_errors():
        from turnbuckle.core.inputs import parse_json
        from turnbuckle.league.services.table import answers_from_record, save_table_match

        data = parse_json(_read(record_file, "record", archive=True), record_file)
        if not isinstance(data, dict) or not isinstance(data.get("sides"), list):
            raise fail(f"{record_file}: not a match record (docs/json-format.md)")
        picks: list[str | None] = [None] * len(data["sides"])
        for item in side or []:
            n, eq, who = item.partition("=")
            if not eq or not n.strip().isdigit() or not 1 <= int(n) <= len(picks) or not who.strip():
                raise fail(f"--side '{item[:60]}': write N=COMPETITOR with N from 1 to {len(picks)}")
            picks[int(n) - 1] = who.strip()
        groups = answers_from_record(data)
        with unit(db, actor) as ctx:
            m = save_table_match(ctx, data, groups, picks)
            names = [sd.competitor.name if sd.competitor else f"{sd.name} (not in the league)" for sd in m.sides]
            print(f"table match {m.uid}: {' vs '.join(names)}, {m.method}; {len(groups)} answers replayed "
                  "(no committed seed)")


@league_app.command("verify")
def league_verify(show: Annotated[str | None, typer.Argument(
        help="A show's number (or uid); default: every show that has run and every table match.")] = None,
        commitment: Annotated[list[str] | None, typer.Option(
            "--commitment", metavar="SHOW=HASH",
            help="The seed's SHA-256 you saw published when show SHOW locked; the revealed seed must match it. "
                 "Repeatable.")] = None,
        db: Db = None) -> None:
    """Replay a show from its revealed seed and check every hash (or the whole league, table matches
    replayed from their entries): exit 1 on any finding."""
    with user_errors():
        from turnbuckle.league.verify import parse_commitment

        commitments = dict(parse_commitment(c) for c in commitment or [])
        with unit(db) as ctx:
            from turnbuckle.league.export import RAN, export_league

            if show is None:
                data = export_league(ctx, None, published_only=False)
                data["shows"] = [s for s in data["shows"] if s["status"] in RAN]
            else:
                data = export_league(ctx, [show], published_only=False)
        _report(data, commitments)


def _report(data: dict[str, Any], commitments: dict[int, str] | None = None) -> None:
    from turnbuckle.league.verify import verify_export
    from turnbuckle.league.verify_standings import NOT_CHECKED

    findings, notes = verify_export(data, commitments)
    for n in notes:
        print(n)
    for n in NOT_CHECKED:
        print(f"not checked: {n}")
    for f in findings:
        print(f"FINDING: {f}")
    if findings:
        print(f"{len(findings)} finding(s)")
        raise typer.Exit(EXIT_PROBLEMS)
    print("verified: every seed, hash and match agrees")


def verify_file(export: Annotated[str, typer.Argument(help="A league export (JSON), or - for stdin.")],
                commitment: Annotated[list[str] | None, typer.Option(
                    "--commitment", metavar="SHOW=HASH",
                    help="The seed's SHA-256 you saw published when show SHOW locked (its page, the Atom feed, a "
                         "webhook or e-mail); the revealed seed must match it. Repeatable.")] = None) -> None:
    """Check a league export with no database: seeds, hashes, the card, and every match replayed (exit 1 on a
    finding, 2 for a file it cannot read)."""
    with user_errors():
        from turnbuckle.league.verify import load_export, parse_commitment

        commitments = dict(parse_commitment(c) for c in commitment or [])
        data = load_export(_read(export, archive=True), export)
        _report(data, commitments)


@league_app.command()
def export(shows: Annotated[list[str] | None, typer.Argument(help="Shows to export (default: every published "
                                                           "show).")] = None,
           fmt: Annotated[str, typer.Option("--format", "-f", help="json (default), markdown or html.")] = "json",
           out: Annotated[Path | None, typer.Option("--out", "-o", help="Write to this file.")] = None,
           db: Db = None) -> None:
    """Export published shows: JSON that 'turnbuckle verify' checks, Markdown, or a standalone HTML page."""
    with user_errors():
        _format(fmt, ("json", "markdown", "html"))
        with unit(db) as ctx:
            from turnbuckle.league.export import export_html, export_league, export_markdown
            from turnbuckle.league.services.shows import show as find

            for key in shows or []:
                if find(ctx, key).status != "published":
                    raise fail(f"show {key} is not published; only published shows are exported")
            data = export_league(ctx, shows or None)
        text = {"json": lambda: json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                "markdown": lambda: export_markdown(data), "html": lambda: export_html(data)}[fmt]()
        if out is None:
            print(text, end="")
        else:
            write_out(out, text)
            print(f"wrote {out}")


@league_app.command()
def backup(file: Annotated[Path, typer.Argument(help="The backup file to write (JSON).")], db: Db = None) -> None:
    """Write everything in the database (secrets included: keep it safe) to a file."""
    with user_errors():
        from turnbuckle.league.backup import backup as dump
        from turnbuckle.league.db import database_url, open_engine

        engine = open_engine(database_url(db))
        try:
            data = dump(engine)
        finally:
            engine.dispose()
        write_out(file, json.dumps(data, ensure_ascii=False) + "\n")
        print(f"wrote {file} ({sum(len(v) for v in data['tables'].values())} rows)")


@league_app.command()
def restore(file: Annotated[Path, typer.Argument(help="A backup file.")], db: Db = None) -> None:
    """Bring a backup back into a new (or empty) database, exactly."""
    with user_errors():
        from turnbuckle.league.backup import load_backup, restore_into
        from turnbuckle.league.db import database_url

        data = load_backup(_read(str(file), archive=True), str(file))
        rows = restore_into(database_url(db), data)
        print(f"restored {rows} rows")


def register(app: typer.Typer) -> None:
    from turnbuckle.cli import account_cmds, league_card_cmds, league_match_cmd, league_notify_cmds, league_post_cmds

    account_cmds.register(member_app)
    league_card_cmds.register(league_app, show_app, card_app)
    league_match_cmd.register(league_app)
    from turnbuckle.cli import league_advise_cmd

    league_advise_cmd.register(league_app)  # league advise, league advisor on|off
    league_post_cmds.register(league_app)
    league_notify_cmds.register(league_app)  # league notify: the outbox, webhook and e-mail settings
    app.add_typer(league_app, name="league")
    app.command("verify")(verify_file)
