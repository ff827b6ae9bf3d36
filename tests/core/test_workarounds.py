"""core/workarounds: each workaround is gated to its versions and can be switched off, and the
workarounds without a test elsewhere show here why they exist."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from turnbuckle.core import workarounds
from turnbuckle.core.settings import Settings, SettingsError
from turnbuckle.core.workarounds.raw_thread import start_thread


def test_the_switch_turns_off_all_or_the_named_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    assert workarounds.parse_switch("") == workarounds.parse_switch("none") == ()
    assert workarounds.parse_switch("ALL") == workarounds.NAMES
    assert workarounds.parse_switch(" raw_thread, stack_room ,raw_thread") == ("raw_thread", "stack_room")
    with pytest.raises(ValueError, match="'fast' is none of them"):
        workarounds.parse_switch("stack_room,fast")
    monkeypatch.setenv(workarounds.SWITCH_ENV, "raw_thread")
    assert workarounds.state("raw_thread") == "switched off" and not workarounds.active("raw_thread")
    assert workarounds.switched_off("raw_thread") and not workarounds.switched_off("stack_room")


def test_a_bad_switch_is_refused_at_start_naming_the_variable() -> None:
    assert Settings.from_env({workarounds.SWITCH_ENV: "all"}).disable_workarounds == workarounds.NAMES
    with pytest.raises(SettingsError, match=r"\$TURNBUCKLE_DISABLE_WORKAROUNDS is 'everything'"):
        Settings.from_env({workarounds.SWITCH_ENV: "everything"})


def test_each_is_off_outside_its_versions(monkeypatch: pytest.MonkeyPatch) -> None:
    for w in workarounds.WORKAROUNDS:
        assert workarounds.in_range(w.name, w.low)
        assert not workarounds.in_range(w.name, w.high)
        assert not workarounds.in_range(w.name, ())  # the library is not there
        below = (*w.low[:-1], w.low[-1] - 1)
        assert not workarounds.in_range(w.name, below)
    assert workarounds.parse_version("0.29.2rc1+local") == (0, 29, 2)
    monkeypatch.delenv(workarounds.SWITCH_ENV, raising=False)
    monkeypatch.setitem(workarounds._VERSIONS, "typer", lambda: "1.0.0")
    assert workarounds.state("typer_click") == "not for this version"


def test_the_locked_versions_take_every_workaround() -> None:
    """The versions this project is tested with (uv.lock, Python 3.11) are inside every range, so
    CI runs each workaround's test with it on, and again with it off."""
    assert all(workarounds.in_range(name) for name in workarounds.NAMES), \
        [workarounds.describe(n) for n in workarounds.NAMES if not workarounds.in_range(n)]


@pytest.mark.workaround("raw_thread")
def test_a_helper_thread_starts_without_waiting_for_it_to_come_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Why ``raw_thread`` exists: ``threading.Thread.start`` waits on an event until the new thread
    runs; the raw start does not wait at all (counted, not timed)."""
    waits: list[Any] = []
    plain_wait = threading.Event.wait

    def counted(self: threading.Event, timeout: float | None = None) -> bool:
        waits.append(self)
        return plain_wait(self, timeout)

    done = threading.Event()
    monkeypatch.setattr(threading.Event, "wait", counted)
    start_thread(done.set, ())
    monkeypatch.undo()
    assert done.wait(60)
    assert waits == []


class UsageError(Exception):
    """An exception of some other library that shares a name with one of the parser's."""


@pytest.mark.workaround("typer_click")
def test_the_parsers_errors_are_told_apart_by_class_not_by_name() -> None:
    """Why ``typer_click`` exists: by its class, the parser's UsageError is told from another
    library's exception of that name, which would otherwise be printed as a usage error."""
    import typer

    from turnbuckle.core.workarounds.typer_click import is_a

    assert is_a(typer.BadParameter("x"), "UsageError") and is_a(typer.BadParameter("x"), "ClickException")
    assert not is_a(UsageError("mine"), "UsageError")


def test_switched_off_the_plain_paths_are_taken(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """Off, uvicorn serves with its own h11 protocol, and an ahead-of-time build is named apart
    (one that holds the GIL is never loaded where the workaround is on, nor the other way)."""
    import numpy as np

    from turnbuckle.sim import aot
    from turnbuckle.web.serving.server import config

    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    example = (np.uint64(1), np.zeros(3, np.int8))
    monkeypatch.delenv(workarounds.SWITCH_ENV, raising=False)
    on_name = aot._paths("turnbuckle.sim.boxing.kernel", example)[0].name
    assert config("turnbuckle.web.app:app_from_env").http != "h11"
    monkeypatch.setenv(workarounds.SWITCH_ENV, "h11_deadline,pycc_gil")
    assert config("turnbuckle.web.app:app_from_env").http == "h11"
    assert aot._paths("turnbuckle.sim.boxing.kernel", example)[0].name != on_name
