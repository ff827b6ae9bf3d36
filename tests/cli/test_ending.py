"""How the program ends (``cli/ending.py``): ``odds`` skips the interpreter's teardown once all is
written, and only when nothing else could need it; every other command, and ``odds`` beside an
exit handler, a thread or worker processes, ends as usual. Each probe is a fresh interpreter: the
test runner itself has threads and exit handlers of its own."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: An object whose finaliser prints: it runs in the usual teardown, and not when it is skipped.
WITNESS = ("import sys\nclass Witness:\n    def __del__(self):\n        print('torn down', flush=True)\n"
           "witness = Witness()\nfrom turnbuckle.cli.app import main\n")
ODDS = ["odds", "boxing", "slugger", "speedster", "-n", "2000", "--seed", "3", "--format", "json"]


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def _main(args: list[str], before: str = "") -> subprocess.CompletedProcess[str]:
    return _run(WITNESS + before + f"sys.argv = ['turnbuckle', *{args!r}]\nmain()\n")


@pytest.mark.workaround("quick_exit")
def test_odds_ends_without_the_teardown_and_loses_no_output() -> None:
    quick = _main(ODDS)
    assert quick.returncode == 0, quick.stderr
    assert "torn down" not in quick.stdout
    data = json.loads(quick.stdout)  # the whole record was flushed before the end
    assert data["n"] == 2000
    # The same record as in-process (where the teardown is not skipped).
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    assert json.loads(CliRunner().invoke(app, ODDS).stdout) == data


def test_other_commands_keep_the_teardown() -> None:
    usual = _main(["samples", "boxing"])
    assert usual.returncode == 0
    assert usual.stdout.rstrip().endswith("torn down")


@pytest.mark.parametrize("beside", [
    "import atexit\natexit.register(print, 'exit handler ran')\n",
    # a thread still running when the command ends, however long the command takes on a loaded machine
    "import threading\nthreading.Thread(target=threading.Event().wait, daemon=True).start()\n",
    "import multiprocessing\n",
])
def test_odds_keeps_the_teardown_when_something_could_need_it(beside: str) -> None:
    usual = _main(ODDS, before=beside)
    assert usual.returncode == 0, usual.stderr
    assert "torn down" in usual.stdout
    if "atexit" in beside:
        assert "exit handler ran" in usual.stdout


def test_a_user_error_in_odds_ends_as_usual() -> None:
    wrong = _main(["odds", "boxing", "slugger", "nobody"])
    assert wrong.returncode == 2
    assert "torn down" in wrong.stdout and "turnbuckle: error:" in wrong.stderr
