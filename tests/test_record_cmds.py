"""``turnbuckle replay`` and ``turnbuckle show`` over stored records, and HTML write-ups."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from turnbuckle import __version__
from turnbuckle.cli.app import app
from turnbuckle.core.registry import Ruleset
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset

RULESETS = all_rulesets()
IDS = [rs.info.id for rs in RULESETS]
runner = CliRunner()


def tb(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def stored(tmp_path: Path, *args: str, name: str = "rec.json") -> Path:
    out = tb("match", *args, "--format", "json")
    assert out.exit_code == 0, out.stderr
    path = tmp_path / name
    path.write_text(out.stdout, encoding="utf-8")
    return path


def sides(rs: Ruleset[Any]) -> list[str]:
    return [s.id for s in rs.samples()[:2]]


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_a_stored_match_replays_identical_and_shows_as_it_was_played(rs: Ruleset[Any], tmp_path: Path) -> None:
    path = stored(tmp_path, rs.info.id, *sides(rs), "--seed", "21")
    out = tb("replay", str(path))
    assert (out.exit_code, out.stdout.split(":")[0]) == (0, "identical")
    assert tb("show", str(path), "--format", "json").stdout == path.read_text(encoding="utf-8")
    for fmt in ("text", "markdown", "html"):
        played = tb("match", rs.info.id, *sides(rs), "--seed", "21", "--format", fmt).stdout
        assert tb("show", str(path), "--format", fmt).stdout == played


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _first_roll(data: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in data["events"] if e["type"] == "roll")


def test_a_scripted_record_replays_from_its_own_entries(tmp_path: Path) -> None:
    seeded = stored(tmp_path, "boxing", "slugger", "speedster", "--seed", "5", name="seeded.json")
    data = json.loads(seeded.read_text(encoding="utf-8"))
    faces = [str(f) for e in data["events"] if e["type"] == "roll" for f in e["faces"]]
    script = tmp_path / "dice.txt"
    script.write_text(" ".join(faces) + "\n", encoding="utf-8")
    path = stored(tmp_path, "boxing", "slugger", "speedster", "--dice", str(script))
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] is None
    assert tb("replay", str(path)).exit_code == 0


def test_a_changed_roll_is_the_first_difference(tmp_path: Path) -> None:
    path = stored(tmp_path, "boxing", "slugger", "speedster", "--seed", "5")
    data = json.loads(path.read_text(encoding="utf-8"))
    index = data["events"].index(_first_roll(data))
    _edit(path, lambda d: _first_roll(d).update(faces=[1, 1], total=2))
    out = tb("replay", str(path))
    assert out.exit_code == 1
    lines = out.stdout.splitlines()
    assert lines[0] == f"differs at event {index + 1} of {len(data['events'])}:"
    assert lines[1].startswith("  record: ") and '"faces": [1, 1]' in lines[1]
    assert lines[2].startswith("  replay: ") and '"faces": [1, 1]' not in lines[2]
    assert len(lines) == 3  # the versions are the same: nothing more to say


def test_a_record_from_other_rules_is_replayed_and_a_difference_names_both_versions(tmp_path: Path) -> None:
    path = stored(tmp_path, "boxing", "slugger", "speedster", "--seed", "5")
    _edit(path, lambda d: d.update(ruleset_version="0.9", turnbuckle_version="0.0.1"))
    assert tb("replay", str(path)).exit_code == 0  # the same match under the rules installed now
    _edit(path, lambda d: _first_roll(d).update(faces=[1, 1], total=2))
    out = tb("replay", str(path))
    assert out.exit_code == 1
    versions = ", ".join(get_ruleset("boxing").info.playable_versions)
    assert f"played under boxing 0.9 (turnbuckle 0.0.1); this turnbuckle plays boxing {versions} " \
        f"(turnbuckle {__version__})" in out.stdout
    assert "the rules may have changed, not necessarily the record" in out.stdout


def test_a_record_from_an_older_rules_version_replays_under_its_own(tmp_path: Path) -> None:
    """A bout saved under boxing 1.1 replays under 1.1 (no versions note), even after 1.2."""
    path = stored(tmp_path, "boxing", "slugger", "speedster", "--seed", "5")
    data = json.loads(path.read_text())
    rs = get_ruleset("boxing")
    old = rs.run([rs.side_by_name("slugger"), rs.side_by_name("speedster")], SeededSource(5), version="1.1")
    path.write_text(json.dumps(old.to_json()))
    assert data["ruleset_version"] == rs.info.version != "1.1"
    out = tb("replay", str(path))
    assert out.exit_code == 0 and "may have changed" not in out.stdout


def test_a_changed_result_is_a_difference(tmp_path: Path) -> None:
    path = stored(tmp_path, "boxing", "slugger", "speedster", "--seed", "5")
    _edit(path, lambda d: d["result"].update(summary="Nobody won."))
    out = tb("replay", str(path))
    assert out.exit_code == 1 and out.stdout.startswith("differs: every event is the same but the result is not")


@pytest.mark.parametrize(("text", "message"), [
    ('{"format": "turnbuckle.match/9"}', "is not one this version reads"),
    ('{"format": "turnbuckle.match/2", "ruleset": "box', "cut short"),
    ("[1, 2]", "must be a JSON object"),
])
def test_a_file_that_is_not_a_record_is_one_line_and_exit_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    for command in ("replay", "show"):
        out = tb(command, str(path))
        assert out.exit_code == 2
        assert out.stderr.startswith(f"turnbuckle: error: '{path}' is not a match record: ")
        assert message in out.stderr and out.stderr.count("\n") == 1


def test_malformed_events_and_a_missing_file_are_exit_2(tmp_path: Path) -> None:
    path = stored(tmp_path, "headlock", "the-rhino", "wildcat-rosa", "--seed", "5")
    _edit(path, lambda d: d["events"][3].update(type=7))
    out = tb("replay", str(path))
    assert out.exit_code == 2 and "event 4: an event has no 'type'" in out.stderr
    assert tb("show", str(tmp_path / "missing.json")).exit_code == 2
    assert tb("show", str(path), "--format", "pdf").exit_code == 2


def test_the_html_page_stands_alone_and_escapes_everything(tmp_path: Path) -> None:
    sheet = tmp_path / "odd.yaml"
    sheet.write_text('name: "<b>Bad & \\"Bold\\"</b>"\npower: 5\nspeed: 5\ntoughness: 5\n', encoding="utf-8")
    out = tb("match", "boxing", str(sheet), "slugger", "--seed", "3", "--format", "html")
    assert out.exit_code == 0, out.stderr
    page = out.stdout
    assert page.startswith("<!DOCTYPE html>\n") and page.endswith("</html>\n")
    assert "&lt;b&gt;Bad &amp; &quot;Bold&quot;&lt;/b&gt;" in page
    assert "<b>" not in page and "<script" not in page and "http" not in page
    assert page.count("<table>") == page.count("</table>") >= 1
