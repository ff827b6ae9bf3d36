"""How the program ends: with the interpreter's usual teardown, or straight away when a command
has said it left nothing for the teardown to do.

Tearing the interpreter down frees every object one by one. After ``odds`` (its pydantic sheet
models, numpy, typer) that is a noticeable share of a short command's wall time, and more after a
run that used both cores (its caches then hold the run, not the objects). A command
whose work is all written and closed can ask for the quick ending instead (``skip_teardown``).
The program takes it only if nothing else could still need the teardown: no other thread, no
worker processes (``multiprocessing``'s exit hook and resource tracker), no exit handler
registered by anyone (matplotlib registers one, for instance). mypy ends the same way, for the
same reason. Counting the exit handlers and the quick end are the ``quick_exit`` workaround
(core/workarounds/quick_exit.py): where it is off, every command ends with the teardown.
"""

from __future__ import annotations

import sys
import threading
from typing import NoReturn

from turnbuckle.core.workarounds import quick_exit


class _Ending:
    quick = False


_ENDING = _Ending()


def skip_teardown() -> None:
    """Say that this command has written and closed all it made, so the process may end without
    the teardown (the program still checks ``teardown_needless`` first)."""
    _ENDING.quick = True


def reset() -> None:
    """Forget an earlier command's request (the program runs one command a process; tests run many)."""
    _ENDING.quick = False


def teardown_needless() -> bool:
    """Whether a command asked to skip the teardown and nothing else could need it."""
    if not _ENDING.quick:
        return False
    if threading.active_count() != 1 or "multiprocessing" in sys.modules:
        return False
    return quick_exit.no_exit_handlers()


def interrupted_end(code: int) -> None:
    """After Ctrl-C: end at once, skipping the teardown (after a fast engine ran, numba's threads
    and compiled code can make it take a second or more), where the program may; else return."""
    if quick_exit.usable():
        end_now(code)


def end_now(code: int) -> NoReturn:
    """Flush what was printed and end the process with ``code``, skipping the teardown."""
    quick_exit.end_now(code)
