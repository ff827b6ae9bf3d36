"""The fast folkstyle engine: registration, thread counts, chunks, fallbacks and its tables."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.sim.folkstyle.conftest import FOLKSTYLE, blocker, options, sample, staller
from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.folkstyle import engine, stalling
from turnbuckle.rulesets.folkstyle.choices import OVERTIME_CHOICES, REGULATION_CHOICES, auto_pick
from turnbuckle.rulesets.folkstyle.odds import PeriodOdds
from turnbuckle.rulesets.folkstyle.options import SAFETY_CAP_CYCLES
from turnbuckle.sim import drive
from turnbuckle.sim.folkstyle import fast, kernel
from turnbuckle.sim.folkstyle import tables as tables_module
from turnbuckle.sim.folkstyle.fast import OUTCOMES, Setup, run, trace
from turnbuckle.sim.folkstyle.tables import CHOICE_CODES, TOPS, WAYS, build, turn_outcome
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.specs import FastEngineUnsupported, spec_for

SIDES = [sample("brick-halvorsen"), sample("cal-okafor")]


def test_registered_in_specs() -> None:
    spec = spec_for("folkstyle")
    assert spec.fast_engine() is run
    assert spec.fast_version == FOLKSTYLE.info.version
    assert spec.exchange_tables() is not None
    assert spec.unit() == "turns"


def test_kernel_constants_match_the_engine() -> None:
    assert kernel.TURNS == engine.TURNS_PER_PERIOD
    assert kernel.PERIODS == engine.REGULATION_PERIODS == engine.OVERTIME_PERIODS
    assert kernel.MAX_ROLLOFF_TIES == engine.MAX_ROLLOFF_TIES
    assert kernel.STALL_USES == stalling.STALL_USES
    assert kernel.CALLS_PER_POINT == stalling.CALLS_PER_POINT
    assert [CHOICE_CODES[c] for c in (kernel.TOP, kernel.BOTTOM, kernel.NEUTRAL, kernel.DEFER)] == \
        ["Top", "Bottom", "Neutral", "Defer"]


@pytest.mark.parametrize("opts", [{}, {"riding_time": False, "riding_threshold": 1}])
def test_same_tally_for_one_and_two_threads(opts: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    one = run(SIDES, options(**opts), 300_000, seed=3, threads=1, build="jit")
    two = run(SIDES, options(**opts), 300_000, seed=3, threads=2, build="jit")
    built = run(SIDES, options(**opts), 300_000, seed=3, threads=1, build="aot")  # no numba at run time
    monkeypatch.setattr(drive, "SPLIT_FROM_S", 0.0)  # split however short the run
    split = run(SIDES, options(**opts), 300_000, seed=3, threads=2, build="aot")  # on two threads
    assert one == two == built == split
    assert one.n == 300_000


def test_chunks_do_not_change_the_tally() -> None:
    whole = run(SIDES, options(), 20_000, seed=4)
    pieces = run(SIDES, options(), 20_000, seed=4, chunk=777, build="jit")
    assert whole == pieces
    assert run(SIDES, options(), 20_000, seed=5) != whole


def test_tally_counts_agree_with_traces() -> None:
    sides = [staller("Sam", near_fall=True), staller("Stu", escape_base=5)]
    traced = trace(sides, options(), 2000, seed=6)
    tally = run(sides, options(), 2000, seed=6)
    assert tally.dice == sum(traced.dice)
    assert tally.figures["stalling_calls"] == sum(traced.calls)
    assert tally.figures["riding_point"] == sum(traced.rode)
    for code, outcome in enumerate(OUTCOMES):
        assert tally.outcomes.get(outcome, 0) == traced.codes.count(code)


def test_unknown_option_falls_back_to_the_reference_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(FastEngineUnsupported, match="surprise"):
        Setup.of(SIDES, {**options(), "surprise": 1})
    # An option the engine does not know (here: one it is made to forget) sends odds to the
    # reference engine, with a note saying why.
    monkeypatch.setattr(fast, "KNOWN_OPTIONS", frozenset({"riding_time", "riding_threshold"}))
    out = simulate(FOLKSTYLE, SIDES, {}, 5, seed=1, engine="fast", threads=1)
    assert out.engine == "reference"
    assert out.tally.n == 5
    assert any("overtime_cycles" in note and "reference engine" in note for note in out.notes)


def test_the_rules_1_0_option_is_refused_as_the_engine_refuses_it() -> None:
    """The fast engine plays rules 1.1 (overtime until someone wins): ``overtime_cycles`` other than
    0 is refused with the reference engine's own message, not played as a draw."""
    assert OUTCOMES[-1] == (None, "safety-cap")
    assert all(w is not None for w, _ in OUTCOMES[:-1])
    assert Setup.of(SIDES, options()).cycles == SAFETY_CAP_CYCLES
    with pytest.raises(RulesError, match=r"overtime_cycles=2: from folkstyle rules 1\.1"):
        Setup.of(SIDES, options(overtime_cycles=2))
    with pytest.raises(RulesError, match=r"overtime_cycles=1: from folkstyle rules 1\.1"):
        simulate(FOLKSTYLE, SIDES, {"overtime_cycles": 1}, 10, seed=1, engine="fast", threads=1)


