"""Hostile input to the notification settings and the webhook's wire, found in a quality pass: an
address that does not parse, holds a password or a control character is refused with a one-line error
(never a crash); reminder hours and a signature's timestamp are ASCII digits only; a receiver that
trickles its answer is cut at the call's timeout, not after it has kept the sender for minutes."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.league.helpers import League
from turnbuckle.cli.app import app
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.notify import config, webhook
from turnbuckle.league.notify.reach import ALLOW_ENV
from turnbuckle.league.notify.signing import signature, verify

runner = CliRunner()


@pytest.fixture(autouse=True)
def _receivers_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The receivers here listen on 127.0.0.1: the server's switch that allows them is on."""
    monkeypatch.setenv(ALLOW_ENV, "1")


@pytest.mark.parametrize("url", ["https://[::1", "http://127.0.0.1:99999/hook", "http://h.example:abc/hook",
                                 "http://user:pw@h.example/hook", "http://:pw@h.example/hook",
                                 "http://h.example/a\x01b", "http://h.example/a\x7fb"])
def test_a_bad_webhook_address_is_refused_in_one_line(url: str) -> None:
    with pytest.raises(LeagueError) as refused:
        config.check_http_url(url, "webhook address")
    assert "\n" not in str(refused.value) and "pw" not in str(refused.value)


def test_the_site_address_takes_no_password_query_or_fragment() -> None:
    assert config.check_site_url("https://league.example/fed/") == "https://league.example/fed"
    for url in ("https://u:p@league.example", "https://league.example/?a=1", "https://league.example/#top",
                "https://league.example/" + "x" * 300):
        with pytest.raises(LeagueError) as refused:
            config.check_site_url(url)
        assert "receiver" not in str(refused.value)  # the webhook's hint is not the site's


def test_shown_url_never_fails() -> None:
    assert config.shown_url("http://h.example:99999/token") == "http://h.example/…"
    assert config.shown_url("https://[::1") == "(not an address)"
    assert config.shown_url("http://u:pw@h.example/token") == "http://h.example/…"


def test_reminder_hours_are_ascii_digits() -> None:
    for text in ("²", "١", "1,²"):
        with pytest.raises(LeagueError):
            config.parse_reminders(text)
    assert config.parse_reminders("1, 24,,") == (24, 1)


def test_a_hostile_signature_or_timestamp_is_refused_not_a_crash() -> None:
    body = b'{"content":"x"}'
    good = signature("whsec_s", 1_800_000_000, body)
    assert verify("whsec_s", good, "1800000000", body, now=1_800_000_000)
    assert not verify("whsec_s", good, "²", body, now=1_800_000_000)
    assert not verify("whsec_s", "v1=\u00e9" + good[4:], "1800000000", body, now=1_800_000_000)
    assert not verify("whsec_s", good, "", body, now=1_800_000_000)


def test_the_command_line_refuses_bad_addresses_and_hours_with_exit_2(lite: League) -> None:
    db = ["--db", lite.url]
    for args in (["webhook", "https://[::1"], ["webhook", "http://h.example:99999/x"],
                 ["webhook", "http://u:p@h.example/x"], ["site", "https://[::1"], ["site", "https://x.example/?a=1"],
                 ["reminders", "²"]):
        result = runner.invoke(app, ["league", "notify", *args, *db])
        assert result.exit_code == 2, (args, result.stderr)
        assert result.stderr.count("\n") == 1 and "internal error" not in result.stderr


