"""Playwright against Debian's Chromium (``/usr/bin/chromium``; ``make test`` installs it with apt-get
when it can, and never runs ``playwright install``: the machines have no internet). One browser per
test session (per xdist worker), a fresh context (cookies, storage) per test.

Every wait is bounded by ``TIMEOUT_MS`` (30 s), generous enough for a loaded 2-core machine: the
contexts' default and Playwright's ``expect()``, whose own default (5 s) is set here for every test
that imports this module (the browser tests, and tests/web/test_keeper_qa.py).

Without Chromium the browser tests are skipped with the reason (also shown as a warning in the
summary); with ``TURNBUCKLE_REQUIRE_BROWSER=1`` (set by ``.ci/run``) they fail instead."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.web.conftest import LiveServer

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
REQUIRE_ENV = "TURNBUCKLE_REQUIRE_BROWSER"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SCREENSHOTS = Path(__file__).resolve().parents[3] / "build" / "screenshots"
TIMEOUT_MS = 30_000

try:
    from playwright.sync_api import expect as _expect
except ImportError:  # pragma: no cover - the browser fixture says why the tests cannot run
    pass
else:
    _expect.set_options(timeout=TIMEOUT_MS)


def _missing(reason: str) -> None:
    """Skip (with the reason shown) or, where the browser is required, fail."""
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason}, and {REQUIRE_ENV}=1 requires the browser tests to run", pytrace=False)
    warnings.warn(f"browser tests skipped: {reason}", stacklevel=1)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Chromium, launched once per session with the flags a machine without internet or GPU needs."""
    if not os.access(CHROMIUM, os.X_OK):
        _missing(f"Chromium is not installed at {CHROMIUM} (`make test` installs Debian's chromium package as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """A fresh browser context (no cookies) on the live server, desktop-sized; relative URLs work."""
    ctx = browser.new_context(base_url=live_server.url, viewport=DESKTOP)  # type: ignore[arg-type]
    ctx.set_default_timeout(TIMEOUT_MS)
    tab = ctx.new_page()
    try:
        yield tab
    finally:
        ctx.close()


def screenshots(page: Page, name: str) -> list[Path]:
    """The page as it is now, full length, on a phone-sized and a desktop viewport:
    ``build/screenshots/NAME-phone.png`` and ``NAME-desktop.png``. Leaves the desktop viewport set.
    Fails when the page is wider than either screen (sideways scrolling)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    saved = []
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)  # type: ignore[arg-type]
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{name}: the page is {overflow}px wider than the {label}'s {size['width']}px"
        path = SCREENSHOTS / f"{name}-{label}.png"
        page.screenshot(path=str(path), full_page=True)
        saved.append(path)
    return saved
