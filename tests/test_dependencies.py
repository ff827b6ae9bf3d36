"""Every package the program imports is declared in pyproject.toml's [project].dependencies (a
development one, from the dev group, may be imported by the tests alone), and each declared
dependency has the bounds of the versions tested: a lower bound and an upper one."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    found = re.match(r"[A-Za-z0-9._-]+", requirement)
    return (found.group(0) if found else requirement).lower().replace("_", "-")


def _declared() -> tuple[dict[str, str], set[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    runtime = {_name(r): r for r in project["project"]["dependencies"]}
    dev = {_name(r) for r in project["dependency-groups"]["dev"]}
    return runtime, dev


def _imported(folder: Path) -> set[str]:
    """The top-level names imported anywhere under ``folder`` (absolute imports only)."""
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module.split(".")[0])
    return names


def _third_party(names: set[str]) -> dict[str, set[str]]:
    """Each imported name that is no part of Python nor of this repository -> its distributions."""
    own = {"turnbuckle", "tests", "benchmarks"}
    found = packages_distributions()
    return {n: {_name(d) for d in found.get(n, [n])} for n in names
            if n not in own and n not in sys.stdlib_module_names}


def test_every_package_the_program_imports_is_declared() -> None:
    runtime, _dev = _declared()
    missing = {n: d for n, d in _third_party(_imported(ROOT / "src" / "turnbuckle")).items() if not d & set(runtime)}
    assert not missing, f"imported under src/ but not in [project].dependencies: {missing}"


def test_the_tests_import_only_declared_packages() -> None:
    runtime, dev = _declared()
    known = set(runtime) | dev
    missing = {n: d for n, d in _third_party(_imported(ROOT / "tests")).items() if not d & known}
    assert not missing, f"imported by the tests but declared nowhere: {missing}"


def test_each_dependency_has_a_lower_and_an_upper_bound() -> None:
    runtime, _dev = _declared()
    unbounded = [r for r in runtime.values() if ">=" not in r or "<" not in r.replace("<=", "")]
    assert not unbounded, unbounded
