"""The league's command line: the whole flow, --format json, and every kind of bad input as one
line, exit 2, with the database unchanged."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.league.backup import backup
from turnbuckle.league.db import make_engine
from turnbuckle.rulesets.registry import get_ruleset

runner = CliRunner()
SAM = ("Strategy: +High Flying +Technical -Brawl, Grid B\nRound\tTarget\tType\tNotes\n"
       "1\tStam\tHigh Spot\tHigh flying.\n7\tStamina\tFinisher\tFriendly Finale!\n")


def tb(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def snapshot(db: str) -> dict[str, object]:
    engine = make_engine(f"sqlite:///{db}" if "://" not in db else db)
    data = backup(engine)
    engine.dispose()
    return data


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The league the tests start from, built once through the command line."""
    path = str(tmp_path_factory.mktemp("cli") / "league.db")
    code, out, err = tb("league", "init", "--db", path, "--name", "CLI Fed", "--organiser", "Fran",
                        "--timezone", "America/New_York")
    assert code == 0, err
    assert "created league 'CLI Fed'" in out
    for cmd in (["member", "add", "Ann"], ["member", "add", "Bo"],
                ["competitor", "add", "m2", "friendly-sam", "--owner", "Ann"],
                ["competitor", "add", "m2", "brother-bob", "--owner", "Bo"],
                ["referee", "add", "Sam Atan"], ["titles", "add", "LHW", "m2"],
                ["show", "create", "Week 1", "--date", "2099-01-05", "--deadline", "2099-01-04 20:00"],
                ["card", "add", "1", "m2", "Friendly Sam", "Brother Bob", "--title", "LHW"],
                ["open", "1"]):
        code, out, err = tb("league", *cmd, "--db", path)
        assert code == 0, (cmd, err)
    return Path(path)


@pytest.fixture
def db(built: Path, tmp_path: Path) -> str:
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{built}{suffix}").exists():
            shutil.copy(f"{built}{suffix}", tmp_path / f"league.db{suffix}")
    return str(tmp_path / "league.db")


def test_the_whole_flow_from_the_command_line(db: str, tmp_path: Path) -> None:
    strategy = tmp_path / "sam.txt"
    strategy.write_text(SAM)
    code, out, err = tb("league", "submit", "1", "1", "Friendly Sam", str(strategy), "--as", "Ann", "--db", db)
    assert code == 0, err
    assert "SHA-256" in out and "EST" in out  # shown in the league's time zone
    words = tmp_path / "writeup.md"
    words.write_text("A night to remember.\n")
    for step in ("lock", "run", "heal", ["publish", "--writeup", str(words)]):
        args = step if isinstance(step, list) else [step]
        code, out, err = tb("league", *args[:1], "1", *args[1:], "--db", db)
        assert code == 0, (step, err)
    code, out, _ = tb("league", "standings", "--db", db, "--format", "json")
    rows = json.loads(out)
    assert {r["name"] for r in rows} == {"Friendly Sam", "Brother Bob"}
    assert sum(r["wins"] + r["losses"] + r["draws"] for r in rows) == 2
    code, out, _ = tb("league", "history", "Friendly Sam", "--db", db, "--format", "json")
    assert any(r["kind"] == "result" for r in json.loads(out))
    assert tb("league", "titles", "--db", db)[0] == 0
    code, out, _ = tb("league", "show", "view", "1", "--db", db)
    assert "seed sha256" in out and "lock" in out and "A night to remember." in out
    code, out, _ = tb("league", "verify", "1", "--db", db)
    assert code == 0 and "verified" in out
    export = tmp_path / "export.json"
    assert tb("league", "export", "--db", db, "--out", str(export))[0] == 0
    assert tb("verify", str(export))[0] == 0
    for fmt, marker in (("markdown", "## Show 1"), ("html", "<!doctype html>")):
        code, out, _ = tb("league", "export", "--db", db, "--format", fmt)
        assert code == 0 and marker in out


def test_the_export_never_holds_a_strategy_of_a_show_not_run(db: str, tmp_path: Path) -> None:
    strategy = tmp_path / "sam.txt"
    strategy.write_text(SAM)
    tb("league", "submit", "1", "1", "Friendly Sam", str(strategy), "--as", "Ann", "--db", db)
    code, out, err = tb("league", "export", "1", "--db", db)
    assert code == 2 and "not published" in err
    code, out, _ = tb("league", "export", "--db", db)
    assert "Friendly Finale" not in out and json.loads(out)["shows"] == []


def test_an_export_or_backup_that_cannot_be_written_is_one_line(db: str, tmp_path: Path) -> None:
    """A folder, or a folder that does not exist, as the output: exit 2 and one line (was exit 3)."""
    folder = tmp_path / "out"
    folder.mkdir()
    for target in (folder, tmp_path / "missing" / "x.json"):
        for args in (["league", "export", "--db", db, "-o", str(target)],
                     ["league", "backup", str(target), "--db", db]):
            code, out, err = tb(*args)
            assert code == 2 and err.startswith("turnbuckle: error: cannot write") and err.count("\n") == 1, err
            assert "Traceback" not in out + err


