"""``rulesets``, ``samples`` and ``validate``: what is there, and is this file right."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from turnbuckle.cli.common import EXIT_PROBLEMS, user_errors
from turnbuckle.cli.grammar import (
    CapOpt,
    GridOpt,
    OptionOpt,
    RefereeOpt,
    RoundsOpt,
    StakeOpt,
    TypeOpt,
    check_format,
    format_option,
    read_document,
)
from turnbuckle.cli.match_cmd import game_options
from turnbuckle.cli.sides import files_beside
from turnbuckle.core.inputs import printable
from turnbuckle.core.registry import all_rulesets, get_ruleset, sides_word


def rulesets() -> None:
    """List the games: id, name, version, aliases, sides and options with their defaults."""
    with user_errors():
        for rs in all_rulesets():
            info = rs.info
            lo, hi = info.min_sides, info.max_sides
            sides = str(lo) if lo == hi else f"{lo}-{hi}"
            aliases = f" (aliases: {', '.join(info.aliases)})" if info.aliases else ""
            print(f"{info.id}  {info.name}  v{info.version}  {sides} {sides_word(info)}{aliases}")
            print(f"    {info.summary}")
            for spec in info.options:
                print(f"    --option {spec.describe()}")
            if len(info.player_kinds) > 1:
                print(f"    --player SIDE=KIND with KIND one of: {', '.join(info.player_kinds)}")


def samples(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias, e.g. boxing.")],
    name: Annotated[str | None, typer.Argument(help="A sample id: print that sample as YAML you can edit.")] = None,
) -> None:
    """List a ruleset's bundled samples (one id per line), or print one as YAML."""
    with user_errors():
        rs = get_ruleset(ruleset)
        if name:
            print(rs.sample(name).text, end="")
            return
        for s in rs.samples():
            print(f"{s.id}  {s.summary}".rstrip())


VALIDATE_FORMATS = ("text", "markdown", "json")


def validate(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias.")],
    file: Annotated[str, typer.Argument(help="A sheet file (YAML) to check, or - for standard input.")],
    option: OptionOpt = None,
    rounds: RoundsOpt = None,
    grid: GridOpt = None,
    match_type: TypeOpt = None,
    referee: RefereeOpt = None,
    cap: CapOpt = None,
    stake: StakeOpt = None,
    fmt: Annotated[str, format_option(VALIDATE_FORMATS)] = "text",
) -> None:
    """Check a sheet as `match` would take it under the same rules options: prints 'valid', or
    every problem at once (exit 1). A missing file or a bad option is exit 2."""
    with user_errors():
        chosen = check_format(fmt, VALIDATE_FORMATS)
        rs = get_ruleset(ruleset)
        options = game_options(rs, option, rounds=rounds, grid=grid, type=match_type, referee=referee, cap=cap,
                               stake=stake)
        text, label = read_document(file)
        verdict = rs.check_text(text, label, options, files_beside(file))
        problems = [printable(_unlabelled(p, label)) for p in verdict.problems]
        warnings = [printable(w) for w in verdict.warnings]
        sys.stdout.write(_verdict_text(printable(label), printable(verdict.what), problems, warnings, chosen))
        if not verdict.valid:
            raise typer.Exit(EXIT_PROBLEMS)


def _unlabelled(problem: str, label: str) -> str:
    """A problem without the file name in front (validate names the file once, at the top)."""
    prefix = f"{label}: "
    return problem[len(prefix):] if problem.startswith(prefix) else problem


def _verdict_text(label: str, what: str, problems: list[str], warnings: list[str], fmt: str) -> str:
    if fmt == "json":
        data = {"format": "turnbuckle.validate/1", "file": label, "what": what, "valid": not problems,
                "problems": problems, "warnings": warnings}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    bullet = "-" if fmt == "markdown" else "  -"
    if not problems:
        head = f"{label}: valid {what}"
    else:
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        head = f"{label}: not a valid {what}: {count}"
    lines = [head, *(f"{bullet} {p}" for p in problems), *(f"{bullet} warning: {w}" for w in warnings)]
    return "\n".join(lines) + "\n"


def register(app: typer.Typer) -> None:
    app.command()(rulesets)
    app.command()(samples)
    app.command()(validate)
