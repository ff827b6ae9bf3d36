"""Core sits under the rulesets: no module in ``turnbuckle.core`` imports ``turnbuckle.rulesets``
(the registry of games lives in ``turnbuckle.rulesets.registry``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "src" / "turnbuckle" / "core"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    found |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return found


def test_no_core_module_imports_the_rulesets() -> None:
    modules = sorted(CORE.rglob("*.py"))
    assert modules
    bad = {p.name: sorted(m for m in _imports(p) if m.startswith("turnbuckle.rulesets"))
           for p in modules}
    assert not {name: mods for name, mods in bad.items() if mods}


def test_importing_the_whole_core_loads_no_game_package() -> None:
    names = sorted(p.stem for p in CORE.glob("*.py") if p.stem != "__init__")
    code = ("import sys\nimport turnbuckle.core\n" + "".join(f"import turnbuckle.core.{n}\n" for n in names)
            + "print(sorted(m for m in sys.modules if m.startswith('turnbuckle.rulesets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
