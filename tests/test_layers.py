"""The layers, held: import-linter's contract (pyproject.toml's [tool.importlinter]) is kept, a wrong edge
planted in a copy of the package breaks it, and the module graph has no import cycle. Both count imports
inside functions (grimp reads every import statement); imports under ``if TYPE_CHECKING:`` do not."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

#: Cycles still to be untangled, each as its set of modules: the test fails on any other cycle, and on
#: one of these that no longer exists (so this only shrinks). None is left.
PENDING: frozenset[frozenset[str]] = frozenset()


def _lint_imports(config: Path, package_root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(package_root)}
    return subprocess.run([str(LINT_IMPORTS), "--config", str(config), "--no-cache"], capture_output=True,
                          text=True, env=env, timeout=600, check=False)


def _config_text() -> str:
    """pyproject.toml's import-linter sections, as a config file of their own."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    lines = ["[importlinter]", f"root_package = {data['root_package']}",
             f"exclude_type_checking_imports = {data['exclude_type_checking_imports']}"]
    for i, contract in enumerate(data["contracts"]):
        lines.append(f"\n[importlinter:contract:{i}]")
        for key, value in contract.items():
            if isinstance(value, list):
                lines.append(f"{key} =\n" + "\n".join(f"    {v}" for v in value))
            else:
                lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def test_the_contract_is_kept() -> None:
    done = _lint_imports(ROOT / "pyproject.toml", ROOT / "src")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " 0 broken." in done.stdout


#: Wrong edges to plant, one at a time: the file (under the package), the import put inside a function
#: there, and the edge lint-imports must name.
PLANTED = [
    ("web/serving/health.py", "from turnbuckle.cli import common",
     "turnbuckle.web.serving.health -> turnbuckle.cli.common"),
    ("league/services/shows.py", "from turnbuckle.league.notify import events",
     "turnbuckle.league.services.shows -> turnbuckle.league.notify.events"),
    ("league/post/html.py", "from turnbuckle.league.services import stakes",
     "turnbuckle.league.post.html -> turnbuckle.league.services.stakes"),
]


@pytest.mark.parametrize(("target", "planted", "named"), PLANTED,
                         ids=["web-to-cli", "service-to-notifier", "renderer-to-service"])
def test_a_planted_wrong_edge_breaks_the_contract(tmp_path: Path, target: str, planted: str, named: str) -> None:
    """The same contract on a copy of the package where one module imports what it must not, inside a
    function (the web's health page the command line; a service the notifier; a post renderer a
    service): lint-imports sees it and names it."""
    shutil.copytree(ROOT / "src" / "turnbuckle", tmp_path / "turnbuckle",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    path = tmp_path / "turnbuckle" / target
    path.write_text(path.read_text(encoding="utf-8") + f"\n\ndef _planted() -> None:\n    {planted}  # noqa: F401\n",
                    encoding="utf-8")
    config = tmp_path / "importlinter.ini"
    config.write_text(_config_text(), encoding="utf-8")
    clean = _lint_imports(config, ROOT / "src")
    assert clean.returncode == 0, clean.stdout[-3000:]  # the config file says what pyproject.toml says
    planted_run = _lint_imports(config, tmp_path)
    assert planted_run.returncode == 1, planted_run.stdout[-3000:]
    assert named in planted_run.stdout


def _cycles(graph: grimp.ImportGraph) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.add(frozenset(group))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for a, b in [("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")]:
        graph.add_import(importer=a, imported=b)
    assert _cycles(graph) == {frozenset({"p.a", "p.b", "p.c"})}


def test_no_import_cycles() -> None:
    graph = grimp.build_graph("turnbuckle", exclude_type_checking_imports=True, cache_dir=None)
    cycles = _cycles(graph)
    assert cycles - PENDING == set(), sorted(sorted(c) for c in cycles - PENDING)
    assert PENDING - cycles == set(), "untangled since: take them out of PENDING"
