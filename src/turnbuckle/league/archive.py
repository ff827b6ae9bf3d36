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
from html import escape
from pathlib import Path

from sqlalchemy import select

from turnbuckle import __version__
from turnbuckle.core.errors import RulesError
from turnbuckle.core.facets import sheet_view
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.render import render_html_part
from turnbuckle.league import archive_public as public
from turnbuckle.league.archive_wheel import build_wheel, sha256_hex, wheel_name
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.export import export_league
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import Competitor, Result, Show, TableMatch
from turnbuckle.league.post import compose
from turnbuckle.league.post import html as post_html
from turnbuckle.league.post.card import results_card
from turnbuckle.league.post.links import ArchiveLinks
from turnbuckle.rulesets.registry import get_ruleset

STYLE = """body{font-family:system-ui,sans-serif;max-width:48rem;margin:auto;padding:1rem;line-height:1.45}
nav a{margin-right:1em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.2em .4em;
text-align:left;vertical-align:top}code{word-break:break-all}blockquote.intro{border-left:4px solid #888;
margin-left:0;padding-left:1em}pre{white-space:pre-wrap}.muted{color:#666}
@media (max-width:30rem){table,tr,td,th{display:block}th{display:none}td[data-label]::before{
content:attr(data-label) ": ";font-weight:bold}}
"""
VERIFY_TEXT = """<h1>Check it yourself</h1>
<p>Every show's results come from its seed. The seed's SHA-256 was published when the show locked,
before anyone could know the results; the seed itself once it ran. From the seed, the card and each
side's sheet and strategy (all in the export), anyone can play every match again and get the same
result, with no server; checked against the hash you saw at lock, with no trust in the organiser.</p>
<ol>
{install}
<li>Take the league's export from this archive: <a href="export/league.json">export/league.json</a>
(or one show's, linked from its page).</li>
<li>Run <code>turnbuckle verify export/league.json</code>. It checks each seed against its published
hash, the card's draws, and plays every match again; it says <code>verified</code>, or lists what
does not agree and exits with status 1.</li>
</ol>
<p>It needs no network and no database: only the file.</p>
<h2>The hash published at lock</h2>
<p>When a show locked, its seed's SHA-256 went out on {channels}, before the show ran. Give
the hash you saw then, one per show: <code>turnbuckle verify export/league.json --commitment
3=HASH</code>; a seed drawn again after lock is then a finding. Without one, each seed is checked
only against the hash in the same file, which the organiser controls. This page has no field to
paste it into: it is static, with no script, so the check runs in <code>turnbuckle verify</code>.</p>
<h2>What is not checked</h2>
<ul>{not_checked}</ul>
"""


def _verify_text(wheel_sha256: str) -> str:
    from turnbuckle.league.verify import CHANNELS
    from turnbuckle.league.verify_standings import NOT_CHECKED

    return VERIFY_TEXT.format(install=install_step(wheel_sha256), channels=escape(CHANNELS),
                              not_checked="".join(f"<li>{escape(n)}</li>" for n in NOT_CHECKED))


def _page(title: str, body: str, depth: int, league: str) -> str:
    up = "../" * depth
    nav = " ".join(f'<a href="{up}{href}">{label}</a>' for href, label in (
        ("index.html", "Shows"), ("standings.html", "Standings"), ("titles.html", "Titles"),
        ("competitors.html", "Competitors"), ("table-matches.html", "Table matches"),
        ("verify.html", "Check it yourself")))
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)} \u00b7 {escape(league)}</title>"
            f'<link rel="stylesheet" href="{up}style.css"></head>\n<body><header><p><strong>{escape(league)}</strong>'
            f"</p><nav>{nav}</nav></header>\n<main>\n{body}\n</main>\n"
            f'<footer><p class="muted">A static archive made by turnbuckle {escape(__version__)}.</p></footer>'
            "</body></html>\n")


