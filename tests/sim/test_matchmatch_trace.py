"""Match by match: the fast MatchMatch engine's dice, replayed through the reference engine, give
the same match.

The kernel records every die face it uses, in the order the reference engine asks for them.
Replaying those faces as a dice script through ``Ruleset.run`` must reproduce the winner, the
finish, the round, the injuries and the number of dice, and use up the script exactly. Any
difference in the flow (grid picks, style rerolls, actions and their limits, High Risk extras,
cheats and DQs, damage, injuries, victory checks, ties) shows up here as a concrete match.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.sim.matchmatch.helpers import FLYER, GROUNDER, MM, TYPES, matchups, options, sample, side
from turnbuckle.core.errors import RulesError, StrategyError
from turnbuckle.core.events import Happening
from turnbuckle.core.sources import ScriptedSource, SeededSource
from turnbuckle.rulesets.matchmatch import engine
from turnbuckle.rulesets.matchmatch.rounds import ROUND_TYPES
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES
from turnbuckle.sim.fast_support import fast_key
from turnbuckle.sim.matchmatch import kernel
from turnbuckle.sim.matchmatch.fast import OUTCOMES, trace
from turnbuckle.sim.matchmatch.tables import HIGH_RISK_EXTRA_FACE, MAX_SIDES, Setup
from turnbuckle.sim.specs import spec_for

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"type": "cage", "referee": "roll"},
    {"type": "strap", "referee": "zero tolerance", "by_style_rounds": "match"},
    {"grid": "Po Te Br / We MA HF / Br MA Ch", "rounds": 6, "referee": "sam atan"},
    {"type": "brutal"},
    {"type": "rough", "referee": "roll"},
    {"type": "scaffold"},
    {"referee": '{"dq_threshold":4,"name":"Hank Hard"}'},  # a referee sheet, as the command line passes one
]
MATCHES = 60


def _replay(sides: list[Any], opts: dict[str, Any], faces: list[int]) -> tuple[Any, int]:
    source = ScriptedSource.from_values(faces)
    record = MM.run(sides, source, opts)
    return record, source.remaining


def _refusal(sides: list[Any], opts: dict[str, Any]) -> str:
    try:
        MM.run(sides, SeededSource(1), opts)
    except RulesError as exc:  # run refuses a side's strategy problems before any roll
        return str(exc)
    return ""


@pytest.mark.parametrize("which", range(len(OPTION_SETS)))
@pytest.mark.parametrize("pair", range(len(matchups())))
def test_traced_matches_replay_identically(pair: int, which: int, tmp_path: Path) -> None:
    sides = list(matchups()[pair])
    given = dict(OPTION_SETS[which])
    if given.get("type") in ("brutal", "rough"):
        given["types"] = TYPES
    resolved = options(**given)
    refused = _refusal(sides, resolved)
    if refused:  # a strategy the match type forbids: both engines refuse it, in the same words
        with pytest.raises(StrategyError) as fast:
            trace(sides, resolved, 1, seed=1)
        assert str(fast.value) == refused
        return
    traced = trace(sides, resolved, MATCHES, seed=100 + pair * 10 + which)
    spec = spec_for("matchmatch")
    for i in range(MATCHES):
        record, left = _replay(sides, resolved, traced.faces[i])
        assert left == 0, f"match {i}: the reference engine left {left} dice of the trace unused"
        assert (record.result.winner, record.result.method) == traced.results[i], f"match {i}"
        assert spec.length_of(record.result, record.options) == traced.rounds[i], f"match {i}"
        assert spec.figures_from(record)["injuries"] == traced.injuries[i], f"match {i}"
        assert traced.dice[i] == len(traced.faces[i])


@pytest.mark.parametrize("which", range(len(OPTION_SETS)))
def test_the_run_plays_each_match_as_its_trace_does(which: int) -> None:
    """A run's kernel keeps one work row for each block of matches and reuses it from match to
    match (and from run to run: here it starts full of leftovers), where a trace gives every match
    a fresh row of zeros. Match by match they must agree, so no match reads a field of its row
    before it sets it."""
    given = dict(OPTION_SETS[which])
    if given.get("type") in ("brutal", "rough"):
        given["types"] = TYPES
    resolved = options(**given)
    n = 2 * kernel.BLOCK + 37  # three blocks, the last one short
    for pair in matchups():
        sides = list(pair)
        if _refusal(sides, resolved):
            continue
        traced = trace(sides, resolved, n, seed=13 + which)
        work = np.full((3, kernel.WORK), 7_777, np.int32)
        codes, lengths = np.empty(n, np.int8), np.empty(n, np.int16)
        dice, hurt = np.empty(n, np.int32), np.empty(n, np.int16)
        run_chunk: Any = kernel.run_chunk
        run_chunk(np.uint64(fast_key(13 + which)), 0, n, work, *Setup.of(sides, resolved).args(),
                  codes, lengths, dice, hurt)
        assert codes.tolist() == traced.codes
        assert lengths.tolist() == traced.rounds
        assert dice.tolist() == traced.dice
        assert hurt.tolist() == traced.injuries


def test_traces_cover_every_kind_of_finish(tmp_path: Path) -> None:
    """The traced matches are not all alike: together they hold every outcome code."""
    seen: set[int] = set()
    pairs = matchups()
    for pair, opts in ((3, {}), (5, {}), (5, {"referee": "sam atan"}), (0, {"rounds": 2}), (4, {"type": "strap"})):
        seen.update(trace(list(pairs[pair]), options(**opts), 400, seed=5).codes)
    assert seen == set(range(len(OUTCOMES)))


def test_many_sides_cover_their_finishes() -> None:
    """Three sides: every side wins, and a DQ leaves the other two going."""
    sides = list(matchups()[6])
    traced = trace(sides, options(referee="bill order"), 600, seed=11)
    winners = {w for w, _ in traced.results}
    assert winners == {0, 1, 2, None}
    assert {"pinfall", "double count-out"} <= {m for _, m in traced.results}
    # A disqualified side leaves and the other two go on to another finish.
    went_on = 0
    for i in range(200):
        record, _ = _replay(sides, options(referee="bill order"), traced.faces[i])
        dq = [e for e in record.events if isinstance(e, Happening) and e.type == "disqualified"]
        if dq and record.result.method != "dq" and record.result.at["round"] > dq[0].data["round"]:
            went_on += 1
    assert went_on > 0


@pytest.mark.parametrize(("which", "kind"), [(0, "strap"), (1, "cage"), (1, "scaffold")])
def test_what_rules_1_3_changed_replays_identically(which: int, kind: str) -> None:
    """The kernel plays rules 1.3: compound halvings (a flyer in a Strap match against two sides
    that '-' High-Flying), roll-offs among sides tied for the lowest total, the die that picks the
    team member an injury goes to, and the match type's own finish. Replayed through the reference
    engine, every traced match is the same, and together they hold each of these."""
    sides = [[side(FLYER), side(GROUNDER), side(GROUNDER)],
             [sample("odd-couple"), sample("iron-ivan"), sample("lady-lightning")]][which]
    resolved = options(type=kind)
    traced = trace(sides, resolved, 150, seed=31 + which)
    seen = {"lowest_tie": 0, "member": 0}
    for i in range(150):
        record, left = _replay(sides, resolved, traced.faces[i])
        assert left == 0, f"match {i}: the reference engine left {left} dice of the trace unused"
        assert (record.result.winner, record.result.method) == traced.results[i], f"match {i}"
        assert record.result.at["round"] == traced.rounds[i]
        for e in record.events:
            if isinstance(e, Happening) and e.type == "lowest_tie":
                seen["lowest_tie"] += 1
            if isinstance(e, Happening) and e.type == "injury_check" and e.data.get("member_index") is not None:
                seen["member"] += 1
    assert seen["lowest_tie"] > 0
    assert seen["member"] > 0 or which == 0
    finish = {"strap": "four corners", "cage": "escape", "scaffold": "ten count"}[kind]
    assert finish in {m for _, m in traced.results}
    assert {m for _, m in traced.results} <= {finish, "dq", "double dq", "double count-out", "draw"}


def test_trace_is_a_slice_of_the_run() -> None:
    sides = [sample("iron-ivan"), sample("lady-lightning")]
    whole = trace(sides, options(), 40, seed=9)
    part = trace(sides, options(), 10, seed=9, start=20)
    assert part.faces == whole.faces[20:30]
    assert part.codes == whole.codes[20:30]


def test_kernel_constants_are_the_engines() -> None:
    assert kernel.MAX_REROLLS == engine.MAX_REROLLS
    assert ROUND_TYPES[kernel.KIND_NORMAL] == "normal"
    assert ROUND_TYPES[kernel.KIND_HIGH_SPOT] == "high_spot"
    assert kernel.EXTRA_FACE == HIGH_RISK_EXTRA_FACE
    assert kernel.MAX_SIDES == MAX_SIDES == MM.info.max_sides
    assert len(GRID_STYLES) == kernel.GRID_FACES


def test_high_risk_extra_face_is_the_engines() -> None:
    """The reference engine rolls one extra die for each High Risk face equal to the constant."""
    sides = [sample("brother-bob"), sample("friendly-sam")]
    text = """
