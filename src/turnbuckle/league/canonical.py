"""The bytes that hashes and seeds are made of, so that anyone can recompute them
(docs/league-format.md specifies each one)."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

from turnbuckle.core.events import EventLog
from turnbuckle.core.sources import Request, SeededSource
from turnbuckle.core.table import Table

if TYPE_CHECKING:
    from turnbuckle.core.table import Table


def canonical_text(text: str) -> bytes:
    """A submission's canonical bytes: UTF-8, line endings normalised to ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n").encode("utf-8")


def canonical_json(data: object) -> bytes:
    """Structured data as canonical JSON: sorted keys, no spaces, UTF-8.

    >>> canonical_json({"b": 1, "a": [1, "x"]})
    b'{"a":[1,"x"],"b":1}'
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def seed_commitment(seed_hex: str) -> str:
    """The commitment to a show seed published at lock: SHA-256 of the seed's 32 bytes (not of its
    hex text), as 64 hex digits. The seed revealed with the results must hash to it."""
    return sha256_hex(bytes.fromhex(seed_hex))


def new_seed() -> str:
    """A fresh 256-bit seed from the operating system's generator, as 64 hex digits."""
    return secrets.token_hex(32)


def derived(seed_hex: str, message: str) -> int:
    """HMAC-SHA256(seed, message), cut to the first 8 bytes read big-endian: a 64-bit seed.

    >>> derived("00" * 32, "show/1") == derived("00" * 32, "show/1") != derived("00" * 32, "show/2")
    True
    """
    digest = hmac.new(bytes.fromhex(seed_hex), message.encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def match_seed(seed_hex: str, show_uid: str, position: int) -> int:
    """A match's seed: HMAC of ``"<show uid>/<position on the card>"`` under the show's seed."""
    return derived(seed_hex, f"{show_uid}/{position}")


def heal_roll(seed_hex: str, show_uid: str, competitor_uid: str) -> int:
    """A competitor's weekly healing d6, from the show's seed: the first d6 of a SeededSource on
    HMAC(seed, ``"<show uid>/heal/<competitor uid>"``)."""
    source = SeededSource(derived(seed_hex, f"{show_uid}/heal/{competitor_uid}"))
    return source.roll(1, 6, Request("healing"))[0]


def referee_draw(card_seed_hex: str, show_uid: str, position: int, count: int) -> int:
    """Which of ``count`` referees (sorted by name) a match draws: HMAC(card seed,
    ``"<show uid>/<position>/referee"``) modulo ``count``."""
    return derived(card_seed_hex, f"{show_uid}/{position}/referee") % count


def card_key(show_uid: str, ruleset: str, match_type: str, side_uids: list[str]) -> str:
    """What a card match's draws are keyed on (manifest format 2): ``"<show uid>/<ruleset>/<match
    type>/<side uid>,<side uid>..."``, the sides in card order. Never the match's position.

    >>> card_key("s1", "matchmatch", "cage", ["a", "b"])
    's1/matchmatch/cage/a,b'
    """
    return f"{show_uid}/{ruleset}/{match_type}/{','.join(side_uids)}"


def content_referee_draw(card_seed_hex: str, key: str, count: int) -> int:
    """Which of ``count`` referees (sorted by name) a match draws: HMAC(card seed,
    ``"<key>/referee"``) modulo ``count``."""
    return derived(card_seed_hex, f"{key}/referee") % count


def grid_draw(card_seed_hex: str, key: str, roll: Callable[[Table], str]) -> str:
    """A match's drawn grid, as text (MatchMatch's ``Po Te Br / We MA HF / Br MA Ch``: nine d7 rolls,
    row by row, each face the grid style of that number in the rulebook's order): ``roll`` (the
    game's league rules' ``roll_grid``) on a SeededSource on HMAC(card seed, ``"<key>/grid"``)."""
    return roll(Table(SeededSource(derived(card_seed_hex, f"{key}/grid")), EventLog()))
