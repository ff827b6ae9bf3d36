"""What a stored result says in a post (the names as played, the results card's line, the short
write-up), worked out once: a result never changes after its show runs, so these are kept in a
bounded, thread-safe cache keyed by the result's id and match seed, and a page of a long card reads
no record it has read before."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnbuckle.league.post.writeups import short_account

MAX_KEPT = 4000


@dataclass(frozen=True)
class Told:
    names: tuple[str, ...]
    headline: str
    account: tuple[str, ...]


_lock = threading.Lock()
_kept: OrderedDict[tuple[int, str], Told] = OrderedDict()


def kept(key: tuple[int, str]) -> Told | None:
    with _lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
        return found


def keep(key: tuple[int, str], told: Told) -> None:
    with _lock:
        _kept[key] = told
        while len(_kept) > MAX_KEPT:
            _kept.popitem(last=False)


def told_of(record: dict[str, Any], headline: Callable[[tuple[str, ...], dict[str, Any]], str]) -> Told:
    """What one stored record (its JSON form) says, computed."""
    sides = record.get("sides")
    names = tuple(str(sd.get("name")) for sd in sides if isinstance(sd, dict)) if isinstance(sides, list) else ()
    result = record.get("result")
    return Told(names, headline(names, dict(result) if isinstance(result, dict) else {}),
                tuple(short_account(record)))
