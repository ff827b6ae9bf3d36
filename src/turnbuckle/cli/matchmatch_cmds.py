"""MatchMatch's own command: ``turnbuckle strategy matchmatch A B`` prints an automatic strategy."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from turnbuckle.cli.common import EXIT_PROBLEMS, fail, user_errors
from turnbuckle.cli.sides import resolve_side
from turnbuckle.core.errors import InputRefused, RulesError
from turnbuckle.core.inputs import read_input
from turnbuckle.core.registry import get_ruleset


def strategy(
    ruleset: Annotated[str, typer.Argument(help="matchmatch (or m2).")],
    side: Annotated[str, typer.Argument(help="The wrestler or team to plan for: a file or a sample id.")],
    opponents: Annotated[list[str], typer.Argument(help="The opponent(s): files or sample ids.")],
    grid: Annotated[str | None, typer.Option(help="The match grid, 9 styles row by row "
                                             "('Po Te Br / We MA HF / Br MA Ch'), to pick a column and row.")] = None,
    rounds: Annotated[int, typer.Option(help="The time limit in rounds.")] = 20,
    match_type: Annotated[str, typer.Option("--type", help="Match type (cage forbids Submission).")] = "standard",
) -> None:
    """Print an automatic strategy for SIDE against OPPONENTS in the rulebook's text layout."""
    from turnbuckle.rulesets.matchmatch.auto import auto_strategy
    from turnbuckle.rulesets.matchmatch.grid import parse_grid
    from turnbuckle.rulesets.matchmatch.match_types import find_type
    from turnbuckle.rulesets.matchmatch.ruleset import MatchMatchRuleset
    from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text

    with user_errors():
        rs = get_ruleset(ruleset)
        if not isinstance(rs, MatchMatchRuleset):
            raise RulesError(f"'strategy' is a MatchMatch command; '{ruleset}' is {rs.info.id}")
        me = resolve_side(rs, side)
        others = [resolve_side(rs, o) for o in opponents]
        if not 1 <= rounds <= 100:
            raise RulesError(f"--rounds {rounds}: give 1 to 100")
        kind = find_type(match_type)
        g = parse_grid(grid) if grid else None
        tag = me.is_team or any(o.is_team for o in others)
        plan = auto_strategy(me.sheet, [o.sheet for o in others], rounds, g, kind.forbidden_specials, tag)
        sys.stdout.write(f"{me.name} vs. {', '.join(o.name for o in others)}\n")
        sys.stdout.write(format_strategy_text(plan))


def validate_strategy(
    ruleset: Annotated[str, typer.Argument(help="matchmatch (or m2).")],
    file: Annotated[Path, typer.Argument(help="A strategy: YAML (structured) or text in the rulebook's layout.")],
    sheet: Annotated[str | None, typer.Option(help="Check it against this wrestler or team (file or sample id).")]
    = None,
    rounds: Annotated[int, typer.Option(help="The time limit in rounds.")] = 20,
    match_type: Annotated[str, typer.Option("--type", help="Match type (cage forbids Submission).")] = "standard",
) -> None:
    """Check a strategy on its own (styles, grid pick, rounds) and, with --sheet, against a sheet's
    High Spots and Push Level and the match type. Prints 'valid' or the problems (exit 1)."""
    from turnbuckle.rulesets.matchmatch.match_types import find_type
    from turnbuckle.rulesets.matchmatch.ruleset import MatchMatchRuleset
    from turnbuckle.rulesets.matchmatch.side import load_strategy_document
    from turnbuckle.rulesets.matchmatch.strategy import strategy_problems
    from turnbuckle.rulesets.matchmatch.strategy_text import format_strategy_text

    with user_errors():
        rs = get_ruleset(ruleset)
        if not isinstance(rs, MatchMatchRuleset):
            raise RulesError(f"'validate-strategy' is a MatchMatch command; '{ruleset}' is {rs.info.id}")
        text = read_input(file, "strategy")
        try:
            plan = load_strategy_document(text, str(file))
        except InputRefused:
            raise
        except RulesError as exc:
            print(f"{file}: 1 problem(s):\n  - {exc}")
            raise fail(f"{file} is not a valid {rs.info.id} strategy", EXIT_PROBLEMS) from None
        problems: list[str] = []
        if sheet is not None:
            side = resolve_side(rs, sheet)
            kind = find_type(match_type)
            problems = strategy_problems(plan, side.sheet.high_spots, side.sheet.push_level, rounds,
                                         kind.forbidden_specials, kind.name)
        if problems:
            print(f"{file}: {len(problems)} problem(s):")
            for p in problems:
                print(f"  - {p}")
            raise fail(f"{file} is not a valid {rs.info.id} strategy", EXIT_PROBLEMS)
        print(f"{file}: valid {rs.info.id} strategy: {format_strategy_text(plan).splitlines()[0]}")


def register(app: typer.Typer) -> None:
    app.command()(strategy)
    app.command("validate-strategy")(validate_strategy)
