"""Content hashes and seeds: a pairing is named by what it plays, never by where it sits in a roster.

A pairing's content is its ruleset and version, each side's document (``Ruleset.side_json``, in
seat order), the resolved rules options and the number of matches. Its seed comes from the sweep's
seed and that hash, so the same pairing gets the same numbers in any roster, in any order, on one
process, several, or a cluster.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
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
