"""A bound on a whole network call. A socket's timeout bounds each wait, so a server that answers a
line at a time, each just inside it, could hold a sender for minutes (past its claim's lease, so that
another sender would send the message again); a :class:`Deadline` shuts the call's socket when its
time is up, which ends the wait in progress at once, and says so (:attr:`Deadline.cut`)."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable
from types import TracebackType


class Deadline:
    """``with Deadline(seconds) as d: d.watch(lambda: conn.sock); ...``: the socket the getter gives
    at the deadline is shut down; ``d.cut`` tells afterwards whether it was."""

    def __init__(self, seconds: float) -> None:
        self._event = threading.Event()
        self._getters: list[Callable[[], socket.socket | None]] = []
        self._timer = threading.Timer(seconds, self._fire)
        self._timer.daemon = True

    @property
    def cut(self) -> bool:
        return self._event.is_set()

    def watch(self, sock: Callable[[], socket.socket | None]) -> None:
        self._getters.append(sock)

    def _fire(self) -> None:
        self._event.set()
        for getter in self._getters:
            sock = getter()
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def __enter__(self) -> Deadline:
        self._timer.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._timer.cancel()
