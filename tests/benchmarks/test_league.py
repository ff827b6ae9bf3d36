"""The league bench's 30-match show (``make bench`` times it; here only what it builds and prints)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.league import SHOW_TARGET, _copy_database, locked_show, show_line
from turnbuckle.league.context import context
from turnbuckle.league.db import open_engine, session_scope
from turnbuckle.league.services import shows


def test_the_bench_show_is_thirty_mixed_matches_locked_and_copied_whole(tmp_path: Path) -> None:
    path, number = locked_show(tmp_path)
    copy = tmp_path / "copy.db"
    _copy_database(path, copy)
    engine = open_engine(f"sqlite:///{copy}")
    with session_scope(engine) as session:
        s = shows.show(context(session), number)
        assert s.status == "locked" and s.seed is not None
        assert len(s.matches) == 30
        assert {m.ruleset for m in s.matches} == {"matchmatch", "boxing", "headlock", "folkstyle", "deathmatch"}
        m2 = [m for m in s.matches if m.ruleset == "matchmatch"]
        assert any(all(sd.competitor.members for sd in m.sides) for m in m2)  # tag
        assert any(not any(sd.competitor.members for sd in m.sides) for m in m2)  # singles
    engine.dispose()


def test_the_show_line_names_the_target_and_whether_the_median_met_it() -> None:
    line = show_line(0.91, 0.84, 0.8, 2.5)
    assert "0.91 s wall (median of 3, best 0.84), 0.80 s CPU, at load 2.50" in line
    assert line.endswith(f"(target < {SHOW_TARGET:g} s wall: met)")
    assert show_line(3.2, 2.9, 1.1, 7.0).endswith("(target < 3 s wall: NOT met)")
