"""``turnbuckle sweep`` on the command line: outputs, the announcement, refusals, the cache."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.cli.helpers import one_error_line, tb
from turnbuckle.rulesets.registry import get_ruleset

THREE = ("all-rounder", "slugger", "speedster")


def test_json_holds_every_pairing_with_intervals_ranking_and_metagame() -> None:
    result = tb("sweep", "boxing", *THREE, "-n", "400", "--seed", "3", "-f", "json", "--threads", "1")
    assert result.exit_code == 0, result.stderr
    assert "3 pairings of 3 entries, 400 matches each, seed 3; 0 cached, 3 to play" in result.stderr
    doc = json.loads(result.stdout)
    assert doc["format"] == "turnbuckle.sweep/1"
    assert [p["seats"] for p in doc["pairings"]] == [[0, 1], [0, 2], [1, 2]]
    for p in doc["pairings"]:
        for side in p["sides"]:
            assert side["win"]["lo"] <= side["win"]["p"] <= side["win"]["hi"]
            assert sum(w["count"] for w in side["wins_by"].values()) == side["win"]["count"]
    assert sorted(r["entry"] for r in doc["ranking"]) == [0, 1, 2]
    assert doc["matrix"]["win"][0][0] is None
    assert doc["matrix"]["win"][0][1] == doc["pairings"][0]["sides"][0]["win"]["p"]


def test_text_markdown_and_csv_say_the_same_numbers() -> None:
    args = ("sweep", "boxing", *THREE, "-n", "300", "--threads", "1")
    doc = json.loads(tb(*args, "-f", "json").stdout)
    first = doc["pairings"][0]["sides"][0]
    pct = f"{first['win']['p'] * 100:.2f}%"
    text = tb(*args).stdout
    assert "Power ranking" in text and "Metagame" in text and pct in text
    markdown = tb(*args, "-f", "markdown").stdout
    assert "| pairing | side |" in markdown and pct in markdown
    rows = list(csv.DictReader(io.StringIO(tb(*args, "-f", "csv").stdout)))
    assert len(rows) == 6
    assert float(rows[0]["win"]) == round(first["win"]["p"], 6)


def test_a_roster_folder_is_read_in_file_name_order(tmp_path: Path) -> None:
    rs = get_ruleset("boxing")
    for i, sample in enumerate(("slugger", "speedster")):
        (tmp_path / f"{i}-{sample}.yaml").write_text(rs.sample(sample).text)
    (tmp_path / "readme.txt").write_text("not a sheet")
    doc = json.loads(tb("sweep", "boxing", "all-rounder", "--roster", str(tmp_path), "-n", "100", "-f", "json").stdout)
    assert [e["name"] for e in doc["entries"]] == ["Mika Sato", "Dutch Kessler", "Lupe Ferreira"]


def test_the_cache_makes_a_repeat_free_and_identical(tmp_path: Path) -> None:
    args = ("sweep", "boxing", *THREE, "-n", "300", "--cache", str(tmp_path / "c"), "-f", "json")
    first = tb(*args)
    again = tb(*args)
    assert "3 to play" in first.stderr and "3 cached, 0 to play" in again.stderr
    assert first.stdout == again.stdout


def test_more_pairings_than_max_pairs_is_refused_before_playing() -> None:
    message = one_error_line(tb("sweep", "boxing", "--builds", "--max-pairs", "100"))
    assert "2,628 pairings" in message and "--max-pairs 100" in message


def test_user_mistakes_are_one_line() -> None:
    assert "at least 2" in one_error_line(tb("sweep", "boxing", "slugger"))
    assert "no build space" in one_error_line(tb("sweep", "headlock", "--builds"))
    assert "free-for-all" in one_error_line(tb("sweep", "boxing", *THREE, "--sizes", "3"))
    assert "not a folder" in one_error_line(tb("sweep", "boxing", "--roster", "nowhere"))
    assert "-n 0" in one_error_line(tb("sweep", "boxing", *THREE, "-n", "0"))
    assert ".png or .svg" in one_error_line(tb("sweep", "boxing", *THREE, "--plot", "x.pdf"))
    assert "comma" in one_error_line(tb("sweep", "deathmatch", "ash-court", "bog-host", "--sizes", "two"))


def test_plot_writes_the_heatmap_and_ranking(tmp_path: Path) -> None:
    png, svg = tmp_path / "sweep.png", tmp_path / "sweep.svg"
    assert tb("sweep", "boxing", *THREE, "-n", "200", "--plot", str(png)).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert tb("sweep", "boxing", *THREE, "-n", "200", "--plot", str(svg)).exit_code == 0
    text = svg.read_text()
    assert "<svg" in text and "power ranking" in text and "win matrix" in text



def test_a_cache_that_cannot_be_written_is_a_user_error_and_leaves_no_part_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.core.errors import RulesError
    from turnbuckle.lab import cache as cache_module

    store = cache_module.ResultCache(tmp_path)

    def full(src: str, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("turnbuckle.lab.cache.os.replace", full)
    with pytest.raises(RulesError, match="cannot write there \\(No space left on device\\)"):
        store.put("k", {"n": 1})
    assert list(tmp_path.iterdir()) == []
