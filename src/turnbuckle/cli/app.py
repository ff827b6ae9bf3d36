"""The ``turnbuckle`` program: ``rulesets``, ``samples``, ``validate``, ``match``."""

from __future__ import annotations

from typing import Annotated

import typer

from turnbuckle import __version__
from turnbuckle.cli import deathmatch_cmds, headlock_cmds, info_cmds, match_cmd, matchmatch_cmds, odds_cmds

app = typer.Typer(
    name="turnbuckle",
    help="Play, referee and simulate tabletop combat-sports games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"turnbuckle {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Play, referee and simulate tabletop combat-sports games.

    Start with `turnbuckle rulesets`, then `turnbuckle samples RULESET`, then
    `turnbuckle match RULESET A B`.
    """


info_cmds.register(app)
match_cmd.register(app)
deathmatch_cmds.register(app)
headlock_cmds.register(app)
matchmatch_cmds.register(app)
odds_cmds.register(app)


def main() -> None:
    app()
