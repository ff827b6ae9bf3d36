"""Pre-match choices in the games without written strategies: a Deathmatch or Headlock side's
owner picks its automatic player through ``submit``; the run plays it and says so; verify replays
it from the exported submission and catches a changed one."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from tests.league.helpers import League, build, open_show, sample
from turnbuckle.core.errors import RulesError
from turnbuckle.league import canonical
from turnbuckle.league.choices import chosen_players, default_kind, explained, read_choice, takes_choice
from turnbuckle.league.errors import Forbidden, LeagueError
from turnbuckle.league.export import export_league
from turnbuckle.league.models import Result, Submission
from turnbuckle.league.services import roster, running, shows
from turnbuckle.league.verify import verify_export

CARD = [("deathmatch", ["The Ash Court", "The Bog Host"]), ("headlock", ["The Rhino", "Velvet Hammer"]),
        ("boxing", ["Mika Sato", "Rico Vance"])]


def with_armies(url: str) -> League:
    lg = build(url)
    with lg.act() as ctx:
        for owner, game, sid in (("Ann", "deathmatch", "ash-court"), ("Bo", "deathmatch", "bog-host"),
                                 ("Ann", "headlock", "the-rhino"), ("Bo", "headlock", "velvet-hammer")):
            roster.add_competitor(ctx, game, sample(game, sid), sid, owner)
    return lg


@pytest.fixture
def lg(url: str) -> Iterator[League]:
    league = with_armies(url)
    yield league
    league.close()


def run_and_publish(lg: League, number: str) -> dict[str, Any]:
    lg.clock.advance(days=1, minutes=1)
    with lg.act() as ctx:
        shows.lock(ctx, number)
        running.run_show(ctx, number)
        running.publish(ctx, number)
    with lg.act() as ctx:
        data: dict[str, Any] = json.loads(json.dumps(export_league(ctx)))
    return data


def test_the_reader_forgives_case_and_spaces_and_says_what_to_fix() -> None:
    assert read_choice("deathmatch", "player: weakest", "x") == "weakest"
    assert read_choice("deathmatch", "  Policy :  Lowest HP \r\n\n", "x") == "lowest-hp"
    assert read_choice("deathmatch", "most_dangerous", "x") == "most-dangerous"
    assert read_choice("headlock", "PLAYER=Solo", "x") == "solo"
    assert read_choice("headlock", "player: Expert", "x") == "expert"
    with pytest.raises(RulesError, match=r"'weakst' is not a deathmatch player \(did you mean 'weakest'\?\)"):
        read_choice("deathmatch", "player: weakst", "x")
    with pytest.raises(RulesError, match="'human' is for play at a table"):
        read_choice("headlock", "player: human", "x")
    with pytest.raises(RulesError, match="is one line"):
        read_choice("deathmatch", "player: weakest\nplayer: strongest", "x")
    with pytest.raises(RulesError, match="'tactic' is not 'player' or 'policy'"):
        read_choice("deathmatch", "tactic: weakest", "x")
    for game in ("boxing", "folkstyle", "matchmatch"):
        assert not takes_choice(game)
    with pytest.raises(RulesError, match="nothing to choose"):
        read_choice("boxing", "player: auto", "x")
    assert default_kind("headlock") == "smart" and default_kind("deathmatch") == "auto"
    assert [k for k, _ in explained("headlock")] == ["smart", "solo", "expert"]
    assert all(line for _, line in explained("deathmatch"))


def test_a_choice_is_submitted_like_a_strategy_owner_deadline_and_duplicates(lg: League) -> None:
    number = open_show(lg, CARD)
    with pytest.raises(Forbidden, match="belongs to Ann"), lg.act("Bo") as ctx:
        shows.submit(ctx, number, 1, "The Ash Court", "player: weakest")
    with pytest.raises(LeagueError, match="did you mean 'strongest'"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "The Ash Court", "player: strongst")
    with pytest.raises(LeagueError, match="nothing to choose"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 3, "Mika Sato", "player: auto")
    with lg.act("Ann") as ctx:
        sub = shows.submit(ctx, number, 1, "The Ash Court", "player: weakest")
    assert sub.sha256 == canonical.sha256_hex(b"player: weakest")
    with pytest.raises(LeagueError, match="same as the one sent"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "The Ash Court", "player: weakest")
    lg.clock.advance(days=2)
    with pytest.raises(LeagueError, match="late"), lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "The Ash Court", "player: strongest")


def test_the_counting_choice_plays_is_noted_and_verifies(lg: League) -> None:
    number = open_show(lg, CARD)
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "The Ash Court", "player: strongest")
        lg.clock.advance(minutes=5)
        shows.submit(ctx, number, 1, "The Ash Court", "player: weakest")  # the latest counts
        shows.submit(ctx, number, 2, "The Rhino", "player: smart")  # the default: no note
    with lg.act("Bo") as ctx:
        shows.submit(ctx, number, 2, "Velvet Hammer", "Policy: SOLO")
    data = run_and_publish(lg, number)
    with lg.act() as ctx:
        records = [r.record for r in ctx.session.scalars(select(Result).order_by(Result.id))]
        writeup = shows.show(ctx, number).writeup
    assert [sd["player"] for sd in records[0]["sides"]] == ["weakest", "auto"]
    assert [sd["player"] for sd in records[1]["sides"]] == ["smart", "solo"]
    assert [sd["player"] for sd in records[2]["sides"]] == ["auto", "auto"]
    assert "The Ash Court played with the weakest player (chosen before the show)" in writeup
    assert "Velvet Hammer played with the solo player" in writeup
    assert "The Rhino played with" not in writeup and "The Bog Host played with" not in writeup
    assert any(e.get("by") == "weakest" for e in records[0]["events"] if isinstance(e, dict))
    findings, notes = verify_export(data)
    assert findings == []
    assert any("3 match(es) replayed" in n for n in notes)


def test_an_expert_choice_plays_and_verifies(lg: League) -> None:
    """The expert draws no chance of its own: its choices follow from the match's seed and what it
    sees, so ``verify`` replays the match to the same record."""
    number = open_show(lg, CARD[1:2])
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "The Rhino", "player: expert")
    with lg.act("Bo") as ctx:
        shows.submit(ctx, number, 1, "Velvet Hammer", "player: expert")
    data = run_and_publish(lg, number)
    record = data["shows"][0]["matches"][0]["record"]
    assert [sd["player"] for sd in record["sides"]] == ["expert", "expert"]
    assert any(e.get("by") == "expert" for e in record["events"] if isinstance(e, dict))
    findings, notes = verify_export(data)
    assert findings == []
    assert any("1 match(es) replayed" in n for n in notes)


def test_nobody_choosing_plays_exactly_as_before(lg: League) -> None:
    """With no choice sent, the run passes no players: every record is the game's default run."""
    number = open_show(lg, CARD)
    data = run_and_publish(lg, number)
    from turnbuckle.core.sources import SeededSource
    from turnbuckle.rulesets.registry import get_ruleset

    for m in data["shows"][0]["matches"]:
        rs = get_ruleset(m["ruleset"])
        sides = [rs.load_side(x["document"], "x") for x in m["sides"]]
        plain = rs.run(sides, SeededSource(int(m["seed"])), m["options"]).to_json()
        assert canonical.canonical_json(plain) == canonical.canonical_json(m["record"])
    assert verify_export(data)[0] == []


