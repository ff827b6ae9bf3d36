"""What each entry point imports, checked in a fresh interpreter: the CLI starts without any game,
numba, numpy, matplotlib or rich; looking up one game imports that game alone; a short fast run
needs no numba."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from turnbuckle.rulesets import BUNDLED, BundledRuleset
from turnbuckle.sim.aot import build_state
from turnbuckle.sim.boxing.fast import SHORT_RUN

# Run after the code under test: the heavy libraries, and the game packages (the bundled games and
# their sim packages, named on the command line), left in sys.modules.
REPORT = """
import json, sys
heavy = {'numba', 'numpy', 'matplotlib', 'rich'}
games = set(sys.argv[1:])
found = {m.split('.')[0] for m in sys.modules if m.split('.')[0] in heavy}
found |= {'.'.join(m.split('.')[:3]) for m in sys.modules
          if m.startswith(('turnbuckle.rulesets.', 'turnbuckle.sim.')) and m.split('.')[2] in games}
print(json.dumps(sorted(found)))
"""


def _imported_after(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code + REPORT, *(b.id for b in BUNDLED)],
                         capture_output=True, text=True, check=True).stdout
    found: list[str] = json.loads(out.strip().splitlines()[-1])
    return found


def test_the_cli_imports_no_game_and_no_heavy_library() -> None:
    assert _imported_after("import turnbuckle.cli.app") == []


@pytest.mark.parametrize("bundled", BUNDLED, ids=lambda b: b.id)
def test_looking_up_a_game_by_alias_imports_that_game_alone(bundled: BundledRuleset) -> None:
    name = bundled.names()[-1].upper()  # the last alias (the id when there is none), in another case
    code = f"from turnbuckle.core.registry import get_ruleset\nget_ruleset({name!r})"
    assert _imported_after(code) == [f"turnbuckle.rulesets.{bundled.id}"]


def test_an_unknown_name_imports_no_game() -> None:
    code = ("from turnbuckle.core.errors import UnknownRulesetError\n"
            "from turnbuckle.core.registry import get_ruleset\n"
            "try:\n    get_ruleset('chess')\nexcept UnknownRulesetError as exc:\n    print(exc)\n")
    assert _imported_after(code) == []


ODDS = ("from turnbuckle.cli.app import app\n"
        "app(['odds', 'boxing', 'all-rounder', 'glass-cannon', '-n', '{n}', '--seed', '1'], standalone_mode=False)")
BOXING = ["numpy", "turnbuckle.rulesets.boxing", "turnbuckle.sim.boxing"]


def test_a_short_fast_run_imports_its_own_game_alone_and_no_numba() -> None:
    """A short run (the default 40,000 bouts among them) plays the ahead-of-time build: numpy and
    the boxing packages, but no numba, no other game, no plotting and no progress bar (stderr is
    not a terminal here). Where the build cannot be made here, numba's JIT kernel runs instead."""
    _imported_after(ODDS.format(n=1))  # builds the ahead-of-time module if it is not there yet
    state = build_state("turnbuckle.sim.boxing.kernel")
    found = _imported_after(ODDS.format(n=1))
    if state == "built":
        assert found == BOXING
    else:
        assert state == "failed"
        assert found == ["numba", *BOXING]


def test_a_long_fast_run_loads_numba() -> None:
    """Past SHORT_RUN bouts the run pays numba's start-up to use every thread."""
    assert _imported_after(ODDS.format(n=SHORT_RUN + 1)) == ["numba", *BOXING]


DB_LIBRARIES = ("sqlalchemy", "alembic", "psycopg", "openskill")
COMMANDS = {
    "help": "['--help']",
    "match": "['match', 'boxing', 'slugger', 'speedster', '--seed', '1']",
    "validate": "['validate', 'boxing', sample]",
    "verify": "['verify', '/nonexistent/export.json']",
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_commands_outside_the_league_import_no_database_library(command: str, tmp_path: object) -> None:
    """SQLAlchemy and its friends load only inside `turnbuckle league` commands (and not for
    `turnbuckle verify`, which checks an export with no database)."""
    code = ("import sys, pathlib, contextlib, io\n"
            "from turnbuckle.core.registry import get_ruleset\n"
            f"sample = str(pathlib.Path({str(tmp_path)!r}) / 's.yaml')\n"
            "pathlib.Path(sample).write_text(get_ruleset('boxing').sample('slugger').text)\n"
            "from turnbuckle.cli.app import app\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
            f"    try:\n        app({COMMANDS[command]}, standalone_mode=False)\n"
            "    except BaseException:\n        pass\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(DB_LIBRARIES)!r}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.strip().splitlines()[-1].replace("'", '"')) == []


def test_a_league_command_does_load_sqlalchemy() -> None:
    """The check above can fail: a league command imports SQLAlchemy."""
    code = ("import sys, contextlib, io\nfrom turnbuckle.cli.app import app\n"
            "with contextlib.redirect_stderr(io.StringIO()):\n"
            "    try:\n        app(['league', 'standings', '--db', '/nonexistent/x.db'], standalone_mode=False)\n"
            "    except BaseException:\n        pass\n"
            "print('sqlalchemy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "True"
