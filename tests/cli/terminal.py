"""A real terminal for tests: the command runs with a pseudo-terminal as its standard input,
output and error (and as its controlling terminal, so that Ctrl-C is a signal, as at a keyboard),
and the test reads what the terminal was sent, types answers and sees what a player would see.

:func:`seen` is the small part of a terminal emulator the tests need: what a player can still see
(the screen and its scrollback) is the text written since the last escape run that cleared both
(``ESC[2J`` the screen, ``ESC[3J`` the scrollback); a screen cleared without its scrollback keeps
the old lines a scroll away, so it does not count. Every wait is bounded."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Sequence
from pathlib import Path

#: How long one wait for the program may take: generous, for a loaded machine.
WAIT_S = 60.0

_ESCAPES = re.compile(r"(?:\x1b\[[0-9;?]*[A-Za-z])+")


def seen(written: str) -> str:
    """What the screen and its scrollback hold after ``written``, without escape sequences and
    with the terminal's carriage returns taken out."""
    start = 0
    for run in _ESCAPES.finditer(written):
        if "[2J" in run.group() and "[3J" in run.group():
            start = run.end()
    return _ESCAPES.sub("", written[start:]).replace("\r", "")


def _controlling_terminal() -> None:
    """In the child, after setsid: its standard input (the pseudo-terminal) becomes its controlling
    terminal, and Ctrl-C is as a shell at a keyboard leaves it (its default action, not blocked),
    whatever the test process had set: a child inherits an ignored or blocked SIGINT, and a program
    started so rightly keeps ignoring Ctrl-C."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Terminal:
    """``turnbuckle ARGS`` at a pseudo-terminal, in ``folder``."""

    def __init__(self, args: Sequence[str], folder: Path) -> None:
        master, slave = os.openpty()
        self.fd = master
        self.proc = subprocess.Popen([sys.executable, "-m", "turnbuckle", *args], stdin=slave, stdout=slave,
                                     stderr=slave, cwd=folder, start_new_session=True,
                                     preexec_fn=_controlling_terminal,
                                     env={**os.environ, "TERM": "xterm", "COLUMNS": "200"})
        os.close(slave)
        self.written = ""  # everything the program sent to the terminal (and the terminal's echo)
        self.typed_at = 0  # how much had been written when the test last typed
        self.ended = False

    def read_until(self, done: Callable[[str], bool], what: str, wait_s: float = WAIT_S,
                   or_end: bool = False) -> str:
        """Read until ``done(written)`` holds for what was written, with something new since the
        test last typed (or, with ``or_end``, until the program ends); an AssertionError naming
        ``what`` if the program ends or ``wait_s`` passes first."""
        deadline = time.monotonic() + wait_s
        while len(self.written) <= self.typed_at or not done(self.written):
            if self.ended and or_end:
                break
            left = deadline - time.monotonic()
            if left <= 0 or self.ended:
                raise AssertionError(f"waited for {what}; the terminal shows:\n{self.written[-3000:]}")
            ready, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # the program closed the terminal (it ended)
                data = b""
            if not data:
                self.ended = True
                continue
            self.written += data.decode("utf-8", errors="replace")
        return self.written

    def type(self, text: str) -> None:
        self.typed_at = len(self.written)
        os.write(self.fd, text.encode("utf-8"))

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=WAIT_S)
        os.close(self.fd)
