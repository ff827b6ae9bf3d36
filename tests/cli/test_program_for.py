"""The program builds only the command its line names: the same output, error and exit as the
whole program, for commands, a group's subcommands, help and mistakes."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app, program_for

runner = CliRunner()

LINES = [
    ["rulesets"],
    ["--debug", "rulesets"],
    ["samples", "boxing"],
    ["sweep", "--help"],
    ["sweep", "boxing", "slugger", "speedster", "-n", "50", "--threads", "1", "--seed", "3"],
    ["sweep", "boxing", "slugger", "-n", "0"],
    ["sweep", "boxing", "slugger", "--no-such-option"],
    ["odds", "boxing", "slugger", "speedster", "-n", "300", "--seed", "2"],
    ["league", "--help"],
    ["league", "show", "--help"],
    ["match", "boxing", "slugger"],
]


@pytest.mark.parametrize("args", LINES, ids=" ".join)
def test_a_named_command_runs_as_in_the_whole_program(args: list[str]) -> None:
    one = program_for(args)
    assert one is not app
    assert len(one.registered_commands) + len(one.registered_groups) == 1
    runner.invoke(app, args)  # a kernel's first build (and its note) falls on this run
    whole, alone = runner.invoke(app, args), runner.invoke(one, args)
    assert (alone.exit_code, alone.stdout, alone.stderr) == (whole.exit_code, whole.stdout, whole.stderr)


@pytest.mark.parametrize("args", [[], ["--help"], ["-h", "sweep"], ["--version"], ["sweeep", "boxing"]],
                         ids=lambda a: " ".join(a) or "nothing")
def test_help_and_unknown_names_get_the_whole_program(args: list[str]) -> None:
    assert program_for(args) is app


def test_the_program_answers_a_mistyped_command_with_every_name() -> None:
    out = subprocess.run([sys.executable, "-c", "from turnbuckle.cli.app import main; main()", "sweeep"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "no command 'sweeep'" in out.stderr and "sweep" in out.stderr.split("commands are:")[1]
    assert "rulesets" in out.stderr
