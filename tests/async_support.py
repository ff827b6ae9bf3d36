"""Running a coroutine to its end from a test, whatever ran before it in the same worker."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` in a thread of its own: a Playwright test earlier in this worker leaves
    the sync API's event loop running on the main thread, where asyncio.run refuses to start
    (an order-dependent failure)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
