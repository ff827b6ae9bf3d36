"""The ``raw_thread`` workaround: a fast run's helper threads started with ``_thread``.

``threading.Thread.start`` waits until the new thread has come up, which the caller would rather
spend playing its own first slice of the run; ``_thread.start_new_thread`` returns at once. Off
(another Python, or switched off: core/workarounds), a daemon ``threading.Thread`` starts it.
"""

from __future__ import annotations

import _thread
import threading
from collections.abc import Callable
from typing import Any

from turnbuckle.core.workarounds import active

#: The type of a plain lock (``threading.Lock()``), for annotations.
LockType = _thread.LockType


def start_thread(work: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """``work(*args)`` on a new thread; returns at once where the workaround is on."""

    if active("raw_thread"):
        _thread.start_new_thread(work, args)
    else:
        threading.Thread(target=work, args=args, daemon=True).start()
