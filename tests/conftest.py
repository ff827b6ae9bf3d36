"""Settings every test shares."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run (seeded from each test's own code), so a run
# of the suite passes or fails the same way on any machine; each test's @settings sets how many.
settings.register_profile("turnbuckle", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("turnbuckle")


@pytest.fixture(autouse=True)
def _work_in_a_scratch_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run every test in a fresh folder: table mode saves its entries in the current folder, and
    a test must never leave files in the checkout."""
    folder = tmp_path_factory.mktemp("cwd")
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture(autouse=True)
def _turnbuckle_cache(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep built tables and ahead-of-time kernel builds out of the user's home, in pytest's own
    cache folder (``.pytest_cache``), so that they are built once and reused by later test runs
    (building the five kernels takes minutes). A build is named by a hash of everything it is
    built from, so a stale one is never loaded; builds are locked and written atomically, so the
    xdist workers of a run make each once. Without pytest's cache: one folder per test run."""
    cache = getattr(request.config, "cache", None)
    if cache is not None:
        folder = Path(cache.mkdir("turnbuckle"))
    else:
        base = tmp_path_factory.getbasetemp()
        folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "turnbuckle-cache"
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(folder))


#: The fixtures that open a PostgreSQL database of their own; the league's ``url`` and ``schema_url``
#: mark their ``postgresql`` parameter themselves (tests/league/conftest.py).
POSTGRES_FIXTURES = frozenset({"pg_admin", "pg_session_db", "pg_scratch", "pg_url"})
BROWSER_TESTS = Path(__file__).resolve().parent / "web" / "browser"


@pytest.hookimpl(tryfirst=True)
@pytest.fixture(autouse=True)
def _logging_as_python_starts() -> Iterator[None]:
    """A test that ran ``serve`` (or configured the logs itself) leaves no handler behind for the next
    test in its process: their log lines would be written into every later test's output."""
    yield
    logs = sys.modules.get("turnbuckle.core.logs")
    if logs is not None:
        logs.unconfigure()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "workaround(name): shows why a workaround of core/workarounds exists; "
                            "expected to fail (strict) where $TURNBUCKLE_DISABLE_WORKAROUNDS turns it off, "
                            "skipped where this version does not take it")


def _workaround_outcome(item: pytest.Item) -> None:
    """A test marked ``workaround(name)`` fails without that workaround: where the switch turns it
    off it must fail (xfail, strict), and where this Python or library is outside the workaround's
    range there is nothing to show (skip)."""
    from turnbuckle.core.workarounds import describe, state

    for mark in item.iter_markers("workaround"):
        name = mark.args[0]
        now = state(name)
        if now == "switched off":
            item.add_marker(pytest.mark.xfail(strict=True, reason=f"switched off: {describe(name)}"))
        elif now == "not for this version":
            item.add_marker(pytest.mark.skip(reason=f"not for this version: {describe(name)}"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark what ``-m`` leaves out of the quick loop (``make quick``): every test under
    tests/web/browser is a browser test, and a test that asks for a PostgreSQL fixture is a
    PostgreSQL test. Marked before ``-m`` selects (tryfirst)."""
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
        if POSTGRES_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)
        _workaround_outcome(item)
