"""History stays verifiable: a league exported by turnbuckle 0.1.0 (before MatchMatch 1.3, boxing
1.2 and folkstyle 1.1) still verifies, every match replaying under the rules version it was played
with, and its table matches still replay from their entries (tests/league/fixtures/README.md)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from turnbuckle.league.verify import load_export, verify_export
from turnbuckle.rulesets.registry import get_ruleset

FIXTURE = Path(__file__).parent / "fixtures" / "league-export-0.1.0.json.gz"


def old_export() -> dict[str, Any]:
    return load_export(gzip.decompress(FIXTURE.read_bytes()).decode("utf-8"), FIXTURE.name)


def test_a_league_exported_by_0_1_0_still_verifies() -> None:
    data = old_export()
    assert data["format"] == "turnbuckle.league-export/2" and data["package_version"] == "0.1.0"
    played = {(m["ruleset"], m["ruleset_version"]) for s in data["shows"] for m in s["matches"]}
    assert ("matchmatch", "1.2") in played and ("boxing", "1.1") in played and ("folkstyle", "1.0") in played
    for rid, version in played:  # the rules changed since: each game still plays the version it was played with
        info = get_ruleset(rid).info
        assert version in info.playable_versions
    assert get_ruleset("matchmatch").info.version != "1.2"
    findings, notes = verify_export(data)
    assert findings == []
    assert sum("replayed" in n for n in notes) >= 5
    assert sum(n.startswith("table match") for n in notes) == 2


def test_an_edit_to_the_old_export_is_still_found() -> None:
    data = old_export()
    match = next(m for s in data["shows"] for m in s["matches"] if m["options"].get("type") == "strap")
    match["record"]["result"]["method"] = "four corners"  # what 1.3 would call it: not what 1.2 played
    findings, _ = verify_export(json.loads(json.dumps(data)))
    assert any("replay differs" in f for f in findings)
