"""The ``quick_exit`` workaround: whether no exit handler is waiting, read from CPython's private
count of them (``atexit._ncallbacks``), and the end that skips the interpreter's teardown
(``os._exit``). cli/ending.py decides when a command may end so.

Off (another Python, or switched off: core/workarounds), no handler count is known, so the
program never skips the teardown: every command ends the usual way.
"""

from __future__ import annotations

import atexit
import os
import sys
from contextlib import suppress
from typing import NoReturn

from turnbuckle.core.workarounds import active


def no_exit_handlers() -> bool:
    """True only when the workaround is on and CPython counts no exit handler registered."""
    if not active("quick_exit"):
        return False
    count = getattr(atexit, "_ncallbacks", None)
    return count is not None and count() == 0


def usable() -> bool:
    """Whether the program may end a process without its teardown at all."""
    return active("quick_exit")


def end_now(code: int) -> NoReturn:
    """Flush what was printed and end the process with ``code``, skipping the teardown."""
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)
