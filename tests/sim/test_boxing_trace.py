"""Bout by bout: the fast engine's dice, replayed through the reference engine, give the same bout.

The fast kernel records every die face it uses, in the order the reference engine asks for them.
Replaying those faces as a dice script through ``Ruleset.run`` must reproduce the winner, the
finish, the round and turn, each fighter's knockdowns and the number of dice, and use up the
script exactly. Any difference in the flow of a bout (clinch, combo, fatigue, penalties, get-ups,
the decision) shows up here as a concrete bout.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tests.sim.conftest import BOXING, fighter, options, sample
from turnbuckle.core.events import Happening
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.boxing.sheet import Fighter
from turnbuckle.sim.boxing.fast import OUTCOMES, trace
from turnbuckle.sim.specs import spec_for

MATCHUPS: list[tuple[Fighter, Fighter]] = [
    (sample("all-rounder"), sample("slugger")),
    (sample("glass-cannon"), sample("iron-chin")),
    (sample("speedster"), sample("glass-cannon")),
    (sample("iron-chin"), sample("iron-chin")),  # long bouts: decisions and draws
    (fighter("Brick", 10, 1, 4), fighter("Wisp", 1, 4, 10)),  # extremes of damage and speed
    (fighter("Paper", 10, 4, 1), fighter("Flash", 4, 10, 1)),  # Toughness 1: penalties hit Speed
]
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"combo": False},
    {"fatigue": "cumulative"},
    {"getup": "literal"},
    {"rounds": 2},
    {"rounds": 1, "getup": "literal", "fatigue": "cumulative", "combo": True},
    {"rounds": 2, "last_interval": "heal"},
]
BOUTS = 150


def _replay(sides: list[Fighter], opts: Mapping[str, object], faces: list[int]) -> tuple[Any, int]:
    source = ScriptedSource.from_values(faces)
    record = BOXING.run(sides, source, opts)
    return record, source.remaining


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
@pytest.mark.parametrize("pair", range(len(MATCHUPS)))
def test_traced_bouts_replay_identically(pair: int, opts: dict[str, object]) -> None:
    sides = list(MATCHUPS[pair])
    resolved = options(**opts)
    traced = trace(sides, resolved, BOUTS, seed=1000 + pair)
    spec = spec_for("boxing")
    for i in range(BOUTS):
        record, left = _replay(sides, resolved, traced.faces[i])
        assert left == 0, f"bout {i}: the reference engine left {left} dice of the trace unused"
        winner, method = OUTCOMES[traced.codes[i]]
        assert (record.result.winner, record.result.method) == (winner, method), f"bout {i}"
        assert spec.length_of(record.result, record.options) == traced.turns[i], f"bout {i}"
        downs = [sum(1 for e in record.events if isinstance(e, Happening) and e.type == "knockdown"
                     and e.data["fighter"] == name) for name in record.names]
        assert tuple(downs) == traced.knockdowns[i], f"bout {i}"
        assert traced.dice[i] == len(traced.faces[i])


def test_traces_cover_every_kind_of_finish() -> None:
    """The traced bouts above are not all alike: together they hold every outcome code."""
    seen: set[int] = set()
    for pair, opts in ((3, {"rounds": 1}), (0, {}), (2, {"getup": "literal"})):
        sides = list(MATCHUPS[pair])
        seen.update(trace(sides, options(**opts), 400, seed=5).codes)
    assert seen == set(range(len(OUTCOMES)))


def test_trace_is_a_slice_of_the_run() -> None:
    """Bout i of a run is the same bout whether traced alone or in a batch."""
    sides = list(MATCHUPS[0])
    whole = trace(sides, options(), 50, seed=9)
    part = trace(sides, options(), 10, seed=9, start=20)
    assert part.faces == whole.faces[20:30]
    assert part.codes == whole.codes[20:30]
