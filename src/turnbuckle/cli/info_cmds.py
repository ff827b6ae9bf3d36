"""``rulesets``, ``samples`` and ``validate``: what is there, and is this file right."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from turnbuckle.cli.common import EXIT_PROBLEMS, fail, user_errors
from turnbuckle.core.inputs import printable, read_input
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


def validate(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias.")],
    file: Annotated[Path, typer.Argument(help="A sheet file (YAML) to check.")],
) -> None:
    """Check a sheet: prints 'valid', or every problem (exit 1). A missing file is exit 2."""
    with user_errors():
        rs = get_ruleset(ruleset)
        text = read_input(file)
        verdict = rs.check_text(text, str(file))
        for warning in verdict.warnings:
            print(f"{file}: warning: {printable(warning)}")
        if verdict.valid:
            print(f"{file}: valid {verdict.what}")
            return
        print(f"{file}: {len(verdict.problems)} problem(s):")
        for p in verdict.problems:
            print(f"  - {printable(p)}")
        raise fail(f"{file} is not a valid {verdict.what}", EXIT_PROBLEMS)


def register(app: typer.Typer) -> None:
    app.command()(rulesets)
    app.command()(samples)
    app.command()(validate)
