"""``replay`` and ``show``: a stored match record played again, or written up again."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from turnbuckle.cli.common import EXIT_PROBLEMS, user_errors
from turnbuckle.cli.grammar import check_format, format_option
from turnbuckle.core.errors import RecordError
from turnbuckle.core.inputs import MAX_ARCHIVE_BYTES, read_input
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import parse_record
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.render import FORMATS, render
from turnbuckle.core.writeup import result_last
from turnbuckle.rulesets.registry import get_ruleset

RECORD_HELP = "A match record written by `turnbuckle match ... --format json`."


def load_record_file(path: str) -> tuple[Ruleset[Any], MatchRecord]:
    """The record in a file and its ruleset; a RulesError (one line) when it is not a record."""

    text = read_input(path, "match record", MAX_ARCHIVE_BYTES)
    try:
        record = parse_record(text)
    except RecordError as exc:
        raise RecordError(f"'{path}' is not a match record: {exc}") from None
    return get_ruleset(record.ruleset), record


def replay(record_file: Annotated[str, typer.Argument(metavar="RECORD.json", help=RECORD_HELP)]) -> None:
    """Play a stored match again (from its seed, or the entries it logged) under the rules installed
    now; print "identical", or the first event that differs (exit 1)."""
    from turnbuckle.core.replay import replay as replay_record  # lazy: keeps core.replay out of start-up

    with user_errors():
        rs, record = load_record_file(record_file)
        found = replay_record(rs, record)
        print(found.report())
        if not found.identical:
            raise typer.Exit(EXIT_PROBLEMS)


def show(
    record_file: Annotated[str, typer.Argument(metavar="RECORD.json", help=RECORD_HELP)],
    fmt: Annotated[str, format_option(FORMATS)] = "text",
) -> None:
    """Write up a stored match as text, Markdown or a standalone HTML page, or print its record
    (json: the record byte for byte)."""
    with user_errors():
        chosen = check_format(fmt, FORMATS)
        rs, record = load_record_file(record_file)
        writeup = None if chosen == "json" else result_last(rs.narrate(record))
        sys.stdout.write(render(record, writeup, chosen))


def register(app: typer.Typer) -> None:
    app.command()(replay)
    app.command()(show)
