"""The ahead-of-time builds of the chunk loops (``sim/aot.py``): how they are named, when they
are used, and what happens when one cannot be built. (That each game's build plays exactly the
JIT kernel's matches is in each game's ``test_*_fast.py``.)"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.sim.conftest import options, sample
from turnbuckle.core.errors import RulesError
from turnbuckle.sim import aot
from turnbuckle.sim.boxing import fast

KERNEL = "turnbuckle.sim.boxing.kernel"
SIDES = [sample("speedster"), sample("slugger")]


def test_type_keys_name_what_numba_would_type() -> None:
    a = np.zeros((3, 4), np.int8)
    assert aot.type_key(a) == "|i12Cw"
    assert aot.type_key(a.T) == "|i12Fw"
    assert aot.type_key(a[:, ::2]) == "|i12Aw"
    ro = np.zeros(3, np.int16)
    ro.flags.writeable = False
    assert aot.type_key(ro) == "<i21Cr"
    assert [aot.type_key(v) for v in (True, np.uint64(7), 5, 1 << 63, 0.5)] == ["b1", "<u8", "i8", "u8", "f8"]
    with pytest.raises(TypeError, match="str"):
        aot.type_key("five")


def test_a_build_is_named_by_source_and_argument_types(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    ints = aot._paths(KERNEL, (np.uint64(1), np.zeros(3, np.int8)))
    shorts = aot._paths(KERNEL, (np.uint64(1), np.zeros(3, np.int16)))
    assert ints[0] != shorts[0]
    assert ints[0].parent == tmp_path / "aot"
    assert ints[0].name.startswith("boxing_kernel_")
    assert ints[1].suffix == ".failed"
    assert aot.build_state(KERNEL) == "missing"


def test_thread_counts_are_checked_as_numba_checks_them() -> None:
    from numba.core import config

    assert aot.max_threads() == getattr(config, "NUMBA_NUM_THREADS")  # noqa: B009 (untyped module)
    aot.check_threads(None)
    aot.check_threads(1)
    for bad in (0, aot.max_threads() + 1):
        with pytest.raises(RulesError, match="--threads"):
            aot.check_threads(bad)
    with pytest.raises(RulesError, match="--threads"):
        fast.run(SIDES, options(), 10, seed=1, threads=0)


def test_an_unknown_build_is_an_error() -> None:
    with pytest.raises(RulesError, match="unknown build"):
        fast.run(SIDES, options(), 10, seed=1, build="fastest")  # type: ignore[arg-type]


def test_a_failed_build_falls_back_to_the_jit_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No C compiler (say): the failure is remembered in a marker file, the short run plays the
    JIT kernel with the very same results, and asking for the build by name says why it is not
    there."""
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    tries: list[str] = []

    def no_compiler(kernel: str, example: object, path: Path, name: str) -> None:
        tries.append(name)
        raise OSError("no C compiler found")

    monkeypatch.setattr(aot, "_build", no_compiler)
    fell_back = fast.run(SIDES, options(), 5_000, seed=2)
    assert aot.build_state(KERNEL) == "failed"
    assert fast.run(SIDES, options(), 5_000, seed=2) == fell_back
    assert len(tries) == 1  # the marker stops a second attempt
    assert fell_back == fast.run(SIDES, options(), 5_000, seed=2, build="jit")
    with pytest.raises(RulesError, match="no C compiler found"):
        fast.run(SIDES, options(), 10, seed=1, build="aot")
    assert fast.compiled(10)  # with the build failed, a short run is ready when the JIT kernel is


def test_a_missing_build_is_announced_and_then_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh cache: the short run must build first (``compiled`` says so, for the CLI's note);
    afterwards the build is there and a later process loads it without numba."""
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    assert not fast.compiled(10)
    built = fast.run(SIDES, options(), 5_000, seed=9, build="aot")
    assert aot.build_state(KERNEL) == "built"
    assert fast.compiled(10)
    left = list((tmp_path / "aot").iterdir())
    assert not any(p.is_dir() for p in left)  # the build's scratch folder is gone
    assert len([p for p in left if p.name.startswith("boxing_kernel_") and p.suffix == ".so"]) == 1
    assert built == fast.run(SIDES, options(), 5_000, seed=9, build="jit")


@pytest.mark.workaround("pycc_gil")
def test_the_build_lets_go_of_the_gil_while_it_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Split runs play on threads (``sim/drive.py``), which only run at once if the exported
    function releases the GIL: its wrapper must call CPython's ``PyEval_SaveThread`` (numba's
    ``release_gil``), and a build made the old way must never be loaded (its name differs)."""
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    example = (np.uint64(1), np.zeros(3, np.int8))
    name_now = aot._paths(KERNEL, example)[0].name
    monkeypatch.setattr(aot, "FLAVOUR", "")
    assert aot._paths(KERNEL, example)[0].name != name_now
    monkeypatch.undo()
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    fast.run(SIDES, options(), 10, seed=1, build="aot")
    (built,) = (tmp_path / "aot").glob("boxing_kernel_*.so")
    assert b"PyEval_SaveThread" in built.read_bytes()
    compiler: Any = import_module("numba.pycc.compiler")
    assert not compiler.Flags().release_gil  # the flag was set for the build alone
