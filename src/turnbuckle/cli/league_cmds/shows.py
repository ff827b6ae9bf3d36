"""``turnbuckle league`` shows and their cards, the weekly steps (submit, run, heal, publish), standings,
history, titles and table matches."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from turnbuckle.cli.common import EXIT_PROBLEMS, fail, user_errors
from turnbuckle.cli.league_cmds.common import (
    KEY_HELP,
    As,
    Db,
    Fmt,
    ShowArg,
    card_app,
    check_format,
    collector_spared,
    emit,
    league_app,
    print_card,
    read_text,
    show_app,
    standing_table,
    table_app,
    titles_app,
    unit,
    when,
)
from turnbuckle.core.inputs import parse_json
from turnbuckle.core.options import parse_option_pairs

if TYPE_CHECKING:
    pass


# -- shows -------------------------------------------------------------------------------------------
@show_app.command("create")
def show_create(name: str,
                date: Annotated[str, typer.Option(help="The show's date, YYYY-MM-DD.")],
                deadline: Annotated[str, typer.Option(help="Strategy deadline 'YYYY-MM-DD HH:MM' (league time).")],
                db: Db = None, actor: As = None) -> None:
    """Create a show (a draft: build its card, then open it)."""
    with user_errors(), unit(db, actor) as ctx:
        from turnbuckle.league.services.shows import create_show  # lazy: keeps the league (sqlalchemy) out of start-up

        s = create_show(ctx, name, date, when(ctx, deadline))
        print(f"show {s.number}: {s.name} on {s.show_date}, strategies due {ctx.local(s.deadline)}")


@show_app.command("list")
def show_list(db: Db = None, fmt: Fmt = "text") -> None:
    """List the shows with their status."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.services.shows import shows  # lazy: keeps the league (sqlalchemy) out of start-up

        ss = shows(ctx)
        data = [{"number": s.number, "uid": s.uid, "name": s.name, "date": s.show_date, "status": s.status,
                 "deadline": s.deadline.isoformat(), "matches": len(s.matches),
                 "deleted_at": s.deleted_at.isoformat() if s.deleted_at else None,
                 "card_seed": s.card_seed} for s in ss]
        emit(check_format(fmt), data, [["show", "name", "date", "status", "deadline", "matches"]]
              + [[str(s.number), s.name, s.show_date, s.status, ctx.local(s.deadline), str(len(s.matches))]
                 for s in ss], "no shows")


@show_app.command("view")
def show_view(show: ShowArg, db: Db = None, fmt: Fmt = "text") -> None:
    """A show: its card, seed hash (and seed once run), history and write-up."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import show_data  # lazy: keeps the league (sqlalchemy) out of start-up

        data = show_data(ctx, show)
        if check_format(fmt) == "json":
            print(json.dumps(data, indent=2, ensure_ascii=False))
            return
        print(f"show {data['number']}: {data['name']} on {data['date']} ({data['status']})")
        print(f"strategies due: {data['deadline']}")
        if data["deleted_at"]:
            print(f"deleted: {data['deleted_at']}")
        for key in ("card_seed", "seed_sha256", "seed"):
            if data[key]:
                print(f"{key.replace('_', ' ')}: {data[key]}")
        print_card(data["card"])
        print("history:")
        for e in data["history"]:
            print(f"  {e['at']}  {e['kind']}")
        if data["writeup"]:
            print()
            print(data["writeup"])


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
        from turnbuckle.league.services.card import add_match  # lazy: keeps the league (sqlalchemy) out of start-up

        m = add_match(ctx, show, game, sides, dict(parse_option_pairs(option or [])), referee, title, rebook)
        print(f"show {m.show.number} match {m.position}: {' vs '.join(sd.competitor.name for sd in m.sides)}")


@card_app.command("view")
def card_view(show: ShowArg, db: Db = None, fmt: Fmt = "text") -> None:
    """A show's card."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.services.shows import card_entry  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.services.shows import show as find  # lazy: keeps the league (sqlalchemy) out of start-up

        card = [card_entry(m) for m in find(ctx, show).matches]
        if check_format(fmt) == "json":
            print(json.dumps(card, indent=2, ensure_ascii=False))
        else:
            print_card(card)


