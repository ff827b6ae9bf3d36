"""``rulesets``, ``samples`` and ``validate``: what is there, and is this file right."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

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
    verdict_text,
)
from turnbuckle.cli.match_cmd import game_options
from turnbuckle.cli.sides import files_beside
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.registry import Ruleset, sides_word
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

LIST_FORMATS = ("text", "markdown", "json")


def _ruleset_json(rs: Ruleset[Any]) -> dict[str, object]:
    info = rs.info
    return {"id": info.id, "name": info.name, "version": info.version, "aliases": list(info.aliases),
            "min_sides": info.min_sides, "max_sides": info.max_sides, "side_word": info.side_word,
            "summary": info.summary, "player_kinds": list(info.player_kinds),
            "options": [{"name": o.name, "default": o.default, "kind": o.kind, "choices": list(o.choices),
                         "minimum": o.minimum, "maximum": o.maximum, "help": o.help} for o in info.options]}


def rulesets(fmt: Annotated[str, format_option(LIST_FORMATS)] = "text") -> None:
    """List the games: id, name, version, aliases, sides and options with their defaults."""
    with user_errors():
        chosen = check_format(fmt, LIST_FORMATS)
        games = all_rulesets()
        if chosen == "json":
            data = {"format": "turnbuckle.rulesets/1", "rulesets": [_ruleset_json(rs) for rs in games]}
            sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
            return
        for rs in games:
            info = rs.info
            lo, hi = info.min_sides, info.max_sides
            sides = str(lo) if lo == hi else f"{lo}-{hi}"
            aliases = f" (aliases: {', '.join(info.aliases)})" if info.aliases else ""
            head = f"{info.id}  {info.name}  v{info.version}  {sides} {sides_word(info)}{aliases}"
            lines = [info.summary, *(f"--option {spec.describe()}" for spec in info.options)]
            if len(info.player_kinds) > 1:
                lines.append(f"--player SIDE=KIND with KIND one of: {', '.join(info.player_kinds)}")
            if chosen == "markdown":
                print(f"## {head}\n")
                print("\n".join(f"- {line}" for line in lines) + "\n")
            else:
                print(head)
                print("\n".join(f"    {line}" for line in lines))


def samples(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias, e.g. boxing.")],
    name: Annotated[str | None, typer.Argument(help="A sample id: print that sample as YAML you can edit.")] = None,
    fmt: Annotated[str, format_option(LIST_FORMATS)] = "text",
) -> None:
    """List a ruleset's bundled samples (one id per line), or print one as YAML (--format json:
    the sample's data as JSON)."""
    with user_errors():
        chosen = check_format(fmt, LIST_FORMATS)
        rs = get_ruleset(ruleset)
        if name:
            sample = rs.sample(name)
            if chosen == "json":
                data = {"id": sample.id, "summary": sample.summary, "sheet": parse_yaml(sample.text, sample.id)}
                sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
            elif chosen == "markdown":
                sys.stdout.write(f"# {sample.id}\n\n```yaml\n{sample.text.rstrip()}\n```\n")
            else:
                print(sample.text, end="")
            return
        found = rs.samples()
        if chosen == "json":
            data = {"ruleset": rs.info.id, "samples": [{"id": s.id, "summary": s.summary} for s in found]}
            sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
            return
        for s in found:
            line = f"{s.id}  {s.summary}".rstrip()
            print(f"- `{s.id}` {s.summary}".rstrip() if chosen == "markdown" else line)


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
        sys.stdout.write(verdict_text(label, verdict.what, verdict.problems, verdict.warnings, chosen))
        if not verdict.valid:
            raise typer.Exit(EXIT_PROBLEMS)


def register(app: typer.Typer) -> None:
    app.command()(rulesets)
    app.command()(samples)
    app.command()(validate)
