"""The ``turnbuckle`` program: ``rulesets``, ``samples``, ``validate``, ``match``."""

from __future__ import annotations

import copy
import os
import sys
import traceback
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from turnbuckle import __version__
from turnbuckle.cli import (
    advise_cmds,
    deathmatch_cmds,
    ending,
    explain_cmds,
    headlock_cmds,
    info_cmds,
    league_cmds,
    match_cmd,
    matchmatch_cmds,
    odds_cmds,
    record_cmds,
    sweep_cmds,
    web_cmds,
)
from turnbuckle.cli.common import EXIT_INTERRUPTED, fail, internal_error, interrupted, user_errors
from turnbuckle.cli.grammar import TurnbuckleGroup
from turnbuckle.core.errors import RulesError
from turnbuckle.core.settings import Settings
from turnbuckle.core.workarounds.stack_room import with_stack_room
from turnbuckle.core.workarounds.typer_click import is_a


class _Program(TurnbuckleGroup):
    """The program's command group: an error we did not foresee is a bug of ours and ends with one
    line and exit 3 (``--debug`` prints the traceback first), so a script can tell it from a
    user's mistake (exit 2) and from a finding (exit 1); Ctrl-C anywhere is exit 130."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise interrupted() from None
        except BrokenPipeError:  # the reader left (`| head`): stop quietly, as other tools do
            _quiet_stdout()
            raise typer.Exit(0) from None
        except (typer.Exit, typer.Abort):
            raise
        except Exception as exc:
            if _is_click_error(exc):  # a usage error: click reports it (exit 2)
                raise
            if isinstance(exc, RulesError):  # a user's mistake that escaped a command's handler

                raise fail(str(exc)) from None
            if ctx.params.get("debug"):
                traceback.print_exc()
            raise internal_error(exc) from None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that flushing it at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test runner's buffer)
        pass


def _is_click_error(exc: BaseException) -> bool:
    return is_a(exc, "ClickException")


app = typer.Typer(
    cls=_Program,
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
        bool, typer.Option("--version", "-V", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show the full traceback of an internal error (exit 3) instead of "
                           "one line.")
    ] = False,
) -> None:
    """Play, referee and simulate tabletop combat-sports games.

    Start with `turnbuckle rulesets`, then `turnbuckle samples RULESET`, then
    `turnbuckle match RULESET A B`.
    """
    with user_errors():  # a bad setting is refused at start, in one line (core/settings.py)
        Settings.from_env()
    if debug:  # the program's log lines too, tracebacks included (core/logs.py)
        from turnbuckle.core.logs import configure  # lazy: keeps the logs' set-up out of start-up

        configure("debug", "text")
    elif "turnbuckle.core.logs" in sys.modules:  # an earlier command of this process (tests run many)
        sys.modules["turnbuckle.core.logs"].unconfigure()  # as Python starts: warnings alone, on stderr
    # (not imported otherwise: importing logging registers an exit handler, so the quick ending of
    # cli/ending.py would be lost)


info_cmds.register(app)
match_cmd.register(app)
deathmatch_cmds.register(app)
headlock_cmds.register(app)
matchmatch_cmds.register(app)
odds_cmds.register(app)
advise_cmds.register(app)
explain_cmds.register(app)
sweep_cmds.register(app)
league_cmds.register(app)
record_cmds.register(app)
web_cmds.register(app)


#: numpy's OpenBLAS starts a thread per core when numpy is imported, and they spin for a while
#: before they sleep: on a 2-core machine they take a core from the start of every command, a fast
#: run's second thread included. Nothing here multiplies
#: matrices big enough to want BLAS threads, so the program asks for one unless the user says.
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "1")


def _printable_everywhere() -> None:
    """A terminal or pipe whose encoding cannot show a character (an ASCII or cp1252 console) gets it
    as a backslash escape instead of failing the command at its first dash or accent."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (getattr(stream, "encoding", "") or "").lower().replace("-", "") != "utf8":
            reconfigure(errors="backslashreplace")


#: The root's options that show the whole program: help names every command.
WHOLE = ("-h", "--help")


def program_for(args: Sequence[str]) -> typer.Typer:
    """The program that runs ``args``: where they name a command (their first word that is not an
    option), a copy of ``app`` holding that command (or group) alone; else ``app`` itself (help, no
    command, or a name we do not have, which ``app`` answers with every command's name).

    typer builds the parameters of every command before it runs one (several dozen commands: a
    noticeable share of a short command's time); the command runs the same either way."""
    name = next((a for a in args if not a.startswith("-")), None)
    if name is None or any(a in WHOLE for a in args[: list(args).index(name)]):
        return app
    try:  # typer's lists of what was registered (public names, though not in its documentation)
        from typer.main import get_command_name  # lazy: not every typer has it (then the whole program runs)

        commands = [c for c in app.registered_commands
                    if (c.name or get_command_name(c.callback.__name__ if c.callback else "")) == name]
        groups = [g for g in app.registered_groups if g.name == name]
    except (ImportError, AttributeError, TypeError):  # another typer: the whole program, as before
        return app
    if not commands and not groups:
        return app
    one = copy.copy(app)
    one.registered_commands = commands
    one.registered_groups = groups
    return one


def main() -> None:
    os.environ.setdefault(*BLAS_THREADS)  # before numpy's first import (no command imports it sooner)
    _printable_everywhere()
    ending.reset()
    try:
        # no command's heavy work thrashes CPython's frame stack (core/workarounds)
        with_stack_room(program_for(sys.argv[1:]))
    except SystemExit as exc:
        if exc.code == EXIT_INTERRUPTED:
            # Ctrl-C: the user wants the terminal back. Tearing down the interpreter after a fast
            # engine ran (numba's threads and compiled code) can take a second or more; skip it.
            ending.interrupted_end(EXIT_INTERRUPTED)
        if isinstance(exc.code, int | None) and ending.teardown_needless():
            ending.end_now(exc.code or 0)  # cli/ending.py: a command left nothing for the teardown
        raise
