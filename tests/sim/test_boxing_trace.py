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

from tests.boxing.golden_records import special_combo_knockdowns
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


#: Bouts (found by tracing 3,000 bouts of each setup) in which a combo floors a fighter with a
#: Special Move that took less HP than the combo's first punch: rules 1.2 give that knockdown the
#: Special Move's -2 (1.1 gave the first punch's -1). About one bout in 300 of the mirrors.
SPECIAL_COMBOS: list[tuple[str, list[Fighter], dict[str, object], int, list[int]]] = [
    ("iron-chin mirror", [sample("iron-chin"), sample("iron-chin")], {}, 11, [305, 504, 799, 1127, 1416]),
    ("Wall mirror", [fighter("Wall", 1, 4, 10), fighter("Wall 2", 1, 4, 10)], {}, 12, [48, 291, 500, 524, 590]),
    ("slugger-glass-cannon literal", [sample("slugger"), sample("glass-cannon")], {"getup": "literal"}, 13, [359]),
]


@pytest.mark.parametrize("setup", range(len(SPECIAL_COMBOS)), ids=[s[0] for s in SPECIAL_COMBOS])
def test_a_special_move_in_a_combo_carries_its_own_penalty_in_both_engines(setup: int) -> None:
    """The rule 1.2 changed, bout by bout: each of these bouts holds such a knockdown, and the fast
    engine's bout (its dice replayed through the reference engine) is the same bout."""
    _, sides, opts, seed, bouts = SPECIAL_COMBOS[setup]
    resolved = options(**opts)
    for i in bouts:
        traced = trace(sides, resolved, 1, seed=seed, start=i)
        record, left = _replay(sides, resolved, traced.faces[0])
        assert left == 0, f"bout {i}"
        assert special_combo_knockdowns(record) >= 1, f"bout {i} no longer has the knockdown it was chosen for"
        assert (record.result.winner, record.result.method) == OUTCOMES[traced.codes[0]], f"bout {i}"
        assert spec_for("boxing").length_of(record.result, record.options) == traced.turns[0], f"bout {i}"
        downs = [sum(1 for e in record.events if isinstance(e, Happening) and e.type == "knockdown"
                     and e.data["fighter"] == name) for name in record.names]
        assert tuple(downs) == traced.knockdowns[0], f"bout {i}"
        assert traced.dice[0] == len(traced.faces[0]), f"bout {i}"
