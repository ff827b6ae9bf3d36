"""Real processes: SIGKILL in the middle of `league run` leaves the database exactly as before;
two processes running the same show at once: exactly one succeeds; backup and restore round-trip."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest

from tests.league.helpers import League, open_show
from turnbuckle.league.backup import backup, restore_into
from turnbuckle.league.db import make_engine
from turnbuckle.league.services import running, shows

TB = str(Path(sys.executable).parent / "turnbuckle")
ROOT = Path(__file__).resolve().parents[2]


def pausing(seconds: float) -> list[str]:
    """The command line with a pause after each match a run plays (tests/league/pausing_cli.py)."""
    return [sys.executable, "-m", "tests.league.pausing_cli", str(seconds)]
CARD = [("m2", ["Friendly Sam", "Brother Bob"]), ("boxing", ["Mika Sato", "Rico Vance"]),
        ("m2", ["Iron Ivan", "Lady Lightning"])]


def dump(url: str) -> dict[str, object]:
    engine = make_engine(url)
    data = backup(engine)
    engine.dispose()
    return data


def locked_show(lg: League) -> str:
    number = open_show(lg, CARD)
    with lg.act() as ctx:
        shows.lock(ctx, number)
    return number


@pytest.mark.slow  # a show run killed mid-way, on each database
def test_sigkill_in_the_middle_of_a_run_leaves_the_database_as_before(lg: League) -> None:
    number = locked_show(lg)
    before = dump(lg.url)
    proc = subprocess.Popen([*pausing(30), "league", "run", number, "--db", lg.url], cwd=ROOT,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    assert proc.stderr is not None
    line = proc.stderr.readline()  # the first match has been played and written (not committed)
    assert "played match 1/3" in line, line
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert dump(lg.url) == before
    with lg.act() as ctx:  # and the show still runs afterwards
        assert running.run_show(ctx, number).status == "run"


def test_two_processes_running_one_show_exactly_one_succeeds(lg: League) -> None:
    number = open_show(lg, CARD[:1])
    with lg.act() as ctx:
        shows.lock(ctx, number)
    # the winner holds the show for 2 s after its match: the other one waits on it
    cmd = [*pausing(2), "league", "run", number, "--db", lg.url, "--quiet"]
    procs = [subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    outcomes = [p.communicate(timeout=120) for p in procs]
    codes = sorted(p.returncode for p in procs)
    assert codes == [0, 2], outcomes
    loser = outcomes[[p.returncode for p in procs].index(2)][1]
    assert "has run already" in loser or "refused" in loser, loser
    data = dump(lg.url)
    tables = data["tables"]
    assert isinstance(tables, dict)
    assert len(tables["results"]) == 1
    assert [e["kind"] for e in tables["show_events"]].count("run") == 1


def test_backup_and_restore_round_trip(lg: League, tmp_path: Path) -> None:
    number = locked_show(lg)
    with lg.act() as ctx:
        running.run_show(ctx, number)
        running.heal(ctx, number)
        running.publish(ctx, number)
    first = dump(lg.url)
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    restore_into(target, first)
    assert dump(target) == first
    again = lg.url if "postgresql" in lg.url else f"sqlite:///{tmp_path / 'again.db'}"
    if "postgresql" in lg.url:  # into PostgreSQL too: empty this database, then restore
        from tests.league.conftest import _emptied

        lg.close()
        _emptied(lg.url)
        lg.engine = make_engine(lg.url)
    restore_into(again, dump(target))
    assert dump(again) == first
    with lg.act() if again == lg.url else League(again).act() as ctx:  # and the league works on after it
        shows.create_show(ctx, "Next", "2026-11-16", ctx.now() + timedelta(days=1))
    time.sleep(0)
