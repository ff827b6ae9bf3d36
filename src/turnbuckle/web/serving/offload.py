"""CPU-heavy work (the score keeper's moves, argon2 password hashing) in worker threads, a few at a
time, so the event loop keeps answering cheap pages: ``await cpu(request, func, *args)``."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import anyio
from starlette.requests import Request

from turnbuckle.web.serving.limits import Limits

T = TypeVar("T")
_limiters: dict[tuple[int, int], anyio.CapacityLimiter] = {}


def limiter(workers: int) -> anyio.CapacityLimiter:
    """The running event loop's limiter for CPU work (one per loop: tests start several servers)."""
    key = (id(asyncio.get_running_loop()), workers)
    found = _limiters.get(key)
    if found is None:
        found = _limiters[key] = anyio.CapacityLimiter(workers)
    return found


async def cpu(request: Request, func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``func(*args, **kwargs)`` in a worker thread, at most ``Limits.cpu_workers`` at once."""
    limits: Limits = getattr(request.app.state, "limits", None) or Limits()
    return await anyio.to_thread.run_sync(partial(func, *args, **kwargs), limiter=limiter(limits.cpu_workers))
