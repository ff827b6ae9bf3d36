"""Older folkstyle rules still play exactly as they did: each golden record of ``golden/<version>/``
(made by that version's code: ``golden_records.py``) replays byte for byte under its own version
(``tests/golden_versions.py``), and the 1.0 draws cover what 1.1 changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.folkstyle.golden_records import FOLKSTYLE, GOLDEN
from tests.golden_versions import golden_paths, old_version_tests, path_id, play_again
from turnbuckle.core.events import Happening
from turnbuckle.core.record_json import parse_record

RECORDS = golden_paths(GOLDEN)
test_there_are_golden_records_of_every_older_version, test_an_older_version_replays_byte_for_byte = (
    old_version_tests(FOLKSTYLE, RECORDS, at_least=6))


DRAWS = [p for p in RECORDS if p.stem.startswith("draw-")]


@pytest.mark.parametrize("path", DRAWS, ids=path_id)
def test_the_current_rules_play_on_where_1_0_drew(path: Path) -> None:
    """The golden 1.0 draws cover what 1.1 changed: the same dice, under the current rules (the
    option left out), are the same match up to the last level cycle (the match's opening event
    apart, whose ``overtime_cycles`` is now the safety cap); then overtime restarts in neutral and
    someone wins."""
    old = parse_record(path.read_text(encoding="utf-8"))
    assert (old.ruleset_version, old.result.method, old.result.winner) == ("1.0", "draw", None)
    options: dict[str, object] = {**old.options, "overtime_cycles": 0}
    new = play_again(FOLKSTYLE, old, None, options)
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
