"""MatchMatch's own command: ``turnbuckle strategy matchmatch A B`` prints an automatic strategy."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

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
    load_sides,
    read_document,
    verdict_text,
)
from turnbuckle.cli.match_cmd import game_options
from turnbuckle.core.errors import InputRefused, RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.rulesets.registry import get_ruleset

if TYPE_CHECKING:
    from turnbuckle.rulesets.matchmatch.ruleset import MatchMatchRuleset


STRATEGY_FORMATS = ("text", "markdown", "json")


def _matchmatch(ruleset: str, command: str) -> MatchMatchRuleset:
    from turnbuckle.rulesets.matchmatch.ruleset import (  # lazy: loads the game only when a command asks for it
        MatchMatchRuleset,
    )

    rs = get_ruleset(ruleset)
    if not isinstance(rs, MatchMatchRuleset):
        raise RulesError(f"'{command}' is a MatchMatch command; '{ruleset}' is {rs.info.id}")
    return rs


def strategy(
    ruleset: Annotated[str, typer.Argument(help="matchmatch (or m2).")],
    side: Annotated[str, typer.Argument(help="The wrestler or team to plan for: a file, a sample id or -.")],
    opponents: Annotated[list[str], typer.Argument(help="The opponent(s): files or sample ids.")],
    option: OptionOpt = None,
    rounds: RoundsOpt = None,
    grid: GridOpt = None,
    match_type: TypeOpt = None,
    referee: RefereeOpt = None,
    cap: CapOpt = None,
    stake: StakeOpt = None,
    fmt: Annotated[str, format_option(STRATEGY_FORMATS)] = "text",
) -> None:
    """Print an automatic strategy for SIDE against OPPONENTS in the rulebook's text layout, for the
    match the rules options describe (--rounds, --type, --grid: with a grid the column and row are
    picked for it)."""
    from turnbuckle.rulesets.matchmatch.auto import (  # lazy: loads the game only when a command asks for it
        auto_strategy,
    )
    from turnbuckle.rulesets.matchmatch.grid import parse_grid  # lazy: loads the game only when a command asks for it
    from turnbuckle.rulesets.matchmatch.options import (  # lazy: loads the game only when a command asks for it
        match_options,
    )
    from turnbuckle.rulesets.matchmatch.strategy_text import (  # lazy: loads the game only when a command asks for it
        format_strategy_text,
    )

    with user_errors():
        chosen = check_format(fmt, STRATEGY_FORMATS)
        rs = _matchmatch(ruleset, "strategy")
        given = game_options(rs, option, rounds=rounds, grid=grid, type=match_type, referee=referee, cap=cap,
                             stake=stake)
        opts = resolve_options(rs.info.options, given)
        me, *others = load_sides(rs, [side, *opponents])
        kind = match_options(opts).match_type
        g = parse_grid(str(opts["grid"])) if str(opts["grid"]).strip() else None
        tag = me.is_team or any(o.is_team for o in others)
        plan = auto_strategy(me.sheet, [o.sheet for o in others], int(opts["rounds"]), g, kind.forbidden_specials,
                             tag)
        title = f"{me.name} vs. {', '.join(o.name for o in others)}"
        text = format_strategy_text(plan)
        if chosen == "json":
            data = {"format": "turnbuckle.strategy/1", "side": me.name, "opponents": [o.name for o in others],
                    "options": dict(opts), "strategy": text}
            sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        elif chosen == "markdown":
            sys.stdout.write(f"# {title}\n\n```text\n{text.rstrip()}\n```\n")
        else:
            sys.stdout.write(f"{title}\n{text}")


def validate_strategy(
    ruleset: Annotated[str, typer.Argument(help="matchmatch (or m2).")],
    file: Annotated[str, typer.Argument(help="A strategy: YAML (structured) or text in the rulebook's layout; "
                                        "- reads standard input.")],
    sheet: Annotated[str | None, typer.Option(help="Check it against this wrestler or team (file or sample id).")]
    = None,
    option: OptionOpt = None,
    rounds: RoundsOpt = None,
    grid: GridOpt = None,
    match_type: TypeOpt = None,
    referee: RefereeOpt = None,
    cap: CapOpt = None,
    stake: StakeOpt = None,
    fmt: Annotated[str, format_option(STRATEGY_FORMATS)] = "text",
) -> None:
    """Check a strategy on its own (styles, grid pick, rounds) and, with --sheet, against a sheet's
    High Spots and Push Level and the match's rounds and type. Prints 'valid' or the problems (exit 1)."""
    from turnbuckle.rulesets.matchmatch.options import (  # lazy: loads the game only when a command asks for it
        match_options,
    )
    from turnbuckle.rulesets.matchmatch.side import (  # lazy: loads the game only when a command asks for it
        load_strategy_document,
    )
    from turnbuckle.rulesets.matchmatch.strategy import (  # lazy: loads the game only when a command asks for it
        strategy_problems,
    )
    from turnbuckle.rulesets.matchmatch.strategy_text import (  # lazy: loads the game only when a command asks for it
        format_strategy_text,
    )

    with user_errors():
        chosen = check_format(fmt, STRATEGY_FORMATS)
        rs = _matchmatch(ruleset, "validate-strategy")
        given = game_options(rs, option, rounds=rounds, grid=grid, type=match_type, referee=referee, cap=cap,
                             stake=stake)
        opts = resolve_options(rs.info.options, given)
        text, label = read_document(file, "strategy")
        what = f"{rs.info.id} strategy"
        try:
            plan = load_strategy_document(text, label)
        except InputRefused:
            raise
        except RulesError as exc:
            sys.stdout.write(verdict_text(label, what, [str(exc)], [], chosen))
            raise typer.Exit(EXIT_PROBLEMS) from None
        problems: list[str] = []
        if sheet is not None:
            (side,) = load_sides(rs, [sheet])
            kind = match_options(opts).match_type
            problems = strategy_problems(plan, side.sheet.high_spots, side.sheet.push_level, int(opts["rounds"]),
                                         kind.forbidden_specials, kind.name)
        what = f"{what}: {format_strategy_text(plan).splitlines()[0]}" if not problems else what
        sys.stdout.write(verdict_text(label, what, problems, [], chosen))
        if problems:
            raise typer.Exit(EXIT_PROBLEMS)


def register(app: typer.Typer) -> None:
    app.command()(strategy)
    app.command("validate-strategy")(validate_strategy)
