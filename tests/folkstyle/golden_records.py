"""Golden records of folkstyle matches played under an older rules version, and the script that made them.

The records in ``golden/<version>/`` were made by the code of that version, before the change that
followed it, and ``test_old_versions.py`` plays them again under their own version and compares the
JSON byte for byte (``tests/golden_versions.py``: what the games with such records share).

Version 1.0 (before 1.1 played overtime until someone wins): seeded matches of two stalling-prone
cards that end in a draw after 1, 2 and 3 overtime cycles (the ``overtime_cycles`` option; 1.1 plays
on), a top-time win, a sudden victory after the restart at OT4, and two matches of the sample cards.
Made once, with the code of 1.0::

    .venv/bin/python -m tests.folkstyle.golden_records 1.0

(the script refuses to overwrite records of an older version: they are history).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from tests import golden_versions
from turnbuckle.core.match import MatchRecord
from turnbuckle.rulesets.folkstyle.card import Card, load_card
from turnbuckle.rulesets.registry import get_ruleset

GOLDEN = Path(__file__).resolve().parent / "golden"
FOLKSTYLE = get_ruleset("folkstyle")
#: How many seeds the search tries at most for one kind of match (bounded: every loop ends).
MAX_SEEDS = 5_000


def sample(sample_id: str) -> Card:
    return golden_versions.sample(FOLKSTYLE, sample_id, Card)


def staller(name: str, escape_base: int = 3, near_fall: bool = False) -> Card:
    """A card that mostly holds position (as ``tests/sim/folkstyle``'s): level matches are common."""
    def moves(effect: str, names: tuple[str, str], extra: dict[int, dict[str, object]]) -> dict[int, object]:
        out: dict[int, object] = {f: {"name": names[(f - 1) % 2], "base": 6, "effect": effect} for f in range(1, 7)}
        out.update(extra)
        return out

    top_extra: dict[int, dict[str, object]] = (
        {6: {"name": "Cradle", "base": 4, "effect": "near-fall"}} if near_fall else {})
    return load_card({
        "name": name,
        "neutral": moves("stalemate", ("Collar Tie", "Hand Fight"), {}),
        "top": moves("ride", ("Leg Ride", "Tight Waist"), top_extra),
        "bottom": moves("no-change", ("Base", "Tripod"),
                        {6: {"name": "Stand Up", "base": escape_base, "effect": "escape"}}),
    }, name)


def play(sides: Sequence[Card], seed: int, options: dict[str, object], version: str | None) -> MatchRecord:
    return golden_versions.play(FOLKSTYLE, sides, seed, options, version)


def first(stem: str, sides: Sequence[Card], options: dict[str, object], version: str | None,
          wanted: Callable[[MatchRecord], bool]) -> tuple[str, MatchRecord]:
    for seed in range(MAX_SEEDS):
        record = play(sides, seed, options, version)
        if wanted(record):
            return f"{stem}-seed-{seed}", record
    raise RuntimeError(f"no match of {stem} in {MAX_SEEDS} seeds")


def period(record: MatchRecord) -> int:
    return int(str(record.result.at["period"]))


def matches(version: str | None) -> Iterator[tuple[str, MatchRecord]]:
    """The golden matches: (file stem, record)."""
    sam_nf, stu_5 = staller("Sam", near_fall=True), staller("Stu", escape_base=5)
    sam, stu = staller("Sam"), staller("Stu")
    yield first("draw-after-1-cycle", (sam_nf, stu_5), {"overtime_cycles": 1}, version,
                lambda r: r.result.method == "draw")
    yield first("draw-after-2-cycles-threshold-1", (sam, stu), {"overtime_cycles": 2, "riding_threshold": 1}, version,
                lambda r: r.result.method == "draw")
    yield first("draw-after-3-cycles-defaults", (sam, stu), {}, version, lambda r: r.result.method == "draw")
    yield first("top-time", (sam, stu), {}, version, lambda r: r.result.method == "top-time")
    yield first("sudden-victory-after-ot4", (sam, stu), {}, version,
                lambda r: r.result.method == "sudden-victory" and period(r) >= 7)
    yield first("samples-overtime", (sample("brick-halvorsen"), sample("cal-okafor")), {}, version,
                lambda r: period(r) > 3)


def main(argv: Sequence[str]) -> int:
    return golden_versions.write_golden(argv, FOLKSTYLE, GOLDEN, matches)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
