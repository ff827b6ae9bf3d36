"""The static archive's pages, laid out by the Jinja2 templates in ``league/templates/archive/`` from
the plain values (``archive_data``) that ``archive_public`` reads: this module reads nothing (no
database, no services). Autoescape is on, and every value a template prints is escaped as Python's
``html.escape`` writes it (``&#x27;``, ``&quot;``), the form the archive's pages have always had, so
a page reads the same, byte for byte; only what a renderer of this program made (the results post's
HTML, a ringside call) is printed as it is. The templates live beside the league, not the web's
(the league does not import the web)."""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from turnbuckle import __version__
from turnbuckle.core.errors import RulesError
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.render import render_html_part
from turnbuckle.league.archive_data import (
    CompetitorPage,
    GameStandings,
    ShowPages,
    Standing,
    TableMatchShown,
    TitleShown,
)
from turnbuckle.league.archive_wheel import wheel_name
from turnbuckle.league.post import compose
from turnbuckle.league.post import html as post_html
from turnbuckle.league.post.escape import defang, one_line
from turnbuckle.rulesets.registry import get_ruleset

TEMPLATES = Path(__file__).parent / "templates" / "archive"
#: The links every page's header carries, from the archive's root.
NAV = (("index.html", "Shows"), ("standings.html", "Standings"), ("titles.html", "Titles"),
       ("competitors.html", "Competitors"), ("table-matches.html", "Table matches"),
       ("verify.html", "Check it yourself"))


def _escaped(value: object) -> Markup:
    """Autoescape's finalizer: a value as the page prints it, escaped by ``html.escape`` (markup made
    by this program, a ``Markup``, as it is)."""
    return value if isinstance(value, Markup) else Markup(html.escape(str(value)))


def _member_text(text: str) -> str:
    """A member's words on one line with nothing that pings or links (``post.escape.defang``), as the
    results post writes them; escaped when printed, like any value."""
    return defang(one_line(text))


@functools.cache
def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, finalize=_escaped,
                      keep_trailing_newline=True, undefined=StrictUndefined)
    env.filters["member_text"] = _member_text
    return env


def style() -> str:
    return (TEMPLATES / "style.css").read_text(encoding="utf-8")


def _page(template: str, title: str, depth: int, league: str, **values: Any) -> str:
    return environment().get_template(template).render(title=title, up="../" * depth, league=league, nav=NAV,
                                                       version=__version__, **values)


def call(ruleset: str, record: dict[str, Any]) -> Markup:
    """A match's ringside call as a part of a page (every text escaped by the renderer), or why it
    cannot be read."""
    try:
        return Markup(render_html_part(get_ruleset(ruleset).narrate(record_from_json(record))))
    except RulesError as exc:
        return Markup(environment().get_template("call_unread.html").render(problem=str(exc)))


def index(league: str, shows: Sequence[ShowPages]) -> str:
    return _page("index.html", "Shows", 0, league, shows=list(reversed(shows)))


def verify(league: str, wheel_sha256: str, channels: str, not_checked: Iterable[str]) -> str:
    """The check page: install the turnbuckle that made the archive, from the wheel it carries (its
    SHA-256 to compare first), and run ``turnbuckle verify``; what is published at lock, and on which
    ``channels``; what is ``not_checked``."""
    return _page("verify.html", "Check it yourself", 0, league, wheel=wheel_name(), wheel_sha256=wheel_sha256,
                 channels=channels, not_checked=list(not_checked))


def show(league: str, s: ShowPages) -> Iterable[tuple[str, str]]:
    """A show's page (its results post) and each match's page."""
    post = Markup(post_html.render(compose.results_post(s.card))[0])
    yield f"shows/{s.number}.html", _page("show.html", f"Show {s.number}: {s.name}", 1, league, post=post)
    for m in s.matches:
        yield (f"shows/{s.number}/match-{m.line.position}.html",
               _page("match.html", f"Show {s.number}, match {m.line.position}", 2, league, number=s.number,
                     show_name=s.name, m=m, call=call(m.ruleset, m.record)))


def standings(league: str, games: Sequence[GameStandings]) -> str:
    return _page("standings.html", "Standings", 0, league, games=games)


def titles(league: str, shown: Sequence[TitleShown]) -> str:
    return _page("titles.html", "Titles", 0, league, titles=shown)


def competitors(league: str, rows: Sequence[Standing]) -> str:
    return _page("competitors.html", "Competitors", 0, league, competitors=rows)


def competitor(league: str, c: CompetitorPage) -> str:
    return _page("competitor.html", c.standing.name, 1, league, c=c)


def table_matches(league: str, matches: Sequence[TableMatchShown]) -> Iterable[tuple[str, str]]:
    """Each table match's page (its ringside call), then the list."""
    for m in matches:
        yield (f"table-matches/{m.uid}.html",
               _page("table_match.html", f"Table match: {' vs '.join(m.names)}", 1, league, m=m,
                     call=call(m.ruleset, m.record)))
    yield "table-matches.html", _page("table_matches.html", "Table matches", 0, league, matches=matches)
