"""Sheets and strategies as separate files (issue 12, item 6), read by the command line only.

A side file may name its wrestler (or a team's members) by a sheet file, found beside the file that
names it; ``match --strategy SIDE=FILE`` pairs a sheet with a strategy file. The rulesets and the
core read no files: without the command line's ``fetch`` such a name is refused, even when a file
of that name exists (a web request must never name a server path).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.helpers import one_error_line, tb
from tests.matchmatch.helpers import RULESET, fixture, sample
from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.registry import Ruleset
from turnbuckle.rulesets.matchmatch.side import Side

SRC = Path(__file__).resolve().parents[2] / "src" / "turnbuckle"
BOB_WEEK = "Strategy: +Brawl +Cheat -MA, Grid C\n1 MA Normal Corner punches\n2 HF Illegal Quarters\n"
SAM_WEEK = "Strategy: +High Flying +Technical -Brawl, Grid 2\n1 Stam HS Moonsault\n7 Stam Finisher(S) Finale\n"


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    """A league folder: sheets in roster/, this week's strategies in week3/ (not the current folder)."""
    (tmp_path / "roster").mkdir()
    (tmp_path / "week3").mkdir()
    (tmp_path / "roster" / "bob.txt").write_text(fixture("bob-sheet.txt"), encoding="utf-8")
    (tmp_path / "roster" / "sam.yaml").write_text(RULESET.sample("friendly-sam").text, encoding="utf-8")
    (tmp_path / "week3" / "bob.txt").write_text(BOB_WEEK, encoding="utf-8")
    (tmp_path / "week3" / "sam.txt").write_text(SAM_WEEK, encoding="utf-8")
    return tmp_path


def _record(*args: str) -> dict[str, object]:
    out = tb("match", "m2", *args, "--seed", "5", "--format", "json")
    assert out.exit_code == 0, out.output
    data: dict[str, object] = json.loads(out.stdout)
    return data


def _sides(record: dict[str, object]) -> list[dict[str, object]]:
    sides = record["sides"]
    assert isinstance(sides, list)
    return sides


def _strategies(record: dict[str, object]) -> list[str | None]:
    return [s["sheet"].get("strategy") for s in _sides(record)]  # type: ignore[attr-defined]


def test_a_side_file_names_its_wrestler_by_a_sheet_file_beside_it(roster: Path) -> None:
    side = roster / "week3" / "bob-side.yaml"
    side.write_text("wrestler: ../roster/bob.txt\nstrategy: |\n" + "".join(f"  {x}\n" for x in BOB_WEEK.splitlines()),
                    encoding="utf-8")
    record = _record(str(side), "friendly-sam")
    assert [s["name"] for s in _sides(record)] == ["Brother Bob", "Friendly Sam"]
    plan = _strategies(record)[0]
    assert plan is not None and plan.startswith("Strategy:+Brawling +Cheating -Martial Arts, Grid C")
    out = tb("validate", "m2", str(side))
    assert out.exit_code == 0 and "valid matchmatch wrestler 'Brother Bob'" in out.stdout


def test_a_team_names_its_members_by_sheet_files(roster: Path) -> None:
    team = roster / "team.yaml"
    team.write_text("team:\n  name: Odd Pair\n  members: [roster/bob.txt, roster/sam.yaml]\n  use: Brother Bob\n",
                    encoding="utf-8")
    record = _record(str(team), "iron-ivan")
    sheet = _sides(record)[0]["sheet"]
    assert isinstance(sheet, dict)
    assert [m["name"] for m in sheet["team"]["members"]] == ["Brother Bob", "Friendly Sam"]


@pytest.mark.parametrize(("bob", "sam"), [("1", "2"), ("A", "b"), ("Brother Bob", "friendly sam")])
def test_match_pairs_each_sheet_with_a_strategy_file(roster: Path, bob: str, sam: str) -> None:
    record = _record(str(roster / "roster" / "bob.txt"), str(roster / "roster" / "sam.yaml"),
                     "--strategy", f"{bob}={roster / 'week3' / 'bob.txt'}",
                     "--strategy", f"{sam}={roster / 'week3' / 'sam.txt'}")
    bob_plan, sam_plan = _strategies(record)
    assert bob_plan is not None and "2\tHigh Flying\tIllegal" in bob_plan
    assert sam_plan is not None and "7\tStamina\tFinisher" in sam_plan
    events = record["events"]
    assert isinstance(events, list)
    sides = [e for e in events if e.get("type") == "side"]
    assert [(s["auto"], s["plus"]) for s in sides] == [(False, ["brawling", "cheating"]),
                                                       (False, ["high_flying", "technical"])]