wrestler:
  name: Risky
  stamina: 10
  styles: {brawling: 5}
strategy: {plus: [brawling, power], minus: technical, rounds: [{round: All, type: high risk}]}
"""
    risky = MM.load_text(text, "risky")
    faces = [1] * 9 + [1]  # grid all Technical, round 1 style: the first '+' style (brawling)
    faces += [HIGH_RISK_EXTRA_FACE, 6, HIGH_RISK_EXTRA_FACE, 4, 5]  # two extra dice
    faces += [1, 1, 1]  # the other side's attack
    faces += [1, 1, 1]  # 20 against 4: 4 damage calls for an injury check (no injury)
    faces += [6, 6, 6]  # the victory check: a natural 18
    record = MM.run([risky, sides[1]], ScriptedSource.from_values(faces), options(rounds=1))
    attack = next(e for e in record.events if isinstance(e, Happening) and e.type == "attack")
    assert attack.data["extra"] == [4, 5]
    assert record.result.winner == 0


def test_a_strategy_that_prints_the_grid_is_played_on_it_by_both_engines() -> None:
    """No grid option: both engines play on the grid the strategy prints (no grid dice)."""
    text = ("Friendly Sam\nStamina:10\nTechnical:5\tPower:1\tMartial Arts:5\tBrawling:1\n"
            "Weight:1\tHigh Flying:4\tCheating:1\tTeamWork:1\nStyle Defenses:\nCheating:2(4)\n"
            "High Spot: 3 (costs 9)\n"
            "Strategy: +High Flying +Technical -Brawl, Grid 2\n"
            "\tA\tB\tC\n1\tPo\tTe\tBr\n2\tWe\tMA\tHF\n3\tBr\tMA\tCh\n"
            "1\tStam\tHigh Spot\tFly\n")
    sam = MM.load_text(text, "sam")
    sides = [sample("brother-bob"), sam]
    traced = trace(sides, options(), 40, seed=21)
    for i in range(40):
        record, left = _replay(sides, options(), traced.faces[i])
        assert left == 0
        assert (record.result.winner, record.result.method) == traced.results[i]
        start = next(e for e in record.events if isinstance(e, Happening) and e.type == "match_start")
        assert start.data["grid"] == [["power", "technical", "brawling"], ["weight", "martial_arts", "high_flying"],
                                      ["brawling", "martial_arts", "cheating"]]
