"""The one command-line grammar every command shares (docs/cli.md, "The grammar").

What lives here, so that each command reads the same way and fails the same way:

- the rules options: ``-o key=value`` and the named shortcuts ``--rounds``, ``--grid``, ``--type``,
  ``--referee``, ``--cap`` and ``--stake`` (:data:`OptionOpt` ...; read by
  ``core.options.rules_options``, the one parser the league and the web use too);
- ``SIDE=VALUE`` pairs such as ``--player 1=human`` or ``--policy B=weakest``, SIDE being a number
  from 1, a letter from A or a side's name (``core.side_pairs``);
- ``--format`` and its allowed values per command (:func:`check_format`);
- ``-`` for a document read from standard input, bounded (:func:`read_document`);
- did-you-mean hints (:func:`near_miss`);
- :class:`TurnbuckleGroup`, which turns the argument parser's own errors (an unknown option, a bad
  number) into the one line ``turnbuckle: error: ...`` with exit 2.

Imports stay light: this module is loaded by ``turnbuckle --help``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from turnbuckle.cli.sides import files_beside, resolve_side
from turnbuckle.core.errors import InputFileError, OptionError, RulesError
from turnbuckle.core.hints import near_miss
from turnbuckle.core.inputs import STDIN, printable, read_input
from turnbuckle.core.options import rules_options as rules_options
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.side_pairs import players_and_policies as players_and_policies
from turnbuckle.core.side_pairs import side_index as side_index
from turnbuckle.core.side_pairs import side_pairs as side_pairs
from turnbuckle.core.workarounds.typer_click import is_a
from turnbuckle.rulesets.registry import all_rulesets

EXIT_ERROR = 2

#: The rules options that have a named shortcut, in the order --help lists them.
SHORTCUTS = ("rounds", "grid", "type", "referee", "cap", "stake")

# -- the shared options, declared once ---------------------------------------------------------
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="KEY=VALUE",
    help="A rule option (see `turnbuckle rulesets`); repeatable.")]
RoundsOpt = Annotated[str | None, typer.Option(
    "--rounds", metavar="N", help="Same as -o rounds=N, in games with a round limit.")]
GridOpt = Annotated[str | None, typer.Option(
    "--grid", metavar="GRID", help="Same as -o grid=GRID (MatchMatch: 9 styles row by row).")]
TypeOpt = Annotated[str | None, typer.Option(
    "--type", metavar="TYPE", help="Same as -o type=TYPE, in games with match types.")]
RefereeOpt = Annotated[str | None, typer.Option(
    "--referee", metavar="REF", help="Same as -o referee=REF, in games with referees: a referee's name, "
    "or a referee sheet file (FILE.yaml) that the command reads.")]
CapOpt = Annotated[str | None, typer.Option(
    "--cap", metavar="N", help="Same as -o cap=N, in games with a cap.")]
StakeOpt = Annotated[str | None, typer.Option(
    "--stake", metavar="TEXT", help="Same as -o stake=TEXT: what the match is played for.")]
PlayerOpt = Annotated[list[str] | None, typer.Option(
    "--player", metavar="SIDE=KIND",
    help="Who makes a side's choices: SIDE is 1, 2... or A, B... or a name; repeatable.")]
PolicyOpt = Annotated[list[str] | None, typer.Option(
    "--policy", metavar="SIDE=NAME", help="An automatic side's policy (the same as --player).")]
SummaryOpt = Annotated[bool, typer.Option(
    "--summary", "-q", help="Print only the result, in a few lines.")]


def format_option(allowed: Sequence[str], default: str = "text") -> Any:
    """The ``--format``/``-f`` option of a command, listing what it allows."""
    return typer.Option("--format", "-f", metavar="FORMAT", help=f"Output: {'|'.join(allowed)} (default {default}).")


def check_format(fmt: str, allowed: Sequence[str]) -> str:
    """The format, lower-cased, or an OptionError naming the allowed ones."""
    chosen = fmt.strip().lower()
    if chosen not in allowed:
        raise OptionError(f"--format '{fmt}' is not one of {', '.join(allowed)}{near_miss(chosen, allowed)}")
    return chosen


# -- documents ---------------------------------------------------------------------------------
def check_stdin_use(args: Sequence[str], dice: str | None = None) -> None:
    """At most one ``-`` per command, and never with ``--dice ask`` (which prompts on stdin)."""
    count = sum(1 for a in args if a == "-")
    if count > 1:
        raise InputFileError("'-' (standard input) can be given only once")
    if count and dice is not None and dice.strip().lower() == "ask":
        raise InputFileError("'-' reads a document from standard input, but --dice ask prompts there; "
                             "save the document to a file")


# -- hints ---------------------------------------------------------------------------------------
def _rules_option_names() -> set[str]:
    """Every bundled game's option names (read only on an error, so it may import the games)."""

    try:
        return {spec.name for rs in all_rulesets() for spec in rs.info.options}
    except Exception:
        return set()