@contextmanager
def trickler(every: float, first: bytes = b"HTTP/1.1 200 OK\r\n", line: bytes = b"X-Slow: 1\r\n",
             read: bool = True) -> Iterator[str]:
    """A server that reads the request (if ``read``), then answers one line every ``every`` seconds."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    stop = threading.Event()

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            if read:
                conn.recv(65536)
            conn.sendall(first)
            for _ in range(30):  # 3 s at most: without a bound on the whole call, a test that fails, not hangs
                if stop.wait(every):
                    return
                try:
                    conn.sendall(line)
                except OSError:
                    return

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.getsockname()[1]}/hook/receiver-token"
    finally:
        stop.set()
        server.close()
        thread.join(5)


def test_a_receiver_that_trickles_its_answer_is_cut_at_the_timeout() -> None:
    with trickler(0.1) as url:
        started = time.monotonic()
        outcome = webhook.post(url, "whsec_s", "e1", {"content": "x"}, timeout=0.5)
        took = time.monotonic() - started
    assert not outcome.ok and outcome.status == "timeout" and "0.5 s" in outcome.error
    assert "receiver-token" not in outcome.error
    assert took < 2.0


def test_an_smtp_server_that_trickles_its_greeting_is_cut_at_the_timeout() -> None:
    from urllib.parse import urlsplit

    from turnbuckle.league.notify import mail

    with trickler(0.1, b"220-hello\r\n", b"220-still here\r\n", read=False) as url:
        port = urlsplit(url).port
        assert port is not None
        smtp = config.Smtp("127.0.0.1", port, "none", "fed", "smtp-password-9", "fed@league.example")
        started = time.monotonic()
        outcome = mail.send(smtp, mail.build(smtp, "ann@example.org", "Hello", "Text"), timeout=0.5)
        took = time.monotonic() - started
    assert not outcome.ok and outcome.status == "timeout" and "smtp-password-9" not in outcome.error
    assert took < 2.0


def test_a_path_with_letters_beyond_ascii_is_sent_percent_encoded() -> None:
    from tests.league.notify_support import receiver

    with receiver() as rec:
        outcome = webhook.post(rec.url + "/hook/caf\u00e9", "whsec_s", "e1", {"content": "x"}, timeout=2.0)
        assert outcome.ok and [g.path for g in rec.got] == ["/hook/caf%C3%A9"]


def _documented_receiver() -> dict[str, Any]:
    """The receiver's ``check`` and ``receive`` exactly as docs/web.md prints them."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text()
    start = doc.index("```python\nimport hashlib, hmac, json, time\n\ndef check(")
    code = doc[start + len("```python\n"):doc.index("```", start + 10)]
    space: dict[str, Any] = {}
    exec(compile(code, "docs/web.md", "exec"), space)  # our own documentation's example
    return space


def _a_real_call(body: dict[str, Any], event: str) -> Any:
    from tests.league.notify_support import receiver

    with receiver() as rec:
        assert webhook.post(rec.url + "/hook", "whsec_doc", event, body, timeout=2.0).ok
        [got] = rec.got
    return got


def test_the_documented_receiver_checks_a_real_call_and_refuses_a_replay_and_forgeries() -> None:
    import json

    recipe = _documented_receiver()
    check, receive = recipe["check"], recipe["receive"]
    body = {"content": "Show 3 is open", "turnbuckle": {"event_id": "tb:x:open"}}
    got = _a_real_call(body, "tb:x:open")
    seen: set[str] = set()
    handled: list[dict[str, Any]] = []
    assert json.loads(got.body) == body
    assert check("whsec_doc", got.headers, got.body)
    assert receive("whsec_doc", got.headers, got.body, seen, handled.append) == 200 and handled == [body]
    assert receive("whsec_doc", got.headers, got.body, seen, handled.append) == 200  # a repeat: dropped
    assert handled == [body]
    assert not check("whsec_other", got.headers, got.body)
    assert receive("whsec_other", got.headers, got.body, set(), handled.append) == 401
    assert not check("whsec_doc", got.headers, got.body + b" ")
    old = dict(got.headers, **{"X-Turnbuckle-Timestamp": str(int(time.time()) - 301)})
    assert not check("whsec_doc", old, got.body)  # replayed later: too old
    for hostile in ({}, {"X-Turnbuckle-Timestamp": "²"},
                    dict(got.headers, **{"X-Turnbuckle-Signature": "v1=\u00e9"})):
        assert not check("whsec_doc", hostile, got.body)
    assert handled == [body]


def test_the_documented_receiver_handles_a_retry_after_its_handling_failed() -> None:
    """At least once: a call the receiver failed to handle (it answered 500) comes again, and is
    handled then; the recipe marks an event seen only once it was handled."""
    receive = _documented_receiver()["receive"]
    body = {"content": "Results of show 3", "turnbuckle": {"event_id": "tb:x:results"}}
    got = _a_real_call(body, "tb:x:results")
    seen: set[str] = set()
    handled: list[dict[str, Any]] = []
    tries = 0

    def handle(message: dict[str, Any]) -> None:
        nonlocal tries
        tries += 1
        if tries == 1:
            raise OSError("the receiver's database was away")
        handled.append(message)

    with pytest.raises(OSError, match="was away"):  # the receiver's server answers 500: the sender tries again later
        receive("whsec_doc", got.headers, got.body, seen, handle)
    assert seen == set() and handled == []
    assert receive("whsec_doc", got.headers, got.body, seen, handle) == 200  # the retry
    assert handled == [body] and seen == {"tb:x:results"}
    assert receive("whsec_doc", got.headers, got.body, seen, handle) == 200  # a later repeat: dropped
    assert handled == [body] and tries == 2


