"""The suite's markers and ``make quick``: the quick loop samples every layer and leaves out what the
markers name; the markers land on the tests they name."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("core", "boxing", "deathmatch", "folkstyle", "headlock", "matchmatch", "sim", "lab", "league", "cli", "web")


def make_variable(name: str) -> str:
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    found = re.search(rf"^{name} = (.*)$", text, re.M)
    assert found is not None, f"the Makefile has no {name}"
    return found.group(1)


def test_make_quick_samples_every_layer_and_leaves_out_the_marked_tests() -> None:
    paths = make_variable("QUICK_TESTS").split()
    assert all((ROOT / p).exists() for p in paths), [p for p in paths if not (ROOT / p).exists()]
    assert {p.split("/")[1] for p in paths} >= set(LAYERS)
    assert not [p for p in paths if p.startswith("tests/web/browser")]
    assert make_variable("QUICK_MARKS") == "not slow and not browser and not postgres and not solo"
    assert '-m "$(QUICK_MARKS)" $(QUICK_TESTS)' in (ROOT / "Makefile").read_text()


def collected(marks: str, *files: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:randomly", "-m", marks, *files],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode in (0, 5), done.stdout + done.stderr  # 5: nothing selected
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_the_markers_select_the_tests_they_name() -> None:
    files = ("tests/web/browser/test_home.py", "tests/league/test_shows.py", "tests/web/test_load.py",
             "tests/league/test_processes.py")
    browser = collected("browser", *files)
    assert browser and all(t.startswith("tests/web/browser/") for t in browser)
    postgres = collected("postgres", *files)
    assert any(t.endswith("[postgresql]") for t in postgres)
    assert "tests/web/test_load.py::test_the_burst_on_postgresql" in postgres  # by its pg_url fixture
    assert not [t for t in postgres if t.endswith("[sqlite]")]
    assert collected("slow", *files) == [
        "tests/league/test_processes.py::test_sigkill_in_the_middle_of_a_run_leaves_the_database_as_before[sqlite]",
        "tests/league/test_processes.py::test_sigkill_in_the_middle_of_a_run_leaves_the_database_as_before[postgresql]"]
    solo = collected("solo", *files)
    assert solo and all(t.startswith("tests/web/test_load.py::") for t in solo)
    rest = collected("not slow and not browser and not postgres and not solo", *files)
    assert rest and not set(rest) & set(browser + postgres + solo)
