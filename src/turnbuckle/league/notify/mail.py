"""One e-mail through the league's SMTP server (standard library ``smtplib``), with a timeout, to
the server's checked public address (``reach``). Every message comes from the league by name
(``From: "League" <address>``) and says it is automatic (``Auto-Submitted: auto-generated``); every
message but an address confirmation is list mail: ``List-Id``, and an unsubscribe link in its text
and in ``List-Unsubscribe``, with RFC 8058's ``List-Unsubscribe-Post: List-Unsubscribe=One-Click``
when the link is https (a mail client's own Unsubscribe button POSTs to it, with no session: the
link's token is the proof; opened in a browser it shows a page with one button)."""

from __future__ import annotations

import re
import smtplib
import socket
import ssl
import time
import unicodedata
from dataclasses import replace
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from html import escape
from urllib.parse import urlsplit

from turnbuckle.league.notify.config import Smtp
from turnbuckle.league.notify.deadline import Deadline
from turnbuckle.league.notify.outbox import Outcome
from turnbuckle.league.notify.reach import Refused, open_checked

TIMEOUT_S = 20.0


def build(smtp: Smtp, to: str, subject: str, text: str, html: str = "", *, event_id: str = "",
          unsubscribe: str = "", league: str = "", list_id: str = "") -> EmailMessage:
    """The message from ``smtp.sender`` under the league's name; ``list_id`` (see :func:`list_id`)
    and ``unsubscribe`` (the member's link) for list mail."""
    msg = EmailMessage()
    name = " ".join(league.split())[:100]
    msg["From"] = Address(display_name=name, addr_spec=smtp.sender) if name else smtp.sender
    msg["To"] = to
    msg["Subject"] = " ".join(subject.split())[:200]
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain=smtp.sender.rpartition("@")[2] or None)
    msg["Auto-Submitted"] = "auto-generated"
    if event_id:
        msg["X-Turnbuckle-Event"] = event_id
    if list_id:
        msg["List-Id"] = f"<{list_id}>"
    footer = ""
    if unsubscribe:
        msg["List-Unsubscribe"] = f"<{unsubscribe}>"
        if unsubscribe.startswith("https://"):  # RFC 8058 asks for an https link
            msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        footer = f"\n\n--\nStop these e-mails: {unsubscribe}\n"
    msg.set_content(text + footer)
    if html:
        tail = f'<hr><p><a href="{escape(unsubscribe)}">Stop these e-mails</a></p>' if unsubscribe else ""
        msg.add_alternative(html + tail, subtype="html")
    return msg


def list_id(league: str, site: str, sender: str) -> str:
    """The league's mail's List-Id (RFC 2919): ``<slug>.turnbuckle.<host>``, the host the site's
    (else the sender address's domain), the slug the league's name in lower-case ASCII letters,
    digits and hyphens."""
    ascii_name = unicodedata.normalize("NFKD", league).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name).strip("-")[:60].strip("-") or "league"
    try:
        host = urlsplit(site).hostname or ""
    except ValueError:
        host = ""
    host = host if re.fullmatch(r"[a-z0-9.-]+", host) else sender.rpartition("@")[2].lower()
    return f"{slug}.turnbuckle.{host.strip('.') or 'localhost'}"


def send(smtp: Smtp, msg: EmailMessage, *, timeout: float = TIMEOUT_S) -> Outcome:
    """Send ``msg``; the whole exchange (connection, TLS, sign-in, the message) within ``timeout``."""
    started = time.monotonic()
    deadline = Deadline(timeout)  # each wait has the socket's timeout; the whole exchange, this one
    timed_out = Outcome(False, "timeout", f"no answer from {smtp.host}:{smtp.port} within {timeout:g} s", 0)
    try:
        client: smtplib.SMTP
        if smtp.security == "tls":
            client = _CheckedSSL(timeout=timeout, context=ssl.create_default_context())
        else:
            client = _Checked(timeout=timeout)
        setattr(client, "_host", smtp.host)  # noqa: B010 - what the constructor keeps for the certificate check
        deadline.watch(lambda: client.sock)
        with deadline:
            client.connect(smtp.host, smtp.port)
            with client:
                if smtp.security == "starttls":
                    client.starttls(context=ssl.create_default_context())
                if smtp.user:
                    client.login(smtp.user, smtp.password or "")
                refused = client.send_message(msg)
    except Refused as exc:
        return Outcome(False, "blocked", f"the e-mail server {exc}", _ms(started))
    except smtplib.SMTPResponseException as exc:
        if deadline.cut:
            return replace(timed_out, ms=_ms(started))
        return Outcome(False, str(exc.smtp_code), f"SMTP {exc.smtp_code}: {_hidden(_text(exc.smtp_error), smtp)}",
                       _ms(started))
    except smtplib.SMTPRecipientsRefused as exc:
        return Outcome(False, "refused", f"the server refused the address: {list(exc.recipients.values())[:1]}",
                       _ms(started), drop=True)
    except TimeoutError:
        return replace(timed_out, ms=_ms(started))
    except (OSError, smtplib.SMTPException) as exc:
        if deadline.cut:
            return replace(timed_out, ms=_ms(started))
        return Outcome(False, "error", f"{smtp.host}:{smtp.port}: {type(exc).__name__}: "
                       f"{_hidden(str(exc), smtp)[:200]}", _ms(started))
    if refused:
        return Outcome(False, "refused", "the server refused the address", _ms(started), drop=True)
    return Outcome(True, "250", "", _ms(started))


class _Checked(smtplib.SMTP):
    """Connects through the host's checked public address (``reach``), never by resolving it again."""

    def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
        return open_checked(host, port, timeout)


class _CheckedSSL(smtplib.SMTP_SSL):
    def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
        return self.context.wrap_socket(open_checked(host, port, timeout), server_hostname=host)


def _hidden(text: str, smtp: Smtp) -> str:
    """A server's reply without the password in it (a server that echoes what it was sent)."""
    return text.replace(smtp.password, "…") if smtp.password and len(smtp.password) > 1 else text


def _text(raw: bytes | str) -> str:
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    return " ".join(text.split())[:300]


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
