"""``odds`` over any ruleset: the summary's shape, its intervals, the engines, and bad input."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.sim.conftest import BOXING, options, sample
from tests.sim.toy import Player, ToyRuleset
from turnbuckle.cli import odds_cmds
from turnbuckle.cli.app import app
from turnbuckle.core.errors import OptionError, RulesError
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets import registry
from turnbuckle.rulesets.registry import all_rulesets
from turnbuckle.sim.odds import DEFAULT_N, half_width, odds_json, render_text, simulate
from turnbuckle.sim.reference import match_seeds

runner = CliRunner()
TOY = ToyRuleset()
PLAYERS = [Player(name=n) for n in ("Ann", "Bob", "Cy", "Di")]


def _odds(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["odds", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._REGISTRY, "toy", TOY)
    monkeypatch.setitem(registry._ALIASES, "toy", "toy")


# -- the JSON summary ------------------------------------------------------------------------
def test_json_shape_and_ci_width_at_the_default_n() -> None:
    code, out, _ = _odds("boxing", "all-rounder", "slugger", "--seed", "5", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["format", "ruleset", "ruleset_version", "engine", "n", "requested", "partial", "seed",
                          "options", "players", "sides", "draw", "methods", "length", "figures", "dice_per_match",
                          "notes"]
    assert data["format"] == "turnbuckle.odds/1"
    assert data["engine"] == "fast"
    assert data["n"] == data["requested"] == DEFAULT_N and data["partial"] is False
    assert data["seed"] == 5
    assert data["options"] == {"rounds": 12, "combo": True, "fatigue": "next-round", "getup": "ruling",
                               "last_interval": "none"}
    a, b = data["sides"]
    assert (a["name"], b["name"]) == ("Mika Sato", "Dutch Kessler")
    for side in (a, b):
        assert set(side) == {"name", "win", "draw", "loss", "wins_by"}
        assert side["win"]["count"] + side["draw"]["count"] + side["loss"]["count"] == DEFAULT_N
        for share in (side["win"], side["draw"], side["loss"]):
            assert share["lo"] <= share["p"] <= share["hi"]
        assert sum(s["count"] for s in side["wins_by"].values()) == side["win"]["count"]
    assert a["win"]["count"] == b["loss"]["count"]
    assert half_width(data, 0) <= 0.005
    assert half_width(data, 1) <= 0.005
    assert sum(m["count"] for m in data["methods"].values()) == DEFAULT_N
    assert data["length"]["unit"] == "turns"
    assert data["length"]["counted"] == DEFAULT_N
    q = data["length"]["quantiles"]
    assert list(q) == ["5", "25", "50", "75", "95"]
    assert q["5"] <= q["50"] <= q["95"]
    assert data["length"]["min"] <= data["length"]["mean"] <= data["length"]["max"] <= 36
    assert data["figures"]["knockdowns"]["mean"] > 0
    assert 0 <= data["figures"]["knockdown_bouts"]["p"] <= 1
    assert data["dice_per_match"] > 4


def test_same_seed_same_json_and_threads_do_not_matter() -> None:
    args = ("boxing", "speedster", "glass-cannon", "-n", "30000", "--seed", "77", "--format", "json")
    first = _odds(*args, "--threads", "1")
    second = _odds(*args, "--threads", "2")
    assert first[0] == second[0] == 0
    assert first[1] == second[1]


def test_text_output() -> None:
    code, out, _ = _odds("boxing", "iron-chin", "slugger", "-n", "5000", "--seed", "1", "-o", "rounds=3")
    assert code == 0
    assert "Otis Granger vs Dutch Kessler" in out
    assert "5,000 matches, fast engine, seed 1" in out
    assert "Finishes" in out
    assert "Match length (turns)" in out
    assert "knockdowns per bout" in out
    assert "rounds=3" in out


def test_reference_engine_on_boxing_agrees_in_shape() -> None:
    code, out, _ = _odds("boxing", "all-rounder", "slugger", "-n", "200", "--seed", "3",
                         "--engine", "reference", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["engine"] == "reference"
    assert data["n"] == 200
    assert data["length"]["unit"] == "turns"


def test_reference_seeds_replay_single_matches() -> None:
    """Match i of a reference run is ``turnbuckle match ... --seed <i-th seed>``."""
    sides = [sample("all-rounder"), sample("slugger")]
    run = simulate(BOXING, sides, {}, 3, seed=11, engine="reference")
    seeds = list(match_seeds(11, 3))
    expected: dict[tuple[int | None, str], int] = {}
    for s in seeds:
        r = BOXING.run(sides, SeededSource(s)).result
        expected[(r.winner, r.method)] = expected.get((r.winner, r.method), 0) + 1
    assert run.tally.outcomes == expected


def test_seeds_jump_ahead() -> None:
    assert list(match_seeds(42, 5, start=1000)) == list(match_seeds(42, 1005))[1000:]


def test_reference_on_two_processes_equals_one(toy_registered: None) -> None:
    one = simulate(TOY, PLAYERS[:3], {}, 2400, seed=8, engine="reference", threads=1)
    two = simulate(TOY, PLAYERS[:3], {}, 2400, seed=8, engine="reference", threads=2)
    assert one.tally == two.tally
    assert one.tally.n == 2400
    assert odds_json(one) == odds_json(two)


# -- every registered ruleset, and the generic path ------------------------------------------
def test_reference_engine_runs_every_registered_ruleset() -> None:
    for rs in all_rulesets():
        picks = rs.samples()[: rs.info.min_sides]
        sides = [rs.load_text(s.text, s.id) for s in picks]
        run = simulate(rs, sides, {}, 12, seed=1, engine="reference")
        data = odds_json(run)
        assert data["n"] == 12, rs.info.id
        assert len(data["sides"]) == len(sides), rs.info.id
        assert sum(m["count"] for m in data["methods"].values()) == 12
        assert render_text(data)


def test_generic_ruleset_multi_side(toy_registered: None) -> None:
    run = simulate(TOY, PLAYERS, {"turns": 2}, 3000, seed=2)
    assert run.engine == "reference"
    assert run.notes == ["toy has no fast engine yet; using the reference engine"]
    data = odds_json(run)
    assert len(data["sides"]) == 4
    for i, side in enumerate(data["sides"]):
        assert side["win"]["count"] == run.tally.wins(i)
        assert side["loss"]["count"] == 3000 - run.tally.wins(i) - run.tally.draws()
    assert set(data["methods"]) <= {"spike", "points", "draw"}
    assert data["length"]["unit"] == "turns"
    assert data["length"]["max"] <= 2
    # Symmetric sides: every win rate is near a quarter of the decided matches.
    decided = 3000 - run.tally.draws()
    for i in range(4):
        assert abs(run.tally.wins(i) / decided - 0.25) < 0.05


def test_fast_engine_that_cannot_load_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace
    from typing import cast

    from turnbuckle.core.facets import GameSimulation
    from turnbuckle.rulesets.boxing import simulation

    broken = replace(cast(GameSimulation, simulation.SIMULATION), fast="turnbuckle.sim.boxing.no_such_engine:run")
    monkeypatch.setattr(simulation, "SIMULATION", broken)
    run = simulate(BOXING, [sample("all-rounder"), sample("slugger")], {}, 20, seed=1)
    assert run.engine == "reference"
    assert "the fast boxing engine cannot load" in run.notes[0]
    assert run.tally.n == 20


def test_fast_engine_steps_aside_for_another_version_or_option(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace
    from typing import cast

    from turnbuckle.core.facets import GameSimulation
    from turnbuckle.rulesets.boxing import simulation
    from turnbuckle.sim.boxing import fast

    sides = [sample("all-rounder"), sample("slugger")]
    older = replace(cast(GameSimulation, simulation.SIMULATION), fast_version="0.9")
    monkeypatch.setattr(simulation, "SIMULATION", older)
    run = simulate(BOXING, sides, {}, 20, seed=1)
    assert run.engine == "reference"
    assert "checked against version 0.9, not 1.2" in run.notes[0]
    monkeypatch.undo()
    monkeypatch.setattr(fast, "KNOWN_OPTIONS", frozenset({"rounds", "combo", "fatigue", "last_interval"}))
    run = simulate(BOXING, sides, {}, 20, seed=1)
    assert run.engine == "reference"
    assert run.notes == ["the fast boxing engine does not know the option(s) getup; using the reference engine"]


def test_fast_engine_knows_every_boxing_option() -> None:
    from turnbuckle.sim.boxing import fast
    from turnbuckle.sim.specs import spec_for

    assert {o.name for o in BOXING.info.options} == fast.KNOWN_OPTIONS
    assert spec_for("boxing").fast_version == BOXING.info.version


def test_cli_falls_back_with_a_note(toy_registered: None) -> None:
    code, out, err = _odds("toy", "ann", "bob", "cy", "-n", "300", "--seed", "4")
    assert code == 0
    assert "reference engine" in out
    assert "Ann vs Bob vs Cy" in out
    assert "note: toy has no fast engine yet" in err
    code, _, err = _odds("toy", "ann", "bob", "--exchange")
    assert code == 2
    assert "no exact per-exchange odds for toy" in err


# -- exact exchanges ---------------------------------------------------------------------------
def test_exchange_text_and_json() -> None:
    code, out, _ = _odds("boxing", "glass-cannon", "iron-chin", "--exchange")
    assert code == 0
    assert "One turn at the opening bell (Speed 7 vs 3)" in out
    assert "One punch by Rico Vance (Power 7) on Otis Granger (Toughness 8)" in out
    code, out, _ = _odds("boxing", "glass-cannon", "iron-chin", "--exchange", "--format", "json")
    data = json.loads(out)
    assert data["format"] == "turnbuckle.exchange/1"
    assert data["sides"] == ["Rico Vance", "Otis Granger"]
    ini = data["initiative"]
    assert ini["speeds"] == [7, 3]
    assert sum(Fraction(p) for p in ini["attacks"]) + Fraction(ini["clinch"]) == 1
    first = data["punches"][0]
    assert (first["attacker"], first["defender"]) == ("Rico Vance", "Otis Granger")
    assert (first["power"], first["toughness"]) == (7, 8)
    rows = first["rows"]
    assert [r["hp"] for r in rows] == [40, 15, 14, 10, 9, 5, 1]
    assert sum(Fraction(v) for v in rows[0]["damage"].values()) == 1


# -- the plot ----------------------------------------------------------------------------------
def test_plot_png_and_svg(tmp_path: Path) -> None:
    for name in ("odds.png", "odds.svg"):
        path = tmp_path / name
        code, _, _ = _odds("boxing", "all-rounder", "slugger", "-n", "2000", "--seed", "1", "--plot", str(path))
        assert code == 0
        assert path.stat().st_size > 1000
    assert (tmp_path / "odds.png").read_bytes().startswith(b"\x89PNG")
    assert b"<svg" in (tmp_path / "odds.svg").read_bytes()[:500]


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("args", "message"), [
    (["nosuchgame", "a", "b"], "no ruleset named 'nosuchgame'"),
    (["boxing", "all-rounder", "slugger", "-n", "0"], "at least 1"),
    (["boxing", "all-rounder", "slugger", "-n", "-5"], "at least 1"),
    (["boxing", "all-rounder", "nobody"], "neither a file nor a boxing sample"),
    (["boxing", "all-rounder", "slugger", "--engine", "warp"], "--engine 'warp'"),
    (["boxing", "all-rounder", "slugger", "--format", "xml"], "--format 'xml'"),
    (["boxing", "all-rounder", "slugger", "-o", "rounds=99"], "above the maximum"),
    (["boxing", "all-rounder", "slugger", "-o", "punches=3"], "unknown option 'punches'"),
    (["boxing", "all-rounder"], "needs 2 fighters, got 1"),
    (["boxing", "all-rounder", "slugger", "--plot", "out.gif"], ".png or .svg"),
    (["boxing", "all-rounder", "slugger", "--seed", "-1"], "out of range"),
    (["boxing", "all-rounder", "slugger", "--threads", "0"], "--threads 0"),
    (["boxing", "all-rounder", "slugger", "--threads", "999"], "--threads 999"),
])
def test_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    code, out, err = _odds(*args)
    assert code == 2
    assert message in err
    assert "Traceback" not in out + err


def test_a_plot_path_that_is_a_folder_is_refused_before_any_match(tmp_path: Path) -> None:
    folder = tmp_path / "chart.png"
    folder.mkdir()
    code, out, err = _odds("boxing", "all-rounder", "slugger", "-n", "10", "--plot", str(folder))
    assert code == 2 and "that is a folder" in err
    assert "Traceback" not in out + err


def test_invalid_sheet_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Overbuilt\npower: 9\nspeed: 9\ntoughness: 9\n", encoding="utf-8")
    code, _, err = _odds("boxing", str(bad), "slugger", "-n", "10")
    assert code == 2
    assert "over the budget" in err
    assert str(bad) in err


def test_simulate_checks_its_arguments() -> None:
    sides = [sample("all-rounder"), sample("slugger")]
    with pytest.raises(RulesError, match="at least 1"):
        simulate(BOXING, sides, {}, 0, seed=1)
    with pytest.raises(OptionError):
        simulate(BOXING, sides, {"fatigue": "never"}, 10, seed=1)
    assert simulate(BOXING, sides, options(), 10, seed=1).tally.n == 10


def test_progress_bar_appears_only_after_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    bar = odds_cmds.ProgressBar(100, "test")
    bar.enabled = True
    bar(10)
    assert bar.bar is None  # too soon
    bar.start -= 2 * odds_cmds.PROGRESS_AFTER_S
    with bar:
        bar(50)
        assert bar.bar is not None
        assert bar.bar.tasks[0].completed == 50


def test_the_cli_starts_without_heavy_imports() -> None:
    """numba, numpy and matplotlib load only when a fast engine or a plot needs them."""
    import subprocess
    import sys

    code = ("import sys, turnbuckle.cli.app, turnbuckle.sim.odds, turnbuckle.sim.specs\n"
            "from turnbuckle.rulesets.registry import all_rulesets\nall_rulesets()\n"
            "print(sorted(m for m in ('numba', 'numpy', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
