"""The server's log, as an operator reads it: a whole ``turnbuckle serve`` run with ``--log-format
json`` writes one line per request (method, the route's template, status, milliseconds, member,
and the id the response's ``X-Request-ID`` carries), and no secret that rode in a path or a query
(the real setup link's token, planted invite, reset, feed and unsubscribe tokens, query values)
appears anywhere in it. A show run that fails on a bug names the request whose log line holds
its traceback."""

from __future__ import annotations

import json
import re
import secrets
import signal
import subprocess
import sys
from pathlib import Path

import httpx2 as httpx
import pytest

from tests.league.conftest import lg, pg_admin, pg_session_db, sqlite_template, url  # noqa: F401  (fixtures)
from tests.league.helpers import League, open_show
from turnbuckle.core.logs import configure, current_id, redact, unconfigure
from turnbuckle.league.services import running, shows

TB = str(Path(sys.executable).with_name("turnbuckle"))
LINK = re.compile(r"set it up at (http://\S+/setup/(\S+)) \(this link works once\)")
SERVING = re.compile(r"at (http://[^/\s]+)/")


def test_a_whole_server_run_logs_each_request_and_no_secret(tmp_path: Path) -> None:
    proc = subprocess.Popen([TB, "serve", "--db", str(tmp_path / "fed.db"), "--port", "0", "--log-format", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    planted = [secrets.token_urlsafe(24) for _ in range(6)]
    ids: list[str] = []
    try:
        assert proc.stdout is not None
        base = SERVING.search(proc.stdout.readline())
        link = LINK.search(proc.stdout.readline())
        assert base and link, "serve printed no address or no setup link"
        setup_token = link.group(2)
        with httpx.Client(base_url=base.group(1), timeout=30) as client:
            for path in (f"/setup/{setup_token}", f"/invite/{planted[0]}", f"/reset/{planted[1]}",
                         f"/feeds/member/{planted[2]}.ics", f"/notify/unsubscribe/{planted[3]}",
                         f"/odds?game=boxing&seed={planted[4]}", f"/no/such/page/{planted[5]}", "/"):
                answer = client.get(path)
                ids.append(answer.headers["x-request-id"])
    finally:
        proc.send_signal(signal.SIGINT)  # uvicorn's graceful stop: every line is out
        try:
            _out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            _out, err = proc.communicate()
    for secret in (setup_token, *planted):
        assert secret not in err, f"a secret reached the log: {secret}"
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    requests = {line.get("request_id"): line for line in lines
                if line["logger"] == "turnbuckle.web.serving.request_log"}
    assert set(ids) <= set(requests), "a response's X-Request-ID has no log line"
    messages = [requests[i]["message"] for i in ids]
    assert messages[0].startswith("GET /setup/{token} 200 ") and " ms member=" in messages[0]
    assert messages[1].startswith("GET /invite/{token} 404 ")
    assert messages[5].startswith("GET /odds ")  # the route, its query values left out
    assert messages[6].startswith("GET (no route) /no/such/page/[redacted] 404 ")
    assert all(set(line) >= {"time", "level", "logger", "message"} for line in lines)


def test_redaction_masks_token_paths_and_query_values_and_keeps_templates() -> None:
    assert redact("GET /invite/AbC123 and /reset/x-y_z") == "GET /invite/[redacted] and /reset/[redacted]"
    assert redact("https://discord.com/api/webhooks/123/SeCrEt-ToKeN failed") == \
        "https://discord.com/api/webhooks/123/[redacted] failed"
    assert redact("/hook?key=abc&x=1") == "/hook?key=[redacted]&x=[redacted]"
    assert redact("GET /invite/{token} 200") == "GET /invite/{token} 200"
    assert redact("GET /shows/{number} 200 member=3") == "GET /shows/{number} 200 member=3"


def test_a_run_failing_on_a_bug_names_the_request_whose_log_holds_the_traceback(
        lg: League, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    number = open_show(lg, [("m2", ["Friendly Sam", "Brother Bob"])])
    with lg.act() as ctx:
        shows.lock(ctx, number)

    def broken(*_args: object, **_kwargs: object) -> list[str]:
        raise TypeError("a bug in the engine")

    monkeypatch.setattr(running, "play_match", broken)
    configure("info", "text")
    token = current_id.set("r:5f2a9c0d1e4b")
    try:
        with lg.act() as ctx:
            s = running.run_show(ctx, number)
            note = s.run_error or ""
    finally:
        current_id.reset(token)
        unconfigure()  # the test process's logging as it was
    assert s.status == "locked"
    assert note.startswith("the run failed on an internal error; nothing was applied, and it can be run again")
    assert "request 5f2a9c0d1e4b" in note and "TypeError" not in note
    err = capsys.readouterr().err
    assert "[r:5f2a9c0d1e4b]" in err and "TypeError: a bug in the engine" in err and "Traceback" in err
