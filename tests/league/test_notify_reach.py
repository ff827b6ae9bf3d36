"""Webhooks and mail stay outside: an address inside (loopback, private, link-local, the cloud's
metadata service, the numeric forms of them) is refused when it is set, and, the real guard, at
every send on the address actually connected to, unless the server runs with the switch that
allows a receiver on its own host. The sends here connect for real, on 127.0.0.1 and [::1]; a
patched resolver stands for a name that answers outside first and inside later."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.league.helpers import League, open_show
from tests.league.notify_support import receiver, set_up_webhook, smtp_server
from turnbuckle.league.context import the_league
from turnbuckle.league.db import read_scope
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.notify import config, mail, outbox, reach, webhook
from turnbuckle.league.notify.config import Smtp
from turnbuckle.league.notify.sender import Timeouts, drain

CARD = [("m2", ["Friendly Sam", "Brother Bob"]), ("boxing", ["Mika Sato", "Rico Vance"])]
FAST = Timeouts(webhook=3.0, smtp=3.0)
INSIDE = ["127.0.0.1", "[::1]", "169.254.169.254", "metadata.google.internal", "0.0.0.0", "10.1.2.3",
          "172.16.5.4", "192.168.1.1", "100.64.0.1", "2130706433", "0x7f000001", "127.1", "0177.0.0.1",
          "[::ffff:127.0.0.1]", "[64:ff9b::a00:1]",
          "[2002:a9fe:a9fe::1]", "[fd00::1]", "[fe80::1]", "224.0.0.1", "240.0.0.1", "localhost", "[::]"]


@pytest.fixture
def outside_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(reach.ALLOW_ENV, raising=False)


@pytest.fixture
def switch_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(reach.ALLOW_ENV, "1")


@pytest.mark.parametrize("host", INSIDE)
def test_an_inside_address_is_refused_when_set_with_the_reason(lite: League, outside_only: None, host: str) -> None:
    with lite.act() as ctx, pytest.raises(LeagueError) as refused:
        config.set_webhook(ctx, f"http://{host}:8080/hook")
    assert "public addresses" in str(refused.value) and reach.SWITCH in str(refused.value)
    if not host.startswith("["):
        with lite.act() as ctx, pytest.raises(LeagueError, match="SMTP host"):
            config.set_smtp(ctx, host, port=25, security="none", sender="fed@league.example")


def test_public_addresses_and_names_are_taken_and_the_switch_takes_inside_ones(
        lite: League, monkeypatch: pytest.MonkeyPatch, outside_only: None) -> None:
    for url in ("https://discord.com/api/webhooks/1/x", "https://93.184.216.34/h", "https://[2606:4700::1]/h"):
        with lite.act() as ctx:
            assert config.set_webhook(ctx, url).webhook_url == url
    monkeypatch.setenv(reach.ALLOW_ENV, "1")
    with lite.act() as ctx:
        assert config.set_webhook(ctx, "http://127.0.0.1:9/hook").webhook_url == "http://127.0.0.1:9/hook"


@contextmanager
def v6_receiver() -> Iterator[tuple[str, list[str]]]:
    """A listener on [::1] that records each POST's path (skipped only where the machine has no IPv6 loopback)."""
    got: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            got.append(self.path)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *_args: Any) -> None:
            pass

    class V6(ThreadingHTTPServer):
        address_family = socket.AF_INET6

    try:
        server = V6(("::1", 0), Handler)
    except OSError as exc:  # no ::1 on this machine: nothing to connect to
        pytest.skip(f"no IPv6 loopback here: {exc}")
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://[::1]:{server.server_address[1]}", got
    finally:
        server.shutdown()
        server.server_close()


def test_a_loopback_receiver_is_refused_at_send_and_reached_with_the_switch(
        lite: League, monkeypatch: pytest.MonkeyPatch) -> None:
    with receiver() as rec:
        monkeypatch.setenv(reach.ALLOW_ENV, "1")  # set by a server with the switch...
        rec.secret = set_up_webhook(lite, rec.url + "/hook/token")
        open_show(lite, CARD)
        monkeypatch.delenv(reach.ALLOW_ENV)  # ...sent by one without it
        assert drain(lite.engine, lite.clock, timeouts=FAST).failed == 1
        assert rec.got == []
        with read_scope(lite.engine) as session:
            [(_msg, [tried])] = outbox.recent(session, the_league(session).id)
        assert tried.status == "blocked" and "loopback" in tried.error and "token" not in tried.error
        monkeypatch.setenv(reach.ALLOW_ENV, "1")
        lite.clock.advance(seconds=31)
        assert drain(lite.engine, lite.clock, timeouts=FAST).sent == 1
        assert [g.path for g in rec.got] == ["/hook/token"] and rec.got[0].signed


def test_an_ipv6_loopback_receiver_is_refused_and_reached_with_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    with v6_receiver() as (url, got):
        monkeypatch.delenv(reach.ALLOW_ENV, raising=False)
        refused = webhook.post(url + "/hook", "whsec_s", "e1", {"text": "x"}, timeout=3.0)
        assert (refused.ok, refused.status, got) == (False, "blocked", [])
        assert "loopback" in refused.error
        monkeypatch.setenv(reach.ALLOW_ENV, "1")
        assert webhook.post(url + "/hook", "whsec_s", "e2", {"text": "x"}, timeout=3.0).ok
        assert got == ["/hook"]


