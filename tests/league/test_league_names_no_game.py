"""The league names no game: its code (not its comments or docstrings) holds no bundled game's id
or alias as a string and imports no game's modules (``turnbuckle.rulesets.<game>``,
``turnbuckle.sim.<game>``); it asks the game's league rules instead. The sample league's data
(``league/demo.py``) and the stored data's migrations are the exceptions."""

from __future__ import annotations

import ast
from pathlib import Path

import turnbuckle.league
from turnbuckle.rulesets import BUNDLED

LEAGUE = Path(turnbuckle.league.__file__).parent
ALLOWED = ("demo.py", "migrations/")
NAMES = frozenset(name for game in BUNDLED for name in game.names())
GAMES = frozenset(game.id for game in BUNDLED)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings (a module's, a class's or a function's)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _game_module(module: str) -> bool:
    parts = module.split(".")
    return len(parts) >= 3 and parts[:2] in (["turnbuckle", "rulesets"], ["turnbuckle", "sim"]) \
        and parts[2] in GAMES


def game_names(source: str, where: str) -> list[str]:
    """Each place in ``source`` that names a game: a string that is a game's id or alias (any
    case), or an import of a game's modules."""
    tree = ast.parse(source, where)
    skip = _docstrings(tree)
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip \
                and node.value.strip().lower() in NAMES:
            out.append((node.lineno, f"the string {node.value!r}"))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, f"import {a.name}") for a in node.names if _game_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module is not None \
                and any(_game_module(m) for m in [node.module, *(f"{node.module}.{a.name}" for a in node.names)]):
            out.append((node.lineno, f"from {node.module} import {', '.join(a.name for a in node.names)}"))
    return [f"{where}:{line}: {what}" for line, what in sorted(out)]


def test_the_scan_finds_a_game_named_in_code_but_not_in_a_docstring_or_comment() -> None:
    planted = ('"""A module naming "matchmatch" in its docstring."""\n'
               "# matchmatch in a comment\n"
               "from turnbuckle.rulesets.registry import get_ruleset\n"
               "def f(x: str) -> bool:\n"
               '    """Is it "m2"?"""\n'
               '    return x == "M2"\n'
               "from turnbuckle.rulesets.matchmatch.between import heal\n"
               "from turnbuckle.rulesets import headlock\n"
               "import turnbuckle.sim.boxing\n")
    found = game_names(planted, "planted.py")
    assert [line.split(":")[1] for line in found] == ["6", "7", "8", "9"]


def test_no_league_module_names_a_game() -> None:
    files = [p for p in sorted(LEAGUE.rglob("*.py"))
             if not p.relative_to(LEAGUE).as_posix().startswith(ALLOWED)]
    assert len(files) > 40  # the whole league, services and notifier included
    found = [hit for p in files for hit in game_names(p.read_text(encoding="utf-8"), str(p.relative_to(LEAGUE)))]
    assert found == []
