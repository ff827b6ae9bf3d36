"""A real server for the availability tests: uvicorn configured as ``turnbuckle serve`` configures it
(web/serving/server.py), in a thread, on a free loopback port; and a crowd of simultaneous requests, each on
its own connection (as ``xargs -P curl`` sends them), from a process of its own."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import uvicorn
from fastapi import FastAPI

from turnbuckle.web.serving.limits import Limits
from turnbuckle.web.serving.server import config

ROOT = Path(__file__).resolve().parents[2]


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
    """``count`` GETs of ``path`` sent at once, each on a connection of its own, from a process of
    their own (``tests/web/crowd_client.py``): a crowd in the server's own process would share its
    interpreter lock and time the client's work as the server's."""
    done = subprocess.run([sys.executable, "-m", "tests.web.crowd_client", base, path, str(count), str(timeout)],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout + 60, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the crowd's client failed: {done.stderr[-2000:]}")
    return [Answer(status, seconds, retry) for status, seconds, retry in json.loads(done.stdout)]
