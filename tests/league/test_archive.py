"""``turnbuckle league archive``: the static site holds every published show, standings, titles,
competitors, the export and the verify page, with relative links only; and none of the planted
secrets (account data, a show that ran but is not published, a sheet not yet public)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.app import app
from turnbuckle.league.context import context
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.services.briefing import set_public_sheets
from turnbuckle.league.verify import load_export, verify_export

from .archive_canaries import SHEET_CANARY, UNSEEN, plant
from .post_league import INJECTION


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, str], Path]:
    tmp = tmp_path_factory.mktemp("archive")
    url, secrets = plant(tmp)
    out = tmp / "site"
    result = CliRunner().invoke(app, ["league", "archive", str(out), "--db", url])
    assert result.exit_code == 0, result.output
    return url, secrets, out


@pytest.mark.slow  # writes and reads a whole archive
def test_no_planted_secret_in_any_file(planted: tuple[str, dict[str, str], Path]) -> None:
    _url, secrets, out = planted
    files = [p for p in out.rglob("*") if p.is_file()]
    assert len(files) > 30
    found = []
    for p in files:
        data = p.read_bytes()
        for what, secret in secrets.items():
            if secret.encode() in data or secret.lower().encode() in data.lower():
                found.append(f"{what} in {p.relative_to(out)}")
    assert not found, found
    assert len(secrets) >= 18  # every kind was planted


def test_the_archive_holds_the_public_record(planted: tuple[str, dict[str, str], Path]) -> None:
    _url, _secrets, out = planted
    for name in ("index.html", "verify.html", "standings.html", "titles.html", "competitors.html", "style.css",
                 "shows/1.html", "shows/2.html", "shows/1/match-1.html", "shows/2/match-5.html",
                 "export/league.json", "export/show-1.json", "export/show-2.json"):
        assert (out / name).is_file(), name
    assert not (out / "shows/3.html").exists() and not (out / "export/show-3.json").exists()
    tables = (out / "table-matches.html").read_text(encoding="utf-8")
    [uid] = re.findall(r'href="table-matches/([0-9a-f]+)\.html"', tables)
    assert "The ringside call" in (out / f"table-matches/{uid}.html").read_text(encoding="utf-8")
    linked = [p for p in (out / "competitors").iterdir() if f"../table-matches/{uid}.html" in p.read_text("utf-8")]
    assert len(linked) == 2  # in both sides' histories
    show1 = (out / "shows/1.html").read_text(encoding="utf-8")
    assert "What a night at Monday Mayhem!" in show1 and "&lt;script&gt;" in show1 and "<script" not in show1
    assert show1.index("What a night") < show1.index("Results") < show1.index("Seeds and hashes")
    check = (out / "verify.html").read_text(encoding="utf-8")
    assert "turnbuckle verify" in check
    assert "--commitment" in check and "which the organiser controls" in check and "Atom feed" in check
    assert "What is not checked" in check and "hand are inputs" in check
    match = (out / "shows/1/match-1.html").read_text(encoding="utf-8")
    assert match.index("In short") < match.index("The ringside call") and "went 7 rounds" in match
    titles = (out / "titles.html").read_text(encoding="utf-8")
    assert "Light-Heavyweight Championship" in titles and "World Boxing Belt" in titles
    data = load_export((out / "export/league.json").read_text(encoding="utf-8"), "league.json")
    assert [s["number"] for s in data["shows"]] == [1, 2]
    findings, _notes = verify_export(data)
    assert findings == []
    assert INJECTION in json.dumps(data, ensure_ascii=False)  # the export keeps members' words as they wrote them


def test_every_link_is_relative_and_resolves(planted: tuple[str, dict[str, str], Path]) -> None:
    _url, _secrets, out = planted
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        # the organiser's own Markdown intro may link out (http, https or mailto only: post/intro.py)
        intros = re.findall(r'<blockquote class="intro">.*?</blockquote>\n', text, re.S)
        for intro in intros:
            text = text.replace(intro, "")
            assert all(urlsplit(h).scheme in ("http", "https", "mailto") for h in re.findall(r'href="([^"]*)"', intro))
        for href in re.findall(r'(?:href|src)="([^"]*)"', text):
            parts = urlsplit(href)
            assert not parts.scheme and not parts.netloc and not href.startswith("/"), f"{page}: {href}"
            target = (page.parent / unquote(parts.path)).resolve()
            assert target.is_file() and out.resolve() in target.parents, f"{page}: {href}"


def test_public_sheets_setting_is_honoured(planted: tuple[str, dict[str, str], Path], tmp_path: Path) -> None:
    url, _secrets, _out = planted
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            set_public_sheets(context(session), "sheet")
    finally:
        engine.dispose()
    out = tmp_path / "site"
    result = CliRunner().invoke(app, ["league", "archive", str(out), "--db", url])
    assert result.exit_code == 0, result.output
    shown = [p for p in out.rglob("*.html") if SHEET_CANARY in p.read_text(encoding="utf-8")]
    assert [UNSEEN in p.read_text(encoding="utf-8") for p in shown] == [True]


def test_a_folder_with_other_files_is_refused(tmp_path: Path, planted: tuple[str, dict[str, str], Path]) -> None:
    url = planted[0]
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(app, ["league", "archive", str(tmp_path), "--db", url])
    assert result.exit_code == 2 and "not empty" in result.output
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_titles_read_as_the_published_shows_left_them(planted: tuple[str, dict[str, str], Path]) -> None:
    """Show 3 ran (unpublished) with a title at stake: whatever happened there, the archive's reigns
    are those won in published shows, and one lost in show 3 still reads as going on."""
    from sqlalchemy import select

    from turnbuckle.league.models import Reign, Result, Show

    url, _secrets, out = planted
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            shown = set(session.scalars(select(Result.id).join(Show, Result.show_id == Show.id)
                                        .where(Show.status == "published")))
            reigns = list(session.scalars(select(Reign)))
            public = [r for r in reigns if r.won_result_id in shown]
            going_on = [r for r in public if r.ended_at is None or r.lost_result_id not in shown]
    finally:
        engine.dispose()
    titles = (out / "titles.html").read_text(encoding="utf-8")
    assert titles.count('<td data-label="Champion">') == len(public) >= 2
    assert titles.count("reigning") == len(going_on) == 2  # one champion a title, as of show 2


def test_an_id_that_would_leave_the_folder_is_refused(tmp_path: Path) -> None:
    """A uid this program never writes (a hand-edited backup restored) cannot place a file outside."""
    from sqlalchemy import select

    from turnbuckle.league.archive import write_archive
    from turnbuckle.league.errors import LeagueError
    from turnbuckle.league.models import Competitor

    from .post_league import copy_post_league

    engine = make_engine(copy_post_league(tmp_path))
    try:
        with session_scope(engine) as session:
            session.scalars(select(Competitor)).first().uid = "../../escaped"  # type: ignore[union-attr]
            session.flush()
            with pytest.raises(LeagueError, match="outside"):
                write_archive(context(session), tmp_path / "site")
    finally:
        engine.dispose()
    assert not (tmp_path / "escaped.html").exists() and not (tmp_path / "site").exists()
