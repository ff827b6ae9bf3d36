"""Slow and oversized requests against the real server on loopback (issue 26, items 2 and 3), with
short limits so that the test is quick: a body is read whole, within a deadline, before it takes
SQLite's one writing slot, so a client sending one byte now and then delays nobody's sign-in and is
cut; so is one that sends its headers that way; and a body over the limit is refused with 413 on
every route before it is read (Content-Length), or as soon as a chunked body passes the limit."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import httpx2
import pytest

from tests.web.serve_support import serving
from tests.web.support import PASSWORDS, Site
from turnbuckle.web.app import create_app
from turnbuckle.web.serving.limits import Limits

LIMITS = Limits(max_body=64 * 1024, body_timeout_s=1.5, header_timeout_s=1.5, keep_alive_s=1)


@pytest.fixture
def server(site: Site) -> Iterator[tuple[str, int]]:
    app = create_app(site.league.url, clock=site.league.clock, auto_lock_every=None, limits=LIMITS)
    with serving(app) as where:
        yield where


def _connect(port: int, timeout: float = 4.0) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=timeout)


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (bounded by the socket's timeout)."""
    got = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return got
        if not chunk:
            return got
        got += chunk


def _trickle(sock: socket.socket, stop: threading.Event, every: float = 0.25, most: int = 40) -> None:
    for _ in range(most):
        if stop.wait(every):
            return
        try:
            sock.sendall(b"x")
        except OSError:
            return


def _sign_in(base: str) -> tuple[int, float]:
    with httpx2.Client(base_url=base, timeout=10, follow_redirects=False) as client:
        page = client.get("/login")
        token = page.text.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
        start = time.perf_counter()
        r = client.post("/login", data={"name": "Ann", "password": PASSWORDS["Ann"], "csrf_token": token})
        return r.status_code, time.perf_counter() - start


def test_a_slow_body_delays_no_sign_in_and_is_cut(server: tuple[str, int]) -> None:
    base, port = server
    slow = _connect(port)
    stop = threading.Event()
    slow.sendall(b"POST /api/shows/1/strategies HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 200\r\n\r\n{")
    trickler = threading.Thread(target=_trickle, args=(slow, stop), daemon=True)
    trickler.start()
    try:
        time.sleep(0.3)  # the slow request is in, sending its body
        status, seconds = _sign_in(base)
        assert status == 303 and seconds < 1.0, (status, seconds)
        start = time.perf_counter()
        answer = _answer(slow)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"did not arrive within 1.5 s" in answer
        assert time.perf_counter() - start < 2.5  # cut at the deadline, not when the client gives up
    finally:
        stop.set()
        trickler.join(timeout=5)
        slow.close()


@pytest.mark.workaround("h11_deadline")
def test_slow_headers_and_idle_connections_are_closed(server: tuple[str, int]) -> None:
    _base, port = server
    slow, idle = _connect(port), _connect(port)
    stop = threading.Event()
    slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    trickler = threading.Thread(target=_trickle, args=(slow, stop), daemon=True)
    trickler.start()
    try:
        start = time.perf_counter()
        assert _answer(slow) == b""  # closed, nothing answered
        assert _answer(idle) == b""
        assert time.perf_counter() - start < 3.0
    finally:
        stop.set()
        trickler.join(timeout=5)
        slow.close()
        idle.close()


@pytest.mark.parametrize("path", ["/api/shows/1/strategies", "/login", "/keeper/play"])
def test_a_declared_body_over_the_limit_is_413_before_it_is_read(server: tuple[str, int], path: str) -> None:
    _base, port = server
    with _connect(port) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {300 * 1024 * 1024}\r\n\r\n".encode())  # 300 MiB announced, none sent
        answer = _answer(sock)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"larger than 65536 bytes" in answer


def test_a_chunked_body_over_the_limit_is_413_once_it_passes_it(server: tuple[str, int]) -> None:
    base, port = server
    chunk = b"a" * 16 * 1024
    with _connect(port) as sock:
        sock.sendall(b"POST /api/shows/1/strategies HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        try:
            for _ in range(8):  # 128 KiB in all, twice the limit
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except OSError:
            pass  # the server may close as soon as it has answered
        answer = _answer(sock)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    status, _seconds = _sign_in(base)  # a body under the limit goes through as before
    assert status == 303
