"""What each entry point imports, checked in a fresh interpreter: the CLI starts without any game,
numba, numpy, matplotlib or rich, and looking up one game imports that game alone."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from turnbuckle.rulesets import BUNDLED, BundledRuleset

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


def test_fast_odds_import_their_own_game_alone() -> None:
    """The fast boxing engine loads numba and numpy, but no other game, no plotting and no
    progress bar (stderr is not a terminal here)."""
    code = ("from turnbuckle.cli.app import app\n"
            "app(['odds', 'boxing', 'all-rounder', 'glass-cannon', '-n', '1', '--seed', '1'], standalone_mode=False)")
    assert _imported_after(code) == ["numba", "numpy", "turnbuckle.rulesets.boxing", "turnbuckle.sim.boxing"]
