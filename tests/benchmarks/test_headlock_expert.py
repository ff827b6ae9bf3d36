"""The expert benchmark's arithmetic: its share line and verdict."""

from __future__ import annotations

from benchmarks.headlock_expert import share_line


def test_share_line_states_the_interval_and_the_verdict() -> None:
    line = share_line(2 * 12_000, 20_000)  # 12,000 wins of 20,000: 60%
    assert "60.0% over 20,000 matches" in line and "59.3%-60.7%" in line and ": met" in line
    short = share_line(2 * 10_500, 20_000)  # 52.5%
    assert "NOT met, short by 3.2 points" in short
