"""Older folkstyle rules still play exactly as they did: the golden records of ``golden/<version>/``
(made by that version's code: ``golden_records.py``) replay byte for byte under their own version,
through ``Ruleset.run`` and through ``turnbuckle replay``'s ``core.replay``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.folkstyle.golden_records import FOLKSTYLE, GOLDEN
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import parse_record
from turnbuckle.core.render import render_json
from turnbuckle.core.replay import replay
from turnbuckle.core.sources import SeededSource

RECORDS = sorted(GOLDEN.glob("*/*.json"))


def _again(record: MatchRecord, version: str | None, options: dict[str, object] | None = None) -> MatchRecord:
    sides = [FOLKSTYLE.load_side(sheet, f"side {i + 1}") for i, sheet in enumerate(record.sheets)]
    assert record.seed is not None
    again = FOLKSTYLE.run(sides, SeededSource(record.seed), dict(record.options) if options is None else options,
                          dict(record.players), entrants=list(record.entrants), version=version)
    # The package's own version is not the rules': a later turnbuckle plays the same match.
    return replace(again, package_version=record.package_version)


def test_there_are_golden_records_of_every_older_version() -> None:
    """Each older version the engine plays has records, and each record is of a version it plays."""
    versions = {p.parent.name for p in RECORDS}
    assert set(FOLKSTYLE.info.older_versions) <= versions <= set(FOLKSTYLE.info.playable_versions)
    assert len(RECORDS) >= 6


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_older_version_replays_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = parse_record(text)
    assert record.ruleset_version == path.parent.name
    assert render_json(_again(record, record.ruleset_version)) == text
    assert replay(FOLKSTYLE, record).identical


DRAWS = [p for p in RECORDS if p.stem.startswith("draw-")]


@pytest.mark.parametrize("path", DRAWS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_current_rules_play_on_where_1_0_drew(path: Path) -> None:
    """The golden 1.0 draws cover what 1.1 changed: the same dice, under the current rules (the
    option left out), are the same match up to the last level cycle (the match's opening event
    apart, whose ``overtime_cycles`` is now the safety cap); then overtime restarts in neutral and
    someone wins."""
    old = parse_record(path.read_text(encoding="utf-8"))
    assert (old.ruleset_version, old.result.method, old.result.winner) == ("1.0", "draw", None)
    options: dict[str, object] = {**old.options, "overtime_cycles": 0}
    new = _again(old, None, options)
    assert new.ruleset_version == FOLKSTYLE.info.version
    kinds = [e.type if isinstance(e, Happening) else "entry" for e in old.events]
    end = kinds.index("match_end")
    start = kinds.index("match_start")
    assert [e for i, e in enumerate(new.events[:end]) if i != start] == [
        e for i, e in enumerate(old.events[:end]) if i != start]
    now = new.events[end]
    assert isinstance(now, Happening) and now.type == "overtime"
    assert now.data["cycle"] == kinds.count("tiebreak") + 1
    assert new.result.winner is not None
    assert new.result.method in ("sudden-victory", "overtime", "top-time", "pin")
