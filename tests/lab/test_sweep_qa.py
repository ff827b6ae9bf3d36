"""Quality-pass checks of ``sweep``'s outputs: hostile entry names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import tb

SHEET = "name: '{name}'\nnickname: X\npower: 8\nspeed: 3\ntoughness: 4\n"


def _cells(line: str) -> list[str]:
    """A Markdown table row's cells, an escaped ``\\|`` kept inside its cell."""
    return [c.strip() for c in line.strip().strip("|").replace("\\|", "\0").split("|")]


def test_markdown_tables_keep_a_pipe_in_an_entry_name_inside_its_cell(tmp_path: Path) -> None:
    sheet = tmp_path / "pipe.yaml"
    sheet.write_text(SHEET.format(name="Pipe | Fighter"), encoding="utf-8")
    result = tb("sweep", "boxing", str(sheet), "slugger", "speedster", "-n", "50", "--threads", "1",
                "-f", "markdown")
    assert result.exit_code == 0, result.stderr
    tables: list[list[list[str]]] = []
    for line in result.stdout.splitlines():
        if line.startswith("|"):
            if "---" not in line:
                tables[-1].append(_cells(line))
        elif not tables or tables[-1]:
            tables.append([])
    tables = [t for t in tables if t]
    assert len(tables) == 3  # pairings, ranking, metagame
    for table in tables:
        assert {len(row) for row in table} == {len(table[0])}
    assert tables[0][1][:2] == ["Pipe \0 Fighter vs Dutch Kessler", "Pipe \0 Fighter"]


def test_plot_draws_an_entry_name_with_dollar_signs_as_plain_text(tmp_path: Path) -> None:
    """A '$' in a name started matplotlib's mathtext: '$\\frac{' was a parse error and exit 3."""
    sheet = tmp_path / "cash.yaml"
    sheet.write_text(SHEET.format(name="Cash $\\frac{ Money$"), encoding="utf-8")
    plot = tmp_path / "sweep.svg"
    result = tb("sweep", "boxing", str(sheet), "slugger", "speedster", "-n", "50", "--threads", "1",
                "--plot", str(plot))
    assert result.exit_code == 0, result.stderr
    assert "Cash $\\frac{ Money$" in plot.read_text(encoding="utf-8")


def test_a_plot_file_that_cannot_be_written_is_refused_before_the_sweep(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("x", encoding="utf-8")
    result = tb("sweep", "boxing", "slugger", "speedster", "-n", "50", "--plot", str(not_a_folder / "sweep.png"))
    assert result.exit_code == 2, result.stderr
    assert result.stdout == "" and "pairing" not in result.stderr
    assert "cannot write it" in result.stderr and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("edit", [
    lambda r: r.pop("wins"),
    lambda r: r.update(n="many"),
    lambda r: r.update(n=0),
    lambda r: r.update(wins=[10**9, -5]),
    lambda r: r.update(wins_by=[{"ko": 1}, {}]),
    lambda r: r.update(drawn=None),
])
def test_a_cached_result_edited_by_hand_is_played_again(tmp_path: Path, edit: Any) -> None:
    """Such a file (with its right format and key) ended the sweep with exit 3 (KeyError, ValueError)."""
    args = ("sweep", "boxing", "slugger", "speedster", "-n", "60", "--threads", "1", "-f", "json",
            "--cache", str(tmp_path))
    clean = tb(*args)
    assert clean.exit_code == 0, clean.stderr
    (cached,) = tmp_path.glob("*.json")
    result = json.loads(cached.read_text(encoding="utf-8"))
    edit(result)
    cached.write_text(json.dumps(result), encoding="utf-8")
    again = tb(*args)
    assert again.exit_code == 0, again.stderr
    assert "0 cached, 1 to play" in again.stderr
    assert again.stdout == clean.stdout
    assert tb(*args).stderr.count("1 cached, 0 to play") == 1  # and the file was written whole again


def test_more_processes_than_cores_is_refused_before_playing() -> None:
    """``--threads 100000`` forked a process per chunk (a process per pairing in a large sweep)."""
    import os

    over = str((os.cpu_count() or 1) + 1)
    result = tb("sweep", "boxing", "slugger", "speedster", "iron-chin", "-n", "50", "--threads", over)
    assert result.exit_code == 2, result.stderr
    assert result.stdout == "" and result.stderr.startswith(f"turnbuckle: error: --threads {over}:")
    assert len(result.stderr.splitlines()) == 1


def test_csv_keeps_a_formula_like_entry_name_as_text(tmp_path: Path) -> None:
    import csv
    import io

    sheet = tmp_path / "eq.yaml"
    sheet.write_text(SHEET.format(name="@SUM(A1:A9)"), encoding="utf-8")
    result = tb("sweep", "boxing", str(sheet), "speedster", "-n", "50", "--threads", "1", "-f", "csv")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["name"] for row in rows] == ["'@SUM(A1:A9)", "Lupe Ferreira"]


@pytest.mark.parametrize(("args", "key"), [
    (["headlock", "amethyst-assassin", "the-rhino", "--cap", "3"], "cap"),
    (["headlock", "amethyst-assassin", "the-rhino", "-o", "getup_die=d8"], "getup_die"),
])
def test_an_option_that_changes_nothing_is_refused_as_odds_refuses_it(args: list[str], key: str) -> None:
    """The sweep played and headed its report with the option as if it counted."""
    result = tb("sweep", *args, "-n", "20", "--threads", "1")
    assert result.exit_code == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith(f"turnbuckle: error: option {key} changes nothing here: ")
    assert "--player" not in result.stderr and len(result.stderr.splitlines()) == 1
    odds = tb("odds", *args, "-n", "20")
    assert odds.exit_code == 2 and f"option {key} changes nothing here" in odds.stderr


def test_an_option_that_counts_is_still_taken() -> None:
    result = tb("sweep", "headlock", "amethyst-assassin", "the-rhino", "-o", "knockout=true", "-o", "getup_die=d8",
                "-n", "20", "--threads", "1")
    assert result.exit_code == 0, result.stderr
    assert "getup_die=d8" in result.stdout


def test_a_plot_without_one_v_one_matches_is_refused_before_playing(tmp_path: Path) -> None:
    """It was refused only after every grouping had been played, and the report was never printed."""
    result = tb("sweep", "deathmatch", "ash-court", "bog-host", "crypt-guard", "-n", "20", "--sizes", "3",
                "--threads", "1", "--plot", str(tmp_path / "sweep.png"))
    assert result.exit_code == 2, result.stderr
    assert result.stdout == "" and "to play" not in result.stderr
    assert "add 2 to --sizes" in result.stderr and len(result.stderr.splitlines()) == 1


def test_the_report_heading_counts_one_pairing_in_the_singular() -> None:
    from turnbuckle.lab.render import _heading

    doc = {"ruleset": "boxing", "ruleset_version": "1", "entries": ["a", "b"], "pairings": [{}], "n": 1, "seed": 3,
           "options": {}}
    assert "2 entries, 1 pairing of 1 match, seed 3" in _heading(doc)
    assert "3 pairings of 400 matches" in _heading({**doc, "pairings": [{}, {}, {}], "n": 400})
