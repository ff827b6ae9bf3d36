"""``turnbuckle match``: play one match and write it up as text, Markdown or JSON."""

from __future__ import annotations

import secrets
import sys
from typing import Annotated, Any, TypeVar

import typer

from turnbuckle.cli.common import user_errors
from turnbuckle.cli.grammar import (
    CapOpt,
    GridOpt,
    OptionOpt,
    PlayerOpt,
    PolicyOpt,
    RefereeOpt,
    StakeOpt,
    SummaryOpt,
    TypeOpt,
    check_format,
    check_stdin_use,
    format_option,
    load_sides,
    players_and_policies,
    read_document,
    rules_options,
    side_pairs,
)
from turnbuckle.cli.option_files import read_option_files, read_referee
from turnbuckle.cli.table_play import Stopped, play_at_table
from turnbuckle.cli.table_setup import setup_of
from turnbuckle.core.errors import OptionError, RulesError
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.render import FORMATS, render
from turnbuckle.core.sources import AskingSource, ScriptedSource, SeededSource, Source
from turnbuckle.core.writeup import result_last
from turnbuckle.rulesets.registry import get_ruleset

#: A write-up's formats; ``html`` joins them once the renderer has it (core/render.py FORMATS).
WRITEUP_FORMATS = tuple(dict.fromkeys(("text", "markdown", "json", *FORMATS)))
T = TypeVar("T")


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


def game_options(rs: Ruleset[Any], pairs: list[str] | None, **shortcuts: object) -> dict[str, object]:
    """A command's rules options for this game: ``-o`` pairs (a file option read: see
    cli/option_files.py) and the named shortcuts merged."""

    if shortcuts.get("referee") is not None:
        shortcuts["referee"] = read_referee(rs, shortcuts["referee"])
    return rules_options([spec.name for spec in rs.info.options], read_option_files(rs, pairs), rs.info.id,
                         **shortcuts)


def with_strategies(rs: Ruleset[Any], loaded: list[Any], names: list[str], pairs: list[str],
                    side_args: list[str], dice: str | None) -> list[Any]:
    """The sides with the strategies ``--strategy SIDE=FILE`` gives them (the organiser's weekly
    workflow: a roster of sheets, a new strategy file per side each week)."""
    chosen = side_pairs("--strategy", pairs, names, "1=week3-bob.txt")
    check_stdin_use([*side_args, *chosen.values(), *([dice] if dice == "-" else [])], dice)
    out = list(loaded)
    for index, file in sorted(chosen.items()):
        text, label = read_document(file, "strategy")
        out[index] = rs.with_strategy(out[index], text, label)
    return out


def summary_text(record: MatchRecord) -> str:
    """The result in a few lines (``--summary``)."""
    versus = " vs. ".join(record.names)
    dice = f"seed {record.seed}" if record.seed is not None else f"{record.dice} dice"
    lines = [f"{versus} ({record.ruleset} v{record.ruleset_version}, {dice})"]
    result = record.result
    lines.append(result.summary or (f"{record.winner_name()} wins by {result.method}" if result.winner is not None
                                    else f"a draw ({result.method})"))
    return "\n".join(lines) + "\n"


def match(
    ruleset: Annotated[str, typer.Argument(help="A ruleset id or alias, e.g. boxing.")],
    sides: Annotated[list[str], typer.Argument(help="Each side: a sheet file, a sample id, or - (standard input).")],
    seeds: Annotated[list[int] | None, typer.Option(
        "--seed", metavar="INTEGER", help="Seed for reproducible dice (default: a fresh one, recorded).")] = None,
    dices: Annotated[list[str] | None, typer.Option(
        "--dice", metavar="TEXT", help="FILE of hand-rolled dice/cards to replay, or 'ask'.")] = None,
    option: OptionOpt = None,
    player: PlayerOpt = None,
    policy: PolicyOpt = None,
    fmt: Annotated[str, format_option(WRITEUP_FORMATS)] = "text",
    summary: SummaryOpt = False,
    roundses: Annotated[list[str] | None, typer.Option(
        "--rounds", metavar="N", help="Same as -o rounds=N, in games with a round limit.")] = None,
    grid: GridOpt = None,
    match_type: TypeOpt = None,
    referee: RefereeOpt = None,
    cap: CapOpt = None,
    stake: StakeOpt = None,
    resume: Annotated[bool, typer.Option("--resume", help="With --dice FILE: play the saved entries, then "
                                         "ask at the prompt for the rest.")] = False,
    strategy: Annotated[list[str] | None, typer.Option(
        "--strategy", metavar="SIDE=FILE", help="A side's written strategy, for games that have them (MatchMatch): "
        "SIDE as --player takes it, FILE beside that side's sheet.")] = None,
) -> None:
    """Play a match and print the write-up (text, Markdown, a standalone HTML page) or the full
    record (JSON)."""
    with user_errors():
        seed, dice, rounds = one_value("--seed", seeds), one_value("--dice", dices), one_value("--rounds", roundses)
        chosen = check_format(fmt, WRITEUP_FORMATS)
        rs = get_ruleset(ruleset)
        options = game_options(rs, option, rounds=rounds, grid=grid, type=match_type, referee=referee, cap=cap,
                               stake=stake)
        loaded = load_sides(rs, sides, dice)
        names = [rs.side_name(s) for s in loaded]
        loaded = with_strategies(rs, loaded, names, strategy or [], sides, dice)
        players = players_and_policies(player, policy, names)
        if resume and (dice is None or dice == "ask"):
            raise RulesError("--resume plays on from saved entries: give them with --dice FILE")
        if resume and dice == "-":
            raise RulesError("--resume asks for the rest on standard input, so the saved entries must come "
                             "from a file: give --dice FILE, not -")
        if dice == "ask" or resume:
            if seed is not None:
                raise RulesError("give --seed or --dice, not both: a dice script or the table decides every roll")
            try:
                setup = setup_of(rs, sides, options, players)
                again = ["turnbuckle", "match", ruleset, *sides, *command_options(options, players, strategy or []),
                         *(["--format", fmt] if fmt != "text" else []), *(["--summary"] if summary else [])]
                record = play_at_table(rs, loaded, options, players, dice if resume else None, setup, again)
            except Stopped as stop:
                print(f"turnbuckle: {stop.message}", file=sys.stderr)
                raise typer.Exit(stop.code) from None
        else:
            record = rs.run(loaded, make_source(seed, dice), options, players)
        if summary and chosen != "json":
            sys.stdout.write(summary_text(record))
            return
        writeup = None if chosen == "json" else result_last(rs.narrate(record))
        sys.stdout.write(render(record, writeup, chosen))


def one_value(flag: str, given: list[T] | None) -> T | None:
    """A flag that takes one value, given once (or repeated with the same value); two different
    values are refused, as ``-o`` refuses a key given twice."""
    values = list(dict.fromkeys(given or []))
    if len(values) > 1:
        raise OptionError(f"{flag} is given twice ({values[0]!r} and {values[1]!r}); keep one")
    return values[0] if values else None


def command_options(options: dict[str, object], players: dict[int, str], strategies: list[str]) -> list[str]:
    """The options, players and strategies as command-line flags (for the command that resumes)."""
    out: list[str] = []
    for key, value in sorted(options.items()):
        if value is not None:
            out += ["-o", f"{key}={value}"]
    for index, kind in sorted(players.items()):
        out += ["--player", f"{index + 1}={kind}"]
    for pair in strategies:
        out += ["--strategy", pair]
    return out


def register(app: typer.Typer) -> None:
    app.command()(match)