def test_no_draws_but_the_safety_cap() -> None:
    """Between cards built to stall (level cycles are common) no match is drawn; between cards that
    can never finish, every match is stopped by the safety cap, after more dice than a 16-bit count
    holds."""
    stallers = run([staller("Sam"), staller("Stu")], options(), 100_000, seed=2)
    assert stallers.draws() == 0
    assert max(stallers.lengths) > 3 * (3 + 3 * 3)  # past the ninth overtime period (1.0's last)
    walls = run([blocker("Wall"), blocker("Wally")], options(), 3, seed=2)
    assert walls.outcomes == {(None, "safety-cap"): 3}
    assert set(walls.lengths) == {3 * (3 + 3 * SAFETY_CAP_CYCLES)}
    assert walls.dice == sum(trace([blocker("Wall"), blocker("Wally")], options(), 3, seed=2).dice) > 3 * 32_767


def test_pick_table_is_the_automatic_players_choice() -> None:
    """Every entry is ``auto_pick``'s choice, and ``auto_pick`` reads only the parity of the calls
    (so the table, indexed by parity, covers every count of calls)."""
    tables = build(SIDES)
    for order in (0, 1):
        cards = (SIDES[order], SIDES[1 - order])
        odds = PeriodOdds(cards)
        for ot, offered in enumerate((REGULATION_CHOICES, OVERTIME_CHOICES)):
            for defer in (0, 1):
                opts = offered if defer else tuple(o for o in offered if o != "Defer")
                for chooser in (0, 1):
                    for calls in ((0, 0), (1, 0), (2, 3), (5, 4)):
                        got = CHOICE_CODES[tables.pick[order, ot, defer, chooser, calls[0] % 2, calls[1] % 2]]
                        assert got == auto_pick(odds, chooser, opts, calls, 3).choice


def test_turn_table_entries() -> None:
    """Every packed entry decodes to what ``resolve`` (and the follow-up's ``settle``) gives for
    those dice, in both colour orders and from every position; no turn scores 5 or more, and
    nobody is pinned from neutral."""
    tables = build(SIDES)
    t = tables.turn.astype(np.int64)
    assert t.shape == (2, 3, WAYS)
    for order in (0, 1):
        cards = (SIDES[order], SIDES[1 - order])
        for p, top in enumerate(TOPS):
            for u in range(WAYS):
                outcome, follow = turn_outcome(cards, top, u)
                e = int(t[order, p, u])
                assert TOPS[e & 3] == outcome.top
                assert (e >> 2 & 7, e >> 5 & 7) == outcome.points
                assert e >> 8 & 3 == (1 + (outcome.by or 0) if outcome.pin else 0)
                assert (bool(e >> 10 & 1), bool(e >> 11 & 1)) == outcome.counted
                assert bool(e >> 12 & 1) == follow
    red, green = t >> 2 & 7, t >> 5 & 7
    assert int(red.max()) <= 4 and int(green.max()) <= 4
    assert not (t[:, 0] >> 8 & 3).any()
    assert (t[0, 1] >> 8 & 3 == 1).any()  # Brick, a near-fall hunter, pins from the top


def test_stalling_keys_follow_move_names() -> None:
    """Faces with the same move name share a stalling key (the staller card repeats two names)."""
    tables = build([staller("Sam"), staller("Stu")])
    assert tables.key[0, 0, 0].tolist() == [0, 1, 0, 1, 0, 1]  # Collar Tie / Hand Fight in neutral
    assert tables.key[0, 1, 1].tolist() == [0, 1, 0, 1, 0, 5]  # Green on bottom: Base / Tripod / Stand Up


def test_tables_are_cached_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Built tables are saved, read back equal, and a change of cards is a different file."""
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    cards = (staller("Disk"), staller("Cache", escape_base=4))
    texts = (cards[0].model_dump_json(), cards[1].model_dump_json())
    fresh = tables_module._fresh(texts)
    tables_module._build.cache_clear()
    built = tables_module._build(texts)
    assert len(list(tmp_path.glob("folkstyle-tables-*.npz"))) == 1
    tables_module._build.cache_clear()
    again = tables_module._build(texts)
    for name in tables_module.FIELDS:
        assert np.array_equal(getattr(fresh, name), getattr(built, name))
        assert np.array_equal(getattr(fresh, name), getattr(again, name))
    tables_module._build((texts[1], texts[0]))
    assert len(list(tmp_path.glob("folkstyle-tables-*.npz"))) == 2


def test_the_automatic_player_never_defers() -> None:
    """``auto_pick`` values Defer at exactly the best direct choice's value (the opponent's worst
    pick for us plus our best pick, both ways round), and ties go to the earlier option: so the
    automatic player never defers, and no entry of the choice table is Defer (two pairs of
    samples, both colour orders). (The kernel's Defer branch is replayed with a deferring policy
    in ``test_trace.py``.)"""
    for a, b in (("brick-halvorsen", "cal-okafor"), ("milo-sarkis", "tess-varga")):
        picks = build([sample(a), sample(b)]).pick
        assert picks.size == 64
        assert not (picks == CHOICE_CODES.index("Defer")).any()