BAD = {
    "unknown show": (["league", "lock", "99"], "no show '99'"),
    "unknown competitor": (["league", "card", "add", "1", "m2", "Nobody", "Brother Bob"], "no competitor 'Nobody'"),
    "unknown member": (["league", "member", "add", "Cy", "--as", "Zed"], "no member named 'Zed'"),
    "a player acting as organiser": (["league", "lock", "1", "--as", "Ann"], "only the organiser"),
    "an invalid sheet": (["league", "competitor", "add", "m2", "BADSHEET"], "'styles' is missing"),
    "an invalid strategy": (["league", "submit", "1", "1", "Friendly Sam", "BADSTRAT", "--as", "Ann"], "Special"),
    "someone else's competitor": (["league", "submit", "1", "1", "Friendly Sam", "GOODSTRAT", "--as", "Bo"],
                                  "belongs to Ann"),
    "a bad option": (["league", "card", "add", "1", "m2", "Friendly Sam", "Brother Bob", "-o", "rounds=0"],
                     "rounds"),
    "a server path as option": (["league", "card", "add", "1", "m2", "Friendly Sam", "Brother Bob", "-o",
                                 "type_file=/etc/passwd"], "server path"),
    "a corrupt backup": (["league", "restore", "BADSTRAT"], "not valid JSON"),
    "an option given twice": (["league", "card", "add", "1", "m2", "Friendly Sam", "Brother Bob", "-o", "rounds=10",
                               "-o", "rounds=12"], "rounds is given twice ('10' and '12')"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_line_exit_2_and_changes_nothing(db: str, tmp_path: Path, case: str) -> None:
    args, message = BAD[case]
    bad_sheet, bad_strat, good_strat = tmp_path / "bad.yaml", tmp_path / "bad.txt", tmp_path / "good.txt"
    bad_sheet.write_text("name: Bad\nstamina: 99\n")
    bad_strat.write_text(SAM.replace("1\tStam\tHigh Spot", "3\tStam\tFinisher"))  # two Specials at level 1
    good_strat.write_text(SAM)
    swap = {"BADSHEET": str(bad_sheet), "BADSTRAT": str(bad_strat), "GOODSTRAT": str(good_strat)}
    before = snapshot(db)
    code, _, err = tb(*[swap.get(a, a) for a in args], "--db", db)
    assert code == 2, err
    assert err.startswith("turnbuckle: error: ") and err.count("\n") == 1, err
    assert message in err
    assert snapshot(db) == before


def test_late_duplicate_and_locked_submissions_are_refused(db: str, tmp_path: Path) -> None:
    strategy = tmp_path / "sam.txt"
    strategy.write_text(SAM)
    args = ["league", "submit", "1", "1", "Friendly Sam", str(strategy), "--as", "Ann", "--db", db]
    assert tb(*args)[0] == 0
    before = snapshot(db)
    code, _, err = tb(*args)
    assert (code, "same as the one sent" in err) == (2, True)
    tb("league", "lock", "1", "--db", db)
    locked = snapshot(db)
    strategy.write_text(SAM + "\n")
    code, _, err = tb(*args)
    assert (code, "strategies are taken only while it is open" in err) == (2, True)
    assert snapshot(db) == locked != before
    code, _, err = tb("league", "show", "create", "Late", "--date", "2000-01-01", "--deadline", "2000-01-01 10:00",
                      "--db", db)
    assert code == 2 and "has passed" in err  # a deadline already past is refused: it would lock at once
    tb("league", "show", "create", "Late", "--date", "2099-01-01", "--deadline", "2099-01-01 10:00", "--db", db)
    tb("league", "card", "add", "2", "m2", "Friendly Sam", "Brother Bob", "--db", db)
    tb("league", "open", "2", "--db", db)
    engine = make_engine(f"sqlite:///{db}" if "://" not in db else db)
    try:
        with engine.begin() as conn:  # the deadline passes while the show is open
            conn.execute(text("UPDATE shows SET deadline = '2000-01-01 10:00:00.000000' WHERE number = 2"))
    finally:
        engine.dispose()
    late = snapshot(db)
    code, _, err = tb("league", "submit", "2", "1", "Friendly Sam", str(strategy), "--as", "Ann", "--db", db)
    assert code == 2 and "late" in err
    assert snapshot(db) == late


def test_a_missing_or_newer_database_is_one_line(tmp_path: Path, db: str) -> None:
    code, _, err = tb("league", "standings", "--db", str(tmp_path / "none.db"))
    assert code == 2 and "league init" in err and err.count("\n") == 1
    assert not (tmp_path / "none.db").exists()
    newer = tmp_path / "newer.db"
    shutil.copy(db, newer)
    engine = create_engine(f"sqlite:///{newer}")
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'ffff'"))
    engine.dispose()
    for args in (["league", "standings"], ["league", "init"]):
        code, _, err = tb(*args, "--db", str(newer))
        assert code == 2 and "newer turnbuckle" in err, err


def test_a_team_of_one_wrestler_named_twice_is_refused(db: str) -> None:
    """The web counted a wrestler ticked twice once; the command line made a team of one (members [1, 1])."""
    code, _, err = tb("league", "competitor", "team", "Dup", "Friendly Sam", "friendly sam", "--db", db)
    assert code == 2 and "'Friendly Sam' is named twice" in err and err.count("\n") == 1
    code, out, _ = tb("league", "competitor", "list", "--db", db, "--format", "json")
    assert "Dup" not in {r["name"] for r in json.loads(out)}


def test_competitors_from_a_file_and_teams(db: str, tmp_path: Path) -> None:
    sheet = tmp_path / "boxer.yaml"
    sheet.write_text(get_ruleset("boxing").sample("slugger").text)
    code, out, err = tb("league", "competitor", "add", "boxing", str(sheet), "--as", "Ann", "--db", db)
    assert code == 0, err
    code, out, err = tb("league", "competitor", "team", "Pair", "Friendly Sam", "Brother Bob", "--owner", "Ann",
                        "--db", db)
    assert code == 0, err
    code, out, _ = tb("league", "competitor", "list", "--db", db, "--format", "json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert rows["Pair"]["team"] and rows["Dutch Kessler"]["owner"] == "Ann"
