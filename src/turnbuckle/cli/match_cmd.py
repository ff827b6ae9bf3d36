"""``turnbuckle match``: play one match and write it up as text, Markdown or JSON."""

from __future__ import annotations

import re
import secrets
import sys
from typing import Annotated, Any

import typer

from turnbuckle.cli.common import user_errors
from turnbuckle.cli.table_play import Stopped, play_at_table
from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import parse_option_pairs
from turnbuckle.core.registry import Ruleset, get_ruleset
from turnbuckle.core.render import FORMATS, render
from turnbuckle.core.sources import AskingSource, ScriptedSource, SeededSource, Source


def make_source(seed: int | None, dice: str | None) -> Source:
    """``--dice ask`` asks at the prompt, ``--dice FILE`` replays a script, else a seeded source
    (a fresh random seed when none is given; it is recorded in the output)."""
    if dice is not None and seed is not None:
        raise RulesError("give --seed or --dice, not both: a dice script or the table decides every roll")
    if dice == "ask":
        def tell(message: str) -> None:
            print(message, file=sys.stderr)

        def ask(prompt: str) -> str:
            print(prompt, end="", file=sys.stderr, flush=True)
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line

        return AskingSource(ask, tell)
    if dice is not None:
        return ScriptedSource.from_file(dice)
    return SeededSource(seed if seed is not None else secrets.randbelow(2**31))


def parse_players(rs: Ruleset[Any], pairs: list[str], names: list[str]) -> dict[int, str]:
    """``--player 1=human``, ``--player B=solo`` or ``--player "Iron Mike=smart"``."""
    out: dict[int, str] = {}
    for pair in pairs:
        who, sep, kind = pair.partition("=")
        if not sep:
            raise RulesError(f"--player '{pair}' must be SIDE=KIND, e.g. 1=human or A=human")
        who = who.strip()
        if re.fullmatch(r"[0-9]{1,3}", who):
            index = int(who) - 1
        elif len(who) == 1 and who.isalpha():
            index = ord(who.upper()) - ord("A")
        elif who in names:
            index = names.index(who)
        else:
            raise RulesError(f"--player '{pair}': no side '{who}'; use 1, 2... or A, B... or a name")
        out[index] = kind.strip()
    return out


def match(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias, e.g. boxing.")],
    sides: Annotated[list[str], typer.Argument(help="Each side: a sheet file or a sample id.")],
    seed: Annotated[int | None, typer.Option(help="Seed for reproducible dice (default: a fresh one, recorded).")]
    = None,
    dice: Annotated[str | None, typer.Option(help="FILE of hand-rolled dice/cards to replay, or 'ask'.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A rule option key=value.")] = None,
    player: Annotated[list[str] | None, typer.Option(help="Who plays a side's choices: SIDE=KIND.")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, markdown or json.")] = "text",
    match_type: Annotated[str | None, typer.Option("--type", help="Match type, where the game has them "
                                                   "(same as --option type=...).")] = None,
    referee: Annotated[str | None, typer.Option(help="Referee, where the game has them (--option referee=...).")]
    = None,
    cap: Annotated[int | None, typer.Option(help="Power cap, where the game has one (--option cap=...).")] = None,
    policy: Annotated[list[str] | None, typer.Option(help="Automatic player policy per side: SIDE=POLICY "
                                                      "(same as --player).")] = None,
    stake: Annotated[str | None, typer.Option(help="What the match is played for, kept in the result "
                                              "(--option stake=...).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="With --dice FILE: play the saved entries, then "
                                         "ask at the prompt for the rest.")] = False,
) -> None:
    """Play a match and print the write-up (text, Markdown) or the full record (JSON)."""
    with user_errors():
        if fmt not in FORMATS:
            raise RulesError(f"--format '{fmt}' is not one of {', '.join(FORMATS)}")
        rs = get_ruleset(ruleset)
        loaded = [rs.resolve_side(arg) for arg in sides]
        options: dict[str, object] = dict(parse_option_pairs(option or []))
        for key, value in (("type", match_type), ("referee", referee), ("cap", cap), ("stake", stake)):
            if value is not None:
                options[key] = value
        names = [rs.side_name(s) for s in loaded]
        players = parse_players(rs, [*(player or []), *(policy or [])], names)
        if resume and (dice is None or dice == "ask"):
            raise RulesError("--resume plays on from saved entries: give them with --dice FILE")
        if dice == "ask" or resume:
            if seed is not None:
                raise RulesError("give --seed or --dice, not both: a dice script or the table decides every roll")
            try:
                record = play_at_table(rs, loaded, options, players, dice if resume else None)
            except Stopped as stop:
                print(f"turnbuckle: {stop.message}", file=sys.stderr)
                raise typer.Exit(stop.code) from None
        else:
            record = rs.run(loaded, make_source(seed, dice), options, players)
        writeup = None if fmt == "json" else rs.narrate(record)
        sys.stdout.write(render(record, writeup, fmt))


def register(app: typer.Typer) -> None:
    app.command()(match)
