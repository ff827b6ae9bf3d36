"""The archive's pages, byte for byte: every HTML page and the stylesheet of the archive of the
planted post league (fixed seeds, uids and clock; the wheel's hash given), against golden files.
``TURNBUCKLE_UPDATE_GOLDEN=1`` rewrites them; a change shows here as a diff of the page."""

from __future__ import annotations

import os
from pathlib import Path
from unittest import mock

import pytest

from turnbuckle.league.archive import pages
from turnbuckle.league.context import context
from turnbuckle.league.db import make_engine, session_scope

from .archive_canaries import plant
from .post_league import _fixed_token_hex

GOLDEN = Path(__file__).parent / "golden" / "archive"
UPDATE = os.environ.get("TURNBUCKLE_UPDATE_GOLDEN") == "1"
WHEEL_SHA256 = "0" * 64


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    with mock.patch("secrets.token_hex", _fixed_token_hex()):  # the table match's uid, too
        url, _secrets = plant(tmp_path_factory.mktemp("archive-golden"))
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            return {path: text for path, text in pages(context(session), WHEEL_SHA256)
                    if not path.endswith(".json")}  # the exports are the export's (test_export*)
    finally:
        engine.dispose()


def _golden_name(path: str) -> str:
    return path.replace("/", "__")


def test_every_page_is_as_it_was(site: dict[str, str]) -> None:
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for old in GOLDEN.iterdir():
            old.unlink()
        for path, text in site.items():
            (GOLDEN / _golden_name(path)).write_text(text, encoding="utf-8")
    assert sorted(p.name for p in GOLDEN.iterdir()) == sorted(_golden_name(p) for p in site)
    changed = [path for path, text in site.items()
               if (GOLDEN / _golden_name(path)).read_text(encoding="utf-8") != text]
    assert not changed, f"these pages differ from their goldens (TURNBUCKLE_UPDATE_GOLDEN=1 rewrites them): {changed}"


def test_the_goldens_hold_the_pages_worth_keeping(site: dict[str, str]) -> None:
    """The golden set covers each kind of page (so a page left out of the archive fails above)."""
    kinds = {"index.html", "verify.html", "standings.html", "titles.html", "competitors.html", "table-matches.html",
             "style.css"}
    assert kinds <= set(site)
    assert any(p.startswith("shows/") and "/match-" in p for p in site)
    assert any(p.startswith("competitors/") for p in site) and any(p.startswith("table-matches/") for p in site)
    assert "&lt;script&gt;" in site["shows/1.html"] and "<script" not in "".join(site.values())


def test_the_pages_are_autoescaped_as_html_escape_writes_it() -> None:
    """Autoescape is on: a value is escaped (``&#x27;``, ``&quot;``, as the pages always had it), and only
    markup this program made (a ``Markup``) is printed as it is."""
    from markupsafe import Markup

    from turnbuckle.league.archive_pages import environment

    env = environment()
    assert env.autoescape is True
    page = env.from_string("{{ a }}|{{ b }}|{{ c|join(' vs ') }}").render(
        a="<b>O'Neil & \"Sam\"</b>", b=Markup("<em>made here</em>"), c=["<i>", "'x'"])
    assert page == "&lt;b&gt;O&#x27;Neil &amp; &quot;Sam&quot;&lt;/b&gt;|<em>made here</em>|&lt;i&gt; vs &#x27;x&#x27;"


def test_the_templates_ship_with_the_package() -> None:
    """The wheel hatch builds holds the whole package folder (pyproject's wheel target names it and
    excludes nothing), and so does the wheel an archive carries (``archive_wheel``): the templates too."""
    import tomllib

    import turnbuckle
    from turnbuckle.league.archive_pages import TEMPLATES
    from turnbuckle.league.archive_wheel import _package_files

    root = Path(__file__).resolve().parents[2]
    wheel = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]
    assert wheel["wheel"]["packages"] == ["src/turnbuckle"] and "exclude" not in wheel["wheel"]
    package = Path(turnbuckle.__file__).parent
    assert TEMPLATES.is_relative_to(package)
    carried = {name for name, _data in _package_files(package)}
    templates = sorted(p.name for p in TEMPLATES.iterdir())
    assert {"base.html", "style.css", "verify.html"} <= set(templates)
    assert {f"turnbuckle/league/templates/archive/{name}" for name in templates} <= carried
