"""The fast boxing engine: same seed, same tally, whatever the thread count or chunk size."""

from __future__ import annotations

import pytest

from tests.sim.conftest import options, sample
from turnbuckle.rulesets.boxing import engine, sheet
from turnbuckle.sim import drive
from turnbuckle.sim.aot import chunk_ready
from turnbuckle.sim.boxing import fast, kernel, tables
from turnbuckle.sim.boxing.fast import run

SIDES = [sample("speedster"), sample("slugger")]


def test_identical_with_one_and_two_threads() -> None:
    one = run(SIDES, options(), 300_000, seed=3, threads=1, build="jit")
    two = run(SIDES, options(), 300_000, seed=3, threads=2, build="jit")
    built = run(SIDES, options(), 300_000, seed=3, threads=1, build="aot")  # no numba at run time
    split = run(SIDES, options(), 300_000, seed=3, threads=2, build="aot")  # two threads
    assert drive.threads_for(300_000, fast.RATE, 2) == 2
    assert one == two == built == split
    assert one.n == 300_000


def test_identical_whatever_the_chunk_size() -> None:
    whole = run(SIDES, options(fatigue="cumulative"), 50_000, seed=4)
    pieces = run(SIDES, options(fatigue="cumulative"), 50_000, seed=4, chunk=4_096, threads=2, build="jit")
    assert whole == pieces


def test_seed_changes_the_bouts_and_n_is_counted() -> None:
    a = run(SIDES, options(), 20_000, seed=1)
    b = run(SIDES, options(), 20_000, seed=2)
    assert a != b
    assert sum(a.outcomes.values()) == a.n == sum(a.lengths.values())


def test_progress_is_reported_per_chunk() -> None:
    seen: list[int] = []
    run(SIDES, options(), 10_000, seed=1, chunk=4_000, threads=1, progress=seen.append)
    assert seen == [4_000, 8_000, 10_000]


def test_rounds_bound_the_length() -> None:
    t = run([sample("iron-chin"), sample("iron-chin")], options(rounds=2), 20_000, seed=5)
    assert max(t.lengths) == 6
    assert t.outcomes.get((None, "draw"), 0) > 0


def test_kernel_constants_match_the_rules() -> None:
    assert kernel.HP_OFF == tables.HP_OFF
    assert kernel.START_HP == sheet.START_HP
    assert kernel.CLINCH_HEAL == engine.CLINCH_HEAL
    assert kernel.INTERVAL_HEAL == engine.INTERVAL_HEAL
    assert kernel.COMBO_NATURAL == engine.COMBO_NATURAL
    assert kernel.TURNS == engine.TURNS_PER_ROUND


def test_tables_cache_holds_what_build_makes(tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURNBUCKLE_CACHE_DIR", str(tmp_path))
    tables.load.cache_clear()
    first = tables.load("literal")  # built and saved
    tables.load.cache_clear()
    again = tables.load("literal")  # read back
    fresh = tables.build("literal")
    for name in tables.FIELDS:
        assert (getattr(first, name) == getattr(fresh, name)).all()
        assert (getattr(again, name) == getattr(fresh, name)).all()
    assert list(tmp_path.iterdir())  # type: ignore[attr-defined]
    tables.load.cache_clear()


def test_readings_differ_only_in_the_getup_tables() -> None:
    ruling, literal = tables.build("ruling"), tables.build("literal")
    assert (ruling.knocked == literal.knocked).all()
    assert not (ruling.gain == literal.gain).all()


def test_bad_setup_is_refused() -> None:
    with pytest.raises(ValueError, match="two fighters"):
        fast.Setup.of(SIDES[:1], options())
    with pytest.raises(ValueError, match="reading"):
        tables.build("sideways")


def test_compiled_reports_the_cache() -> None:
    # A short run builds or loads the ahead-of-time module; a long run's JIT kernel is compiled
    # or loaded by a JIT run: either way each is then ready.
    run(SIDES, options(), 10, seed=1)
    assert fast.compiled(10)
    run(SIDES, options(), 10, seed=1, build="jit")
    assert chunk_ready(fast.KERNEL, aot=False)  # the JIT kernel, for a run the build cannot play


def test_cli_announces_a_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    monkeypatch.setattr(fast, "compiled", lambda n: False)
    result = CliRunner().invoke(app, ["odds", "boxing", "speedster", "slugger", "-n", "100", "--seed", "1"])
    assert result.exit_code == 0
    assert "compiling the fast boxing engine" in result.stderr