def _chose_weakest(url: str) -> dict[str, Any]:
    lg = with_armies(url)
    number = open_show(lg, CARD[:1])
    with lg.act("Ann") as ctx:
        shows.submit(ctx, number, 1, "The Ash Court", "player: weakest")
    data = run_and_publish(lg, number)
    lg.close()
    return data


def test_a_changed_choice_is_a_hash_finding_and_with_its_hash_changed_too_the_replay_differs(url: str) -> None:
    data = _chose_weakest(url)
    show = data["shows"][0]
    assert show["matches"][0]["sides"][0]["submission"] == "player: weakest"
    text_only = copy.deepcopy(data)
    text_only["shows"][0]["matches"][0]["sides"][0]["submission"] = "player: strongest"
    findings, _ = verify_export(text_only)
    assert any("does not match the hash published at lock" in f for f in findings), findings
    # Every published hash made to agree with the new text: only the replay can tell.
    forged = copy.deepcopy(text_only)
    fs = forged["shows"][0]
    fs["manifest"]["submissions"][0]["sha256"] = canonical.sha256_hex(b"player: strongest")
    fs["manifest_sha256"] = canonical.sha256_hex(canonical.canonical_json(fs["manifest"]))
    next(e for e in reversed(fs["history"]) if e["kind"] == "lock")["detail"]["manifest_sha256"] = fs["manifest_sha256"]
    findings, _ = verify_export(forged)
    assert len(findings) == 1 and "the replay differs from the stored record" in findings[0], findings
    assert verify_export(data)[0] == []


def test_the_cli_sends_a_choice_from_a_file_and_verify_takes_its_export(tmp_path: Path, sqlite_template: Path) -> None:
    import shutil
    from datetime import UTC, datetime

    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    path = tmp_path / "league.db"
    shutil.copy(sqlite_template, path)
    url = f"sqlite:///{path}"
    lg = with_armies(url)
    lg.clock.now = datetime.now(UTC)  # the command line runs on the real clock
    number = open_show(lg, CARD[:1])
    runner = CliRunner()
    choice = tmp_path / "choice.txt"
    choice.write_text("policy: Lowest HP\n")
    args = ["league", "submit", number, "1", "The Bog Host", str(choice), "--db", str(path), "--as", "Bo"]
    sent = runner.invoke(app, args)
    assert sent.exit_code == 0, sent.stderr
    assert canonical.sha256_hex(b"policy: Lowest HP\n") in sent.stdout
    choice.write_text("policy: lowest\n")
    bad = runner.invoke(app, args)
    assert bad.exit_code == 2 and bad.stderr.strip().count("\n") == 0
    assert "'lowest' is not a deathmatch player" in bad.stderr
    with lg.act() as ctx:
        assert list(ctx.session.scalars(select(Submission.text))) == ["policy: Lowest HP\n"]
    data = run_and_publish(lg, number)
    lg.close()
    assert data["shows"][0]["matches"][0]["record"]["sides"][1]["player"] == "lowest-hp"
    export = tmp_path / "export.json"
    export.write_text(json.dumps(data))
    checked = runner.invoke(app, ["verify", str(export)])
    assert checked.exit_code == 0, checked.stdout + checked.stderr
    checked = runner.invoke(app, ["league", "verify", number, "--db", str(path)])
    assert checked.exit_code == 0, checked.stdout + checked.stderr


def test_a_choice_that_no_longer_reads_plays_the_default_in_the_run_and_in_verify() -> None:
    players, notes = chosen_players("deathmatch", ["player: weakest", "player: sneaky"], ["A", "B"])
    assert players == {0: "weakest"}
    assert notes[0] == "A played with the weakest player (chosen before the show)"
    assert "B's choice no longer reads" in notes[1] and "the auto player played instead" in notes[1]
    assert chosen_players("boxing", ["player: auto", None], ["A", "B"]) == ({}, [])