def test_an_announcement_not_sent_before_the_card_locked_is_dropped(lite: League) -> None:
    from sqlalchemy import select

    from tests.league.helpers import open_show
    from tests.league.notify_support import receiver, set_up_webhook
    from turnbuckle.league.db import read_scope
    from turnbuckle.league.models import OutboxMessage
    from turnbuckle.league.notify.sender import Timeouts, drain
    from turnbuckle.league.services import shows

    with receiver([(500, 0)]) as rec:
        rec.secret = set_up_webhook(lite, rec.url + "/hook", "open")
        number = open_show(lite, [("m2", ["Friendly Sam", "Brother Bob"])])
        assert drain(lite.engine, lite.clock, timeouts=Timeouts(webhook=2.0)).failed == 1
        lite.clock.advance(days=1, minutes=1)
        with lite.act() as ctx:
            shows.lock(ctx, number)
        done = drain(lite.engine, lite.clock, timeouts=Timeouts(webhook=2.0))
        assert (done.sent, done.dropped) == (0, 1) and len(rec.got) == 1  # "open for strategies" it is not
    with read_scope(lite.engine) as session:
        [msg] = session.scalars(select(OutboxMessage)).all()
        assert msg.state == "dropped" and "no longer open" in msg.last_error


def test_a_receiver_that_echoes_its_address_does_not_put_the_token_in_the_log() -> None:
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Echo(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            page = f"Cannot POST {self.path} (http://{self.headers['Host']}{self.path})".encode()
            self.send_response(404)
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/api/webhooks/1/receiver-token?wait=true"
        outcome = webhook.post(url, "whsec_s", "e1", {"content": "x"}, timeout=2.0)
    finally:
        server.shutdown()
        server.server_close()
    assert outcome.status == "404" and outcome.error.endswith("answered HTTP 404 (Not Found)")
    assert "Cannot POST" not in outcome.error  # the status only: never the receiver's answer
    assert "receiver-token" not in outcome.error and "webhooks/1" not in outcome.error


def test_an_smtp_server_that_echoes_the_password_does_not_put_it_in_the_log() -> None:
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    from tests.league.notify_support import _free_port
    from turnbuckle.league.notify import mail

    def refuse(_server: Any, _session: Any, _envelope: Any, _mechanism: str, data: Any) -> AuthResult:
        return AuthResult(success=False, handled=False, message=f"535 no such login: {data.password.decode()}")

    port = _free_port()
    controller = Controller(object(), hostname="127.0.0.1", port=port, authenticator=refuse, auth_require_tls=False)
    controller.start()
    try:
        smtp = config.Smtp("127.0.0.1", port, "none", "fed", "smtp-password-9", "fed@league.example")
        outcome = mail.send(smtp, mail.build(smtp, "ann@example.org", "Hello", "Text"), timeout=5.0)
    finally:
        controller.stop()
    assert outcome.status == "535" and "no such login" in outcome.error
    assert "smtp-password-9" not in outcome.error


def test_no_piece_of_a_confirmation_link_is_in_the_log(lite: League) -> None:
    from tests.league.notify_support import set_up_mail
    from turnbuckle.league.notify import contacts, outbox

    set_up_mail(lite, 2525)
    with lite.act("Ann") as ctx:
        token = contacts.set_email(ctx, "ann@example.org")
    assert token is not None
    with lite.act() as ctx:
        [(msg, _tries)] = outbox.recent(ctx.session, ctx.league.id)
    assert msg.kind == "confirm" and msg.event_id.startswith("tb:confirm:")
    assert token[:6] not in msg.event_id


def test_the_smtp_user_is_one_line_and_no_reminders_reads_as_none(lite: League) -> None:
    db = ["--db", lite.url]
    result = runner.invoke(app, ["league", "notify", "smtp", "127.0.0.1", "--user", "fed\nRCPT TO:<x@y.example>",
                                 "--from", "fed@league.example", *db])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    result = runner.invoke(app, ["league", "notify", "reminders", "", *db])
    assert (result.exit_code, result.stdout) == (0, "reminders: none\n")
    result = runner.invoke(app, ["league", "notify", "reminders", "1,24", *db])
    assert result.stdout == "reminders: 24,1 hours before each deadline\n"


def test_a_row_whose_lease_ran_out_during_a_slow_batch_is_not_sent_by_both_senders(lite: League) -> None:
    """Sender A claims two messages; its first call is so slow (the clock moves on past the lease)
    that sender B claims both meanwhile. A must not then send the second: B has it."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from turnbuckle.league.notify import outbox
    from turnbuckle.league.notify.sender import Timeouts, drain

    taken: list[str] = []

    class Slow(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            taken.append(self.headers.get("X-Turnbuckle-Event", ""))
            if len(taken) == 1:  # the first call takes longer than the lease; B claims what A holds
                lite.clock.advance(seconds=outbox.LEASE_S + 1)
                taken.extend(f"B:{c.event_id}" for c in outbox.claim(lite.engine, "B", lite.clock()))
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        with lite.act() as ctx:
            config.set_webhook(ctx, f"http://127.0.0.1:{server.server_address[1]}/hook")
            for i in (1, 2):
                body = {"content": f"message {i}", "turnbuckle": {"event_id": f"m{i}"}}
                outbox.enqueue(ctx.session, league_id=ctx.league.id, event_id=f"m{i}", dedupe=f"m{i}", kind="note",
                               channel="webhook", payload={"body": body}, now=ctx.now())
        drain(lite.engine, lite.clock, worker="A", timeouts=Timeouts(webhook=5.0))
    finally:
        server.shutdown()
        server.server_close()
    assert taken == ["m1", "B:m1", "B:m2"]  # A sent m1 only; m2 is B's to send


def test_the_drain_help_says_what_the_timeout_bounds() -> None:
    import typer

    from turnbuckle.cli.league_cmds.notify import notify_app
    from turnbuckle.league.notify.sender import Timeouts

    command = typer.main.get_command(notify_app)
    [option] = [p for p in command.params if p.name == "timeout"]
    assert "an SMTP exchange: this, but at least 10" in str(getattr(option, "help", ""))
    assert Timeouts().smtp >= 10


def test_the_unsubscribe_link_in_the_html_part_is_escaped() -> None:
    from turnbuckle.league.notify import mail

    smtp = config.Smtp("127.0.0.1", 25, "none", None, None, "fed@league.example")
    link = 'https://league.example/a&b"><script>x</script>/notify/unsubscribe/tok'
    msg = mail.build(smtp, "ann@example.org", "Results", "Text", "<p>Results</p>", unsubscribe=link)
    [html] = [p for p in msg.walk() if p.get_content_type() == "text/html"]
    payload = html.get_payload(decode=True)
    assert isinstance(payload, bytes)
    text = payload.decode()
    assert "<script>" not in text and 'href="https://league.example/a&amp;b&quot;&gt;&lt;script&gt;' in text


def test_an_smtp_host_with_its_port_is_refused_with_a_hint(lite: League) -> None:
    result = runner.invoke(app, ["league", "notify", "smtp", "smtp.example.org:465", "--from", "fed@league.example",
                                 "--db", lite.url])
    assert result.exit_code == 2 and "port on its own" in result.stderr and result.stderr.count("\n") == 1
    result = runner.invoke(app, ["league", "notify", "smtp", "::1", "--port", "2525", "--from", "fed@league.example",
                                 "--db", lite.url])
    assert result.exit_code == 0 and "::1:2525" in result.stdout


def test_notify_smtp_says_whether_a_password_was_stored(lite: League, monkeypatch: pytest.MonkeyPatch) -> None:
    """Setting the server again without $TURNBUCKLE_SMTP_PASSWORD stores none: the output says so."""
    args = ["league", "notify", "smtp", "127.0.0.1", "--user", "fed", "--from", "fed@league.example", "--db", lite.url]
    monkeypatch.setenv("TURNBUCKLE_SMTP_PASSWORD", "s3cret-pw")
    result = runner.invoke(app, args)
    assert result.exit_code == 0 and "(password set from $TURNBUCKLE_SMTP_PASSWORD)" in result.stdout
    assert "s3cret-pw" not in result.stdout
    monkeypatch.delenv("TURNBUCKLE_SMTP_PASSWORD")
    result = runner.invoke(app, args)
    assert result.exit_code == 0 and "(no password: $TURNBUCKLE_SMTP_PASSWORD was not set)" in result.stdout
