"""Quality-pass checks of ``odds``' outputs: hostile side names, interval edges."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from turnbuckle.cli.app import app

runner = CliRunner()

SHEET = "name: '{name}'\nnickname: X\npower: 8\nspeed: 3\ntoughness: 4\n"


def _sheet(tmp_path: Path, name: str) -> str:
    path = tmp_path / "side.yaml"
    path.write_text(SHEET.format(name=name), encoding="utf-8")
    return str(path)


def _cells(line: str) -> list[str]:
    """A Markdown table row's cells, an escaped ``\\|`` kept inside its cell."""
    return [c.strip() for c in line.strip().strip("|").replace("\\|", "\0").split("|")]


def test_markdown_table_keeps_a_pipe_in_a_side_name_inside_its_cell(tmp_path: Path) -> None:
    result = runner.invoke(app, ["odds", "boxing", _sheet(tmp_path, "Pipe | Fighter"), "speedster", "-n", "50",
                                 "--seed", "1", "-f", "markdown"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    table = lines[lines.index("| side | win | draw | loss |") + 2:]
    table = table[:table.index("")]
    assert [len(_cells(line)) for line in table] == [4, 4]
    assert _cells(table[0])[0] == "Pipe \0 Fighter"
    finishes = [line for line in lines if line.startswith("| finish")]
    assert len(_cells(finishes[0])) == 4


def test_web_policy_for_a_game_without_policies_is_refused_with_a_visible_reason(tmp_path: Path) -> None:
    import re

    from fastapi.testclient import TestClient

    from tests.web.support import empty_league
    from turnbuckle.web.app import create_app

    with TestClient(create_app(empty_league(tmp_path, "Odds Fed"))) as client:
        found = re.search(r'"X-CSRF-Token": "([^"]+)"', client.get("/odds").text)
        assert found is not None
        client.headers["X-CSRF-Token"] = found.group(1)
        base = {"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster", "n": "10", "seed": "1"}
        for bad in ({"policy-1": "zzz"}, {"policy-2": "auto"}, {"policy-1": "=x"}):
            refused = client.post("/odds", data=base | bad, follow_redirects=False)
            assert refused.status_code == 400
            problems = re.findall(r'class="problem[^"]*"[^>]*>([^<]+)<', refused.text)
            assert len(problems) == 1 and "policy" in problems[0], problems


def test_plot_draws_a_side_name_with_dollar_signs_as_plain_text(tmp_path: Path) -> None:
    """A '$' in a name started matplotlib's mathtext: '$\\frac{' was a parse error and exit 3."""
    plot = tmp_path / "odds.svg"
    result = runner.invoke(app, ["odds", "boxing", _sheet(tmp_path, "Cash $\\frac{ Money$"), "speedster",
                                 "-n", "50", "--seed", "1", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert "Cash $\\frac{ Money$" in plot.read_text(encoding="utf-8")


def test_a_plot_file_that_cannot_be_written_is_refused_before_the_run(tmp_path: Path) -> None:
    """It was exit 3 (FileNotFoundError) after every match had been played, and the numbers were lost."""
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["odds", "boxing", "slugger", "speedster", "-n", "50", "--seed", "1",
                                 "--plot", str(not_a_folder / "odds.png")])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert "cannot write it" in result.stderr and len(result.stderr.splitlines()) == 1


def test_the_plot_check_leaves_no_file_behind(tmp_path: Path) -> None:
    from turnbuckle.sim.plot import check_plot_path

    check_plot_path(tmp_path / "new.svg")
    assert list(tmp_path.iterdir()) == []


def test_intervals_are_exact_at_none_and_at_all_and_match_the_formula_between() -> None:
    import json
    import math

    result = runner.invoke(app, ["odds", "boxing", "slugger", "speedster", "-n", "400", "--seed", "2", "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    n = data["n"]
    z = 1.959963984540054
    for side in data["sides"]:
        assert side["draw"]["count"] == 0 and side["draw"]["lo"] == 0.0  # it was 1.08e-19
        win = side["win"]
        p = win["count"] / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        assert math.isclose(win["lo"], centre - half) and math.isclose(win["hi"], centre + half)
    assert sum(s["count"] for s in data["methods"].values()) == n
    every = data["figures"]["knockdown_bouts"]  # every bout of these two has a knockdown
    assert every["count"] == n and every["hi"] == 1.0  # it was 0.9999999999999998


def test_sweep_shares_are_exact_at_the_ends() -> None:
    from turnbuckle.lab.sweep import share

    assert share(0, 2000)["lo"] == 0.0 and share(2000, 2000)["hi"] == 1.0
    assert share(1, 2000)["lo"] > 0.0 and share(1999, 2000)["hi"] < 1.0


def test_reference_engine_refuses_more_processes_than_cores_as_the_fast_engine_does() -> None:
    """``--threads 400 --engine reference`` started up to 400 interpreters on any machine."""
    import os

    over = str((os.cpu_count() or 1) + 1)
    result = runner.invoke(app, ["odds", "boxing", "slugger", "speedster", "-n", "2000", "--seed", "1",
                                 "--engine", "reference", "--threads", over])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith(f"turnbuckle: error: --threads {over}:") and len(result.stderr.splitlines()) == 1


def test_csv_keeps_a_formula_like_side_name_as_text(tmp_path: Path) -> None:
    import csv
    import io

    result = runner.invoke(app, ["odds", "boxing", _sheet(tmp_path, '=HYPERLINK("http://x")'), "speedster",
                                 "-n", "50", "--seed", "1", "-f", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["side"] for row in rows] == ["'=HYPERLINK(\"http://x\")", "Lupe Ferreira"]


def test_markdown_marks_a_partial_run_as_the_text_does() -> None:
    from turnbuckle.cli.odds_render import render_markdown
    from turnbuckle.rulesets.registry import get_ruleset
    from turnbuckle.sim.odds import odds_json, render_text, simulate

    rs = get_ruleset("boxing")
    run = simulate(rs, [rs.side_by_name("slugger"), rs.side_by_name("speedster")], {}, 40, 1)
    data = odds_json(run) | {"partial": True, "requested": 1000}
    assert "partial: 40 of 1,000 played (stopped early)" in render_text(data)
    assert "partial: 40 of 1,000 played (stopped early)" in render_markdown(data)
    assert "partial" not in render_markdown(odds_json(run))


def test_exchange_with_plot_is_refused_rather_than_writing_no_file(tmp_path: Path) -> None:
    plot = tmp_path / "exchange.png"
    result = runner.invoke(app, ["odds", "boxing", "slugger", "speedster", "--exchange", "--plot", str(plot)])
    assert result.exit_code == 2, result.output
    assert "--plot" in result.stderr and len(result.stderr.splitlines()) == 1
    assert not plot.exists()


def test_headlock_exchange_tables_for_a_tag_match_are_refused() -> None:
    """They are for singles: a tag match printed a note and exit 0, as if the tables were empty."""
    from typer.testing import CliRunner

    from turnbuckle.cli.app import app

    out = CliRunner().invoke(app, ["odds", "headlock", "amethyst-assassin", "the-rhino", "velvet-hammer",
                                   "wildcat-rosa", "--exchange"])
    assert out.exit_code == 2 and "exact tables are for singles" in out.stderr and out.stdout == ""
