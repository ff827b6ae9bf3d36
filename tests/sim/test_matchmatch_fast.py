"""The fast MatchMatch engine: same seed, same tally, whatever the thread count or chunk size; and
it steps aside (FastEngineUnsupported) for what it does not play."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sim.matchmatch.helpers import FLYER, GROUNDER, MM, SCHEMER, TYPES, options, sample, side
from turnbuckle.core.events import Happening
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.matchmatch.engine import die_for
from turnbuckle.rulesets.matchmatch.rounds import finish_method
from turnbuckle.rulesets.matchmatch.styles import STYLES
from turnbuckle.sim import drive
from turnbuckle.sim.aot import chunk_ready
from turnbuckle.sim.matchmatch import fast, kernel
from turnbuckle.sim.matchmatch.fast import OUTCOMES, run
from turnbuckle.sim.matchmatch.tables import Setup, outcomes
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.specs import FastEngineUnsupported, spec_for

SIDES = [sample("iron-ivan"), sample("lady-lightning")]


def test_identical_with_one_and_two_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    one = run(SIDES, options(), 200_000, seed=3, threads=1, build="jit")
    two = run(SIDES, options(), 200_000, seed=3, threads=2, build="jit")
    built = run(SIDES, options(), 200_000, seed=3, threads=1, build="aot")  # no numba at run time
    monkeypatch.setattr(drive, "SPLIT_FROM_S", 0.0)  # split however short the run
    split = run(SIDES, options(), 200_000, seed=3, threads=2, build="aot")  # on two threads
    assert one == two == built == split
    assert one.n == 200_000


def test_identical_whatever_the_chunk_size() -> None:
    sides = [side(SCHEMER), sample("brother-bob")]
    whole = run(sides, options(type="strap"), 30_000, seed=4)
    pieces = run(sides, options(type="strap"), 30_000, seed=4, chunk=4_096, threads=2, build="jit")
    assert whole == pieces


def test_seed_changes_the_matches_and_n_is_counted() -> None:
    a = run(SIDES, options(), 20_000, seed=1)
    b = run(SIDES, options(), 20_000, seed=2)
    assert a != b
    assert sum(a.outcomes.values()) == a.n == sum(a.lengths.values())


def test_progress_is_reported_per_chunk() -> None:
    seen: list[int] = []
    run(SIDES, options(), 10_000, seed=1, chunk=4_000, threads=1, progress=seen.append)
    assert seen == [4_000, 8_000, 10_000]


def test_rounds_bound_the_length() -> None:
    t = run([sample("iron-ivan"), sample("iron-ivan")], options(rounds=2), 20_000, seed=5)
    assert max(t.lengths) <= 2
    assert t.outcomes.get((None, "draw"), 0) > 0


def test_setup_follows_the_style_list_and_halving(tmp_path: Path) -> None:
    """The style list holds both sides' '+' styles, the grid slot, Teamwork for a team and the
    match type's styles; the '-' styles and the type's halved styles are halved (rounded up)."""
    s = Setup.of([sample("odd-couple"), sample("iron-ivan")], options(type="strap"))
    assert len(s.style_list) == 4 + 1 + 1 + 1
    assert s.die == die_for(7) == 8
    plain = Setup.of(SIDES, options())
    assert plain.die == 6
    ivan, lightning = SIDES
    # High Flying is halved for everyone in a Strap match.
    strap = Setup.of(SIDES, options(type="strap"))
    assert strap.values[1, 4] == (lightning.sheet.styles.high_flying + 1) // 2
    assert strap.values[0, 8] == ivan.sheet.stamina


@pytest.mark.parametrize("kind", ["strap", "standard"])
def test_setup_halves_as_the_engine_does(kind: str) -> None:
    """Rules 1.3: halvings compound (the Strap's High-Flying, then each opponent's '-', once per
    opponent). The kernel's starting values are the reference engine's, side by side."""
    flyer = side(FLYER)
    for sides in ([flyer, side(GROUNDER)], [flyer, side(GROUNDER), side(GROUNDER)],
                  [side(SCHEMER), sample("iron-ivan"), side(SCHEMER), sample("odd-couple")]):
        s = Setup.of(sides, options(type=kind))
        record = MM.run(sides, SeededSource(1), options(type=kind))
        starts = [e.data["styles"] for e in record.events if isinstance(e, Happening) and e.type == "side"]
        assert all(isinstance(st, dict) for st in starts)
        assert [[int(v) for v in row[:8]] for row in s.values] == \
            [[st[x] for x in STYLES] for st in starts if isinstance(st, dict)]
    # High-Flying 9: the strap halves it to 5, each Grounder's '-' again: 3, then 2.
    assert Setup.of([flyer, side(GROUNDER), side(GROUNDER)], options(type="strap")).values[0, 4] == 2
    assert Setup.of([flyer, side(GROUNDER)], options(type="strap")).values[0, 4] == 3


def test_setup_names_the_types_finish() -> None:
    assert Setup.of(SIDES, options()).finish == ""
    assert [Setup.of(SIDES, options(type=t)).finish for t in ("cage", "strap", "scaffold")] == \
        ["escape", "four corners", "ten count"]
    assert outcomes(2) == OUTCOMES
    assert outcomes(2, "escape")[:6] == ((0, "escape"), (1, "escape")) * 3
    assert outcomes(2, "escape")[6:] == ((0, "dq"), (1, "dq"), (None, "double dq"), (None, "double count-out"),
                                         (None, "draw"))
    assert [m for _, m in OUTCOMES[:6:2]] == [finish_method(k) for k in ("normal", "submission", "illegal")]
    cage = run(SIDES, options(type="cage"), 5_000, seed=2)
    assert {m for _, m in cage.outcomes} <= {"escape", "dq", "double dq", "double count-out", "draw"}
    assert cage.outcomes.get((0, "escape"), 0) + cage.outcomes.get((1, "escape"), 0) > 4_000


def test_what_the_engine_does_not_play_falls_back() -> None:
    with pytest.raises(FastEngineUnsupported, match="option"):
        Setup.of(SIDES, {**options(), "mystery": 1})
    with pytest.raises(ValueError, match="2 to 8"):
        Setup.of(SIDES[:1], options())


def test_odds_is_told_the_fast_engine_plays_the_current_rules() -> None:
    """``odds`` plays the fast engine only for the rules version ``sim/specs.py`` says it was
    checked against (``fast_version``); otherwise every run goes to the reference engine."""
    assert spec_for("matchmatch").fast_version == MM.info.version, (
        "the fast MatchMatch engine plays rules 1.3 (checked by test_matchmatch_agreement.py and the "
        "trace tests): sim/specs.py's matchmatch entry must say fast_version='1.3'")


def test_three_sides_run_fast_and_count_each_side() -> None:
    three = [sample("iron-ivan"), sample("lady-lightning"), sample("brother-bob")]
    done = simulate(MM, three, {}, 3_000, seed=1, engine="fast")
    assert done.engine == "fast"
    assert done.tally.sides == 3
    assert all(done.tally.wins(i) > 0 for i in range(3))
    assert sum(done.tally.outcomes.values()) == 3_000


def test_odds_uses_the_fast_engine_with_extra_match_types() -> None:
    done = simulate(MM, SIDES, {"type": "rough", "types": TYPES}, 2_000, seed=1)
    assert done.engine == "fast"
    assert done.tally.n == 2_000
    assert done.tally.figures["injuries"] > 0


def test_compiled_reports_the_cache() -> None:
    # A short run builds or loads the ahead-of-time module; a JIT run compiles or loads the
    # JIT kernel: either way each is then ready.
    run(SIDES, options(), 10, seed=1)
    assert fast.compiled(10)
    run(SIDES, options(), 10, seed=1, build="jit")
    assert chunk_ready(fast.KERNEL, aot=False)  # the JIT kernel, for a run the build cannot play


def test_the_drivers_work_row_is_the_kernels() -> None:
    """The driver sizes the work rows without importing the kernel (so a short run needs no
    numba); its constant must be the kernel's."""
    assert fast.WORK == kernel.WORK
    assert fast.BLOCK == kernel.BLOCK
