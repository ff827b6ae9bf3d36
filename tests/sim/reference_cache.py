"""The reference engine's tallies for the agreement tests, kept between test runs.

A powered agreement setup plays 10,000 reference matches (up to 25 s of one core), and the
reference engine is a pure function of its code and its arguments: the same sides, options, count
and seed give the same tally, bit for bit. So a tally is stored under a hash of everything it is
made from, and a later run with nothing changed reads it back instead of playing the matches
again, as the ahead-of-time kernel builds are kept. The hash covers:

- every file of the layers a reference match reads (``turnbuckle/__init__.py``, ``core``,
  ``rulesets`` with the samples, ``sim``; they import nothing from the CLI, league, web or lab
  front ends, per docs/architecture.md) and the sim tests' own helpers (``tests/sim``), so any
  edit there plays the matches again;
- the Python build and machine;
- the game, its version, the sides (their full repr), the resolved options, the count, the seed
  and a note naming any stand-in the caller installs (Headlock's smart player read from a table).

The fast engine is never cached: each run plays its million matches, so every change to a kernel
meets the reference tally. ``TURNBUCKLE_FRESH_REFERENCE=1`` plays the reference matches even when
a stored tally is there, and fails if the two differ (a check of this cache itself).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import tempfile
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from turnbuckle.core.registry import Ruleset
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.tally import Tally

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "turnbuckle"
#: What a reference match can read: the package's own file and its rules, core and sim layers.
PLAYED = ("__init__.py", "core", "rulesets", "sim")
FRESH = "TURNBUCKLE_FRESH_REFERENCE"


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A hash of the package files a reference match can read, and the sim tests' helpers."""
    digest = hashlib.sha256()
    files = [p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and p.relative_to(PACKAGE).parts[0] in PLAYED]
    files += [p for p in (ROOT / "tests" / "sim").rglob("*.py") if "__pycache__" not in p.parts]
    for path in sorted(files):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(f"{sys.version}|{platform.machine()}|{platform.system()}".encode())
    return digest.hexdigest()


def tally_to_json(t: Tally) -> dict[str, Any]:
    return {"sides": t.sides, "n": t.n, "outcomes": [[w, m, c] for (w, m), c in t.outcomes.items()],
            "lengths": [[k, c] for k, c in t.lengths.items()], "figures": t.figures, "dice": t.dice,
            "unit": t.unit, "drawn": [[s, c] for s, c in t.drawn.items()]}


def tally_from_json(data: Mapping[str, Any]) -> Tally:
    return Tally(data["sides"], n=data["n"], outcomes={(w, m): c for w, m, c in data["outcomes"]},
                 lengths=dict(data["lengths"]), figures=dict(data["figures"]), dice=data["dice"],
                 unit=data["unit"], drawn=dict(data["drawn"]))


def _key(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, object], n: int, seed: int,
         note: str) -> str:
    what = [code_digest(), rs.info.id, rs.info.version, [repr(s) for s in sides],
            sorted((k, repr(v)) for k, v in options.items()), n, seed, note]
    return hashlib.sha256(json.dumps(what).encode()).hexdigest()[:32]


def _folder() -> Path:
    """Beside the kernel builds (the tests point TURNBUCKLE_CACHE_DIR at pytest's cache)."""
    base = os.environ.get("TURNBUCKLE_CACHE_DIR")
    return Path(base) / "reference" if base else Path(tempfile.gettempdir()) / "turnbuckle-reference"


def reference_tally(rs: Ruleset[Any], sides: Sequence[Any], options: Mapping[str, object], n: int,
                    seed: int, note: str = "") -> Tally:
    """The reference engine's tally of ``n`` matches from ``seed`` on one thread: read back when
    stored under the same key, else played and stored. ``note`` names any stand-in the caller has
    installed around the call (it is part of the key)."""
    path = _folder() / f"{rs.info.id}-{_key(rs, sides, options, n, seed, note)}.json"
    stored = tally_from_json(json.loads(path.read_text())) if path.is_file() else None
    if stored is not None and os.environ.get(FRESH) != "1":
        return stored
    run = simulate(rs, list(sides), dict(options), n, seed=seed, engine="reference", threads=1)
    assert run.engine == "reference"
    tally = run.tally
    assert tally.n == n
    if stored is not None:
        assert tally_to_json(stored) == tally_to_json(tally), f"the stored tally {path.name} is stale"
        return tally
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False) as out:
        json.dump(tally_to_json(tally), out)
    os.replace(out.name, path)
    return tally
