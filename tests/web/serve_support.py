"""A real server for the availability tests: uvicorn configured as ``turnbuckle serve`` configures it
(web/serving.py), in a thread, on a free loopback port; and a crowd of simultaneous requests, each on
its own connection (as ``xargs -P curl`` sends them)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import httpx2
import uvicorn
from fastapi import FastAPI

from tests.async_support import run_coroutine
from turnbuckle.web.limits import Limits
from turnbuckle.web.serving import config


@contextmanager
def serving(app: FastAPI, limits: Limits | None = None) -> Iterator[tuple[str, int]]:
    """``app`` served on 127.0.0.1 in a background thread; yields (base URL, port); stops it on exit."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(config(app, limits, access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name=f"uvicorn:{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            sock.close()
            raise RuntimeError(f"the test server on 127.0.0.1:{port} did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}", port
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()


@dataclass(frozen=True)
class Answer:
    status: int | str  # the HTTP status, or the client's error's name
    seconds: float
    retry_after: str | None


def crowd(base: str, path: str, count: int, timeout: float = 15.0) -> list[Answer]:
    """``count`` GETs of ``path`` sent at once, each on a connection of its own."""

    async def run() -> list[Answer]:
        limits = httpx2.Limits(max_connections=count, max_keepalive_connections=0)
        async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
            async def one() -> Answer:
                start = time.perf_counter()
                try:
                    r = await client.get(path)
                except httpx2.HTTPError as exc:
                    return Answer(type(exc).__name__, time.perf_counter() - start, None)
                return Answer(r.status_code, time.perf_counter() - start, r.headers.get("retry-after"))

            return list(await asyncio.gather(*(one() for _ in range(count))))

    return run_coroutine(run())