def _json(data: object) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def install_step(sha256: str, version: str = __version__) -> str:
    """The check page's first step: install the turnbuckle that made the archive, from the wheel
    the archive carries (its SHA-256 to compare first), in a fresh virtual environment."""
    name = wheel_name(version)
    commands = (f"python3 -m venv tb\ntb/bin/pip install install/{name}\n"
                "tb/bin/turnbuckle verify export/league.json")
    return (f'<li>Install the turnbuckle that made this archive (version {escape(version)}), from the archive '
            f'itself: <a href="install/{escape(name)}">install/{escape(name)}</a>, whose SHA-256 is '
            f"<code>{escape(sha256)}</code> (compare it with <code>sha256sum install/{escape(name)}</code> first). "
            "In this folder, on Linux or macOS (on Windows, <code>tb\\Scripts\\</code> for <code>tb/bin/</code>):"
            f"<pre><code>{escape(commands)}</code></pre>"
            "pip fetches its dependencies (NumPy, SQLAlchemy and the like) from the Python Package Index; "
            "the package itself comes from this archive.</li>")


def pages(ctx: Ctx, wheel_sha256: str = "") -> Iterator[tuple[str, str]]:
    """Every text file of the archive: (its path under the archive's folder, its text);
    ``wheel_sha256``: the hash of the wheel :func:`write_archive` puts beside them."""
    league = ctx.league.name
    shows = public.published_shows(ctx)
    yield "style.css", STYLE
    rows = "".join(f'<li><a href="shows/{s.number}.html">Show {s.number}: {escape(s.name)}</a> '
                   f'<span class="muted">{escape(s.show_date)}</span></li>' for s in reversed(shows))
    yield "index.html", _page("Shows", f"<h1>{escape(league)}</h1>\n<h2>Shows</h2>\n"
                              + (f"<ul>{rows}</ul>" if rows else '<p class="muted">No show published yet.</p>')
                              + '\n<p>The league\'s whole record: <a href="export/league.json">export/league.json</a> '
                              '(<a href="verify.html">check it yourself</a>).</p>', 0, league)
    yield "verify.html", _page("Check it yourself", _verify_text(wheel_sha256), 0, league)
    yield "export/league.json", _json(export_league(ctx))
    for s in shows:
        yield from _show(ctx, s)
    yield "standings.html", _page("Standings", _standings(ctx), 0, league)
    yield "titles.html", _page("Titles", _titles(ctx), 0, league)
    comps = public.competitors(ctx)
    items = "".join(f'<li><a href="competitors/{c["uid"]}.html">{escape(c["name"])}</a> '
                    f'<span class="muted">{escape(get_ruleset(c["ruleset"]).info.name)}</span></li>' for c in comps)
    yield "competitors.html", _page("Competitors", f"<h1>Competitors</h1><ul>{items}</ul>", 0, league)
    for c in comps:
        yield f"competitors/{c['uid']}.html", _page(c["name"], _competitor(ctx, c), 1, league)
    yield from _table_matches(ctx)


def _call(ruleset: str, record: dict[str, object]) -> str:
    """A match's ringside call as a part of a page (every text escaped), or why it cannot be read."""
    try:
        return render_html_part(get_ruleset(ruleset).narrate(record_from_json(record)))
    except RulesError as exc:
        return f"<p>This match's record does not read here ({escape(str(exc))}).</p>"


