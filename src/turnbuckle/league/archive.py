"""``turnbuckle league archive OUT/``: a static site of everything public in the league, to keep its
history when the server is gone. Every page links to the others by relative paths ending in
``.html``, so the folder opens from disk (``file://``) with no server and no script. It holds each
published show's results post and ringside calls, the standings, every title's reigns, each
competitor's standing, public sheet (the league's ``public_sheets`` setting) and history, the
league export (``export/league.json``, and one a show), the turnbuckle that made it (a wheel
under ``install/``, see ``archive_wheel``) and a page on checking any show with ``turnbuckle
verify``. Nothing of a show not yet published, and no account data (e-mail addresses, password
hashes, sessions, invites, tokens, server keys): the archive reads only the public views
(``archive_public``, ``export.export_league``), which never touch those tables."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from turnbuckle.league import archive_pages as render
from turnbuckle.league import archive_public as public
from turnbuckle.league.archive_wheel import build_wheel, sha256_hex, wheel_name
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.export import export_league
from turnbuckle.league.verify import CHANNELS
from turnbuckle.league.verify_standings import NOT_CHECKED


def _json(data: object) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def pages(ctx: Ctx, wheel_sha256: str = "") -> Iterator[tuple[str, str]]:
    """Every text file of the archive: (its path under the archive's folder, its text);
    ``wheel_sha256``: the hash of the wheel :func:`write_archive` puts beside them. Each page's
    values are read here (``archive_public``) and laid out by its template (``archive_pages``)."""
    league = ctx.league.name
    shows = [public.show_pages(ctx, s) for s in public.published_shows(ctx)]
    yield "style.css", render.style()
    yield "index.html", render.index(league, shows)
    yield "verify.html", render.verify(league, wheel_sha256, CHANNELS, NOT_CHECKED)
    yield "export/league.json", _json(export_league(ctx))
    for s in shows:
        show_page, *match_pages = render.show(league, s)
        yield show_page
        yield f"export/show-{s.number}.json", _json(export_league(ctx, [str(s.number)]))
        yield from match_pages
    rows = public.competitors(ctx)
    yield "standings.html", render.standings(league, public.standings(rows))
    yield "titles.html", render.titles(league, public.title_histories(ctx))
    yield "competitors.html", render.competitors(league, [public.standing(r) for r in rows])
    for r in rows:
        yield f"competitors/{r['uid']}.html", render.competitor(league, public.competitor_page(ctx, r))
    yield from render.table_matches(league, public.table_matches(ctx))


def write_archive(ctx: Ctx, out: Path) -> int:
    """Write the archive into ``out`` (created; refused if it holds anything but an earlier archive,
    so a wrong path never overwrites someone's files). Returns how many files were written. A folder
    that cannot be made or written (under a file, no permission, a full disk) is a typed error."""
    try:
        return _write_archive(ctx, out)
    except OSError as exc:
        raise LeagueError(f"cannot write the archive into '{out}': {exc.strerror or exc}") from None


#: What every page of an archive says at its foot: how an earlier archive is told from someone's site.
MARK = "A static archive made by turnbuckle"
#: The files an archive writes whose names depend on the league (its shows, competitors, table
#: matches): those of an earlier archive that this one does not write again are removed.
OWN_FILES = re.compile(r"shows/\d+\.html|shows/\d+/match-\d+\.html|competitors/[A-Za-z0-9_-]+\.html"
                       r"|table-matches/[A-Za-z0-9_-]+\.html|export/show-\d+\.json"
                       r"|install/turnbuckle-[A-Za-z0-9_.+]+-py3-none-any\.whl")


def _earlier_archive(out: Path) -> bool:
    verify = out / "verify.html"
    return verify.is_file() and not verify.is_symlink() and MARK in verify.read_text(encoding="utf-8", errors="replace")


def _write_archive(ctx: Ctx, out: Path) -> int:
    if out.exists() and not out.is_dir():
        raise LeagueError(f"'{out}' is a file; name a folder for the archive")
    earlier = out.is_dir() and any(out.iterdir())
    if earlier and not _earlier_archive(out):
        raise LeagueError(f"'{out}' is not empty and holds no earlier archive; name a new or empty folder")
    wheel = build_wheel()
    texts = pages(ctx, sha256_hex(wheel))
    # all made before any is written: a refusal leaves the folder as it was
    files = [(path, text.encode("utf-8")) for path, text in texts] + [(f"install/{wheel_name()}", wheel)]
    root = out.resolve()
    for path, _text in files:
        if not re.fullmatch(r"[A-Za-z0-9_./-]+", path) or ".." in path or root not in (out / path).resolve().parents:
            raise LeagueError(f"the archive would write '{path}' outside {out} (a link in the folder leads "
                              "elsewhere) or under an odd name (an id in the database is not what this turnbuckle "
                              "wrote); nothing was written")
    for path, data in files:
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    if earlier:
        _remove_stale(out, {path for path, _text in files})
    return len(files)


def _remove_stale(out: Path, written: set[str]) -> None:
    """Remove what an earlier archive in ``out`` wrote and this one did not (a show, competitor or
    table match the database no longer holds): only files named as an archive names them, in its
    own folders, never through a link; anything else in the folder is someone's and stays."""
    for folder in ("shows", "competitors", "table-matches", "export", "install"):
        top = out / folder
        if not top.is_dir() or top.is_symlink():
            continue
        for path in sorted(top.rglob("*"), reverse=True):  # a folder's files before the folder
            name = path.relative_to(out).as_posix()
            if path.is_symlink():
                continue
            if path.is_file() and OWN_FILES.fullmatch(name) and name not in written:
                path.unlink()
            elif path.is_dir() and re.fullmatch(r"shows/\d+", name) and not any(path.iterdir()):
                path.rmdir()
