"""Every error is one line, ``turnbuckle: error: ...`` with exit 2, including the argument parser's
own errors, with a hint where the user wrote a near miss (issue 18.2, issue 13.8)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import one_error_line, tb


@pytest.mark.parametrize(("args", "expected"), [
    (["odds", "boxing", "slugger", "speedster", "-n", "1e12"], "-n/--matches: expects a whole number"),
    (["match", "boxing", "slugger", "speedster", "--seed", "abc"], "--seed: expects a whole number"),
    (["match", "boxing", "slugger", "speedster", "--frobnicate"], "unknown option '--frobnicate'"),
    (["match"], "missing argument 'ruleset'"),
    (["match", "boxing"], "missing argument 'sides'"),
    (["odds", "boxing", "slugger", "speedster", "--threads"], "--threads"),
])
def test_parser_errors_are_one_line(args: list[str], expected: str) -> None:
    assert expected in one_error_line(tb(*args))


@pytest.mark.parametrize(("args", "hint"), [
    (["match", "boxing", "slugger", "speedster", "--sed", "1"], "did you mean '--seed'?"),
    (["match", "boxing", "slugger", "speedster", "--fatigue", "cumulative"],
     "fatigue is a rules option: write -o fatigue=VALUE"),
    (["mtch", "boxing"], "did you mean 'match'?"),
    (["match", "boxng", "slugger", "speedster"], "did you mean 'boxing'?"),
    (["match", "boxing", "slugger", "speedstr"], "did you mean 'speedster'?"),
    (["samples", "boxing", "sluger"], "did you mean 'slugger'?"),
    (["match", "boxing", "slugger", "speedster", "-o", "round=3"], "did you mean 'rounds'?"),
])
def test_near_misses_get_a_hint(args: list[str], hint: str) -> None:
    assert hint in one_error_line(tb(*args))


def test_an_unknown_flag_from_the_real_program_is_one_line_exit_2() -> None:
    """The installed entry point (not the test runner) prints the one line too, no usage box."""
    env = {**os.environ, "COLUMNS": "80"}
    out = subprocess.run([sys.executable, "-c", "from turnbuckle.cli.app import main; main()", "match", "boxing",
                          "slugger", "speedster", "--no-such-flag"], capture_output=True, text=True, env=env)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.splitlines() == [out.stderr.strip()]
    assert out.stderr.startswith("turnbuckle: error: unknown option '--no-such-flag'")


def test_a_terminal_that_cannot_show_a_dash_still_gets_the_whole_write_up() -> None:
    """An ASCII-only output (an old console, PYTHONIOENCODING=ascii) got exit 3 at the write-up's
    first em dash; it now gets the character as a backslash escape."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    out = subprocess.run([sys.executable, "-c", "from turnbuckle.cli.app import main; main()", "match", "matchmatch",
                          "friendly-sam", "brother-bob", "--seed", "1"], capture_output=True, env=env)
    assert out.returncode == 0, out.stderr
    assert b"\\u2014" in out.stdout and out.stdout.isascii()


def test_version_has_a_short_flag() -> None:
    assert tb("-V").stdout == tb("--version").stdout
    assert tb("-V").stdout.startswith("turnbuckle ")


def test_a_symlink_loop_is_named_alike_by_match_and_validate(tmp_path: Path) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.symlink_to(b)
    b.symlink_to(a)
    from_match = one_error_line(tb("match", "boxing", str(a), "slugger"))
    from_validate = one_error_line(tb("validate", "boxing", str(a)))
    assert from_match == from_validate
    assert "symbolic links" in from_match


def test_shortcut_for_an_option_the_game_lacks_names_the_flag() -> None:
    message = one_error_line(tb("match", "boxing", "slugger", "speedster", "--cap", "3"))
    assert message.startswith("--cap: boxing has no cap option")


def test_shortcut_and_option_that_disagree_are_refused() -> None:
    message = one_error_line(tb("match", "boxing", "slugger", "speedster", "--rounds", "3", "-o", "rounds=4"))
    assert "--rounds 3 and -o rounds=4 disagree" in message