PUBLIC = "93.184.216.34"


@pytest.mark.parametrize("allowed", [False, True])
def test_a_name_that_turns_inside_is_refused_at_the_next_send(monkeypatch: pytest.MonkeyPatch, allowed: bool) -> None:
    """The resolver answers a public address at the first lookup and loopback at every later one.
    A connection to the public address is carried to the loopback receiver (it stands for the
    receiver out there), and each address connected to is recorded: the first send connects to the
    very address that was checked (a second lookup would have been loopback, unchecked)."""
    with receiver() as rec:
        port = int(rec.url.rsplit(":", 1)[1])
        real_lookup, real_connect = socket.getaddrinfo, socket.socket.connect
        lookups: list[str] = []
        connected: list[str] = []

        def lookup(host: Any, *args: Any, **kwargs: Any) -> Any:
            if host != "hooks.turning.example":
                return real_lookup(host, *args, **kwargs)
            lookups.append(host)
            return real_lookup(PUBLIC if len(lookups) == 1 else "127.0.0.1", *args, **kwargs)

        def connect(self: socket.socket, address: Any) -> None:
            connected.append(address[0])
            real_connect(self, ("127.0.0.1", port) if address[0] == PUBLIC else address)

        monkeypatch.setattr(socket, "getaddrinfo", lookup)
        monkeypatch.setattr(socket.socket, "connect", connect)
        if allowed:
            monkeypatch.setenv(reach.ALLOW_ENV, "1")
        else:
            monkeypatch.delenv(reach.ALLOW_ENV, raising=False)
        url = f"http://hooks.turning.example:{port}/hook"
        first = webhook.post(url, "whsec_s", "e1", {"text": "x"}, timeout=3.0)
        assert first.ok and connected == [PUBLIC] and len(lookups) == 1
        assert rec.got[0].headers["Host"] == f"hooks.turning.example:{port}"  # the name, not the address
        second = webhook.post(url, "whsec_s", "e2", {"text": "x"}, timeout=3.0)
        assert len(lookups) == 2
        if allowed:
            assert second.ok and connected == [PUBLIC, "127.0.0.1"] and len(rec.got) == 2
        else:
            assert (second.ok, second.status) == (False, "blocked") and connected == [PUBLIC]
            assert len(rec.got) == 1 and "hooks.turning.example" in second.error


def test_the_organiser_sees_the_status_never_the_receivers_answer(switch_on: None) -> None:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            answer = b"<html>internal-admin-panel root:x:0:0 db=10.0.0.5</html>"
            self.send_response(500, "Internal secrets here")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        outcome = webhook.post(f"http://127.0.0.1:{server.server_address[1]}/h", "whsec_s", "e", {}, timeout=3.0)
    finally:
        server.shutdown()
        server.server_close()
    assert (outcome.ok, outcome.status) == (False, "500")
    assert "Internal Server Error" in outcome.error
    for said in ("internal-admin-panel", "root:x", "10.0.0.5", "secrets"):
        assert said not in outcome.error


def test_an_smtp_server_on_loopback_is_refused_at_send_and_reached_with_the_switch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with smtp_server() as (sink, port):
        smtp = Smtp("127.0.0.1", port, "none", None, None, "fed@league.example")
        msg = mail.build(smtp, "ann@example.org", "Hello", "Body")
        monkeypatch.delenv(reach.ALLOW_ENV, raising=False)
        refused = mail.send(smtp, msg, timeout=3.0)
        assert (refused.ok, refused.status, sink.messages) == (False, "blocked", [])
        assert "loopback" in refused.error and not refused.drop
        monkeypatch.setenv(reach.ALLOW_ENV, "1")
        assert mail.send(smtp, msg, timeout=3.0).ok
        assert [m["Subject"] for m in sink.messages] == ["Hello"]


def test_the_command_line_switch_lets_a_loopback_webhook_be_set(lite: League,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    monkeypatch.setenv(reach.ALLOW_ENV, "0")  # the command sets it; this puts it back afterwards
    db = ["--db", lite.url]
    refused = CliRunner().invoke(app, ["league", "notify", "webhook", "http://127.0.0.1:9/hook", *db])
    assert refused.exit_code == 2 and "public addresses" in refused.stderr
    taken = CliRunner().invoke(app, ["league", "notify", "--allow-private-notify", "webhook",
                                     "http://127.0.0.1:9/hook", *db])
    assert taken.exit_code == 0 and "http://127.0.0.1:9/" in taken.stdout


def test_a_listener_that_is_no_web_server_is_not_quoted_either(switch_on: None) -> None:
    """A service that answers with its own banner (a database, a mail server): the organiser is
    told it was not HTTP, never the banner."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def banner() -> None:
        conn, _addr = listener.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"-ERR internal-cache-7 version 6.2 unknown command\r\n\r\n")

    thread = threading.Thread(target=banner, daemon=True)
    thread.start()
    try:
        outcome = webhook.post(f"http://127.0.0.1:{port}/h", "whsec_s", "e", {}, timeout=3.0)
    finally:
        thread.join(10)
        listener.close()
    assert (outcome.ok, outcome.status) == (False, "error") and "not HTTP" in outcome.error
    assert "internal-cache" not in outcome.error and "ERR" not in outcome.error
