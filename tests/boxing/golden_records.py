"""Golden records of boxing bouts played under an older rules version, and the script that made them.

The records in ``golden/<version>/`` were made by the code of that version, before the change that
followed it, and ``test_old_versions.py`` plays them again under their own version and compares the
JSON byte for byte (``tests/golden_versions.py``: what the games with such records share).

Version 1.1 (before 1.2 gave a Special Move in a combo its own -2): seeded bouts whose combo floors
a fighter with a Special Move as the less damaging punch (1.1 applied the other punch's -1; 1.2
applies -2: a first punch of 5-6 then a Special Move of 6-4, about one bout in a few thousand, so the
script searches the seeds), and two bouts with other options. Made once, with the code of 1.1::

    .venv/bin/python -m tests.boxing.golden_records 1.1

(the script refuses to overwrite records of an older version: they are history).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from tests import golden_versions
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.rulesets.boxing.sheet import Fighter
from turnbuckle.rulesets.registry import get_ruleset

GOLDEN = Path(__file__).resolve().parent / "golden"
BOXING = get_ruleset("boxing")
#: How many seeds the search tries at most for one kind of bout (bounded: every loop ends).
MAX_SEEDS = 50_000


def sample(sample_id: str) -> Fighter:
    return golden_versions.sample(BOXING, sample_id, Fighter)


def special_combo_knockdowns(record: MatchRecord) -> int:
    """Knockdowns by a combo whose second punch is a Special Move that took less than the first
    (where 1.1 and 1.2 apply different penalties)."""
    found = 0
    punches: list[dict[str, object]] = []
    for e in record.events:
        if not isinstance(e, Happening):
            continue
        if e.type == "punch":
            punches.append(dict(e.data))
        elif e.type == "knockdown" and len(punches) >= 2 and punches[-1]["combo_part"] == 2:
            first, second = punches[-2], punches[-1]
            took = [int(str(p["hp_before"])) - int(str(p["hp_after"])) for p in (first, second)]
            if second["punch"] == "Special Move" and took[1] < took[0]:
                found += 1
    return found


def play(sides: Sequence[Fighter], seed: int, options: dict[str, object], version: str | None) -> MatchRecord:
    return golden_versions.play(BOXING, sides, seed, options, version)


def bouts(version: str | None) -> Iterator[tuple[str, MatchRecord]]:
    """The golden bouts: (file stem, record)."""
    covering: list[tuple[str, tuple[Fighter, Fighter], dict[str, object]]] = [
        ("slugger-glass-cannon", (sample("slugger"), sample("glass-cannon")), {}),
        ("iron-chin-mirror-literal", (sample("iron-chin"), sample("iron-chin")), {"getup": "literal"}),
        ("all-rounder-mirror-cumulative-heal", (sample("all-rounder"), sample("all-rounder")),
         {"fatigue": "cumulative", "last_interval": "heal"}),
        ("speedster-iron-chin-6-rounds", (sample("speedster"), sample("iron-chin")), {"rounds": 6}),
    ]
    for stem, sides, options in covering:
        for seed in range(MAX_SEEDS):
            record = play(sides, seed, options, version)
            if special_combo_knockdowns(record):
                yield f"special-combo-{stem}-seed-{seed}", record
                break
        else:
            raise RuntimeError(f"no bout of {stem} with a Special Move combo knockdown in {MAX_SEEDS} seeds")
    yield "no-combo-speedster-iron-chin-seed-5", play((sample("speedster"), sample("iron-chin")), 5,
                                                       {"combo": False}, version)
    yield "default-all-rounder-slugger-seed-1", play((sample("all-rounder"), sample("slugger")), 1, {}, version)


def main(argv: Sequence[str]) -> int:
    return golden_versions.write_golden(argv, BOXING, GOLDEN, bouts)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
