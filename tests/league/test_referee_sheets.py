"""A league's own referees (the rulebook's optional rule VII.1): the organiser adds a referee sheet,
the card names him, the match is refereed by his threshold, and verify replays it from the export."""

from __future__ import annotations

import copy
import json
from datetime import timedelta
from pathlib import Path

import pytest

from tests.league.helpers import League
from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.events import Happening
from turnbuckle.core.record_json import record_from_json
from turnbuckle.league.export import export_league
from turnbuckle.league.services import roster, running, shows
from turnbuckle.league.services.card import add_match
from turnbuckle.league.verify import verify_export

HANK = "name: Hank Hard\ntype: By the Book\ndq_threshold: 4\nnotes: calls every illegal action he sees\n"


def test_a_bad_referee_sheet_is_refused_with_every_problem(lg: League) -> None:
    with lg.act() as ctx, pytest.raises(SheetError) as err:
        roster.add_referee(ctx, "name: ''\ndq_threshold: 40\nwhistle: loud\n", "hank.yaml")
    text = str(err.value)
    assert "hank.yaml" in text and "'name'" in text and "'dq_threshold'" in text and "'whistle'" in text
    with lg.act() as ctx, pytest.raises(RulesError, match="no referee named"):
        roster.add_referee(ctx, "Nobody Special", "ref")
    with lg.act() as ctx:
        assert sorted(r.name for r in roster.referees(ctx)) == ["Sam Atan", "Zero Tolerance"]


def test_a_show_with_a_custom_referee_runs_and_verifies(lg: League) -> None:
    with lg.act() as ctx:
        ref = roster.add_referee(ctx, HANK, "hank.yaml")
        assert ref.sheet == {"name": "Hank Hard", "type": "By the Book", "dq_threshold": 4,
                             "notes": "calls every illegal action he sees"}
        s = shows.create_show(ctx, "Week", "2026-11-09", lg.clock.now + timedelta(days=1))
        number = str(s.number)
        add_match(ctx, number, "m2", ["Brother Bob", "Friendly Sam"], None, "Hank Hard", None)
        shows.open_show(ctx, number)
    with lg.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
        running.publish(ctx, number)
    with lg.act() as ctx:
        data = export_league(ctx)
    match = data["shows"][0]["matches"][0]
    sheet = json.loads(match["options"]["referee"])
    assert sheet == {"name": "Hank Hard", "type": "By the Book", "dq_threshold": 4,
                     "notes": "calls every illegal action he sees"}
    record = record_from_json(match["record"])
    assert json.loads(str(record.options["referee"])) == sheet
    start = next(e.data for e in record.events if isinstance(e, Happening) and e.type == "match_start")
    assert (start["referee"], start["referee_threshold"]) == ("Hank Hard", 4)
    findings, _ = verify_export(data)
    assert findings == []
    # A referee changed in the export (a softer threshold) no longer replays to the stored record.
    forged = copy.deepcopy(data)
    forged["shows"][0]["matches"][0]["options"]["referee"] = json.dumps({**sheet, "dq_threshold": 14})
    findings, _ = verify_export(forged)
    assert any("replay differs" in f for f in findings)


def test_the_league_command_line_adds_a_referee_sheet_and_puts_him_on_the_card(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    runner = CliRunner()
    db = str(tmp_path / "league.db")
    sheet = tmp_path / "hank.yaml"
    sheet.write_text(HANK, encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Nobody\ndq_threshold: 1\n", encoding="utf-8")
    steps = [["init", "--name", "Fed", "--organiser", "Fran"], ["member", "add", "Ann"],
             ["competitor", "add", "m2", "friendly-sam", "--owner", "Ann"],
             ["competitor", "add", "m2", "brother-bob", "--owner", "Ann"],
             ["referee", "add", str(sheet)],
             ["show", "create", "Week 1", "--date", "2099-01-05", "--deadline", "2099-01-04 20:00"],
             ["card", "add", "1", "m2", "Friendly Sam", "Brother Bob", "--referee", "Hank Hard"]]
    for step in steps:
        result = runner.invoke(app, ["league", *step, "--db", db])
        assert result.exit_code == 0, (step, result.stderr)
    listed = runner.invoke(app, ["league", "referee", "list", "--db", db, "--format", "json"])
    assert json.loads(listed.stdout)[0]["dq_threshold"] == 4
    refused = runner.invoke(app, ["league", "referee", "add", str(bad), "--db", db])
    assert refused.exit_code == 2 and "dq_threshold" in refused.stderr
    missing = runner.invoke(app, ["league", "referee", "add", str(tmp_path / "none.yaml"), "--db", db])
    assert missing.exit_code == 2 and "not found" in missing.stderr