def _table_matches(ctx: Ctx) -> Iterator[tuple[str, str]]:
    """Every table match saved (public once saved): a list, and each one's ringside call."""
    league = ctx.league.name
    rows = list(ctx.session.scalars(select(TableMatch).where(TableMatch.league_id == ctx.league.id)
                                    .order_by(TableMatch.id.desc())))
    items = []
    for m in rows:
        names = " vs ".join(escape(sd.name) for sd in m.sides)
        said = m.record.get("result", {}) if isinstance(m.record, dict) else {}
        summary = escape(str(said.get("summary") or m.method)) if isinstance(said, dict) else escape(m.method)
        items.append(f'<li><a href="table-matches/{m.uid}.html">{names}</a> '
                     f'<span class="muted">{escape(get_ruleset(m.ruleset).info.name)}, '
                     f"{escape(ctx.local(m.saved_at))}</span>: {summary}</li>")
        body = (f'<p><a href="../table-matches.html">Table matches</a></p>\n<h1>{names}</h1>\n'
                f'<p class="muted">Played at a table ({escape(get_ruleset(m.ruleset).info.name)}), saved '
                f"{escape(ctx.local(m.saved_at))}: no committed seed; <code>turnbuckle verify</code> replays its "
                f"entries from the league's export.</p>\n<h2>The ringside call</h2>\n{_call(m.ruleset, m.record)}")
        yield f"table-matches/{m.uid}.html", _page(f"Table match: {' vs '.join(sd.name for sd in m.sides)}",
                                                   body, 1, league)
    listing = f"<ul>{''.join(items)}</ul>" if items else '<p class="muted">No table match saved yet.</p>'
    yield "table-matches.html", _page("Table matches", f"<h1>Table matches</h1>\n{listing}", 0, league)


def _show(ctx: Ctx, s: Show) -> Iterator[tuple[str, str]]:
    league = ctx.league.name
    card = results_card(ctx, str(s.number), ArchiveLinks(depth=1))
    body = post_html.render(compose.results_post(card))[0]
    yield f"shows/{s.number}.html", _page(f"Show {s.number}: {s.name}", body, 1, league)
    yield f"export/show-{s.number}.json", _json(export_league(ctx, [str(s.number)]))
    lines = {line.position: line for line in card.matches}
    for m in s.matches:
        result = ctx.session.query(Result).filter(Result.match_id == m.id).one_or_none()
        if result is None or m.position not in lines:
            continue
        line = lines[m.position]
        call = _call(result.ruleset, result.record)
        short = post_html.esc(" ".join(line.account))
        body = (f'<p><a href="../{s.number}.html">Show {s.number}: {escape(s.name)}</a></p>\n'
                f"<h1>Match {m.position}: {post_html.esc(' vs '.join(line.names))}</h1>\n"
                f"<p><strong>{post_html.esc(line.headline)}</strong></p>\n<h2>In short</h2>\n<p>{short}</p>\n"
                f"<h2>The ringside call</h2>\n{call}"
                f'<p class="muted">Seed <code>{escape(result.seed)}</code>; the show\'s export: '
                f'<a href="../../export/show-{s.number}.json">export/show-{s.number}.json</a>.</p>')
        yield f"shows/{s.number}/match-{m.position}.html", _page(f"Show {s.number}, match {m.position}", body, 2,
                                                                  league)


def _cells(values: list[tuple[str, str]]) -> str:
    return "<tr>" + "".join(f'<td data-label="{escape(label)}">{value}</td>' for label, value in values) + "</tr>"


def _standings(ctx: Ctx) -> str:
    out = ["<h1>Standings</h1>", '<p class="muted">As the published shows left them.</p>']
    rows = public.competitors(ctx)
    for game in sorted({r["ruleset"] for r in rows}):
        info = get_ruleset(game).info
        push_levels = league_rules(game).push_levels
        heads = ["Competitor", "Won", "Lost", "Drawn", *(["Push Level", "Injuries"] if push_levels else [])]
        out.append(f"<h2>{escape(info.name)}</h2><table><tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr>")
        for r in (r for r in rows if r["ruleset"] == game):
            values = [("Competitor", f'<a href="competitors/{r["uid"]}.html">{escape(r["name"])}</a>'),
                      ("Won", str(r["wins"])), ("Lost", str(r["losses"])), ("Drawn", str(r["draws"]))]
            if push_levels:
                values += [("Push Level", f'{r["push_level"] or "-"} ({escape(str(r["push_points"] or "0"))})'),
                           ("Injuries", str(r["injuries"]))]
            out.append(_cells(values))
        out.append("</table>")
    return "\n".join(out)


