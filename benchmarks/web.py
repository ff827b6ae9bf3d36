"""The web: the league home page, the standings and a show's results page,
timed against a real server (``turnbuckle serve`` in its own process) on loopback, over a league of
10,000 stored matches (benchmarks/league.py builds it). One client, keep-alive, requests one after another;
p50 and p95 of 100 requests per page after 5 to warm up. Target: p95 < 50 ms."""

from __future__ import annotations

import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import func, select

from benchmarks.league import ten_thousand_league
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.models import CardMatch, Show

REQUESTS = 100
WARM_UP = 5
TARGET_MS = 50.0
TITLE = "Web pages"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _pages(url: str) -> list[tuple[str, str]]:
    """What to time: the home page, the standings, and the results of the sample league's latest
    published show (a card of a usual size) and of one of the 100-match bench shows."""
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            sizes: dict[int, int] = dict(session.execute(select(Show.number, func.count(CardMatch.id)).join(CardMatch)
                                         .where(Show.status == "published").group_by(Show.number)).all())
    finally:
        engine.dispose()
    usual = max(n for n, size in sizes.items() if size < 50)
    big = max(n for n, size in sizes.items() if size >= 50)
    return [("league home", "/"), ("standings (API)", "/api/standings"),
            (f"results, show {usual} ({sizes[usual]} matches)", f"/shows/{usual}"),
            (f"results, show {big} ({sizes[big]} matches)", f"/shows/{big}")]


def _wait_until_up(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"turnbuckle serve exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/static/style.css")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("turnbuckle serve did not start within 120 s")


def _time(port: int, path: str) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times = []
    try:
        for i in range(WARM_UP + REQUESTS):
            start = time.perf_counter()
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"GET {path} answered {response.status}")
            if i >= WARM_UP:
                times.append(time.perf_counter() - start)
    finally:
        conn.close()
    return times


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def serve(url: str) -> tuple[int, Callable[[], None]]:
    """``turnbuckle serve`` over ``url`` in its own process: its port, and what stops it."""
    port = _free_port()
    exe = Path(sys.executable).parent / "turnbuckle"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "turnbuckle"]
    proc = subprocess.Popen([*cmd, "serve", "--db", url, "--port", str(port)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def stop() -> None:
        proc.terminate()
        proc.wait(timeout=30)

    try:
        _wait_until_up(port, proc)
    except BaseException:
        stop()
        raise
    return port, stop


def measure(folder: Path) -> list[tuple[str, float, float]]:
    """(page, p50 ms, p95 ms) for each page, the server running in its own process."""
    url, _name = ten_thousand_league(folder)
    port, stop = serve(url)
    try:
        out = []
        for label, path in _pages(url):
            times = _time(port, path)
            out.append((label, statistics.median(times) * 1000, p95(times) * 1000))
        return out
    finally:
        stop()


def _served_at(url: str) -> tuple[str, Callable[[], None]]:
    port, stop = serve(url)
    return f"http://127.0.0.1:{port}", stop


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rows = measure(Path(tmp))
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"web: a real server on loopback over 10,000 stored matches, {REQUESTS} requests a page "
          f"(load average {load}; target p95 < {TARGET_MS:.0f} ms):")
    for label, p50, p95_ms in rows:
        print(f"  {label:<40} p50 {p50:7.1f} ms  p95 {p95_ms:7.1f} ms{'' if p95_ms < TARGET_MS else '  (over target)'}")
    from benchmarks.web_load import report

    with tempfile.TemporaryDirectory() as tmp:
        for line in report(Path(tmp), _served_at):
            print(line)


if __name__ == "__main__":
    main()
