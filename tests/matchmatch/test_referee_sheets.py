"""Referee sheets (optional rule VII.1): a fedhead's own referee as a validated sheet carried in the
``referee`` option, whose DQ threshold governs the checks, and which a record keeps and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.matchmatch.helpers import RULESET, happenings, play
from tests.matchmatch.test_engine import ALL_POWER, duelist, r
from turnbuckle.cli.app import app
from turnbuckle.core.errors import SheetError
from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.replay import replay
from turnbuckle.core.sources import ScriptedSource
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.referees import find_referee, load_referee, referee_from_option, referee_option

HANK = {"name": "Hank Hard", "type": "By the Book", "dq_threshold": 4, "notes": "calls everything"}
LAX = {"name": "Larry Lax", "type": "Blind", "dq_threshold": 17}
#: Round 1: A (cheating) attacks 1+1+1, its DQ check rolls 2+2 = 4; B attacks 1+1+1.
CHEAT_CHECK_4 = [1, 1, 1, 1, 2, 2, 1, 1, 1]


def _sheet(data: dict[str, object]) -> str:
    return json.dumps(data)


def _options(**given: object) -> dict[str, OptionValue]:
    return resolve_options(RULESET.info.options, given)


def test_a_custom_referees_threshold_decides_the_dq_check() -> None:
    cheat = duelist("A", [r(1, "Illegal")])
    rec = play([cheat, duelist("B")], CHEAT_CHECK_4, grid=ALL_POWER, rounds=1, referee=_sheet(HANK))
    start = happenings(rec, "match_start")[0]
    assert (start["referee"], start["referee_threshold"]) == ("Hank Hard", 4)
    assert happenings(rec, "disqualified")[0]["side"] == "A"
    assert (rec.result.winner, rec.result.method) == (1, "dq")


def test_the_same_check_under_a_lax_referee_is_no_dq() -> None:
    cheat = duelist("A", [r(1, "Illegal")])
    script = [1, 1, 1, 1, 6, 6, 1, 1, 1] + [1] * 20  # a check of 12 stays under Larry Lax's 17; 1s after
    rec = RULESET.run([cheat, duelist("B")], ScriptedSource.from_values(script),
                      {"grid": ALL_POWER, "rounds": 1, "referee": _sheet(LAX)})
    assert happenings(rec, "disqualified") == []
    check = next(c for c in happenings(rec, "attack") if c["side"] == "A")
    assert (check["dq"], check["dq_threshold"], check["dq_threshold_after"]) == (False, 17, 16)


def test_the_record_keeps_the_sheet_and_replays_from_json() -> None:
    cheat = duelist("A", [r(1, "Illegal")])
    rec = play([cheat, duelist("B")], CHEAT_CHECK_4, grid=ALL_POWER, rounds=1, referee=_sheet(HANK))
    back = record_from_json(json.loads(json.dumps(rec.to_json())))
    assert referee_from_option(str(back.options["referee"])) == load_referee(HANK)
    assert back.to_json() == rec.to_json()
    assert replay(RULESET, back).identical


def test_bad_referee_sheets_list_every_problem() -> None:
    bad = {"name": "", "type": "two\nlines", "dq_threshold": "5", "whistle": True}
    with pytest.raises(SheetError) as err:
        load_referee(bad)
    text = str(err.value)
    for part in ("'name'", "'type'", "'dq_threshold'", "'whistle'"):
        assert part in text
    for threshold in (1, 21, 5.0, True):
        with pytest.raises(SheetError, match="dq_threshold"):
            match_options(_options(referee=_sheet({"name": "X", "dq_threshold": threshold})))


def test_bundled_referees_stay_available_by_name() -> None:
    assert match_options(_options(referee="Zero Tolerance")).referee == find_referee("zero")
    assert referee_option(find_referee("atan")) == "Sam Atan"  # a bundled sheet travels by its name
    custom = referee_option(load_referee({**LAX, "name": "Sam Atan"}))  # same name, other threshold: the sheet
    assert json.loads(custom)["dq_threshold"] == 17


def test_the_command_line_reads_a_referee_sheet_file_and_the_record_replays(tmp_path: Path) -> None:
    runner = CliRunner()
    sheet = tmp_path / "hank.yaml"
    sheet.write_text("name: Hank Hard\ntype: By the Book\ndq_threshold: 4\n", encoding="utf-8")
    result = runner.invoke(app, ["match", "matchmatch", "brother-bob", "friendly-sam", "--seed", "5",
                                 "--referee", str(sheet), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    record = record_from_json(json.loads(result.stdout))
    assert referee_from_option(str(record.options["referee"])).dq_threshold == 4
    start = happenings(record, "match_start")[0]
    assert (start["referee"], start["referee_threshold"]) == ("Hank Hard", 4)
    saved = tmp_path / "record.json"
    saved.write_text(result.stdout, encoding="utf-8")
    again = runner.invoke(app, ["replay", str(saved)])
    assert again.exit_code == 0 and "identical" in again.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: ''\ndq_threshold: 99\n", encoding="utf-8")
    refused = runner.invoke(app, ["match", "matchmatch", "brother-bob", "friendly-sam", "--referee", str(bad)])
    assert refused.exit_code == 2
    assert "'name'" in refused.stderr and "'dq_threshold'" in refused.stderr and "Traceback" not in refused.stderr


@pytest.mark.parametrize("content", [
    b"", b"Sam Atan\n", b"roll\n", b"\xff\xfe\x00bad", b"[1, 2, 3]\n", b"name: [unclosed\n",
    b"name: X\ndq_threshold: " + b"9" * 5000 + b"\n",
    b"name: X\ndq_threshold: 4\nnotes: " + b"[" * 500 + b"\n", b"name: \"\\u202eevil\"\ndq_threshold: 4\n",
    b"- name: X\n  dq_threshold: 4\n", b"name: X\ndq_threshold: 4\nnotes: " + b"n" * 3000 + b"\n",
])
def test_a_hostile_referee_file_is_a_one_line_error(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "ref.yaml"
    path.write_bytes(content)
    result = CliRunner().invoke(app, ["match", "matchmatch", "brother-bob", "friendly-sam", "--referee", str(path)])
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert result.stderr.startswith("turnbuckle: error: ") and result.stderr.count("\n") == 1
