"""Older boxing rules still play exactly as they did: each golden record of ``golden/<version>/``
(made by that version's code: ``golden_records.py``) replays byte for byte under its own version
(``tests/golden_versions.py``), and the 1.1 bouts cover what 1.2 changed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.boxing.golden_records import BOXING, GOLDEN, special_combo_knockdowns
from tests.golden_versions import golden_paths, old_version_tests, path_id, play_again
from turnbuckle.core.events import Happening
from turnbuckle.core.record_json import parse_record

RECORDS = golden_paths(GOLDEN)
test_there_are_golden_records_of_every_older_version, test_an_older_version_replays_byte_for_byte = (
    old_version_tests(BOXING, RECORDS, at_least=6))


COVERING = [p for p in RECORDS if p.stem.startswith("special-combo-")]


@pytest.mark.parametrize("path", COVERING, ids=path_id)
def test_the_current_rules_play_them_differently(path: Path) -> None:
    """The golden 1.1 bouts cover what 1.2 changed: the same dice, under the current rules, are the
    same bout up to the first combo that floors a fighter with a Special Move that took less than
    the other punch; 1.1 gave that knockdown the other punch's -1, the current rules the -2."""
    old = parse_record(path.read_text(encoding="utf-8"))
    assert old.ruleset_version == "1.1"
    assert special_combo_knockdowns(old) >= 1
    new = play_again(BOXING, old, None)
    assert new.ruleset_version == BOXING.info.version
    at = next(i for i, e in enumerate(old.events) if isinstance(e, Happening) and e.type == "knockdown"
              and special_combo_knockdowns(replace(old, events=old.events[: i + 1])))
    assert new.events[:at] == old.events[:at]
    was, now = old.events[at], new.events[at]
    assert isinstance(was, Happening) and isinstance(now, Happening)
    assert (was.data["punch"], was.data["penalty"]) != ("Special Move", 2)
    assert was.data["penalty"] == 1
    assert (now.type, now.data["punch"], now.data["penalty"]) == ("knockdown", "Special Move", 2)
