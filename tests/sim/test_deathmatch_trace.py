"""Battle by battle: the fast engine's dice, replayed through the reference engine, give the same battle.

The fast kernel records every die face it uses, in the order the reference engine asks for them
(initiative, coin and rock-paper-scissors tie-breaks, the random policy's target die, attack and
defence). Replaying those faces as a dice script through ``Ruleset.run`` must reproduce the
winner, the finish, the round, the dice count and every figure's HP at the end, and use up the
script exactly. Any difference in the flow (acting order, tie-breaks, target choice, damage, the
end of the battle) shows up here as a concrete battle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from tests.sim.deathmatch_setups import (
    DEATHMATCH,
    FIENDS,
    GLASS,
    STALE,
    TWINS_A,
    TWINS_B,
    WALL,
    options,
    sample,
)
from turnbuckle.core.events import Happening
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.deathmatch.figures import Army
from turnbuckle.sim.deathmatch.fast import OUTCOMES, SHARED, trace

MATCHUPS: list[tuple[str, list[Army], dict[str, object]]] = [
    ("court-host", [sample("ash-court"), sample("bog-host")], {}),
    ("swarm-trio", [sample("goblin-swarm"), sample("dread-trio")], {}),
    ("three", [sample("crypt-guard"), sample("ash-court"), sample("goblin-swarm")], {}),
    ("four", [sample("ash-court"), sample("bog-host"), sample("dread-trio"), sample("goblin-swarm")], {}),
    ("twins", [TWINS_A, TWINS_B], {}),
    ("fiends", FIENDS, {"cap": 18}),
    ("wall-glass", [WALL, GLASS, TWINS_A], {"max_rounds": 6}),
    ("stalemates", STALE, {}),
]
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"tiebreak": "rps"},
    {"default_policy": "weakest"},
    {"default_policy": "strongest", "tiebreak": "rps"},
    {"default_policy": "most-dangerous"},
    {"default_policy": "random"},
    {"default_policy": "random", "tiebreak": "rps", "max_rounds": 3},
]
#: Per-seat policies (``--policy SIDE=KIND``), mixed with the default for the other seats.
MIXED: dict[int, str] = {0: "random", 1: "most-dangerous", 2: "weakest", 3: "auto"}
BATTLES = 8


def _check(sides: Sequence[Army], opts: Mapping[str, object], seed: int, n: int,
           players: Mapping[int, str] | None = None) -> None:
    resolved = options(**opts)
    traced = trace(sides, resolved, n, seed=seed, players=players)
    for i in range(n):
        source = ScriptedSource.from_values(traced.faces[i])
        record = DEATHMATCH.run(sides, source, resolved, players)
        assert source.remaining == 0, f"battle {i}: the reference engine left {source.remaining} dice unused"
        assert (record.result.winner, record.result.method) == OUTCOMES[traced.codes[i]], f"battle {i}"
        drawn = record.result.extra.get("drawn", [])
        assert isinstance(drawn, list)
        assert [record.names.index(str(name)) for name in drawn] == list(SHARED[traced.codes[i]]), f"battle {i}"
        assert record.result.at["round"] == traced.rounds[i], f"battle {i}"
        assert len(record.result.extra["survivors"]) == traced.survivors[i], f"battle {i}"  # type: ignore[arg-type]
        assert traced.dice[i] == len(traced.faces[i])
        last = [e for e in record.events if isinstance(e, Happening) and e.type == "round_end"][-1]
        assert list(last.data["hp"].values()) == traced.final_hp[i], f"battle {i}"  # type: ignore[union-attr]


@pytest.mark.slow  # the stalemates play to the turn limit
@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
@pytest.mark.parametrize("matchup", range(len(MATCHUPS)), ids=[m[0] for m in MATCHUPS])
def test_traced_battles_replay_identically(matchup: int, opts: dict[str, object]) -> None:
    _, sides, base = MATCHUPS[matchup]
    _check(sides, {**base, **opts}, seed=100 + matchup, n=BATTLES)


@pytest.mark.parametrize("matchup", range(len(MATCHUPS)), ids=[m[0] for m in MATCHUPS])
@pytest.mark.parametrize("tiebreak", ["coin", "rps"])
def test_per_seat_policies_replay_identically(matchup: int, tiebreak: str) -> None:
    _, sides, base = MATCHUPS[matchup]
    players = {seat: kind for seat, kind in MIXED.items() if seat < len(sides)}
    _check(sides, {**base, "tiebreak": tiebreak}, seed=7 + matchup, n=BATTLES, players=players)


def test_traces_cover_every_kind_of_finish() -> None:
    """The traced battles are not all alike: wins for every seat of four, round-limit draws among
    every seat still standing, and stalemates (at the start, and after a kill) without the
    eliminated player."""
    seen: set[tuple[int | None, str, tuple[int, ...]]] = set()
    for sides, opts in ((FIENDS, {"cap": 18, "max_rounds": 2}), (FIENDS, {"cap": 18}), (STALE, {}),
                        (STALE[:2], {})):
        for code in trace(sides, options(**opts), 400, seed=5).codes:
            seen.add((*OUTCOMES[code], SHARED[code]))
    assert {(seat, "last-standing", ()) for seat in range(4)} <= seen
    assert (None, "round-limit", (0, 1, 2, 3)) in seen
    assert (None, "stalemate", (0, 1)) in seen
    assert (None, "stalemate", (0, 1, 2)) not in seen  # Greens' Pawn can always be hurt
    three = trace(STALE, options(), 400, seed=5)
    after_a_kill = [r for c, r in zip(three.codes, three.rounds, strict=True) if OUTCOMES[c][1] == "stalemate"]
    assert after_a_kill and min(after_a_kill) >= 1


def test_trace_is_a_slice_of_the_run() -> None:
    """Battle i of a run is the same battle whether traced alone or in a batch."""
    sides = MATCHUPS[0][1]
    whole = trace(sides, options(), 50, seed=9)
    part = trace(sides, options(), 10, seed=9, start=20)
    assert part.faces == whole.faces[20:30]
    assert part.codes == whole.codes[20:30]
