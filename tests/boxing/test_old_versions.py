"""Older boxing rules still play exactly as they did: the golden records of ``golden/<version>/``
(made by that version's code: ``golden_records.py``) replay byte for byte under their own version,
through ``Ruleset.run`` and through ``turnbuckle replay``'s ``core.replay``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.boxing.golden_records import BOXING, GOLDEN, special_combo_knockdowns
from turnbuckle.core.events import Happening
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


COVERING = [p for p in RECORDS if p.stem.startswith("special-combo-")]


@pytest.mark.parametrize("path", COVERING, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_current_rules_play_them_differently(path: Path) -> None:
    """The golden 1.1 bouts cover what 1.2 changed: the same dice, under the current rules, are the
    same bout up to the first combo that floors a fighter with a Special Move that took less than
    the other punch; 1.1 gave that knockdown the other punch's -1, the current rules the -2."""
    old = parse_record(path.read_text(encoding="utf-8"))
    assert old.ruleset_version == "1.1"
    assert special_combo_knockdowns(old) >= 1
    new = _again(old, None)
    assert new.ruleset_version == BOXING.info.version
    at = next(i for i, e in enumerate(old.events) if isinstance(e, Happening) and e.type == "knockdown"
              and special_combo_knockdowns(replace(old, events=old.events[: i + 1])))
    assert new.events[:at] == old.events[:at]
    was, now = old.events[at], new.events[at]
    assert isinstance(was, Happening) and isinstance(now, Happening)
    assert (was.data["punch"], was.data["penalty"]) != ("Special Move", 2)
    assert was.data["penalty"] == 1
    assert (now.type, now.data["punch"], now.data["penalty"]) == ("knockdown", "Special Move", 2)
