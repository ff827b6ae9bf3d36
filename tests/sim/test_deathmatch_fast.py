"""The fast Deathmatch engine: same seed, same tally, whatever the thread count or chunk size;
the setups it refuses and the ones it steps aside for."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.sim.deathmatch_setups import DEATHMATCH, ENDLESS, FIENDS, STALE, TWINS_A, WALL, army, fig, options, sample
from turnbuckle.core.errors import SheetError
from turnbuckle.rulesets.deathmatch import initiative, policies
from turnbuckle.rulesets.deathmatch.figures import MAX_FIGURES
from turnbuckle.sim import drive
from turnbuckle.sim.aot import chunk_ready
from turnbuckle.sim.deathmatch import fast, kernel, tables
from turnbuckle.sim.deathmatch.fast import OUTCOMES, Setup, run
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.specs import FastEngineUnsupported

SIDES = [sample("ash-court"), sample("bog-host")]


@pytest.mark.parametrize("opts", [{}, {"tiebreak": "rps", "default_policy": "random"}])
def test_identical_with_one_and_two_threads(opts: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    sides = [sample("ash-court"), sample("bog-host"), sample("dread-trio")]
    one = run(sides, options(**opts), 60_000, seed=3, threads=1, build="jit")
    two = run(sides, options(**opts), 60_000, seed=3, threads=2, build="jit")
    built = run(sides, options(**opts), 60_000, seed=3, threads=1, build="aot")  # no numba at run time
    monkeypatch.setattr(drive, "SPLIT_FROM_S", 0.0)  # split however short the run
    split = run(sides, options(**opts), 60_000, seed=3, threads=2, build="aot")  # on two threads
    assert one == two == built == split
    assert one.n == 60_000


def test_identical_whatever_the_chunk_size() -> None:
    whole = run(SIDES, options(default_policy="most-dangerous"), 20_000, seed=4)
    pieces = run(SIDES, options(default_policy="most-dangerous"), 20_000, seed=4, chunk=3_000, threads=2, build="jit")
    assert whole == pieces


def test_seed_changes_the_battles_and_n_is_counted() -> None:
    a = run(SIDES, options(), 10_000, seed=1)
    b = run(SIDES, options(), 10_000, seed=2)
    assert a != b
    assert sum(a.outcomes.values()) == a.n == sum(a.lengths.values())
    assert a.unit == "rounds"
    assert 0 < a.figures["survivors"] / a.n <= 10


def test_progress_is_reported_per_chunk() -> None:
    seen: list[int] = []
    run(SIDES, options(), 10_000, seed=1, chunk=4_000, threads=1, progress=seen.append)
    assert seen == [4_000, 8_000, 10_000]


def test_round_limit_bounds_the_length_and_gives_draws() -> None:
    t = run([WALL, TWINS_A], options(max_rounds=4), 5_000, seed=5)
    assert max(t.lengths) == 4
    assert t.outcomes.get((None, "round-limit"), 0) > 0
    assert t.draws_of(0) == t.draws_of(1) == t.draws()


def test_no_round_limit_by_default_and_the_safety_cap_ends_what_cannot_finish() -> None:
    t = run([WALL, TWINS_A], options(), 2_000, seed=5)
    assert max(t.lengths) > 50  # no 50-round limit any more
    assert set(t.outcomes) <= {(0, "last-standing"), (1, "last-standing")}
    endless = run(ENDLESS, options(), 20, seed=1, players={1: "strongest"})
    assert endless.outcomes == {(None, "safety-cap"): 20}
    assert endless.lengths == {10_000: 20}
    assert endless.drawn == {0: 20, 1: 20}


def test_a_stalemate_is_shared_only_by_the_players_still_standing() -> None:
    t = run(STALE, options(), 5_000, seed=2)
    stalemates = t.outcomes.get((None, "stalemate"), 0)
    assert stalemates > 0
    assert t.draws_of(0) == t.draws_of(1) == stalemates  # Reds and Blues share every one
    assert t.draws_of(2) == 0  # Greens is always out by then
    walls = run(STALE[:2], options(), 100, seed=2)
    assert walls.outcomes == {(None, "stalemate"): 100}
    assert walls.lengths == {0: 100}  # nothing can happen, so no round is played


def test_each_army_may_have_its_own_policy() -> None:
    sides = [sample("ash-court"), sample("bog-host"), sample("dread-trio")]
    mixed = run(sides, options(), 20_000, seed=8, players={0: "random", 2: "most-dangerous"})
    same = run(sides, options(), 20_000, seed=8)
    assert mixed != same
    done = simulate(DEATHMATCH, sides, {}, 20_000, seed=8, players={0: "random", 2: "most-dangerous"})
    assert done.engine == "fast"
    assert done.tally == mixed


def test_kernel_constants_match_the_rules() -> None:
    assert kernel.MAX_SIDES == tables.MAX_SIDES == DEATHMATCH.info.max_sides
    assert len(OUTCOMES) == len(fast.SHARED) == kernel.DRAW_BASE + 16 * (kernel.SAFETY_CAP + 1)
    assert fast.DRAW_METHODS[kernel.STALEMATE] == "stalemate"
    assert fast.DRAW_METHODS[kernel.ROUND_LIMIT] == "round-limit"
    assert fast.DRAW_METHODS[kernel.SAFETY_CAP] == "safety-cap"
    assert tables.POLICY_CODE == {"random": kernel.RANDOM, "weakest": kernel.WEAKEST, "strongest": kernel.STRONGEST,
                                  "lowest-hp": kernel.LOWEST_HP, "most-dangerous": kernel.MOST_DANGEROUS}
    assert tables.POLICY_CODE.keys() == set(policies.POLICIES)
    assert tables.TIEBREAK_CODE.keys() == set(initiative.TIEBREAKS)
    assert kernel.HP_SCALE > 99  # the highest HP a figure may have
    assert tables.MAX_PIECES < 63  # a figure is a bit of a (positive) int64 set
    assert 1 + 0 - (tables.MAX_PIECES - 1) + kernel.BUCKET_OFF >= 1
    assert 6 + 20 + kernel.BUCKET_OFF < kernel.BUCKETS
    assert 6 ** kernel.INIT_GROUP < 1 << 32
    assert tables.MAX_PIECES == tables.MAX_SIDES * MAX_FIGURES


def test_bit_scans_find_the_highest_and_lowest_set_bits() -> None:
    from numba import njit

    high_bit: Any = kernel.high_bit  # numba intrinsics: callable from compiled code only
    low_bit: Any = kernel.low_bit
    scans: Any = njit(lambda x: (high_bit(x), low_bit(x)))
    rng = np.random.default_rng(3)
    values = [1 << b for b in range(63)] + [int(x) for x in rng.integers(1, 1 << 62, 200)] + [(1 << 63) - 1, 6, 5]
    for x in values:
        assert scans(np.int64(x)) == (x.bit_length() - 1, (x & -x).bit_length() - 1), x


def test_rock_paper_scissors_table_is_the_rules() -> None:
    beats = tables.rps_beats()
    for a, throw in enumerate(initiative.THROWS):
        assert initiative.THROWS[beats[a]] == initiative.BEATS[throw]


def test_tables_come_from_the_rule_functions() -> None:
    setup = Setup.of(FIENDS, options(cap=18))
    t = setup.tables
    assert setup.pieces == 24
    # Fiend A0 (ATK 4) on Fiend B1 (DEF 3): rolls 6 and 1 give 6 + 4 - (1 + 3) = 6; 1 and 6 give 0.
    assert t.damage[0, 7, 5 * 6 + 0] == 6
    assert t.damage[0, 7, 0 * 6 + 5] == 0
    assert (t.damage >= 0).all()
    assert list(t.policy) == [tables.POLICY_CODE["lowest-hp"]] * 4


def test_over_the_cap_is_the_reference_engine_error() -> None:
    with pytest.raises(SheetError, match="over the cap of 10"):
        run(FIENDS[:2], options(), 10, seed=1)


def test_a_human_player_steps_aside() -> None:
    with pytest.raises(FastEngineUnsupported, match="human"):
        Setup.of(SIDES, options(), {1: "human"})


def test_an_unknown_option_steps_aside_to_the_reference_engine() -> None:
    with pytest.raises(FastEngineUnsupported, match="wildcards"):
        Setup.of(SIDES, {**options(), "wildcards": True})


def test_bad_setups_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 4 armies"):
        Setup.of(SIDES[:1], options())
    with pytest.raises(ValueError, match="2 to 24 figures"):
        tables.build([], {})


def test_odds_uses_the_fast_engine() -> None:
    done = simulate(DEATHMATCH, SIDES, {"tiebreak": "rps"}, 2_000, seed=1)
    assert done.engine == "fast"
    assert done.notes == []
    lone = army("Lone", fig("Lone", 5, 3, 3, 3))
    two = simulate(DEATHMATCH, [lone, lone], {}, 100, seed=1)
    assert two.tally.n == 100


def test_compiled_reports_the_cache() -> None:
    # A short run builds or loads the ahead-of-time module; a long run's JIT kernel is compiled
    # or loaded by a JIT run: either way each is then ready.
    run(SIDES, options(), 10, seed=1)
    assert fast.compiled(10)
    run(SIDES, options(), 10, seed=1, build="jit")
    assert chunk_ready(fast.KERNEL, aot=False)  # the JIT kernel, for a run the build cannot play
