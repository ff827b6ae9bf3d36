"""The grammar of docs/cli.md, enforced by walking every command of the program (issue 18.1)."""

from __future__ import annotations

from typing import Any

import pytest
import typer

from tests.cli.helpers import tb
from turnbuckle.cli.app import app
from turnbuckle.cli.grammar import SHORTCUTS

ROOT: Any = typer.main.get_command(app)

#: Commands that play or check a game under its rules options.
RULED = {"match", "odds", "strategy", "sweep", "validate", "validate-strategy"}
#: Commands that play matches: who plays each side is theirs to say.
PLAYING = {"match", "odds"}
#: Top-level commands that print no data table or record, and why.
NO_FORMAT = {
    "build": "prints a rolled sheet as YAML, a file to save and edit (like `samples RULESET NAME`)",
    "verify": "a verification of a league export: its findings and exit status (the league's command)",
    "replay": "a verification of a record: 'identical' or the first difference, and the exit status",
    "serve": "runs the web server until stopped; it prints only the address it listens on",
}
#: Extra formats by command: write-ups may add html (once the page renderer is there), tables csv.
TABLES = {"odds", "sweep"}


def _commands(group: Any, prefix: str = "") -> list[tuple[str, Any]]:
    out = []
    for name, command in sorted(group.commands.items()):
        path = f"{prefix}{name}"
        if hasattr(command, "commands"):
            out += _commands(command, f"{path} ")
        else:
            out.append((path, command))
    return out


COMMANDS = _commands(ROOT)
TOP = [(name, c) for name, c in COMMANDS if " " not in name]


def _flags(command: Any) -> dict[str, Any]:
    return {opt: p for p in command.params for opt in (*p.opts, *p.secondary_opts) if opt.startswith("-")}


def test_every_command_is_walked() -> None:
    names = {name for name, _ in TOP}
    assert RULED | PLAYING | set(NO_FORMAT) <= names
    assert {"rulesets", "samples", "bestiary"} <= names


@pytest.mark.parametrize(("name", "command"), [c for c in TOP if c[0] in RULED], ids=lambda x: str(x))
def test_rules_options_and_shortcuts(name: str, command: Any) -> None:
    flags = _flags(command)
    assert flags.get("-o") is flags.get("--option") is not None, name
    for key in SHORTCUTS:
        assert f"--{key}" in flags, f"{name} lacks --{key}"


@pytest.mark.parametrize(("name", "command"), [c for c in TOP if c[0] in PLAYING], ids=lambda x: str(x))
def test_player_and_policy(name: str, command: Any) -> None:
    flags = _flags(command)
    assert "--player" in flags and "--policy" in flags
    assert flags["--player"].multiple and flags["--policy"].multiple


@pytest.mark.parametrize(("name", "command"), COMMANDS, ids=lambda x: str(x))
def test_format_wherever_data_is_printed(name: str, command: Any) -> None:
    flags = _flags(command)
    if name in NO_FORMAT:
        assert "--format" not in flags
        return
    if " " in name and "--format" not in flags:
        return  # a league subcommand that prints a message, not data
    assert flags.get("-f") is flags.get("--format") is not None, f"{name} has no --format/-f"
    if " " in name:
        return
    for fmt in ("text", "markdown", "json"):
        assert fmt in (flags["--format"].help or ""), (name, fmt)
    if name in TABLES:
        assert "csv" in (flags["--format"].help or "")


@pytest.mark.parametrize(("name", "command"), COMMANDS, ids=lambda x: str(x))
def test_help_of_every_command(name: str, command: Any) -> None:
    out = tb(*name.split(), "--help")
    assert out.exit_code == 0 and "Usage" in out.stdout


@pytest.mark.parametrize("name", sorted(n for n, _ in TOP if n not in NO_FORMAT))
def test_an_unknown_format_is_one_line_exit_2(name: str) -> None:
    args = {"samples": ["samples", "boxing"], "match": ["match", "boxing", "slugger", "speedster"],
            "odds": ["odds", "boxing", "slugger", "speedster"], "sweep": ["sweep", "boxing", "slugger", "speedster"],
            "validate": ["validate", "boxing", "x.yaml"],
            "strategy": ["strategy", "m2", "friendly-sam", "brother-bob"],
            "validate-strategy": ["validate-strategy", "m2", "x.txt"],
            "show": ["show", "record.json"], "advise": ["advise", "m2", "brother-bob", "friendly-sam"],
            "explain": ["explain", "record.json"]}.get(name, [name])
    out = tb(*args, "--format", "pdf")
    assert out.exit_code == 2
    assert out.stderr.startswith("turnbuckle: error: --format 'pdf' is not one of"), out.stderr


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
@pytest.mark.parametrize("args", [["rulesets"], ["samples", "boxing"], ["samples", "boxing", "slugger"], ["bestiary"],
                                  ["bestiary", "ash-wyrm", "bog-rat"],
                                  ["strategy", "m2", "friendly-sam", "brother-bob", "--rounds", "5"]])
def test_data_commands_print_each_format(args: list[str], fmt: str) -> None:
    import json

    out = tb(*args, "-f", fmt)
    assert out.exit_code == 0, out.stderr
    if fmt == "json":
        json.loads(out.stdout)
    elif fmt == "markdown":
        assert out.stdout.lstrip().startswith(("#", "-", "|", "Ash", "Friendly"))