def parser_error_line(exc: Any) -> str:
    """One line for an error raised by the argument parser, with a hint where one helps."""
    if is_a(exc, "NoSuchOption"):
        name = exc.option_name
        key = name.lstrip("-").replace("-", "_")
        ctx = exc.ctx
        known = sorted({o for p in (ctx.command.params if ctx else []) for o in p.opts if o.startswith("-")})
        if name.startswith("--") and key in _rules_option_names():
            hint = f" ({key} is a rules option: write -o {key}=VALUE)"
        else:
            hint = near_miss(name, known)
        where = f" for `{ctx.command_path}`" if ctx else ""
        return f"unknown option '{name}'{where}{hint}; see --help"
    if is_a(exc, "BadParameter") and not is_a(exc, "MissingParameter"):
        param = exc.param
        label = "/".join(param.opts) if param is not None and param.opts else (exc.param_hint or "a value")
        if isinstance(label, (list, tuple)):
            label = "/".join(label)
        message = " ".join(exc.message.split())
        if "valid integer" in message:
            message = "expects a whole number, such as 1000"
        elif "valid number" in message or "valid float" in message:
            message = "expects a number, such as 0.5"
        return f"{label}: {message}"
    if is_a(exc, "UsageError"):
        message = " ".join(exc.format_message().split())
        message = message[:1].lower() + message[1:]
        ctx = exc.ctx
        if is_a(exc, "UsageError") and message.startswith("no such command"):
            names = list(getattr(ctx.command, "commands", {})) if ctx else []
            word = message.split("'")[1] if "'" in message else ""
            hint = near_miss(word, names)
            return f"no command '{word}'{hint}; commands are: {', '.join(sorted(names))}"
        where = f" (see `{ctx.command_path} --help`)" if ctx else ""
        return f"{message.rstrip('.')}{where}"
    return " ".join(exc.format_message().split())


class TurnbuckleGroup(TyperGroup):
    """The root command group: every error of the argument parser becomes one line on stderr,
    ``turnbuckle: error: ...``, with exit 2 (docs/cli.md); help and ``--version`` behave as usual."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        try:
            code = super().main(args, prog_name or "turnbuckle", complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        except typer.Abort:
            print("turnbuckle: interrupted", file=sys.stderr)
            code = 130
        except RulesError as exc:  # raised outside a command's own handler (an eager callback, say)
            print(f"turnbuckle: error: {exc}", file=sys.stderr)
            code = EXIT_ERROR
        except Exception as exc:
            if is_a(exc, "NoArgsIsHelpError"):
                ctx: Any = getattr(exc, "ctx", None)
                if ctx is not None:
                    print(ctx.get_help())
                code = 0
            elif is_a(exc, "ClickException"):
                print(f"turnbuckle: error: {parser_error_line(exc)}", file=sys.stderr)
                code = EXIT_ERROR
            else:
                raise
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)



def load_sides(rs: Ruleset[Any], args: Sequence[str], dice: str | None = None) -> list[Any]:
    """Each side from its argument: ``-`` (standard input), a file, or a sample id."""
    check_stdin_use(args, dice)

    return [rs.load_text(read_input(STDIN), "standard input", files_beside(STDIN)) if arg == STDIN
            else resolve_side(rs, arg) for arg in args]


def read_document(arg: str, what: str = "file") -> tuple[str, str]:
    """A document's text and its label for messages: ``-`` reads standard input (both bounded)."""
    return read_input(arg, what), ("standard input" if arg == STDIN else arg)


def verdict_text(label: str, what: str, problems: Sequence[str], warnings: Sequence[str], fmt: str) -> str:
    """What ``validate`` prints: the document named once, then every problem and warning (each
    without the document's name in front), as text, Markdown or JSON."""
    problems = [printable(_unlabelled(p, label)) for p in problems]
    warnings = [printable(w) for w in warnings]
    label, what = printable(label), printable(what)
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


def _unlabelled(problem: str, label: str) -> str:
    """A problem without the document's name in front (it is named once, at the top)."""
    for prefix in (f"{label}: ", f"file '{label}': ", f"strategy '{label}': "):
        if problem.startswith(prefix):
            return problem[len(prefix):]
    return problem