def _titles(ctx: Ctx) -> str:
    out = ["<h1>Titles</h1>"]
    for t in public.title_histories(ctx):
        champ = escape(t["champion"]) if t["champion"] else "vacant"
        out.append(f"<h2>{escape(t['name'])}</h2><p>Champion: <strong>{champ}</strong> "
                   f'<span class="muted">({escape(get_ruleset(t["game"]).info.name)})</span></p>')
        if not t["reigns"]:
            out.append('<p class="muted">No reign yet.</p>')
            continue
        out.append("<table><tr><th>Champion</th><th>Won</th><th>Until</th></tr>")
        for r in t["reigns"]:
            won = f'<a href="shows/{r["won_in_show"]}.html">show {r["won_in_show"]}</a>' if r["won_in_show"] else ""
            lost = f'<a href="shows/{r["lost_in_show"]}.html">show {r["lost_in_show"]}</a>' if r["lost_in_show"] \
                else ""
            out.append(_cells([("Champion", f'<a href="competitors/{r["uid"]}.html">{escape(r["champion"])}</a>'),
                               ("Won", f"{escape(r['from'])} {won}"),
                               ("Until", f"{escape(r['to'])} {lost}" if r["to"] else "reigning")]))
        out.append("</table>")
    return "\n".join(out)


def _competitor(ctx: Ctx, row: dict[str, object]) -> str:
    from turnbuckle.league.services.briefing import public_sheet

    comp = ctx.session.get_one(Competitor, row["id"])
    rs = get_ruleset(comp.ruleset)
    points = escape(str(row["push_points"] or "0"))
    rules = league_rules(comp.ruleset)
    push = f"; Push Level {row['push_level']} ({points}), {row['injuries']} injury points" if rules.push_levels \
        else ""
    out = [f"<h1>{escape(comp.name)}</h1>",
           f"<p>{escape(rs.info.name)}; owned by {escape(str(row['owner']))}. Won {row['wins']}, lost "
           f"{row['losses']}, drawn {row['draws']}{push}.</p>"]
    facts = rules.public_facts(comp.sheet)
    if facts:
        out.append("<ul>" + "".join(f"<li>{escape(f.label)}: {escape(f.text)}</li>" for f in facts) + "</ul>")
    shown = public_sheet(ctx, comp)
    if shown is None:
        out.append('<p class="muted">Its sheet is not public before its first published match.</p>')
    else:
        sheet, source = shown
        out.append(f'<h2>Sheet</h2><p class="muted">{escape(source)}</p>')
        try:
            sections = sheet_view(rs, sheet)
        except (RulesError, KeyError, TypeError, ValueError):
            sections = []
        for sec in sections:
            if sec.title:
                out.append(f"<h3>{escape(sec.title)}</h3>")
            out.append("<table>" + "".join(_cells([("Field", escape(k)), ("Value", escape(v))]) for k, v in sec.rows)
                       + "</table>")
        if not sections:
            out.append(f"<pre>{escape(json.dumps(sheet, indent=1, ensure_ascii=False))}</pre>")
    history = public.public_history(ctx, comp)
    out.append("<h2>History</h2>")
    if not history:
        out.append('<p class="muted">Nothing yet.</p>')
    else:
        out.append("<table><tr><th>When</th><th>What</th></tr>")
        for h in history:
            where = f'<a href="../shows/{h["show"]}.html">show {h["show"]}</a>: ' if h.get("show") else \
                f'<a href="../table-matches/{h["table_match"]}.html">table match</a>: ' if h.get("table_match") \
                else ""
            out.append(_cells([("When", escape(str(h["at"]))), ("What", where + escape(str(h["text"])))]))
        out.append("</table>")
    return "\n".join(out)


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
