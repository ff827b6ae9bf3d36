"""Long odds runs (issue 12 item 15): the estimate before the bulk of a run, --yes, and Ctrl-C
stopping any run within about a second with the result so far ("partial: N of M played", 130)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.sim.conftest import BOXING, options, sample
from turnbuckle.cli import odds_cmds
from turnbuckle.cli.app import app
from turnbuckle.core.errors import RulesError
from turnbuckle.sim import drive, interrupt
from turnbuckle.sim.boxing import fast as boxing
from turnbuckle.sim.boxing.fast import run as boxing_fast
from turnbuckle.sim.odds import Estimate, odds_json, render_text, simulate
from turnbuckle.sim.reference import run_reference, run_reference_parallel

SIDES = [sample("slugger"), sample("speedster")]
runner = CliRunner()


# -- Ctrl-C's two meanings ------------------------------------------------------------------------
def test_a_first_ctrl_c_in_a_polling_loop_asks_it_to_stop_a_second_one_interrupts() -> None:
    before = signal.getsignal(signal.SIGINT)
    with interrupt.stoppable():
        with pytest.raises(KeyboardInterrupt):  # no loop is polling: the usual interrupt
            _ctrl_c()
        with interrupt.polling():
            _ctrl_c()
            assert interrupt.stop_requested()
            with pytest.raises(KeyboardInterrupt):
                _ctrl_c()
    assert not interrupt.stop_requested() and not interrupt.armed()
    assert signal.getsignal(signal.SIGINT) is before


def _ctrl_c() -> None:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.2)  # the handler runs at the next bytecode


def test_a_fast_run_stops_after_a_whole_chunk_and_counts_what_it_played() -> None:
    seen: list[int] = []

    def progress(done: int) -> None:
        seen.append(done)
        if len(seen) == 3:
            interrupt.request_stop()

    full = boxing_fast(SIDES, options(), 200_000, seed=4)
    with interrupt.stoppable():
        part = boxing_fast(SIDES, options(), 200_000, seed=4, threads=1, progress=progress)
    assert part.n == seen[-1] == seen[2] < 200_000
    assert seen[0] == 1024  # a run that can be stopped starts with a small chunk
    # The matches played are the run's first ones: the same as a run of that many.
    assert part == boxing_fast(SIDES, options(), part.n, seed=4)
    assert full.n == 200_000


def test_a_fast_run_split_over_threads_stops_with_its_first_matches() -> None:
    """On two threads: the slices still running come back, and the run counts those
    played from the first one without a gap, so its result is a run of that many matches."""
    seen: list[int] = []

    def progress(done: int) -> None:
        seen.append(done)
        if len(seen) == 2:
            interrupt.request_stop()

    assert drive.threads_for(1_000_000, boxing.RATE, 2) == 2
    with interrupt.stoppable():
        part = boxing_fast(SIDES, options(), 1_000_000, seed=4, threads=2, progress=progress)
    assert 0 < part.n == seen[-1] < 1_000_000
    assert part == boxing_fast(SIDES, options(), part.n, seed=4, threads=1)


def test_the_reference_engine_stops_after_a_whole_match() -> None:
    def progress(done: int) -> None:
        interrupt.request_stop()

    with interrupt.stoppable():
        part = run_reference(BOXING, SIDES, options(), 1000, 9, progress=progress)
    assert 1 <= part.n < 1000
    assert part == run_reference(BOXING, SIDES, options(), part.n, 9)


def test_the_parallel_reference_engine_returns_what_its_workers_played() -> None:
    calls: list[int] = []

    def progress(done: int) -> None:
        calls.append(done)
        interrupt.request_stop()

    began = time.perf_counter()
    with interrupt.stoppable():
        part = run_reference_parallel(BOXING, SIDES, options(), 100_000, 9, workers=2, progress=progress)
    assert 0 < part.n < 100_000 and calls
    assert time.perf_counter() - began < 60  # a hang guard: the workers are told to stop


def test_simulate_marks_a_stopped_run_partial_and_the_text_says_so() -> None:
    def progress(done: int) -> None:
        if done >= 2048:
            interrupt.request_stop()

    with interrupt.stoppable():
        run = simulate(BOXING, SIDES, options(), 300_000, 5, progress=progress)
    assert run.partial and 2048 <= run.tally.n < 300_000
    data = odds_json(run)
    assert data["partial"] is True and data["requested"] == 300_000 and data["n"] == run.tally.n
    assert f"partial: {run.tally.n:,} of 300,000 played" in render_text(data)
    whole = odds_json(simulate(BOXING, SIDES, options(), 1000, 5))
    assert whole["partial"] is False and "partial" not in render_text(whole)


# -- the estimate and --yes -----------------------------------------------------------------------
def test_the_reference_engine_times_its_first_matches_before_the_rest() -> None:
    heard: list[Estimate] = []
    run = simulate(BOXING, SIDES, options(), 3000, 2, engine="reference", threads=1, confirm=heard.append)
    assert len(heard) == 1
    estimate = heard[0]
    assert 0 < estimate.left < 3000 and estimate.rate > 0
    assert estimate.seconds == pytest.approx(estimate.left / estimate.rate)
    assert not run.partial and run.tally == run_reference(BOXING, SIDES, options(), 3000, 2)


def test_a_refusal_from_confirm_stops_the_run_before_its_bulk() -> None:
    def refuse(estimate: Estimate) -> None:
        raise RulesError("no")

    with pytest.raises(RulesError, match="no"):
        simulate(BOXING, SIDES, options(), 3000, 2, engine="reference", threads=1, confirm=refuse)


class _Bar:
    def paused(self) -> Any:
        from contextlib import nullcontext

        return nullcontext()


def test_pacing_states_long_runs_and_asks_for_yes_over_a_minute(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    pace = odds_cmds.Pacing(1000, False, _Bar())  # type: ignore[arg-type]
    pace(Estimate(5, 900, 180, "x"))
    assert capsys.readouterr().err == ""  # short: nothing to say
    pace(Estimate(30, 900, 30, "x"))
    assert "about 30 s for the 900 matches left of 1,000" in capsys.readouterr().err
    with pytest.raises(RulesError, match=r"about 12 min .* add --yes"):
        pace(Estimate(720, 900, 1.25, "x"))
    odds_cmds.Pacing(1000, True, _Bar())(Estimate(7200, 900, 0.125, "x"))  # type: ignore[arg-type]
    assert "about 2.0 h" in capsys.readouterr().err


def test_odds_refuses_a_run_of_hours_without_yes() -> None:
    out = runner.invoke(app, ["odds", "headlock", "the-rhino", "zeke-granite", "--engine", "reference",
                              "-n", "1000000", "--seed", "1"])
    assert out.exit_code == 2, out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and "add --yes to run it" in lines[0], out.stderr
    assert out.stdout == ""


# -- a real Ctrl-C --------------------------------------------------------------------------------
def test_ctrl_c_stops_a_reference_run_with_the_result_so_far(tmp_path: Path) -> None:
    """The terminal's Ctrl-C (SIGINT to the whole process group, workers included) a few seconds
    into a long reference run: the partial result within about a second, exit 130."""
    env = {**os.environ, "TURNBUCKLE_CACHE_DIR": str(tmp_path)}
    cmd = [sys.executable, "-c", "from turnbuckle.cli.app import main; main()", "odds", "boxing", "slugger",
           "speedster", "--engine", "reference", "-n", "1000000", "--seed", "3", "--yes", "--threads", "2"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        _wait_for(proc, "Ctrl-C stops it", tmp_path)
        time.sleep(1.0)
        sent = time.perf_counter()
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        took = time.perf_counter() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    played = [line for line in out.splitlines() if line.startswith("partial: ")]
    assert played and played[0].endswith("of 1,000,000 played (stopped early)"), out
    assert took < 10, took  # a hang guard; about 0.5 s on a quiet machine


def _wait_for(proc: subprocess.Popen[str], text: str, tmp_path: Path) -> None:
    """Read stderr lines until one holds ``text`` (the run's estimate note), 120 s at most."""
    assert proc.stderr is not None
    deadline = time.monotonic() + 120
    for line in proc.stderr:
        if text in line:
            return
        assert time.monotonic() < deadline, "the run never started"
    raise AssertionError("the run ended before it was interrupted")
