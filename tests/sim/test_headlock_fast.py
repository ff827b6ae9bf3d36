"""The fast Headlock engine, match by match: its recorded cards and dice, replayed through the
reference engine as a dice script, give the same match (winner, finish, turn, dice, knockdowns)
and use up the script exactly. The script names every card, so the replay also proves each card
came from the right pile (the scripted source rejects a card that is not in it).

Most replays use the smart player as a table lookup (``headlock_support.table_smart_move``);
``test_smart_table_is_smart_move`` and ``test_replay_with_the_real_smart_player`` tie the table
to the ruleset's own ``smart_move``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np
import pytest

from tests.sim.headlock_support import HEADLOCK, SAMPLES, options, sample, smart_by_table
from turnbuckle.core.events import Happening
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.headlock import holds, trumps
from turnbuckle.rulesets.headlock.players import MoveView, Rules, Wrestler, move_options, smart_move
from turnbuckle.sim import drive
from turnbuckle.sim.headlock import kernel, tables
from turnbuckle.sim.headlock.fast import OUTCOMES, Setup, run, trace
from turnbuckle.sim.headlock.tables import CARDS, CODES, cached_smart_table, smart_table
from turnbuckle.sim.specs import FastEngineUnsupported
from turnbuckle.sim.stats import chi2_homogeneity

CASES: list[tuple[int, int, dict[str, object], dict[int, str] | None]] = [
    (0, 1, {}, None),
    (2, 3, {"deck": "own"}, None),
    (2, 4, {"choke": True, "knockout": True, "getup_die": "d8", "getup_rolls": 1}, None),
    (3, 0, {"knockout": True, "getup_die": "d8", "getup_rolls": 2, "turns": 20}, {0: "solo"}),
    (1, 2, {"cap": 3, "choke": True, "turns": 15}, {0: "solo", 1: "solo"}),
    (4, 2, {"knockout": True, "getup_die": "d20", "deck": "own", "turns": 8}, {1: "solo"}),
    (4, 2, {"choke": True, "turns": 40}, None),
]
MATCHES = 45


def _replay(sides: Sequence[object], opts: Mapping[str, object], tokens: list[str | int],
            players: Mapping[int, str] | None) -> tuple[object, int]:
    source = ScriptedSource.from_values(tokens)
    record = HEADLOCK.run(sides, source, opts, players)
    return record, source.remaining


def _check(case: int, n: int, seed: int) -> set[int]:
    a, b, opts, players = CASES[case]
    sides = [sample(SAMPLES[a]), sample(SAMPLES[b])]
    resolved = options(**opts)
    traced = trace(sides, resolved, n, seed=seed, players=players)
    for i in range(n):
        record, left = _replay(sides, resolved, traced.tokens[i], players)
        result = record.result  # type: ignore[attr-defined]
        assert left == 0, f"match {i}: {left} tokens of the trace unused"
        assert (result.winner, result.method) == OUTCOMES[traced.codes[i]], f"match {i}"
        assert result.at["turn"] == traced.turns[i], f"match {i}"
        events = record.events  # type: ignore[attr-defined]
        downs = sum(1 for e in events if isinstance(e, Happening) and e.type == "knockdown")
        assert downs == traced.knockdowns[i], f"match {i}"
        assert traced.dice[i] == sum(1 for t in traced.tokens[i] if isinstance(t, int))
    return set(traced.codes)


@pytest.mark.parametrize("case", range(len(CASES)))
def test_traced_matches_replay_identically(case: int, monkeypatch: pytest.MonkeyPatch) -> None:
    with smart_by_table(monkeypatch):
        _check(case, MATCHES, seed=100 + case)


def test_replay_with_the_real_smart_player() -> None:
    """No table in the reference engine here: its own smart_move chooses every move."""
    assert _check(0, 12, seed=5)
    assert _check(2, 8, seed=6)


def test_traces_cover_every_finish(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: set[int] = set()
    with smart_by_table(monkeypatch):
        for case in (2, 4, 5, 6):
            seen |= _check(case, 120, seed=77)
    assert seen == set(range(len(OUTCOMES)))


@pytest.mark.parametrize(("a", "b", "rules"), [(0, 1, Rules()), (2, 4, Rules(choke=True, knockout=True)),
                                               (3, 2, Rules(knockout=True, getup_die=8, getup_rolls=3))])
def test_smart_table_is_smart_move(a: int, b: int, rules: Rules) -> None:
    """The table's choice equals the ruleset's smart_move on random views (all knockdown rows)."""
    me, opp = sample(SAMPLES[a]), sample(SAMPLES[b])
    table = smart_table(me, opp, rules)
    rng = random.Random(a * 10 + b)
    numbers = [i for i, c in enumerate(CARDS) if not c.is_face]
    for _ in range(120):
        ci, hp, kd = rng.choice(numbers), rng.randrange(opp.hp + 1), rng.randrange(table.shape[2] + 2)
        view = MoveView(Wrestler(me.name, me, rng.randrange(1, me.hp + 1)), CARDS[ci],
                        Wrestler(opp.name, opp, hp, kd), move_options(me, CARDS[ci], 7), rng.randrange(1, 60), rules)
        assert CODES[table[ci, hp, min(kd, table.shape[2] - 1)]] == smart_move(view), (ci, hp, kd)
    assert (table[[i for i, c in enumerate(CARDS) if c.is_face]] == -1).all()


def test_kernel_constants_are_the_rules() -> None:
    assert kernel.SUIT_BONUS == trumps.SUIT_BONUS
    assert kernel.SPECIAL_BONUS == trumps.SPECIAL_BONUS
    assert kernel.SUBMISSION_ROLLS == holds.SUBMISSION_ROLLS
    assert kernel.PIN_ROLLS == holds.PIN_ROLLS
    assert kernel.CHOKE_ON_ROLL == holds.CHOKE_ON_ROLL


def test_same_results_for_any_thread_count(monkeypatch: pytest.MonkeyPatch) -> None:
    sides = [sample(SAMPLES[2]), sample(SAMPLES[3])]
    one = run(sides, options(choke=True), 20_000, seed=3, threads=1, chunk=7000, build="jit")
    two = run(sides, options(choke=True), 20_000, seed=3, threads=2, build="jit")
    built = run(sides, options(choke=True), 20_000, seed=3, threads=1, build="aot")  # no numba at run time
    monkeypatch.setattr(drive, "SPLIT_FROM_S", 0.0)  # split however short the run
    split = run(sides, options(choke=True), 20_000, seed=3, threads=2, build="aot")  # on two threads
    assert one == two == built == split
    assert one.n == 20_000


def test_trace_is_a_slice_of_the_run() -> None:
    sides = [sample(SAMPLES[0]), sample(SAMPLES[3])]
    whole = trace(sides, options(), 40, seed=9)
    part = trace(sides, options(), 10, seed=9, start=20)
    assert part.tokens == whole.tokens[20:30]
    assert part.codes == whole.codes[20:30]


def test_cards_are_drawn_uniformly() -> None:
    """Chi-square checks on the kernel's piles (the replays prove each card was legal, not that
    it was uniform): each side's first card is uniform over the deck, and the first card after a
    reshuffle is uniform over the side's own 26 discards."""
    sides = [sample(SAMPLES[3]), sample(SAMPLES[3])]  # even matches: most reach the reshuffle
    traced = trace(sides, options(turns=30), 6000, seed=12)
    codes = [c.code for c in CARDS]
    first = np.zeros((2, 52), np.int64)
    after = np.zeros(26, np.int64)
    for toks in traced.tokens:
        cards = [t for t in toks if isinstance(t, str)]
        for side in (0, 1):
            own = cards[side::2]
            first[side, codes.index(own[0])] += 1
            if len(own) > 26:
                assert len(set(own[:26])) == 26
                assert set(own[26:]) <= set(own[:26]) and len(set(own[26:])) == len(own[26:])
                after[own[:26].index(own[26])] += 1
    assert after.sum() > 1500
    for counts in (first[0], first[1], after):
        uniform = [int(counts.sum()) // len(counts)] * len(counts)
        assert chi2_homogeneity(list(counts), uniform)[2] > 1e-3


def test_unsupported_setups_fall_back() -> None:
    four = [sample(SAMPLES[i]) for i in range(4)]
    with pytest.raises(FastEngineUnsupported, match="2 or 4 wrestlers"):
        Setup.of(four[:3], options())
    with pytest.raises(FastEngineUnsupported, match="human"):
        Setup.of(four[:2], options(), {0: "human"})
    with pytest.raises(FastEngineUnsupported, match="option"):
        Setup.of(four[:2], {**options(), "ring": "steel"})


def test_smart_tables_are_kept_on_disk(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first short run of a matchup builds its smart tables and saves them; a later one reads
    them back (building is not even called) and gets the very same table; other rules options
    are another entry."""
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    me, opp = sample(SAMPLES[0]), sample(SAMPLES[1])
    rules = Rules(choke=True, knockout=True, getup_rolls=3, getup_die=8)
    built = cached_smart_table(me, opp, rules)
    assert (built == smart_table(me, opp, rules)).all()

    def no_build(*_: object) -> object:
        raise AssertionError("the table should have come from the disk cache")

    monkeypatch.setattr(tables, "smart_table", no_build)
    again = cached_smart_table(me, opp, rules)
    assert again.dtype == built.dtype and (again == built).all()
    with pytest.raises(AssertionError, match="disk cache"):
        cached_smart_table(me, opp, Rules())
