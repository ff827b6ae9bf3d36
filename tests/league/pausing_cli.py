"""``python -m tests.league.pausing_cli SECONDS ARGS...``: the turnbuckle command line, with a pause
after each match a show run plays, so that a test can kill the process mid-run or race a second
one against it. The pause lives here, in the tests, not in the program."""

from __future__ import annotations

import sys
import time
from typing import Any

from turnbuckle.cli.app import main
from turnbuckle.league.services import running


def _pausing(seconds: float) -> None:
    play = running.play_match

    def play_then_pause(*args: Any, **kwargs: Any) -> list[str]:
        lines = play(*args, **kwargs)
        time.sleep(seconds)
        return lines

    running.play_match = play_then_pause


if __name__ == "__main__":
    _pausing(float(sys.argv[1]))
    sys.argv = ["turnbuckle", *sys.argv[2:]]
    main()
