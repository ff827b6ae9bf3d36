"""Content hashes and seeds: a pairing is named by what it plays, never by where it sits in a roster.

A pairing's content is its ruleset and version, each side's document (``Ruleset.side_json``, in
seat order), the resolved rules options and the number of matches. Its seed comes from the sweep's
seed and that hash, so the same pairing gets the same numbers in any roster, in any order, on one
process, several, or a cluster.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: Bumped when what a pairing's result holds changes (old cache entries then stop matching).
LAB_VERSION = 1


def canonical(data: object) -> str:
    """One spelling of a JSON value: sorted keys, no spaces, non-ASCII kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def content_hash(ruleset: str, version: str, sides: Sequence[Any], options: Mapping[str, object], n: int) -> str:
    """The hex SHA-256 of a pairing's content (``sides``: each side's JSON document, seat order).

    >>> a = content_hash("boxing", "1.1", [{"name": "A"}, {"name": "B"}], {"rounds": 12}, 100)
    >>> a == content_hash("boxing", "1.1", [{"name": "A"}, {"name": "B"}], {"rounds": 12}, 100)
    True
    >>> a == content_hash("boxing", "1.1", [{"name": "A"}, {"name": "B"}], {"rounds": 12}, 101)
    False
    """
    doc = {"lab": LAB_VERSION, "ruleset": ruleset, "version": version, "sides": list(sides),
           "options": dict(options), "n": n}
    return hashlib.sha256(canonical(doc).encode()).hexdigest()


def content_hasher(ruleset: str, version: str, options: Mapping[str, object],
                   n: int) -> Callable[[Sequence[str]], str]:
    """``content_hash`` for many pairings of one sweep, given each side's ``canonical`` text: the
    same hash, without spelling every side's document again for every pairing it plays in (a
    sweep of 73 builds has 2,628 pairings).

    >>> sides = [{"name": "Ä", "power": 5}, {"name": "B", "speed": 1.5}]
    >>> many = content_hasher("boxing", "1.2", {"rounds": 12}, 100)
    >>> many([canonical(s) for s in sides]) == content_hash("boxing", "1.2", sides, {"rounds": 12}, 100)
    True
    """
    # canonical() of the document with its keys sorted: lab, n, options, ruleset, sides, version
    head = (f'{{"lab":{canonical(LAB_VERSION)},"n":{canonical(n)},"options":{canonical(dict(options))},'
            f'"ruleset":{canonical(ruleset)},"sides":[')
    tail = f'],"version":{canonical(version)}}}'

    def content(side_texts: Sequence[str]) -> str:
        return hashlib.sha256(f"{head}{','.join(side_texts)}{tail}".encode()).hexdigest()

    return content


def pairing_seed(sweep_seed: int, content: str) -> int:
    """The seed of one pairing, a whole number from 0 to 2**64-1, from the sweep's seed and the
    pairing's content hash.

    >>> pairing_seed(1, "ab") == pairing_seed(1, "ab"), pairing_seed(1, "ab") == pairing_seed(2, "ab")
    (True, False)
    """
    digest = hashlib.sha256(f"turnbuckle.sweep/seed:{sweep_seed}:{content}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def cache_key(sweep_seed: int, content: str) -> str:
    """The name a pairing's result is cached under: its content hash and the sweep's seed."""
    return f"{content}-{sweep_seed}"
