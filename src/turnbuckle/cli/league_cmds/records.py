"""``turnbuckle league`` verify, export, backup and restore; the top-level ``turnbuckle verify``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from turnbuckle.cli.common import EXIT_PROBLEMS, fail, user_errors, write_out
from turnbuckle.cli.league_cmds.common import (
    Db,
    check_format,
    league_app,
    read_text,
    unit,
)

if TYPE_CHECKING:
    pass


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
        from turnbuckle.league.verify import parse_commitment  # lazy: keeps the league out of start-up

        commitments = dict(parse_commitment(c) for c in commitment or [])
        with unit(db) as ctx:
            from turnbuckle.league.export import (  # lazy: keeps the league (sqlalchemy) out of start-up
                RAN,
                export_league,
            )

            if show is None:
                data = export_league(ctx, None, published_only=False)
                data["shows"] = [s for s in data["shows"] if s["status"] in RAN]
            else:
                data = export_league(ctx, [show], published_only=False)
        _report(data, commitments)


def _report(data: dict[str, Any], commitments: dict[int, str] | None = None) -> None:
    from turnbuckle.league.verify import verify_export  # lazy: keeps the league out of start-up
    from turnbuckle.league.verify_standings import NOT_CHECKED  # lazy: keeps the league out of start-up

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
        from turnbuckle.league.verify import load_export, parse_commitment  # lazy: keeps the league out of start-up

        commitments = dict(parse_commitment(c) for c in commitment or [])
        data = load_export(read_text(export, archive=True), export)
        _report(data, commitments)


@league_app.command()
def export(shows: Annotated[list[str] | None, typer.Argument(help="Shows to export (default: every published "
                                                           "show).")] = None,
           fmt: Annotated[str, typer.Option("--format", "-f", help="json (default), markdown or html.")] = "json",
           out: Annotated[Path | None, typer.Option("--out", "-o", help="Write to this file.")] = None,
           db: Db = None) -> None:
    """Export published shows: JSON that 'turnbuckle verify' checks, Markdown, or a standalone HTML page."""
    with user_errors():
        check_format(fmt, ("json", "markdown", "html"))
        with unit(db) as ctx:
            from turnbuckle.league.export import (  # lazy: keeps the league (sqlalchemy) out of start-up
                export_html,
                export_league,
                export_markdown,
            )
            from turnbuckle.league.services.shows import (  # lazy: keeps the league (sqlalchemy) out of start-up
                show as find,
            )

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
        from turnbuckle.league.backup import backup as dump  # lazy: keeps the league (sqlalchemy) out of start-up
        from turnbuckle.league.db import (  # lazy: keeps the league (sqlalchemy) out of start-up
            database_url,
            open_engine,
        )

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
        from turnbuckle.league.backup import (  # lazy: keeps the league (sqlalchemy) out of start-up
            load_backup,
            restore_into,
        )
        from turnbuckle.league.db import database_url  # lazy: keeps the league (sqlalchemy) out of start-up

        data = load_backup(read_text(str(file), archive=True), str(file))
        rows = restore_into(database_url(db), data)
        print(f"restored {rows} rows")