def _step(name: str, doc: str) -> None:
    def command(show: ShowArg, db: Db = None, actor: As = None) -> None:
        with user_errors(), unit(db, actor) as ctx:
            from turnbuckle.league.services import shows  # lazy: keeps the league (sqlalchemy) out of start-up

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
        text = read_text(writeup) if writeup else None
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.running import (  # lazy: keeps the league (sqlalchemy) out of start-up
                publish as do_publish,
            )

            s = do_publish(ctx, show, text)
            print(f"show {s.number} is {s.status}")


@league_app.command()
def submit(show: ShowArg, match: Annotated[int, typer.Argument(help="The match's position on the card.")],
           competitor: Annotated[str, typer.Argument(help=f"Your competitor in that match, {KEY_HELP}.")],
           strategy: Annotated[str, typer.Argument(help="The strategy file (YAML or the rulebook's layout), or -.")],
           db: Db = None, actor: As = None) -> None:
    """Send a strategy for your competitor (every version is kept; the latest before the deadline counts)."""
    with user_errors():
        text = read_text(strategy)
        with unit(db, actor) as ctx:
            from turnbuckle.league.services.shows import (  # lazy: keeps the league (sqlalchemy) out of start-up
                submit as send,
            )

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
        from turnbuckle.league.services.running import run_show  # lazy: keeps the league (sqlalchemy) out of start-up

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
        from turnbuckle.league.services.roster import (  # lazy: keeps the league (sqlalchemy) out of start-up
            competitor_by_id,
        )
        from turnbuckle.league.services.running import (  # lazy: keeps the league (sqlalchemy) out of start-up
            heal as do_heal,
        )

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
        from turnbuckle.league.services.roster import (  # lazy: keeps the league (sqlalchemy) out of start-up
            award_push,
            parse_points,
        )

        ch = award_push(ctx, competitor, parse_points(points), reason)
        print(f"level {ch.level_before} ({ch.points_before}) -> level {ch.level_after} ({ch.points_after})")


# -- reading -------------------------------------------------------------------------------------------
@league_app.command()
def standings(game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
              db: Db = None, fmt: Fmt = "text") -> None:
    """Standings: record, Push Level and points (MatchMatch), injuries and openskill rating, by game."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import standings_rows  # lazy: keeps the league (sqlalchemy) out of start-up

        rows = standings_rows(ctx, game, ranked=True)
        emit(check_format(fmt), rows, standing_table(rows), "no competitors")


@league_app.command()
def history(competitor: Annotated[str | None, typer.Argument(
                help=f"A competitor, {KEY_HELP} (default: the whole league).")]
            = None, limit: Annotated[int, typer.Option(help="At most this many entries.")] = 50,
            db: Db = None, fmt: Fmt = "text") -> None:
    """Results, Push changes (with the match or award behind each), injuries and title changes."""
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import history_rows  # lazy: keeps the league (sqlalchemy) out of start-up

        rows = history_rows(ctx, competitor, limit)
        emit(check_format(fmt), rows, [["when", "show", "what"]] + [[r["at"], str(r["show"] or "-"), r["text"]]
                                                                 for r in rows], "no history yet")


@titles_app.callback()
def titles(ctx_: typer.Context, db: Db = None, fmt: Fmt = "text") -> None:
    """Titles, their champions and reigns."""
    if ctx_.invoked_subcommand is not None:
        return
    with user_errors(), unit(db) as ctx:
        from turnbuckle.league.queries import title_rows  # lazy: keeps the league (sqlalchemy) out of start-up

        rows = title_rows(ctx)
        out = [["title", "game", "champion", "since", "reigns"]]
        out += [[r["name"], r["ruleset"], r["champion"] or "vacant", r["since_show"] or r["since"] or "-",
                 str(len(r["reigns"]))] for r in rows]
        emit(check_format(fmt), rows, out, "no titles")


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
        from turnbuckle.league.services.roster import (  # lazy: keeps the league (sqlalchemy) out of start-up
            DEFAULT_TITLE_EXCLUDED,
            add_title,
        )

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
        from turnbuckle.league.services.table import (  # lazy: keeps the league (sqlalchemy) out of start-up
            answers_from_record,
            save_table_match,
        )

        data = parse_json(read_text(record_file, "record", archive=True), record_file)
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
