"""What every command shares: turning RulesErrors into one-line messages and exit code 2."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from turnbuckle.core.errors import RulesError
from turnbuckle.core.inputs import printable

EXIT_PROBLEMS = 1  # validate found problems in the input
EXIT_ERROR = 2  # bad input: a missing file, a bad option, a broken dice script...
EXIT_BUG = 3  # an error we did not foresee: a bug of ours (--debug shows the traceback)
EXIT_INTERRUPTED = 130  # Ctrl-C


def fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    """Print ``error: message`` on stderr (on one line, control characters escaped) and return
    the Exit to raise."""
    print(f"turnbuckle: error: {printable(message)}", file=sys.stderr)
    return typer.Exit(code)


def write_out(path: Path, text: str) -> None:
    """Write a command's output file (UTF-8); a path that cannot be written (a folder, a missing
    folder, no permission, a full disk) is the user's one-line error, never a traceback."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write '{path}': {exc.strerror or exc}") from None


def internal_error(exc: BaseException) -> typer.Exit:
    """Report an unforeseen error (our bug) in one line and return the Exit (3) to raise."""
    what = printable(f"{type(exc).__name__}: {exc}")
    if len(what) > 200:
        what = what[:197] + "..."
    print(f"turnbuckle: internal error (a bug in turnbuckle, not in your input): {what}; "
          "rerun with `turnbuckle --debug ...` for the traceback", file=sys.stderr)
    return typer.Exit(EXIT_BUG)


def interrupted() -> typer.Exit:
    print("turnbuckle: interrupted", file=sys.stderr)
    return typer.Exit(EXIT_INTERRUPTED)


@contextmanager
def user_errors() -> Iterator[None]:
    """Report any RulesError as one clear line and exit 2; never a traceback for bad input."""
    try:
        yield
    except RulesError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        raise interrupted() from None
