"""Loopback servers for the notification tests: a webhook receiver that answers as scripted and
checks each request's signature, and an SMTP server (aiosmtpd) that keeps what it is sent. Each is
started by the test and stopped after it; nothing leaves 127.0.0.1."""

from __future__ import annotations

import email
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller

from tests.league.helpers import League
from turnbuckle.league.notify import config, contacts
from turnbuckle.league.notify.signing import EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, verify


@dataclass
class Got:
    path: str
    headers: dict[str, str]
    body: bytes
    signed: bool


@dataclass
class Receiver:
    """Answers each POST with the next scripted (status, seconds to wait) and then 204s."""

    secret: str = ""
    script: list[tuple[int, float]] = field(default_factory=list)
    got: list[Got] = field(default_factory=list)
    url: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer(self) -> tuple[int, float]:
        with self.lock:
            return self.script.pop(0) if self.script else (204, 0.0)


@contextmanager
def receiver(script: list[tuple[int, float]] | None = None) -> Iterator[Receiver]:
    rec = Receiver(script=list(script or []))

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            signed = verify(rec.secret, self.headers.get(SIGNATURE_HEADER, ""),
                            self.headers.get(TIMESTAMP_HEADER, ""), body, time.time())
            with rec.lock:
                rec.got.append(Got(self.path, dict(self.headers.items()), body, signed))
            status, wait = rec.answer()
            if wait:
                time.sleep(wait)
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", f"{rec.url}/elsewhere/secret-path")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    rec.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield rec
    finally:
        server.shutdown()
        server.server_close()


def event_ids(rec: Receiver) -> list[str]:
    return [g.headers.get(EVENT_HEADER, "") for g in rec.got]


class _Sink:
    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.rcpts: list[list[str]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content))
        self.rcpts.append(list(envelope.rcpt_tos))
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def smtp_server() -> Iterator[tuple[_Sink, int]]:
    sink = _Sink()
    port = _free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()


def body_text(msg: Message) -> str:
    """The text/plain part of a message."""
    for part in msg.walk():
        if part.get_content_type() == "text/plain":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            return payload.decode(part.get_content_charset() or "utf-8")
    raise AssertionError("no text part")


def set_up_webhook(lg: League, url: str, kinds: str = "open,deadline,results", dialect: str = "discord") -> str:
    """The league's webhook at ``url`` (its receiver reading ``dialect``) and its site address;
    returns the signing secret."""
    with lg.act() as ctx:
        config.set_webhook(ctx, url, kinds, dialect)
        config.set_site_url(ctx, "https://league.example")
        return config.webhook_secret(ctx)


def set_up_mail(lg: League, port: int) -> None:
    with lg.act() as ctx:
        config.set_smtp(ctx, "127.0.0.1", port=port, security="none", sender="fed@league.example")
        config.set_site_url(ctx, "https://league.example")


def member_with_email(lg: League, name: str, address: str, kinds: str) -> str:
    """``name``'s address set and confirmed (through the token, as the link does); returns the token."""
    with lg.act(name) as ctx:
        token = contacts.set_email(ctx, address)
        contacts.set_kinds(ctx, kinds)
    assert token is not None
    with lg.act() as ctx:
        contacts.confirm(ctx.session, token, lg.clock())
    return token
