"""`turnbuckle league run` sets the objects made before the show aside from the garbage
collector while the show runs, and puts them back after (a process that goes on, like this
test's, keeps collecting as before)."""

from __future__ import annotations

import gc
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.league.helpers import build, open_show
from turnbuckle.cli.app import app
from turnbuckle.league.services import running, shows


def test_league_run_freezes_the_collector_only_while_the_show_runs(tmp_path: Path, sqlite_template: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "league.db"
    shutil.copy(sqlite_template, path)
    lg = build(f"sqlite:///{path}")
    number = open_show(lg, [("boxing", ["Mika Sato", "Rico Vance"])])
    with lg.act() as ctx:
        shows.lock(ctx, number)
    lg.close()
    seen: list[int] = []
    real = running.run_show

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.get_freeze_count())
        return real(*args, **kwargs)

    monkeypatch.setattr(running, "run_show", watched)
    assert gc.get_freeze_count() == 0
    result = CliRunner().invoke(app, ["league", "run", number, "--db", str(path), "-q"])
    assert result.exit_code == 0, result.stderr
    assert f"show {number} has run" in result.stdout
    assert seen and seen[0] > 0  # frozen while the show ran
    assert gc.get_freeze_count() == 0  # and nothing left frozen after
