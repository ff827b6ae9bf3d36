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


def _archive(league: str, out: Path) -> None:
    done = CliRunner().invoke(app, ["league", "archive", str(out), "--db", league])
    assert done.exit_code == 0, done.output


def test_an_archive_written_again_replaces_the_earlier_one(league: str, tmp_path: Path) -> None:
    """What the earlier archive held and this one does not (a show or competitor of another
    database) goes; what someone else put in the folder stays."""
    out = tmp_path / "site"
    _archive(league, out)
    written = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
    stale = ["shows/99.html", "shows/99/match-1.html", "competitors/deadbeefdeadbeef.html",
             "table-matches/deadbeefdeadbeef.html", "export/show-99.json"]
    theirs = ["README.md", ".git/config", "shows/notes.txt", "CNAME"]
    for path in stale + theirs:
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        (out / path).write_text("kept from before\n", encoding="utf-8")
    _archive(league, out)
    assert not any((out / path).exists() for path in stale) and not (out / "shows" / "99").exists()
    assert all((out / path).read_text(encoding="utf-8") == "kept from before\n" for path in theirs)
    assert sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file()
                  and str(p.relative_to(out)) not in theirs) == written


def test_a_folder_whose_verify_page_is_not_ours_is_refused(league: str, tmp_path: Path) -> None:
    out = tmp_path / "my-site"
    out.mkdir()
    for name in ("verify.html", "index.html"):
        (out / name).write_text(f"<h1>my own {name}</h1>\n", encoding="utf-8")
    _one_line_refusal(["league", "archive", str(out), "--db", league], "holds no earlier archive")
    assert (out / "index.html").read_text(encoding="utf-8") == "<h1>my own index.html</h1>\n"


def test_a_link_in_an_earlier_archive_never_leads_a_write_or_a_removal_outside(league: str, tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    _archive(league, out)
    elsewhere.mkdir()
    (elsewhere / "5.html").write_text("precious\n", encoding="utf-8")
    (out / "shows" / "77").symlink_to(elsewhere, target_is_directory=True)  # stale-looking, through a link
    (out / "shows" / "88.html").symlink_to(elsewhere / "5.html")
    _archive(league, out)
    assert (elsewhere / "5.html").read_text(encoding="utf-8") == "precious\n"
    (out / "shows" / "1.html").unlink()
    (out / "shows" / "1.html").symlink_to(elsewhere / "5.html")  # a page the archive writes, linked out
    _one_line_refusal(["league", "archive", str(out), "--db", league], "a link in the folder leads elsewhere")
    assert (elsewhere / "5.html").read_text(encoding="utf-8") == "precious\n"
