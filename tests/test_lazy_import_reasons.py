"""An import inside a function is there only to keep a module out of start-up, and says so.

Every `import` or `from ... import` inside a function body under `core/`, `rulesets/`, `sim/`, `lab/`,
`league/`, `cli/` and `web/` carries a `# lazy: <why>` comment on one of its lines (what it keeps out of start-up,
or what loads only when asked); any other import belongs at the top of its module
(docs/decisions/imports-inside-functions-say-why.md).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "turnbuckle"
SCANNED = ("core", "rulesets", "sim", "lab", "league", "cli", "web")
MARK = "# lazy:"


def unexplained(source: str) -> list[tuple[int, str]]:
    """(line, text) of each import inside a function whose lines carry no `# lazy: <why>`."""
    lines = source.splitlines()
    found: dict[int, str] = {}
    for func in ast.walk(ast.parse(source)):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(func):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            span = lines[node.lineno - 1 : (node.end_lineno or node.lineno)]
            reasons = [line.split(MARK, 1)[1].strip() for line in span if MARK in line]
            if not any(reasons):
                found[node.lineno] = span[0].strip()
    return sorted(found.items())


def test_the_scan_finds_an_unexplained_import_and_takes_an_explained_one() -> None:
    source = (
        "import os\n"
        "def f():\n"
        "    import json\n"
        "    from numpy import (  # lazy: keeps numpy out of start-up\n"
        "        array,\n"
        "    )\n"
        "    import csv  # lazy:\n"
        "    def g():\n"
        "        from re import compile  # a comment, not a reason\n"
        "    return os, json, array, csv, g\n"
    )
    assert unexplained(source) == [(3, "import json"), (7, "import csv  # lazy:"),
                                   (9, "from re import compile  # a comment, not a reason")]


@pytest.mark.parametrize("package", SCANNED)
def test_imports_inside_functions_say_why(package: str) -> None:
    files = sorted((SRC / package).rglob("*.py"))
    assert files, f"no modules under {SRC / package}"
    bad = [f"{path.relative_to(SRC)}:{line}: {text}"
           for path in files for line, text in unexplained(path.read_text(encoding="utf-8"))]
    assert not bad, ("an import inside a function needs '# lazy: <what it keeps out of start-up>' on its line, "
                     "or belongs at the top of its module:\n" + "\n".join(bad))