def test_a_strategy_for_a_side_that_already_has_one_is_refused(roster: Path) -> None:
    both = roster / "bob-both.txt"
    both.write_text(fixture("bob-part6.txt"), encoding="utf-8")
    message = one_error_line(tb("match", "m2", str(both), "friendly-sam", "--strategy",
                                f"1={roster / 'week3' / 'bob.txt'}"))
    assert "Brother Bob's own file already holds a strategy" in message


def test_a_strategy_for_no_such_side(roster: Path) -> None:
    message = one_error_line(tb("match", "m2", "brother-bob", "friendly-sam", "--strategy",
                                f"3={roster / 'week3' / 'bob.txt'}"))
    assert message == (f"--strategy '3={roster / 'week3' / 'bob.txt'}': no side 3; sides are numbered 1 to 2 "
                       "(or A, B...)")


def test_a_bad_strategy_file_names_its_line(roster: Path) -> None:
    bad = roster / "week3" / "bad.txt"
    bad.write_text(BOB_WEEK + "3 Stam Finsher go\n", encoding="utf-8")
    message = one_error_line(tb("match", "m2", "brother-bob", "friendly-sam", "--strategy", f"1={bad}"))
    assert message == f"{bad}: line 4: round 3: 'Finsher' is not a round type; did you mean 'Finisher'?"


def test_other_games_refuse_a_strategy(roster: Path) -> None:
    message = one_error_line(tb("match", "boxing", "slugger", "speedster", "--strategy",
                                f"1={roster / 'week3' / 'bob.txt'}"))
    assert message == "Boxing dice game has no written strategies; --strategy is for matchmatch"


def test_a_missing_sheet_file(roster: Path) -> None:
    side = roster / "side.yaml"
    side.write_text("wrestler: nobody.yaml\n", encoding="utf-8")
    message = one_error_line(tb("match", "m2", str(side), "friendly-sam"))
    assert "nobody.yaml" in message and "not found" in message


def test_a_named_sheet_file_must_hold_one_wrestler_alone(roster: Path) -> None:
    (roster / "bob-both.txt").write_text(fixture("bob-part6.txt"), encoding="utf-8")
    (roster / "side.yaml").write_text("wrestler: bob-both.txt\n", encoding="utf-8")
    message = one_error_line(tb("match", "m2", str(roster / "side.yaml"), "friendly-sam"))
    assert "holds a strategy as well as a sheet" in message
    (roster / "team.yaml").write_text(RULESET.sample("odd-couple").text, encoding="utf-8")
    (roster / "side2.yaml").write_text("team:\n  name: T\n  members: [team.yaml, brother-bob]\n  use: Brother Bob\n",
                                       encoding="utf-8")
    message = one_error_line(tb("match", "m2", str(roster / "side2.yaml"), "friendly-sam"))
    assert "holds a team" in message


def test_the_ruleset_itself_reads_no_file() -> None:
    # A file of that name is right here, in the current folder: the ruleset still never opens it.
    Path("me.yaml").write_text(RULESET.sample("brother-bob").text, encoding="utf-8")
    with pytest.raises(SheetError, match=re.escape("a sheet file can be named only in a side file read from "
                                                   "the command line")):
        RULESET.load_text("wrestler: me.yaml\n", "web upload")
    verdict = RULESET.check_text("team:\n  name: T\n  members: [me.yaml, friendly-sam]\n  use: Friendly Sam\n",
                                 "web upload")
    assert not verdict.valid
    assert "can be named only in a side file read from the command line" in verdict.problems[0]
    # ... while a sample named the same way as before still loads.
    assert RULESET.load_text("wrestler: brother-bob\n", "web upload").sheet == sample("brother-bob").sheet


def test_side_resolution_left_the_core() -> None:
    assert not hasattr(Ruleset, "resolve_side")
    probing = [p.relative_to(SRC) for folder in ("core", "rulesets") for p in (SRC / folder).rglob("*.py")
               if "path_exists" in p.read_text(encoding="utf-8") and p.name != "inputs.py"]
    assert probing == []
    with pytest.raises(RulesError, match=re.escape("file 'nope/me.yaml' not found")):
        RULESET.side_by_name("nope/me.yaml")


def test_with_strategy_keeps_the_sheet() -> None:
    side = RULESET.with_strategy(sample("friendly-sam"), SAM_WEEK, "week3/sam.txt")
    assert isinstance(side, Side) and side.sheet == sample("friendly-sam").sheet
    assert side.strategy is not None and side.strategy.plus == ("high_flying", "technical")
