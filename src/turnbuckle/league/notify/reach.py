"""Where the league's messages may go: public addresses only. A webhook or SMTP host is resolved
at every send, every address it resolves to is checked (loopback, private, shared, link-local,
multicast, reserved or unspecified: refused), and the connection is opened to a checked address,
never by resolving the name again (a name that answers outside to the check and inside to the
connection reaches nothing). The name stays the Host header's and the TLS certificate's.

A receiver on the server's own host or network is reached only when the server was started with
the explicit switch: the settings' ``allow_private_notify`` (``$TURNBUCKLE_ALLOW_PRIVATE_NOTIFY=1``,
or the settings ``serve`` hands its worker processes), or the command's flag
(``serve --allow-private-notify``, ``league notify --allow-private-notify``), which holds it on
for the command's run with :func:`allowing_private` (the environment is left as it was).
Setting an address checks its literal too, so that an obviously inside one is refused with the
reason at once; the send-time check is the guard."""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager

from turnbuckle.core.settings import Settings, SettingsError

#: The setting that lets messages reach addresses inside (core/settings.py reads it).
ALLOW_ENV = "TURNBUCKLE_ALLOW_PRIVATE_NOTIFY"
SWITCH = "--allow-private-notify"
_NUMERIC = re.compile(r"^[0-9a-fA-FxX.]+$")  # 2130706433, 0x7f000001, 127.1, 0177.0.0.1
_INSIDE_NAMES = ("localhost", "metadata.google.internal", "metadata")

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


class Refused(Exception):
    """The host is (or resolves to) an address inside; the message says which kind, never where."""


_flag: list[bool] = []  # the commands' flags now held (allowing_private), innermost last


def private_allowed() -> bool:
    """The switch: on while a command's flag holds it (:func:`allowing_private`), else as the settings
    read it now (core/settings.py): the environment or, in a worker process of
    ``serve --workers N``, the settings ``serve`` handed down."""
    if _flag:
        return _flag[-1]
    try:
        return Settings.from_env().allow_private_notify
    except SettingsError:
        return False  # a bad value is refused when the program starts; here it allows nothing


@contextmanager
def allowing_private(on: bool = True) -> Iterator[None]:
    """The switch held at ``on`` in this process (its threads included) until the block ends: a
    command's ``--allow-private-notify``. ``serve``'s worker processes take it from the settings
    handed down."""
    _flag.append(on)
    try:
        yield
    finally:
        _flag.pop()


def inside(ip: Address) -> str:
    """What kind of address ``ip`` is if no public receiver has it ("loopback", "private", ...), else ""."""
    if isinstance(ip, ipaddress.IPv6Address):  # an IPv4 address carried inside an IPv6 one
        carried = ip.ipv4_mapped or ip.sixtofour or (
            ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF) if ip in _NAT64 else None)
        if carried is not None and inside(carried):
            return inside(carried)
    for kind, hit in (("unspecified", ip.is_unspecified), ("loopback", ip.is_loopback),
                      ("link-local", ip.is_link_local), ("multicast", ip.is_multicast),
                      ("private", ip.is_private), ("reserved", ip.is_reserved)):
        if hit:
            return kind
    return "" if ip.is_global else "non-public"


def literal(host: str) -> Address | None:
    """``host`` read as an IP address the way a resolver would read it (the numeric IPv4 forms
    2130706433, 0x7f000001 and 127.1 included), or None for a name."""
    bare = host.strip("[]")
    try:
        return ipaddress.ip_address(bare.split("%", 1)[0])
    except ValueError:
        pass
    if _NUMERIC.match(bare) and not bare.endswith("."):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(bare))
        except OSError:
            return None
    return None


def refusal_at_set(host: str, what: str) -> str:
    """Why ``host`` is refused when the address is set (an inside literal or an inside name), or ""."""
    if private_allowed():
        return ""
    name = host.strip("[]").rstrip(".").lower()
    ip = literal(name)
    kind = inside(ip) if ip is not None else ("local" if name in _INSIDE_NAMES or name.endswith(
        (".localhost", ".internal")) else "")
    if not kind:
        return ""
    return (f"the {what} {host} is a {kind} address: this server sends only to public addresses "
            f"(for a receiver on its own host or network, start it with {SWITCH})")


def resolve(host: str, port: int) -> list[tuple[int, int, int, tuple[object, ...]]]:
    """Every address ``host`` resolves to now (family, type, protocol, socket address), each checked;
    Refused if any is inside (unless the switch is on); OSError if it resolves to none."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    if not found:
        raise OSError(f"{host} resolves to no address")
    allowed = private_allowed()
    out: list[tuple[int, int, int, tuple[object, ...]]] = []
    for family, kind, proto, _name, sockaddr in found:
        ip = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        why = inside(ip)
        if why and not allowed:
            raise Refused(f"{host} is or resolves to a {why} address: only public addresses are reached "
                          f"(a server started with {SWITCH} reaches its own network)")
        out.append((int(family), int(kind), int(proto), tuple(sockaddr)))
    return out


def open_checked(host: str, port: int, timeout: float | None) -> socket.socket:
    """A TCP connection to ``host``:``port`` through one of its checked addresses (in the resolver's
    order, the next on failure): Refused or OSError otherwise."""
    last: OSError | None = None
    for family, kind, proto, sockaddr in resolve(host, port):
        sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(timeout)
            sock.connect(sockaddr)
            return sock
        except OSError as exc:
            sock.close()
            last = exc
    raise last if last is not None else OSError(f"{host}: no address to connect to")
