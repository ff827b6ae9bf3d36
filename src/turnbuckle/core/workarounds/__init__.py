"""Every place the program reaches into another project's private internals, in one package.

Each workaround is named below with what it buys, the library (or Python) whose internals it
uses and the versions it is known to work on: for a library, the range pyproject.toml allows (from
the version the lock file pins, which CI runs); for Python, where the internal behaves so.
Outside that range it is off by itself; ``$TURNBUCKLE_DISABLE_WORKAROUNDS`` (``all``, or names
separated by commas) turns any of them off by hand. Off, the program still works, and says what
it gives up: each workaround's module names its plain path.

This module stays light (the command line imports it at start): a workaround's own module holds
its heavy imports, and a library's version is read from the library once it is imported, or from
its installed metadata where importing it would cost a start (numba).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Literal

#: The environment variable that turns workarounds off (core/settings.py lists it).
SWITCH_ENV = "TURNBUCKLE_DISABLE_WORKAROUNDS"

Version = tuple[int, ...]
State = Literal["on", "switched off", "not for this version"]


@dataclass(frozen=True)
class Workaround:
    """One reach into a private internal: its name, what it buys, what the program does without
    it, and the versions of ``library`` it is known to work on (``low`` <= version < ``high``)."""

    name: str
    buys: str
    without: str
    library: str
    low: Version
    high: Version


def _python() -> str:
    return "" if sys.implementation.name != "cpython" else ".".join(map(str, sys.version_info[:3]))


def _module_version(module: str) -> Callable[[], str]:
    def read() -> str:
        try:
            imported = __import__(module)
        except ImportError:
            return ""
        return str(getattr(imported, "__version__", ""))
    return read


@cache
def _installed(distribution: str) -> str:
    from importlib.metadata import (  # lazy: importlib.metadata is slow to load; read only to check a version
        PackageNotFoundError,
        version,
    )

    try:
        return version(distribution)
    except PackageNotFoundError:
        return ""


WORKAROUNDS: tuple[Workaround, ...] = (
    Workaround("stack_room", "heavy work (numba's compiler above all) never crosses a frame-stack chunk boundary, "
               "which CPython 3.11 and 3.12 pay for with an mmap and a munmap per call",
               "the work runs as a plain call (a first kernel build can take several times longer)",
               "python", (3, 11), (3, 13)),
    Workaround("quick_exit", "a command that wrote and closed all it made ends without the interpreter's teardown, "
               "once CPython's count of exit handlers (atexit._ncallbacks) says none is waiting",
               "every command ends with the usual teardown (a few tens of milliseconds more)",
               "python", (3, 11), (3, 15)),
    Workaround("raw_thread", "a fast run's helper threads start with _thread.start_new_thread, which returns at "
               "once, where threading.Thread.start waits for the thread to come up",
               "helper threads start with threading.Thread (the caller waits a fraction of a millisecond each)",
               "python", (3, 11), (3, 15)),
    Workaround("pycc_gil", "the ahead-of-time kernel builds let go of the GIL while they play: numba.pycc's "
               "compile flags are swapped for a build (pycc offers no such option)",
               "the builds hold the GIL, so a run split over threads plays on one core at a time",
               "numba", (0, 68), (0, 69)),
    Workaround("typer_click", "argument-parser errors are told apart by their classes, which typer keeps in its "
               "private typer._click",
               "they are told apart by their class names (an exception of another library so named is "
               "taken for one)",
               "typer", (0, 29), (0, 30)),
    Workaround("h11_deadline", "a request's line and headers must arrive within a deadline: a subclass of "
               "uvicorn's internal H11Protocol, as uvicorn has no such limit",
               "uvicorn's own h11 protocol serves (a client trickling its headers holds a connection until "
               "the keep-alive timeout never comes)",
               "uvicorn", (0, 54), (0, 55)),
)
NAMES: tuple[str, ...] = tuple(w.name for w in WORKAROUNDS)
_BY_NAME = {w.name: w for w in WORKAROUNDS}
_VERSIONS: dict[str, Callable[[], str]] = {
    "python": _python,
    "numba": lambda: _installed("numba"),
    "typer": _module_version("typer"),
    "uvicorn": _module_version("uvicorn"),
}


def parse_switch(text: str) -> tuple[str, ...]:
    """The names a value of the switch turns off: ``all``, ``none`` or names separated by commas;
    an unknown name is a ValueError saying which names there are."""
    value = text.strip().lower()
    if value in ("", "none"):
        return ()
    if value == "all":
        return NAMES
    names = tuple(dict.fromkeys(p.strip() for p in value.split(",") if p.strip()))
    unknown = [n for n in names if n not in _BY_NAME]
    if unknown:
        raise ValueError(f"all, none or names among {', '.join(NAMES)} ('{unknown[0][:40]}' is none of them)")
    return names


def switched_off(name: str) -> bool:
    """Whether the switch turns ``name`` off (read from the environment each time: it is cheap,
    and a test may change it)."""
    try:
        return name in parse_switch(os.environ.get(SWITCH_ENV, ""))
    except ValueError:  # refused at start by Settings.from_env; a program that got here keeps them on
        return False


def parse_version(text: str) -> Version:
    """``0.29.2`` -> (0, 29, 2); a suffix such as ``rc1`` or ``+local`` is dropped; () if none."""
    found = re.match(r"\d+(?:\.\d+)*", text.strip())
    return tuple(int(p) for p in found.group(0).split(".")) if found else ()


def version_of(name: str) -> Version:
    """The installed version of the library workaround ``name`` reaches into (() if none)."""
    return parse_version(_VERSIONS[_BY_NAME[name].library]())


def in_range(name: str, version: Version | None = None) -> bool:
    w = _BY_NAME[name]
    found = version_of(name) if version is None else version
    return bool(found) and w.low <= found < w.high


def state(name: str) -> State:
    """Whether workaround ``name`` is on here, switched off by hand, or off for this version."""
    if switched_off(name):
        return "switched off"
    return "on" if in_range(name) else "not for this version"


def active(name: str) -> bool:
    """Whether the program uses workaround ``name`` now."""
    return state(name) == "on"


def describe(name: str) -> str:
    """A line for a person: the workaround, its library's versions and what the program does without it."""
    w = _BY_NAME[name]
    low, high = ".".join(map(str, w.low)), ".".join(map(str, w.high))
    return f"{w.name} ({w.library} {low} up to, not including, {high}): {w.buys}; off, {w.without}"
