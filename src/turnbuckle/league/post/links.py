"""Where a post's links point: the league's web pages (absolute under a base URL, else from the
site's root), or the pages of a static archive (relative to the page that links)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from turnbuckle.league.errors import LeagueError


@dataclass(frozen=True)
class Links:
    """The league's pages on its web server: ``base`` (``https://fed.example``) or "" for links
    from the site's root (``/shows/3``)."""

    base: str = ""

    def show(self, number: int) -> str:
        return f"{self.base}/shows/{number}"

    def match(self, number: int, position: int) -> str:
        return f"{self.base}/shows/{number}/matches/{position}"

    def export(self, number: int) -> str:
        return f"{self.base}/shows/{number}/export.json"


@dataclass(frozen=True)
class ArchiveLinks(Links):
    """The archive's pages, from a page ``depth`` folders below the archive's root."""

    depth: int = 0

    @property
    def _up(self) -> str:
        return "../" * self.depth

    def show(self, number: int) -> str:
        return f"{self._up}shows/{number}.html"

    def match(self, number: int, position: int) -> str:
        return f"{self._up}shows/{number}/match-{position}.html"

    def export(self, number: int) -> str:
        return f"{self._up}export/show-{number}.json"


#: What is said where a link is made without a site address (``queries_posts.site_address``): the command
#: line's stderr, the web's copy box.
NO_SITE_ADDRESS = ("no site address is set, so links in it start with {fallback}, which readers elsewhere cannot "
                   "open; set the league's site address (the organiser's notifications page, or "
                   "'turnbuckle league notify site URL'), or give {option}")


def _without_ipv6_host(url: str, netloc: str) -> str:
    """``url`` less the brackets of an IPv6 host (``http://[::1]:8000``: the server's own address when
    it listens on IPv6), the only place an address may hold them."""
    host = netloc.rpartition("@")[2]
    if host.startswith("[") and "]" in host:
        literal = host[:host.index("]") + 1]
        if all(c in "0123456789abcdefABCDEF:." for c in literal[1:-1]):
            return url.replace(literal, "h", 1)
    return url


def base_links(base_url: str) -> Links:
    """Links under ``base_url`` (checked: an http(s) address with a host, an optional port and
    path; no query, fragment, user or password, and nothing that ends a link or its line in any
    format: no space, control or line-separating character, quote, bracket or backslash), or from
    the site's root for ""."""
    if not base_url:
        return Links()


    url = base_url.strip()
    try:  # a bracketed host that is no IPv6 address, or a port that is no number, raises here
        parts = urlsplit(url)
        port_ok = parts.port is None or parts.port > 0
    except ValueError:
        parts, port_ok = urlsplit(""), False
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or "@" in parts.netloc or not port_ok \
            or any(c in " \"'<>()[]\\`" or not c.isprintable() for c in _without_ipv6_host(url, parts.netloc)):
        raise LeagueError(f"the base URL {base_url!r} is not an address like https://fed.example.org "
                          "(http or https, a host, an optional path; no query, no user or password)")
    return Links(url.rstrip("/"))
