"""Match by match: the fast engine's dice, replayed through the reference engine, give the same match.

The fast kernel records every die face it uses (roll-offs, move, quality and follow-up dice), in
the order the reference engine asks for them. Replaying those faces as a dice script through
``Ruleset.run`` must reproduce the winner, the finish, the period and turn, the number of
stalling calls, the riding-time point and the number of dice, and use up the script exactly.
The automatic player's choices are not in the script: the reference engine makes them itself,
so any difference between its choices and the fast engine's tables shows up as a different match.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.sim.folkstyle.conftest import FOLKSTYLE, blocker, options, sample, staller
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.folkstyle import engine
from turnbuckle.rulesets.folkstyle.card import Card
from turnbuckle.rulesets.folkstyle.choices import Pick
from turnbuckle.rulesets.folkstyle.odds import PeriodOdds
from turnbuckle.rulesets.folkstyle.options import SAFETY_CAP_CYCLES
from turnbuckle.sim.folkstyle import tables
from turnbuckle.sim.folkstyle.fast import OUTCOMES, Traced, trace
from turnbuckle.sim.specs import spec_for

CONFIGS: list[tuple[str, tuple[Card, Card], dict[str, object]]] = [
    ("brick-cal", (sample("brick-halvorsen"), sample("cal-okafor")), {}),
    ("milo-tess no riding", (sample("milo-sarkis"), sample("tess-varga")), {"riding_time": False}),
    ("tess-brick threshold 3", (sample("tess-varga"), sample("brick-halvorsen")), {"riding_threshold": 3}),
    ("tess mirror threshold 1", (sample("tess-varga"), sample("tess-varga")), {"riding_threshold": 1}),
    ("stallers near fall", (staller("Sam", near_fall=True), staller("Stu", escape_base=5)), {}),
    ("stallers threshold 1", (staller("Sam"), staller("Stu")), {"riding_threshold": 1}),
]
MATCHES = 60


def _replay(sides: list[Card], opts: Mapping[str, object], faces: list[int]) -> tuple[MatchRecord, int]:
    source = ScriptedSource.from_values(faces)
    record = FOLKSTYLE.run(sides, source, opts)
    return record, source.remaining


def _check(sides: list[Card], resolved: Mapping[str, Any], traced: Traced, i: int) -> MatchRecord:
    record, left = _replay(sides, resolved, traced.faces[i])
    assert left == 0, f"match {i}: the reference engine left {left} dice of the trace unused"
    result = record.result
    assert (result.winner, result.method) == OUTCOMES[traced.codes[i]], f"match {i}"
    assert result.at == {"period": traced.periods[i], "turn": traced.turns[i]}, f"match {i}"
    assert spec_for("folkstyle").length_of(result, record.options) == (traced.periods[i] - 1) * 3 + traced.turns[i]
    calls = result.extra["stalling_calls"]
    assert isinstance(calls, dict)
    assert sum(v for v in calls.values() if isinstance(v, int)) == traced.calls[i], f"match {i}"
    rode = any(isinstance(e, Happening) and e.type == "riding_time" and e.data["awarded"] for e in record.events)
    assert int(rode) == traced.rode[i], f"match {i}"
    assert traced.dice[i] == len(traced.faces[i])
    return record


@pytest.mark.parametrize("config", range(len(CONFIGS)), ids=[c[0] for c in CONFIGS])
def test_traced_matches_replay_identically(config: int) -> None:
    _, pair, opts = CONFIGS[config]
    sides = list(pair)
    resolved = options(**opts)
    traced = trace(sides, resolved, MATCHES, seed=300 + config)
    for i in range(MATCHES):
        _check(sides, resolved, traced, i)


def test_every_finish_is_replayed() -> None:
    """Up to four matches of every outcome code (both winners of every finish; the safety cap has
    its own test below), picked from longer traced runs, replay identically too: overtime, the
    top-time tiebreak and restarts at OT4 and later are all exercised."""
    seen: dict[int, int] = {}
    for _, pair, opts in CONFIGS[4:] + CONFIGS[:1]:
        sides = list(pair)
        resolved = options(**opts)
        traced = trace(sides, resolved, 4000, seed=77)
        for i, code in enumerate(traced.codes):
            if seen.get(code, 0) < 4:
                seen[code] = seen.get(code, 0) + 1
                _check(sides, resolved, traced, i)
    assert set(seen) == set(range(len(OUTCOMES) - 1))
    assert OUTCOMES[-1] == (None, "safety-cap")


def test_overtime_restarts_until_someone_wins() -> None:
    """Rules 1.1: no match is drawn; some go past OT4 (the second cycle starts there) and past OT9
    (where rules 1.0 stopped by default a draw), and replay identically."""
    sides = [staller("Sam"), staller("Stu")]
    resolved = options()
    traced = trace(sides, resolved, 3000, seed=8)
    assert OUTCOMES.index((None, "safety-cap")) not in traced.codes
    assert max(traced.periods) > 3 + 3 * 3
    late = [i for i, p in enumerate(traced.periods) if p >= 7][:4]
    later = [i for i, p in enumerate(traced.periods) if p > 12][:4]
    assert late and later
    for i in late + later:
        record = _check(sides, resolved, traced, i)
        labels = [e.data["label"] for e in record.events if isinstance(e, Happening) and e.type == "period_start"]
        assert "OT4" in labels
        assert record.result.winner is not None


def test_the_safety_cap_is_replayed() -> None:
    """Cards that can never finish: the kernel stops every match after the safety cap's 1,000
    level overtime cycles, as the reference engine does, with the same dice to the last."""
    sides = [blocker("Wall"), blocker("Wally")]
    resolved = options()
    traced = trace(sides, resolved, 2, seed=3)
    for i in range(2):
        assert OUTCOMES[traced.codes[i]] == (None, "safety-cap")
        assert (traced.periods[i], traced.turns[i]) == (3 + 3 * SAFETY_CAP_CYCLES, 3)
        record = _check(sides, resolved, traced, i)
        assert record.result.summary.startswith("No winner")


def test_trace_is_a_slice_of_the_run() -> None:
    sides = [sample("brick-halvorsen"), sample("cal-okafor")]
    whole = trace(sides, options(), 50, seed=9)
    part = trace(sides, options(), 10, seed=9, start=20)
    assert part.faces == whole.faces[20:30]
    assert part.codes == whole.codes[20:30]


def _choosy(odds: PeriodOdds, chooser: int, options: tuple[str, ...], calls: tuple[int, int],
            turns: int = 3) -> Pick:
    """A stand-in policy that always defers when it may, and otherwise picks by the parity of the
    calls and the chooser (all the choice table can see)."""
    if "Defer" in options:
        return Pick("Defer", {})
    return Pick(options[(calls[0] % 2 + calls[1] % 2 + chooser) % len(options)], {})


def test_defer_is_replayed_identically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The automatic player never defers (see ``test_fast.py``), so the kernel's Defer branch is
    exercised here with a policy that always defers, given to both engines: the reference engine
    calls it at the table, the fast engine tabulates it. Every match must replay identically."""
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(engine, "auto_pick", _choosy)
    monkeypatch.setattr(tables, "auto_pick", _choosy)
    tables._build.cache_clear()
    try:
        for pair in (CONFIGS[0][1], CONFIGS[5][1]):
            sides = list(pair)
            resolved = options()
            traced = trace(sides, resolved, 60, seed=12)
            for i in range(60):
                record = _check(sides, resolved, traced, i)
                defers = [e for e in record.events if isinstance(e, Happening) and e.type == "defer"]
                # one defer per roll-off: none if the match ended in period 1 (a pin)
                assert len(defers) == (traced.periods[i] + 1) // 3
    finally:
        tables._build.cache_clear()
