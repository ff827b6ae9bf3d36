"""The benchmarks live beside the package, not in it: the built wheel holds no benchmark module,
and ``python -m benchmarks`` (``make bench``) still finds every part."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest

from benchmarks.__main__ import PARTS, parse

ROOT = Path(__file__).resolve().parents[2]


def wheel_names(source: Path, out: Path) -> list[str]:
    """The file names in the wheel that ``uv build`` makes of ``source`` (uv, as ``make setup`` uses)."""
    found = shutil.which("uv")
    uv = [found] if found else ["python3", "-m", "uv"]  # where make setup finds it
    done = subprocess.run([*uv, "build", "--wheel", "--out-dir", str(out), str(source)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (wheel,) = out.glob("turnbuckle-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        return zf.namelist()


def test_the_wheel_holds_the_package_and_no_benchmark(tmp_path: Path) -> None:
    names = wheel_names(ROOT, tmp_path)
    assert "turnbuckle/__init__.py" in names and "turnbuckle/web/app.py" in names
    modules = [n for n in names if n.endswith(".py")]
    assert len(modules) > 100  # the whole package, not an empty shell
    assert [n for n in modules if "bench" in n.rsplit("/", 1)[-1] or n.startswith("benchmarks/")] == []


def test_every_part_of_the_benchmarks_is_a_module_with_a_main() -> None:
    import importlib

    assert parse([]) == list(PARTS) and parse(["web", "engines"]) == ["engines", "web"]
    for part in PARTS:
        assert callable(importlib.import_module(f"benchmarks.{part}").main)


def test_an_unknown_part_is_refused_naming_the_parts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        parse(["engine"])
    assert stop.value.code == 2
    assert "no part named engine: the parts are engines, league" in capsys.readouterr().err


def test_make_bench_runs_them_and_lint_and_typecheck_cover_them() -> None:
    make = (ROOT / "Makefile").read_text()
    assert "\t$(VENV)/python -m benchmarks\n" in make
    assert "\t$(VENV)/ruff check src tests benchmarks\n" in make
    assert "benchmarks" in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
