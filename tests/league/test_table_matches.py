"""Table matches: the organiser saves a score-keeper match to the league; the service replays its
entries itself and refuses a record that does not replay, an unfinished match, a competitor of
another game or on two sides, and anyone but the organiser. A saved match counts in records and
ratings, not in Push Levels, injuries or titles; verify replays its entries."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.league.helpers import START, League, build
from tests.test_table_mode import answers
from turnbuckle import __version__
from turnbuckle.core.sources import SeededSource
from turnbuckle.core.step import play_step
from turnbuckle.league.errors import Forbidden
from turnbuckle.league.export import FORMAT, export_league
from turnbuckle.league.models import Competitor, InjuryChange, PushChange, Reign, TableMatch
from turnbuckle.league.queries import history_rows, standings_rows
from turnbuckle.league.services.table import TableMatchRefused, save_table_match
from turnbuckle.league.verify import load_export, verify_export
from turnbuckle.rulesets.registry import get_ruleset


def table_match(game: str, samples: list[str], seed: int,
                options: dict[str, object] | None = None) -> tuple[dict[str, Any], list[list[str]]]:
    """A finished match as the score keeper gives it: its record and its answers, one list each."""
    rs = get_ruleset(game)
    sides = [rs.side_by_name(s) for s in samples]
    typed = [a.split() if " " in a else [a] for a in answers(rs.run(sides, SeededSource(seed), options))]
    step = play_step(rs, sides, [t for g in typed for t in g], options, narrate=False)
    assert step.record is not None
    return step.record.to_json(), typed


def stand(lg: League, name: str) -> dict[str, Any]:
    with lg.act() as ctx:
        return next(r for r in standings_rows(ctx) if r["name"] == name)


def test_the_organiser_saves_a_bout_that_counts_in_records_and_ratings(lg: League) -> None:
    record, typed = table_match("boxing", ["all-rounder", "glass-cannon"], 11, {"rounds": 3})
    before = {n: stand(lg, n) for n in ("Mika Sato", "Rico Vance")}
    entries = [{"answer": g, "seed": 77 if i == 0 else None} for i, g in enumerate(typed)]
    lg.clock.advance(hours=2)
    with lg.act() as ctx:
        saved = save_table_match(ctx, record, entries, ["Mika Sato", "Rico Vance"])
        uid = saved.uid
    with lg.act() as ctx:
        m = ctx.session.scalars(select(TableMatch).where(TableMatch.uid == uid)).one()
        assert m.record == record and m.entries == entries and m.entries[0]["seed"] == 77
        assert m.saved_at == START.replace(hour=START.hour + 2) and m.package_version == __version__
        assert m.ruleset == "boxing" and m.ruleset_version == get_ruleset("boxing").info.version
        assert [(s.index, s.name, s.competitor.name if s.competitor else None) for s in m.sides] == [
            (0, record["sides"][0]["name"], "Mika Sato"), (1, record["sides"][1]["name"], "Rico Vance")]
        outcomes = [s.outcome for s in m.sides]
        assert all(s.mu_before is not None and s.mu_after != s.mu_before for s in m.sides)
    for i, name in enumerate(("Mika Sato", "Rico Vance")):
        now, old = stand(lg, name), before[name]
        field = {"win": "wins", "loss": "losses", "draw": "draws"}[outcomes[i]]
        assert now[field] == old[field] + 1
        assert now["wins"] + now["losses"] + now["draws"] == 1
        assert now["mu"] != old["mu"]
    with lg.act() as ctx:
        rows = [r for r in history_rows(ctx, "Mika Sato") if r["kind"] == "table"]
        assert [r["table_match"] for r in rows] == [uid]
        assert "Mika Sato vs Rico Vance" in rows[0]["text"]


def test_a_matchmatch_table_match_moves_no_push_levels_injuries_or_titles(lg: League) -> None:
    record, typed = table_match("m2", ["friendly-sam", "brother-bob"], 5, {"rounds": 6})
    with lg.act() as ctx:
        sam = ctx.session.scalars(select(Competitor).where(Competitor.name == "Friendly Sam")).one()
        push_before = (sam.push_level, sam.push_points, sam.injuries)
        save_table_match(ctx, record, typed, ["Friendly Sam", "none"])
    with lg.act() as ctx:
        sam = ctx.session.scalars(select(Competitor).where(Competitor.name == "Friendly Sam")).one()
        assert (sam.push_level, sam.push_points, sam.injuries) == push_before
        assert sam.wins + sam.losses + sam.draws == 1
        for model in (PushChange, InjuryChange, Reign):
            assert ctx.session.scalar(select(func.count()).select_from(model)) == 0
        [m] = ctx.session.scalars(select(TableMatch)).all()
        assert m.sides[1].competitor_id is None and m.sides[1].mu_after is None


def count_saved(lg: League) -> int:
    with lg.act() as ctx:
        return int(ctx.session.scalar(select(func.count()).select_from(TableMatch)) or 0)


def test_each_refusal_is_one_line_and_nothing_is_saved(lg: League) -> None:
    record, typed = table_match("boxing", ["all-rounder", "glass-cannon"], 11, {"rounds": 3})
    with lg.act("Ann") as ctx, pytest.raises(Forbidden, match="only the organiser may save table matches"):
        save_table_match(ctx, record, typed, ["Mika Sato", "Rico Vance"])
    with lg.act() as ctx, pytest.raises(TableMatchRefused) as caught:
        save_table_match(ctx, record, typed[:-1], ["Mika Sato", "Rico Vance"])
    assert caught.value.problems == [caught.value.problems[0]]
    assert caught.value.problems[0].startswith("the match is not finished: after")
    with lg.act() as ctx, pytest.raises(TableMatchRefused) as caught:
        save_table_match(ctx, record, typed, ["Friendly Sam", "Friendly Sam"])
    assert caught.value.problems == [
        f"side 1 ({record['sides'][0]['name']}): Friendly Sam is a matchmatch competitor; this match is boxing",
        f"side 2 ({record['sides'][1]['name']}): Friendly Sam is a matchmatch competitor; this match is boxing",
        f"side 2 ({record['sides'][1]['name']}): Friendly Sam already takes side 1; a competitor takes one side"]
    with lg.act() as ctx, pytest.raises(TableMatchRefused, match=r"side 2 .*no competitor"):
        save_table_match(ctx, record, typed, ["Mika Sato", "Nobody Here"])
    with lg.act() as ctx, pytest.raises(TableMatchRefused, match="no side is a league competitor"):
        save_table_match(ctx, record, typed, ["none", None])
    with lg.act() as ctx, pytest.raises(TableMatchRefused, match="the match has 2 sides"):
        save_table_match(ctx, record, typed, ["Mika Sato"])
    assert count_saved(lg) == 0


def test_a_record_that_does_not_replay_from_its_entries_is_refused(lg: League) -> None:
    record, typed = table_match("boxing", ["all-rounder", "glass-cannon"], 11, {"rounds": 3})
    forged = copy.deepcopy(record)
    forged["result"]["winner"] = next(s["name"] for s in record["sides"] if s["name"] != record["result"]["winner"])
    other = [list(g) for g in typed]
    other[0] = ["6" if t != "6" else "5" for t in other[0]]
    for rec, entries, want in ((forged, typed, "does not replay from its entries (record.result.winner"),
                               (record, other, "")):
        with lg.act() as ctx, pytest.raises(TableMatchRefused) as caught:
            save_table_match(ctx, rec, entries, ["Mika Sato", "Rico Vance"])
        assert len(caught.value.problems) == 1 and want in caught.value.problems[0]
    with lg.act() as ctx, pytest.raises(TableMatchRefused, match="the record does not read"):
        save_table_match(ctx, {"format": "nope"}, typed, ["Mika Sato", "Rico Vance"])
    with lg.act() as ctx, pytest.raises(TableMatchRefused, match="answer 2 of the entries"):
        save_table_match(ctx, record, [typed[0], {"answer": []}], ["Mika Sato", "Rico Vance"])
    assert count_saved(lg) == 0


def test_verify_replays_a_saved_table_match_and_finds_tampered_entries(lg: League) -> None:
    record, typed = table_match("headlock", ["the-rhino", "amethyst-assassin"], 3, {"turns": 6})
    with lg.act() as ctx:
        roster_add(ctx)
        save_table_match(ctx, record, typed, ["The Rhino", "none"])
    with lg.act() as ctx:
        data = export_league(ctx)
    assert data["format"] == FORMAT == "turnbuckle.league-export/3"
    [m] = data["table_matches"]
    assert m["seed"] is None and m["dice"].startswith("no committed seed")
    assert m["sides"][0]["competitor"] is not None and m["sides"][1]["competitor"] is None
    findings, notes = verify_export(load_export(json.dumps(data), "export"))
    assert findings == [] and any("no committed seed" in n for n in notes)
    code, out = league_verify(lg)
    assert code == 0 and f"table match {m['uid']}: no committed seed" in out
    # the stored entries tampered with in the database: the league's own export fails verify
    with lg.act() as ctx:
        row = ctx.session.scalars(select(TableMatch)).one()
        changed = [list(g["answer"]) for g in row.entries]
        changed[-1] = ["1"] if changed[-1] != ["1"] else ["2"]
        row.entries = [{"answer": g, "seed": None} for g in changed]
    with lg.act() as ctx:
        findings, _ = verify_export(export_league(ctx))
    assert len(findings) == 1 and findings[0].startswith(f"table match {m['uid']}: ")
    code, out = league_verify(lg)
    assert code == 1 and f"FINDING: table match {m['uid']}: " in out
    # an edited record in a file fails too, and an old /1 export still reads
    edited = copy.deepcopy(data)
    edited["table_matches"][0]["record"]["result"]["summary"] = "A famous win"
    assert any("does not replay" in f for f in verify_export(edited)[0])
    old = {**data, "format": "turnbuckle.league-export/1"}
    del old["table_matches"]
    assert verify_export(load_export(json.dumps(old), "old")) == ([], [])


def roster_add(ctx: Any) -> None:
    from turnbuckle.league.services import roster

    roster.add_competitor(ctx, "headlock", get_ruleset("headlock").sample("the-rhino").text, "the-rhino", "Ann")


def league_verify(lg: League) -> tuple[int, str]:
    """``turnbuckle league verify`` with no show: every run show and every table match."""
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    result = CliRunner().invoke(app, ["league", "verify", "--db", lg.url])
    return result.exit_code, result.stdout


def test_a_table_match_survives_backup_and_restore(lg: League, tmp_path: Any) -> None:
    from turnbuckle.league.backup import backup, restore_into

    record, typed = table_match("boxing", ["all-rounder", "glass-cannon"], 11, {"rounds": 3})
    with lg.act() as ctx:
        save_table_match(ctx, record, [{"answer": g, "seed": 9} for g in typed], ["Mika Sato", "none"])
    first = backup(lg.engine)
    assert len(first["tables"]["table_matches"]) == 1 and len(first["tables"]["table_match_sides"]) == 2
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    restore_into(target, first)
    again = League(target)
    try:
        assert backup(again.engine) == first
        with again.act() as ctx:
            assert verify_export(export_league(ctx))[0] == []
    finally:
        again.close()


def test_the_command_line_saves_a_record_written_by_dice_ask(lg: League, tmp_path: Any,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    runner = CliRunner()
    rs = get_ruleset("boxing")
    seeded = rs.run([rs.side_by_name("all-rounder"), rs.side_by_name("glass-cannon")], SeededSource(4), {"rounds": 2})
    monkeypatch.chdir(tmp_path)
    played = runner.invoke(app, ["match", "boxing", "all-rounder", "glass-cannon", "-o", "rounds=2", "--dice", "ask",
                                 "-f", "json"], input="\n".join(answers(seeded)) + "\n")
    assert played.exit_code == 0, played.output
    path = tmp_path / "bout.json"
    path.write_text(played.stdout)

    def add(*args: str) -> tuple[int, str, str]:
        r = runner.invoke(app, ["league", "table", "add", *args, "--db", lg.url])
        return r.exit_code, r.stdout, r.stderr

    for args, message in ((["--side", "3=Mika Sato"], "write N=COMPETITOR with N from 1 to 2"),
                          (["--side", "1=Mika Sato", "--as", "Ann"], "only the organiser may save table matches"),
                          (["--side", "1=Friendly Sam"], "Friendly Sam is a matchmatch competitor")):
        code, _, err = add(str(path), *args)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1, (args, err)
    forged = tmp_path / "forged.json"
    forged.write_text(played.stdout.replace('"method": "', '"method": "x', 1))
    code, _, err = add(str(forged), "--side", "1=Mika Sato")
    assert code == 2 and "does not replay from its entries" in err
    assert count_saved(lg) == 0
    code, out, err = add(str(path), "--side", "1=Mika Sato", "--side", "2=Rico Vance")
    assert code == 0, err
    assert "Mika Sato vs Rico Vance" in out and "no committed seed" in out
    with lg.act() as ctx:
        m = ctx.session.scalars(select(TableMatch)).one()
        assert m.record == json.loads(played.stdout)
        assert [g["answer"] for g in m.entries] == [a.split() for a in answers(seeded)]


def test_migration_0003_downgrades_with_table_matches_saved_and_upgrades_again(schema_url: str) -> None:
    from sqlalchemy import create_engine, inspect

    from turnbuckle.league.db import downgrade, upgrade

    lg = build(schema_url)
    record, typed = table_match("boxing", ["all-rounder", "glass-cannon"], 11, {"rounds": 3})
    with lg.act() as ctx:
        save_table_match(ctx, record, typed, ["Mika Sato", "Rico Vance"])
    lg.close()
    engine = create_engine(schema_url)
    downgrade(schema_url, "0002")
    tables = set(inspect(engine).get_table_names())
    assert {"table_matches", "table_match_sides"} & tables == set() and "competitors" in tables
    upgrade(schema_url)
    assert {"table_matches", "table_match_sides"} <= set(inspect(engine).get_table_names())
    engine.dispose()
    again = League(schema_url)
    try:
        with again.act() as ctx:
            assert save_table_match(ctx, record, typed, ["Mika Sato", "Rico Vance"]).uid
    finally:
        again.close()
