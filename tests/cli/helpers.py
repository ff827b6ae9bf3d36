"""Running the CLI in-process and reading what it printed."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from turnbuckle.cli.app import app

runner = CliRunner()


def tb(*args: str, input: str | bytes | None = None) -> Any:
    """Run ``turnbuckle ARGS``; an unexpected exception (a traceback) fails the test."""
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def one_error_line(result: Any, code: int = 2) -> str:
    """The run ended with ``code`` and exactly one line on stderr, ``turnbuckle: error: ...``;
    nothing on stdout. Returns the message after the prefix."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("turnbuckle: error: "), lines[0]
    assert result.stdout == ""
    message: str = lines[0].removeprefix("turnbuckle: error: ")
    return message
