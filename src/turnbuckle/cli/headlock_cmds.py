"""``turnbuckle build headlock --roll``: roll a Headlock character from the dice and print its YAML."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
import yaml

from turnbuckle.cli.common import user_errors
from turnbuckle.cli.match_cmd import make_source
from turnbuckle.core.errors import RulesError
from turnbuckle.core.table import Table
from turnbuckle.rulesets.registry import get_ruleset


def build(
    ruleset: Annotated[str, typer.Argument(help="The game to build for (headlock).")],
    roll: Annotated[bool, typer.Option("--roll", help="Roll the stats, moves and special on the dice.")] = False,
    seed: Annotated[int | None, typer.Option(help="Seed for the dice (default: a fresh one, shown).")] = None,
    dice: Annotated[str | None, typer.Option(help="FILE of hand-rolled dice to use, or 'ask'.")] = None,
    name: Annotated[str | None, typer.Option(help="The wrestler's name (default: rolled).")] = None,
) -> None:
    """Roll a character from the dice and print it as YAML you can save, edit and play."""
    from turnbuckle.rulesets.headlock.build import (  # lazy: loads the game only when a command asks for it
        roll_character,
    )
    from turnbuckle.rulesets.headlock.sheet import (  # lazy: loads the game only when a command asks for it
        character_json,
    )

    with user_errors():
        rs = get_ruleset(ruleset)
        if rs.info.id != "headlock":
            raise RulesError(f"`build` knows only headlock characters, not {rs.info.id}")
        if not roll:
            raise RulesError("give --roll to roll a character, or write a sheet by hand starting from "
                             "`turnbuckle samples headlock the-rhino`")
        source = make_source(seed, dice)
        character = roll_character(Table(source), name)
        header = f"# Rolled with turnbuckle build headlock --roll --seed {source.seed}\n" if source.seed is not None \
            else "# Rolled from the dice at the table\n"
        sys.stdout.write(header + yaml.safe_dump(character_json(character), sort_keys=False, allow_unicode=True))


def register(app: typer.Typer) -> None:
    app.command()(build)
