"""Sides from the command line: the only place a side's argument may name a file.

The rulesets and the core read no files (a web request must never be able to name a path on the
server): they take a document's text, plus, where a game lets a side's file name other files
(MatchMatch's ``wrestler: me.yaml``), a ``fetch`` function that the command line supplies here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from turnbuckle.core.inputs import path_exists, read_input
from turnbuckle.core.registry import Fetch, Ruleset

STDIN = "-"


def files_beside(document: str) -> Fetch:
    """A ``fetch`` that reads a file named inside ``document`` relative to that document's folder
    (the current folder for standard input), bounded like every other input."""
    base = Path.cwd() if document == STDIN else Path(document).parent

    def fetch(name: str) -> tuple[str, str]:
        path = base / name.strip()
        return read_input(str(path), "sheet"), str(path)

    return fetch


def resolve_side(rs: Ruleset[Any], arg: str) -> Any:
    """A side from a command-line argument: a file (and the files it names, read beside it), else
    what the game takes by name without a file (a sample id; for Deathmatch, bestiary ids)."""
    if path_exists(arg):
        return rs.load_text(read_input(arg), arg, files_beside(arg))
    return rs.side_by_name(arg)
