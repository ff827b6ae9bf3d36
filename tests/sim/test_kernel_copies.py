"""Each numba kernel keeps its own copy of the in-loop generator's helpers and constants (numba's
disk cache only sees edits to the file it compiled: docs/decisions/odds.md); the copies must stay
identical, to each other and to the reference generator (core/rng.py), or one seed would give
different dice in different games' fast engines."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from turnbuckle.core.rng import SplitMix64

KERNELS = sorted((Path(__file__).resolve().parents[2] / "src" / "turnbuckle" / "sim").glob("*/kernel.py"))
HELPERS = ("mix64", "next_word", "match_state")
CONSTANTS = ("GOLDEN", "MUL1", "MUL2", "MASK32", "SH30", "SH27", "SH31", "SH32")


def _module(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def copies(name: str) -> dict[str, str]:
    """Each kernel's copy of a helper function (decorators, signature, body; not its docstring)
    or of a module constant, as source text."""
    out = {}
    for path in KERNELS:
        for node in _module(path).body:
            if isinstance(node, ast.FunctionDef) and node.name == name:
                first = node.body[0]
                if len(node.body) > 1 and isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    node.body = node.body[1:]
                out[path.parent.name] = ast.unparse(node)
            elif isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == [name]:
                out[path.parent.name] = ast.unparse(node)
    return out


@pytest.mark.parametrize("name", HELPERS + CONSTANTS)
def test_the_copied_helpers_stay_identical(name: str) -> None:
    found = copies(name)
    assert len(found) >= 2, f"{name} is no longer copied: drop it from this test"
    first = next(iter(found.values()))
    assert [game for game, text in found.items() if text != first] == []


def test_every_kernel_has_the_generator() -> None:
    games = sorted(p.parent.name for p in KERNELS)
    assert sorted(copies("mix64")) == games
    assert all(sorted(copies(c)) == games for c in ("GOLDEN", "MUL1", "MUL2", "SH30", "SH27", "SH31"))


def test_the_kernels_step_as_the_reference_generator_does() -> None:
    """The constants and mix64/next_word of one kernel, run as plain Python (numba's decorator
    left off), give SplitMix64's words."""
    space: dict[str, object] = {"np": np}
    for name in (*CONSTANTS, "mix64", "next_word"):
        tree = ast.parse(copies(name)["boxing"])
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                node.decorator_list = []
        exec(compile(tree, name, "exec"), space)  # our own source, parsed above
    step = space["next_word"]
    for seed in (0, 1, 12345, 2**63 + 7):
        gen = SplitMix64(seed)
        state = np.uint64(seed)
        with np.errstate(over="ignore"):
            for _ in range(3):
                state, word = step(state)  # type: ignore[operator]
                assert int(word) == gen.next64()
