"""Which proxies' forwarded headers are believed. A request's address is its connection's peer;
only when that peer is one of the configured trusted proxies (``create_app(trusted_proxies=...)``,
``turnbuckle serve --trusted-proxy ADDR``; none by default) are ``X-Forwarded-For`` and
``X-Forwarded-Proto`` read: the client is the right-most address of ``X-Forwarded-For`` that is not
itself a trusted proxy (what a client wrote to the left of it is its own claim, never believed), and
the scheme is the last ``X-Forwarded-Proto`` value. Anyone else's forwarded headers are ignored, so a
client cannot pick the address its failed sign-ins are counted against."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, MutableMapping
from typing import Any

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxies(values: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or networks (``10.0.0.5``, ``10.0.0.0/8``, ``::1``); a ValueError naming a bad one."""
    networks = []
    for value in values:
        try:
            networks.append(ipaddress.ip_network(value.strip(), strict=False))
        except ValueError:
            raise ValueError(f"'{value}' is not an IP address or network; give a trusted proxy as "
                             "an address (127.0.0.1) or a network (10.0.0.0/8)") from None
    return tuple(networks)


class Proxies:
    def __init__(self, trusted: Iterable[str]) -> None:
        """``trusted``: addresses or networks (none: the connection's peer is the client)."""
        self.trusted = parse_proxies(trusted)

    def is_trusted(self, host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.trusted)

    def apply(self, scope: MutableMapping[str, Any]) -> None:
        """Set the ASGI scope's ``client`` (and ``scheme``) from a trusted proxy's headers."""
        client = scope.get("client")
        if not self.trusted or not client or not self.is_trusted(client[0]):
            return
        forwarded: dict[bytes, list[str]] = {b"x-forwarded-for": [], b"x-forwarded-proto": []}
        for key, value in scope.get("headers", []):
            if key.lower() in forwarded:
                forwarded[key.lower()].append(value.decode("latin-1"))
        hops = [h.strip() for h in ",".join(forwarded[b"x-forwarded-for"]).split(",") if h.strip()]
        for hop in reversed(hops):
            if not self.is_trusted(hop):
                scope["client"] = (hop[:64], 0)
                break
        proto = ",".join(forwarded[b"x-forwarded-proto"]).split(",")[-1].strip().lower()
        if proto in ("http", "https"):
            scope["scheme"] = proto
