"""What each entry point imports, checked in a fresh interpreter: the CLI starts without any game,
numba, numpy, matplotlib or rich; looking up one game imports that game alone; a short fast run
needs no numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_command_imports import ALLOWED as QUICK_ALLOWED
from turnbuckle.rulesets import BUNDLED, BundledRuleset
from turnbuckle.sim import drive
from turnbuckle.sim.aot import build_state
from turnbuckle.sim.boxing import fast

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
    code = f"from turnbuckle.rulesets.registry import get_ruleset\nget_ruleset({name!r})"
    assert _imported_after(code) == [f"turnbuckle.rulesets.{bundled.id}"]


def test_an_unknown_name_imports_no_game() -> None:
    code = ("from turnbuckle.core.errors import UnknownRulesetError\n"
            "from turnbuckle.rulesets.registry import get_ruleset\n"
            "try:\n    get_ruleset('chess')\nexcept UnknownRulesetError as exc:\n    print(exc)\n")
    assert _imported_after(code) == []


ODDS = ("from turnbuckle.cli.app import app\n"
        "app(['odds', '{game}', '{a}', '{b}', '-n', '{n}', '--seed', '1'], standalone_mode=False)")
FIRST_SAMPLES = {"boxing": ("all-rounder", "glass-cannon"), "folkstyle": ("brick-halvorsen", "cal-okafor"),
                 "headlock": ("amethyst-assassin", "the-rhino"), "deathmatch": ("ash-court", "bog-host"),
                 "matchmatch": ("brother-bob", "friendly-sam")}


def _odds(game: str, n: int) -> str:
    a, b = FIRST_SAMPLES[game]
    return ODDS.format(game=game, a=a, b=b, n=n)


def _own(game: str) -> list[str]:
    return ["numpy", f"turnbuckle.rulesets.{game}", f"turnbuckle.sim.{game}"]


@pytest.mark.parametrize("game", sorted(FIRST_SAMPLES))
def test_a_fast_run_imports_its_own_game_alone_and_no_numba(game: str) -> None:
    """`-n 1` (and any run the ahead-of-time build plays) imports numpy and the game's packages,
    but no numba, no other game, no plotting and no progress bar (stderr is not a terminal here).
    Where the build cannot be made here, numba's JIT kernel runs instead."""
    _imported_after(_odds(game, 1))  # builds the ahead-of-time module if it is not there yet
    state = build_state(f"turnbuckle.sim.{game}.kernel")
    found = _imported_after(_odds(game, 1))
    if state == "built":
        assert found == _own(game)
    else:
        assert state == "failed"
        assert found == ["numba", *_own(game)]


def test_a_long_boxing_run_on_every_core_needs_no_numba_either() -> None:
    """Three million bouts: split over threads, still the ahead-of-time build."""
    assert fast.JIT_FROM is None and drive.threads_for(3_000_000, fast.RATE, 2) == 2
    _imported_after(_odds("boxing", 1))
    if build_state(fast.KERNEL) == "built":
        assert _imported_after(_odds("boxing", 3_000_000)) == _own("boxing")


def test_a_run_the_build_cannot_play_loads_numba(tmp_path: Path) -> None:
    """With the build failed (say, no C compiler: its marker file), numba's JIT kernel plays."""
    code = (f"import os\nos.environ['TURNBUCKLE_CACHE_DIR'] = {str(tmp_path)!r}\n"
            "from turnbuckle.sim import aot\n"
            "aot._build = lambda *a: (_ for _ in ()).throw(OSError('no C compiler found'))\n" + _odds("boxing", 1))
    assert _imported_after(code) == ["numba", *_own("boxing")]


DB_LIBRARIES = ("sqlalchemy", "alembic", "psycopg", "openskill")
# `--help`, `match` and `validate` are checked in tests/test_command_imports.py, whose list of the
# outside packages they may load names none of DB_LIBRARIES; `verify` is checked here.
COMMANDS = {
    "verify": "['verify', '/nonexistent/export.json']",
}


def test_the_quick_commands_may_load_no_database_library() -> None:
    assert not set(DB_LIBRARIES) & QUICK_ALLOWED


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_commands_outside_the_league_import_no_database_library(command: str, tmp_path: object) -> None:
    """SQLAlchemy and its friends load only inside `turnbuckle league` commands (and not for
    `turnbuckle verify`, which checks an export with no database)."""
    code = ("import sys, pathlib, contextlib, io\n"
            "from turnbuckle.rulesets.registry import get_ruleset\n"
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


BLAS_PROBE = ("import os, sys\nfrom turnbuckle.cli import app, ending\n"
              "def report(code=0):\n"
              "    print(os.environ['OPENBLAS_NUM_THREADS'], len(os.listdir('/proc/self/task')), flush=True)\n"
              "    os._exit(0)\n"
              "ending.end_now = report  # odds ends the process at once (cli/ending.py): report first\n"
              "sys.argv = ['turnbuckle', 'odds', 'boxing', 'all-rounder', 'glass-cannon', '-n', '1', '--seed', '1']\n"
              "try:\n    app.main()\nexcept SystemExit:\n    report()\n")


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts the process's threads in /proc")
def test_the_program_starts_no_blas_threads_unless_asked() -> None:
    """numpy's OpenBLAS would start a thread per core that spins for a tenth of a second after the
    import (docs/decisions.md): the program asks it for one thread, so a fast run leaves this
    process with its main thread alone; a user's own setting stands."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", BLAS_PROBE], env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[-2:] == ["1", "1"]
    out = subprocess.run([sys.executable, "-c", BLAS_PROBE], env={**env, "OPENBLAS_NUM_THREADS": "2"},
                         capture_output=True, text=True, check=True).stdout.split()
    assert out[-2] == "2"
