"""Older boxing rules still play exactly as they did: the golden records of ``golden/<version>/``
(made by that version's code: ``golden_records.py``) replay byte for byte under their own version,
through ``Ruleset.run`` and through ``turnbuckle replay``'s ``core.replay``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.boxing.golden_records import BOXING, GOLDEN
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import parse_record
from turnbuckle.core.render import render_json
from turnbuckle.core.replay import replay
from turnbuckle.core.sources import SeededSource

RECORDS = sorted(GOLDEN.glob("*/*.json"))


def _again(record: MatchRecord, version: str | None) -> MatchRecord:
    sides = [BOXING.load_side(sheet, f"side {i + 1}") for i, sheet in enumerate(record.sheets)]
    assert record.seed is not None
    again = BOXING.run(sides, SeededSource(record.seed), dict(record.options), dict(record.players),
                       entrants=list(record.entrants), version=version)
    # The package's own version is not the rules': a later turnbuckle plays the same bout.
    return replace(again, package_version=record.package_version)


def test_there_are_golden_records_of_every_older_version() -> None:
    """Each older version the engine plays has records, and each record is of a version it plays."""
    versions = {p.parent.name for p in RECORDS}
    assert set(BOXING.info.older_versions) <= versions <= set(BOXING.info.playable_versions)
    assert len(RECORDS) >= 6


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_older_version_replays_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = parse_record(text)
    assert record.ruleset_version == path.parent.name
    assert render_json(_again(record, record.ruleset_version)) == text
    assert replay(BOXING, record).identical
