"""The key check of the offline keeper: 50 seeded random matches of every game played by the
page's engine in Pyodide (under Node.js, one start) give the server's records byte for byte.

Skipped, saying why, when ``make pyodide`` has not fetched the runtime (build/pyodide/) or Node.js
is missing; TURNBUCKLE_REQUIRE_PYODIDE=1 (as .ci/run sets) makes that a failure."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.page.cases import GAMES, cases
from turnbuckle.page.bundle import page_zip

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = Path(os.environ.get("TURNBUCKLE_PYODIDE_DIR", ROOT / "build" / "pyodide"))
MATCHES = 50


def _runtime() -> tuple[Path, str]:
    node = shutil.which("node")
    missing = "" if (RUNTIME / "pyodide.mjs").is_file() else f"the Pyodide runtime is not in {RUNTIME} (make pyodide)"
    missing = missing or ("" if node else "Node.js (node) is not installed")
    if missing:
        if os.environ.get("TURNBUCKLE_REQUIRE_PYODIDE") == "1":
            pytest.fail(f"{missing}, and TURNBUCKLE_REQUIRE_PYODIDE=1")
        pytest.skip(missing)
    assert node is not None
    return RUNTIME, node


@pytest.mark.slow
def test_fifty_matches_of_every_game_give_the_same_records_in_pyodide(tmp_path: Path) -> None:
    runtime, node = _runtime()
    (tmp_path / "page.zip").write_bytes(page_zip())
    with subprocess.Popen([node, str(Path(__file__).with_name("run_pyodide.mjs")), str(runtime),
                           str(tmp_path / "page.zip")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, encoding="utf-8") as run:
        # the server's side of the matches while Pyodide starts
        played = [case for game in GAMES for case in cases(game, MATCHES)]
        stdout, stderr = run.communicate(json.dumps([r for r, _ in played]), timeout=600)
    assert run.returncode == 0, stderr[-3000:]
    out = json.loads(stdout)
    assert out["blocked"] == "", "pydantic or yaml was imported in the page"
    answers = zip(played, out["answers"], strict=True)
    wrong = [(json.loads(r)["game"], i % MATCHES) for i, ((r, text), got) in enumerate(answers) if got != text]
    assert wrong == [], f"records that differ in Pyodide (game, seed): {wrong[:10]}"
