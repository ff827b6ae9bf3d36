"""``turnbuckle league archive`` and ``league post --out`` where the folder or file cannot be
written, and an archive written over an earlier one (found in a quality pass)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app

from .post_league import copy_post_league


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> str:
    return copy_post_league(tmp_path_factory.mktemp("archive-qa"))


def _one_line_refusal(args: list[str], said: str) -> None:
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 2, done.output
    assert said in done.output and "internal error" not in done.output and len(done.output.splitlines()) == 1


def test_an_archive_under_a_file_is_refused_in_one_line(league: str, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    _one_line_refusal(["league", "archive", str(tmp_path / "notes.txt" / "site"), "--db", league],
                      "cannot write the archive")
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine\n"


def test_a_post_written_where_no_file_can_go_is_refused_in_one_line(league: str, tmp_path: Path) -> None:
    _one_line_refusal(["league", "post", "1", "-o", str(tmp_path), "--db", league], "cannot write")
    _one_line_refusal(["league", "post", "1", "-o", str(tmp_path / "no" / "such" / "post.md"), "--db", league],
                      "cannot write")
