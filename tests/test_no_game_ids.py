"""Core, the league, the lab, the command line and the web ask a game's facets, never its id or
module: their code (not comments or docstrings) holds no quoted game id or alias and imports no
``rulesets.<game>`` or ``sim.<game>`` module, but in a game's own commands, the sample league's
data and the migrations."""

from __future__ import annotations

import ast
from pathlib import Path

from turnbuckle.rulesets.registry import all_rulesets

SRC = Path(__file__).resolve().parents[1] / "src" / "turnbuckle"
LAYERS = ("core", "league", "lab", "cli", "web")
EXCEPTIONS = {"cli/matchmatch_cmds.py", "cli/headlock_cmds.py", "cli/deathmatch_cmds.py", "league/demo.py"}
EXCEPTED_FOLDERS = ("league/migrations/",)


def _game_words() -> tuple[set[str], set[str]]:
    ids = {rs.info.id for rs in all_rulesets()}
    return ids | {a for rs in all_rulesets() for a in rs.info.aliases}, ids


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def names_a_game(path: Path) -> list[str]:
    """Where the code of ``path`` names a game: its quoted ids and aliases, its modules imported."""
    words, ids = _game_words()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                and node.value.strip().lower() in words):
            found.append(f"line {node.lineno}: {node.value!r}")
        modules: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        for module in modules:
            parts = module.split(".")
            if any(p in ("rulesets", "sim") and i + 1 < len(parts) and parts[i + 1] in ids
                   for i, p in enumerate(parts)):
                found.append(f"line {getattr(node, 'lineno', 0)}: imports {module}")
    return found


def _scanned() -> dict[str, list[str]]:
    out = {}
    for layer in LAYERS:
        for path in sorted((SRC / layer).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            if rel in EXCEPTIONS or rel.startswith(EXCEPTED_FOLDERS):
                continue
            out[rel] = names_a_game(path)
    return out


def test_no_layer_names_a_game_outside_its_exceptions() -> None:
    scanned = _scanned()
    naming = {rel: hits for rel, hits in scanned.items() if hits}
    assert not naming, f"name a game (ask a facet instead): {naming}"


def test_the_scan_sees_a_quoted_id_and_a_game_import_but_not_a_docstring(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""About boxing."""\nfrom turnbuckle.rulesets.boxing import chart\nX = "m2"\n# "headlock"\n',
                      encoding="utf-8")
    assert names_a_game(sample) == ["line 2: imports turnbuckle.rulesets.boxing",
                                    "line 2: imports turnbuckle.rulesets.boxing.chart", "line 3: 'm2'"]
