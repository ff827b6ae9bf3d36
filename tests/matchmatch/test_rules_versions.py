"""Rules versions: 1.3 is the current one, and a match played with ``version="1.2"`` plays exactly
as the engine played it before 1.3 (the golden records of ``golden_v12.py``)."""

from __future__ import annotations

import json

import pytest

from tests.matchmatch.golden_v12 import CASES, RULESET, fingerprint, load_golden, played
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
