"""A quick start, kept: what `--help`, `match`, `validate` and `replay` import, each run in a fresh
interpreter. The database, web, cluster and compiler libraries (SQLAlchemy, FastAPI, Dask, numba)
and the league, simulation and other games' code stay out; every outside package a command loads
is one listed here, so a new one is added on purpose."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# Run the command as the program does, then report the outside packages and our own modules loaded.
RUN = """
import contextlib, io, json, sys
sys.argv = ['turnbuckle', *json.loads(sys.argv[1])]
from turnbuckle.cli.app import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main()
    except SystemExit as exc:
        code = exc.code
    else:
        code = 0
outside = {m.split('.')[0] for m in sys.modules} - set(sys.stdlib_module_names) - {'turnbuckle'}
ours = {'.'.join(m.split('.')[:3]) for m in sys.modules if m.startswith('turnbuckle.')}
print(json.dumps({'code': code, 'outside': sorted(m for m in outside if not m.startswith('_')),
                  'ours': sorted(ours)}))
"""

NEVER = {"sqlalchemy", "alembic", "fastapi", "starlette", "uvicorn", "dask", "distributed", "numba",
         "llvmlite", "numpy", "matplotlib"}
# The outside packages these commands may load: the command-line toolkit and its help renderer,
# YAML, and pydantic for the sheets.
ALLOWED = {"typer", "click", "shellingham", "annotated_doc", "rich", "pygments", "markdown_it", "mdurl", "linkify_it",
           "yaml", "pydantic", "pydantic_core", "annotated_types", "typing_extensions", "typing_inspection",
           "cython_runtime",
           "attr"}  # attrs, when installed (aiosmtpd's, for the tests): rich's pretty-printer loads it if present
NOT_OURS = ("turnbuckle.league", "turnbuckle.sim", "turnbuckle.web", "turnbuckle.lab")


def imports_of(args: list[str]) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", RUN, json.dumps(args)], capture_output=True, text=True,
                         check=True).stdout
    found: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return found


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    from turnbuckle.core.render import render_json
    from turnbuckle.core.sources import SeededSource
    from turnbuckle.rulesets.registry import get_ruleset

    folder: Path = tmp_path_factory.mktemp("imports")
    rs = get_ruleset("boxing")
    sheet = folder / "slugger.yaml"
    sheet.write_text(rs.sample("slugger").text, encoding="utf-8")
    record = folder / "bout.json"
    sides = [rs.load_text(rs.sample(s).text, s) for s in ("slugger", "speedster")]
    record.write_text(render_json(rs.run(sides, SeededSource(1))), encoding="utf-8")
    return {"sheet": str(sheet), "record": str(record)}


COMMANDS = {
    "--help": ["--help"],
    "match": ["match", "boxing", "slugger", "speedster", "--seed", "1"],
    "validate": ["validate", "boxing", "{sheet}"],
    "replay": ["replay", "{record}"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_quick_command_imports_only_what_it_uses(command: str, files: dict[str, str]) -> None:
    found = imports_of([a.format(**files) for a in COMMANDS[command]])
    assert found["code"] == 0
    outside = set(found["outside"])  # type: ignore[call-overload]
    ours = list(found["ours"])  # type: ignore[call-overload]
    assert not outside & NEVER
    assert outside <= ALLOWED, f"{command} loads {sorted(outside - ALLOWED)}: list it here if it is needed"
    assert not [m for m in ours if m.startswith(NOT_OURS)]
    # turnbuckle.rulesets.registry is the table of games, no game itself
    games = {m for m in ours if m.startswith("turnbuckle.rulesets.")} - {"turnbuckle.rulesets.registry"}
    assert games == (set() if command == "--help" else {"turnbuckle.rulesets.boxing"})
