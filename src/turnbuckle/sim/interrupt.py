"""Stopping a long run early and keeping what it played (Ctrl-C in ``odds``).

Inside ``stoppable()`` (the ``odds`` command wraps its run in it), the first Ctrl-C during a loop
that checks ``stop_requested()`` often (``polling``) only asks that loop to stop: a fast engine's
chunk loop or the reference engine's match loop ends at its next check and returns the matches
played so far. Anywhere else (loading sheets, compiling a kernel before its first chunk) and for a
second Ctrl-C, the usual KeyboardInterrupt is raised at once. Outside ``stoppable()`` nothing
changes: library callers and tests keep Python's own Ctrl-C.

A loop that polls checks at least every ``CHECK_EVERY_S`` seconds or so (fast engines size their
chunks for it while a stop can be requested: ``armed()``).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

#: How long a polling loop may go between two checks (a chunk of matches is sized to it).
CHECK_EVERY_S = 0.25


class _State:
    armed = False
    polling = False
    requested = False


_STATE = _State()


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    if _STATE.polling and not _STATE.requested:
        _STATE.requested = True
        return
    raise KeyboardInterrupt


@contextmanager
def stoppable() -> Iterator[None]:
    """Let a first Ctrl-C stop the running loop at its next check instead of raising (main thread
    only; elsewhere this changes nothing). The state is fresh on entry and cleared on exit."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    _STATE.armed, _STATE.polling, _STATE.requested = True, False, False
    signal.signal(signal.SIGINT, _on_sigint)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _STATE.armed, _STATE.polling, _STATE.requested = False, False, False


def armed() -> bool:
    """True inside ``stoppable()``: a loop should check ``stop_requested()`` every
    ``CHECK_EVERY_S`` or so."""
    return _STATE.armed


def stop_requested() -> bool:
    """True once Ctrl-C asked the running loop to stop."""
    return _STATE.requested


def request_stop() -> None:
    """Ask the running loop to stop, as a first Ctrl-C does (for tests and front ends)."""
    if _STATE.armed:
        _STATE.requested = True


def set_polling(on: bool) -> None:
    """Say whether a loop that checks ``stop_requested()`` is running now."""
    _STATE.polling = on and _STATE.armed


@contextmanager
def polling() -> Iterator[None]:
    """Mark a block as a loop that checks ``stop_requested()``; restores the previous state."""
    before = _STATE.polling
    set_polling(True)
    try:
        yield
    finally:
        _STATE.polling = before


@contextmanager
def sigint_held() -> Iterator[None]:
    """Hold Ctrl-C while worker processes start: they inherit it blocked (then ignore it; the run's
    own loop stops them), and one pressed meanwhile reaches this process when the block ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if hasattr(signal, "pthread_sigmask"):
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # no signal masks here: ignore instead
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def end_pool(pool: Any, now: bool) -> None:
    """Shut a process pool down; ``now``: cancel what is queued and end the workers without waiting
    (after a stop, so a worker busy with its match does not hold the terminal)."""
    if not now:
        pool.shutdown()
        return
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
