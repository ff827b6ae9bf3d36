"""What every command shares: turning RulesErrors into one-line messages and exit code 2."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer

from turnbuckle.core.errors import RulesError

EXIT_PROBLEMS = 1  # validate found problems in the input
EXIT_ERROR = 2  # bad input: a missing file, a bad option, a broken dice script...


def fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    """Print ``error: message`` on stderr and return the Exit to raise."""
    print(f"turnbuckle: error: {message}", file=sys.stderr)
    return typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Report any RulesError as one clear line and exit 2; never a traceback for bad input."""
    try:
        yield
    except RulesError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        print("turnbuckle: interrupted", file=sys.stderr)
        raise typer.Exit(130) from None
