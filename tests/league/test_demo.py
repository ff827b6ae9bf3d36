"""The sample league (`turnbuckle league demo`, and the end of `make demo`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from turnbuckle.demo import league_demo
from turnbuckle.league.context import context
from turnbuckle.league.db import open_engine, session_scope
from turnbuckle.league.demo import build_demo
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.export import export_league
from turnbuckle.league.services import roster, shows
from turnbuckle.league.verify import verify_export
from turnbuckle.rulesets.registry import all_rulesets


def test_the_sample_league_has_something_for_every_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) \
        -> None:
    path = tmp_path / "demo.db"
    league_demo(str(path))
    out = capsys.readouterr().out
    assert f"turnbuckle league standings --db {path}" in out
    assert f"turnbuckle serve --db {path}" in out  # the same league in a browser
    engine = open_engine(f"sqlite:///{path}")
    with session_scope(engine) as session:
        ctx = context(session)
        assert [m.role for m in roster.members(ctx)].count("player") == 3
        assert {c.ruleset for c in roster.competitors(ctx)} == {r.info.id for r in all_rulesets()}
        assert any(c.members for c in roster.competitors(ctx))
        assert len(roster.referees(ctx)) == 5
        assert [s.status for s in shows.shows(ctx)] == ["published", "published", "open"]
        assert all(m.referee is not None for m in shows.shows(ctx)[2].matches if m.ruleset == "matchmatch")
        findings, notes = verify_export(export_league(ctx))
        assert findings == []
        assert sum("replayed" in n for n in notes) == 2
    engine.dispose()
    with pytest.raises(LeagueError, match="already holds a league"):
        build_demo(f"sqlite:///{path}")
