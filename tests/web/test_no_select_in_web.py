"""The web reads the database through the league's query layer (``league/queries*.py``), never by
building its own SQLAlchemy ``select``: a scan of every module under ``src/turnbuckle/web/``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "turnbuckle" / "web"


def selects(source: str) -> list[str]:
    """Where ``source`` imports ``select`` from SQLAlchemy or calls it (``select(...)``, or
    ``sqlalchemy.select(...)`` through any name the module gave SQLAlchemy): ``line: what``."""
    tree = ast.parse(source)
    modules = {"sqlalchemy"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name.split(".")[0] == "sqlalchemy"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "sqlalchemy":
            found += [f"{node.lineno}: imports select from {node.module}"
                      for a in node.names if a.name == "select"]
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id == "select":
                found.append(f"{node.lineno}: calls select()")
            elif (isinstance(f, ast.Attribute) and f.attr == "select"
                  and isinstance(f.value, ast.Name) and f.value.id in modules):
                found.append(f"{node.lineno}: calls {f.value.id}.select()")
    return found


def test_no_web_module_builds_a_select() -> None:
    modules = sorted(WEB.rglob("*.py"))
    assert len(modules) > 10, f"no web modules found under {WEB}"
    bad = [f"{path.relative_to(WEB)}:{where}" for path in modules for where in selects(path.read_text("utf-8"))]
    assert bad == [], "web modules that build a select (move the read to league/queries*.py):\n" + "\n".join(bad)


@pytest.mark.parametrize("source", [
    "from sqlalchemy import select\n",
    "from sqlalchemy.sql import select as s\n",
    "def f(session):\n    return session.execute(select(1))\n",
    "import sqlalchemy\nq = sqlalchemy.select(1)\n",
    "import sqlalchemy as sa\ndef f(session):\n    return session.scalars(sa.select(1)).first()\n",
])
def test_the_scan_sees_a_select(source: str) -> None:
    assert selects(source)


def test_the_scan_leaves_other_code_alone() -> None:
    assert selects("from sqlalchemy import func\nimport selectors\nselectors.select = None\nx.select()\n") == []
