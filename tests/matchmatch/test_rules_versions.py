"""Rules versions: 1.3 is the current one, and a match played with ``version="1.2"`` plays exactly
as the engine played it before 1.3 (the golden records of ``golden_v12.py``)."""

from __future__ import annotations

import json

import pytest

from tests.matchmatch.golden_v12 import CASES, RULESET, fingerprint, load_golden, played, sides_of
from turnbuckle.core.errors import RulesError
from turnbuckle.core.sources import SeededSource


def test_the_golden_file_holds_every_case() -> None:
    golden = load_golden()
    assert [(r["case"], r["seed"]) for r in golden] == [(c.name, s) for c in CASES for s in c.seeds]
    assert len(golden) >= 90


def test_version_1_2_replays_the_golden_records_byte_for_byte() -> None:
    golden = {(r["case"], r["seed"]): r for r in load_golden()}
    wrong = []
    for name, seed, text in played("1.2"):
        want = {k: v for k, v in golden[(name, seed)].items() if k not in ("case", "seed")}
        got = fingerprint(text)
        assert json.loads(text)["ruleset_version"] == "1.2"
        if got == want:
            continue
        what = [k for k in ("dice", "events", "result") if got[k] != want[k]] or ["the events' contents"]
        wrong.append(f"{name} seed {seed}: {', '.join(what)} differ")
    assert wrong == []


def test_the_golden_cases_hold_what_1_3_changed() -> None:
    """Played under 1.3, the same cases meet every change 1.3 made (so the 1.2 replay above is a
    real check of the gates): roll-offs for the lowest total, styles halved twice, team injuries
    given to a member, and specialty finishes."""
    golden = {(r["case"], r["seed"]): r["sha256"] for r in load_golden()}
    seen = {"lowest_tie": 0, "compound": 0, "member": 0, "finish": 0, "differ": 0}
    for name, seed, text in played(None):
        data = json.loads(text)
        assert data["ruleset_version"] == "1.3"
        seen["differ"] += fingerprint(text)["sha256"] != golden[(name, seed)]
        for e in data["events"]:
            if e["type"] == "lowest_tie":
                seen["lowest_tie"] += 1
            elif e["type"] == "side":
                styles = [h["style"] for h in e["halvings"]]
                seen["compound"] += len(styles) > len(set(styles))
            elif e["type"] == "injury_check" and e.get("member_index") is not None:
                seen["member"] += 1
        seen["finish"] += data["result"]["method"] in ("escape", "four corners", "ten count")
    assert min(seen.values()) > 0, seen
    assert seen["differ"] > len(golden) // 2, seen


def test_an_unknown_version_is_refused() -> None:
    with pytest.raises(RulesError, match=r"cannot be played here; this turnbuckle plays 1\.3, 1\.2"):
        RULESET.run(sides_of(CASES[0]), SeededSource(1), {}, version="1.1")
