"""`make demo`: what turnbuckle is, a short match of each game, and what to try next (issue 18.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from turnbuckle import demo
from turnbuckle.rulesets.registry import all_rulesets


def test_demo_introduces_plays_every_game_and_ends_with_what_next(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # the sample league's database is written here
    demo.main()
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[:2] == demo.INTRO.splitlines() and lines[2] == ""
    for rs in all_rulesets():
        assert f"turnbuckle match {rs.info.id} " in out
    assert lines[-len(demo.NEXT) - 1] == "Try next:"
    assert [line.strip() for line in lines[-len(demo.NEXT):]] == list(demo.NEXT)
    assert len(lines) < 150  # sized for a person, not a scroll-back buffer
