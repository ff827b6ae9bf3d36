"""The web under load (run by the web part): a cheap page's p50 and p95 with the server idle, then
while 10 score-keeper clients play boxing bouts (each move replays the match so far) and 5 clients
send wrong passwords (argon2, and the sign-in throttle's answers once it starts refusing). A real
server (``turnbuckle serve`` in its own process) over the sample league, on loopback. Target: the
cheap page's p95 under 100 ms under that load. It times; it asserts nothing."""

from __future__ import annotations

import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import httpx2

from benchmarks.web import p95

KEEPERS = 10
SIGN_INS = 5
REQUESTS = 100
LOAD_S = 8.0  # how long the cheap page is timed under load
TARGET_MS = 100.0
CHEAP = "/login"  # a template and no database work beyond who is asking


class _Form(HTMLParser):
    """The fields a browser would post from the form ``form_id`` (first option of a select)."""

    def __init__(self, html: str, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.fields: dict[str, str] = {}
        self.ids: set[str] = set()
        self._in = False
        self._text: str | None = None
        self._select: str | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.ids.add(a.get("id", ""))
        if tag == "form":
            self._in = a.get("id") == self.form_id
        elif not self._in:
            return
        elif tag == "input" and a.get("type") not in ("submit", "button") and "name" in a:
            self.fields[a["name"]] = a.get("value", "")
        elif tag == "textarea" and "name" in a:
            self._text = a["name"]
            self.fields[a["name"]] = ""
        elif tag == "select" and "name" in a:
            self._select = a["name"]
        elif tag == "option" and self._select is not None:
            self.fields.setdefault(self._select, a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in = False
        elif tag == "textarea":
            self._text = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self.fields[self._text] += data


def _keeper(base: str, stop: threading.Event, tally: Counter[str]) -> None:
    with httpx2.Client(base_url=base, timeout=60) as client:
        page = None
        while not stop.is_set():
            if page is None:
                setup = _Form(client.get("/keeper?game=boxing").text, "setup").fields
                page = client.post("/keeper/play", data={**setup, "side-1": "slugger", "side-2": "speedster"})
            else:
                form = _Form(page.text, "keeper")
                if "whose" not in form.ids:  # the bout is over: another
                    page = None
                    continue
                action = "roll" if "roll" in form.ids else "enter"
                page = client.post("/keeper/play", data={**form.fields, "action": action})
            tally[f"keeper {page.status_code}"] += 1
            if page.status_code != 200:
                page = None


def _wrong_password(base: str, stop: threading.Event, tally: Counter[str], n: int) -> None:
    with httpx2.Client(base_url=base, timeout=60) as client:
        token = _Form(client.get("/login").text, "login-form").fields.get("csrf_token", "")
        if not token:
            token = client.get("/login").text.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
        while not stop.is_set():
            r = client.post("/login", data={"name": f"nobody-{n}", "password": "not the password",
                                            "csrf_token": token})
            tally[f"sign-in {r.status_code}"] += 1


def _time_cheap(base: str, seconds: float = 0.0) -> list[float]:
    """``REQUESTS`` requests one after another (after 5 to warm up), or as many as ``seconds`` allow."""
    times: list[float] = []
    until = time.monotonic() + seconds
    with httpx2.Client(base_url=base, timeout=60) as client:
        for _ in range(5):
            client.get(CHEAP)
        while len(times) < REQUESTS or time.monotonic() < until:
            start = time.perf_counter()
            r = client.get(CHEAP)
            if r.status_code != 200:
                raise RuntimeError(f"GET {CHEAP} answered {r.status_code}")
            times.append(time.perf_counter() - start)
            time.sleep(0.02)  # a visitor's pace, not a flood
    return times


def measure(base: str) -> tuple[list[float], list[float], Counter[str]]:
    """The cheap page's times idle and under load, and what the load's clients were answered."""
    idle = _time_cheap(base)
    stop = threading.Event()
    tally: Counter[str] = Counter()
    workers: list[Callable[[], None]] = [lambda: _keeper(base, stop, tally) for _ in range(KEEPERS)]
    workers += [lambda n=n: _wrong_password(base, stop, tally, n) for n in range(SIGN_INS)]  # type: ignore[misc]
    threads = [threading.Thread(target=w, daemon=True) for w in workers]
    for t in threads:
        t.start()
    time.sleep(1.0)  # the load under way
    try:
        loaded = _time_cheap(base, LOAD_S)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)
    return idle, loaded, tally


def report(folder: Path, serve: Callable[[str], tuple[str, Callable[[], None]]]) -> list[str]:
    """Lines for ``make bench``; ``serve(url)`` starts the server and returns its base URL and a stop."""
    from turnbuckle.league.demo import build_demo

    url = f"sqlite:///{folder / 'load.db'}"
    build_demo(url)
    base, stop = serve(url)
    try:
        idle, loaded, tally = measure(base)
    finally:
        stop()
    ms = [(statistics.median(t) * 1000, p95(t) * 1000) for t in (idle, loaded)]
    answered = ", ".join(f"{k}: {v}" for k, v in sorted(tally.items()))
    return [f"web under load: GET {CHEAP}, one request every 20 ms (target p95 < {TARGET_MS:.0f} ms under load):",
            f"  idle, {len(idle)} requests{'':<22} p50 {ms[0][0]:7.1f} ms  p95 {ms[0][1]:7.1f} ms",
            f"  {KEEPERS} keeper clients, {SIGN_INS} failing sign-ins, {len(loaded)} requests  p50 {ms[1][0]:7.1f} ms  "
            f"p95 {ms[1][1]:7.1f} ms{'' if ms[1][1] < TARGET_MS else '  (over target)'}",
            f"  the load's answers meanwhile: {answered}"]
