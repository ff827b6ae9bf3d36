"""The texts to copy of a show (``/shows/N/copies``): the results post in every format once the
results are public to the reader, else the card's announcement; a page without scripts, the list
alone for the show page's box; the show page itself offers the box in the right place."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.league.post_league import copy_post_league
from tests.web.pages_support import ORGANISER, client_for
from turnbuckle.league.assembly import assemble
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.services import running, shows

HTMX = {"HX-Request": "true"}


def test_copies_of_a_published_show_and_an_open_card(tmp_path: Path) -> None:
    url = copy_post_league(tmp_path)
    with client_for(url, None) as client:
        page = client.get("/shows/1")
        assert page.status_code == 200
        text = page.text
        assert text.index('class="intro"') < text.index('class="results-card"') < text.index('id="post"') \
            < text.index('class="account"') < text.index('class="seeds"')
        assert 'hx-get="/shows/1/copies"' in text and "<textarea" not in text  # the texts come when asked
        assert "&lt;script&gt;" in text and "<script>alert" not in text
        intro = text[text.index('class="intro"'):text.index('class="results-card"')]  # the organiser's Markdown, read
        assert "<strong>bold</strong>" in intro and "**bold**" not in intro
        assert '<a href="https://evil.example/a" rel="nofollow noopener">x</a>' in intro and "<script" not in intro
        box = client.get("/shows/1/copies", headers=HTMX)
        assert box.status_code == 200 and "<html" not in box.text
        ids = re.findall(r'<textarea id="([^"]+)"', box.text)
        assert ids[:2] == ["post-markdown-1", "post-bbcode-1"] and "post-text-1" in ids and "post-discord-2" in ids
        assert "http://testserver/shows/1/matches/1" in box.text  # absolute under the site's address
        assert "@everyone" not in box.text and "<script>alert" not in box.text
        whole = client.get("/shows/1/copies")
        assert whole.status_code == 200 and "<html" in whole.text and 'src="/static/post_copy.' in whole.text
        card = client.get("/shows/3/copies", headers=HTMX).text
        assert "announce-markdown-1" in card and "The card is set." in card
        assert 'id="announce"' in client.get("/shows/3").text
        assert client.get("/shows/9/copies").status_code == 404
        call = client.get("/shows/1/matches/1").text  # the short write-up beside the long call
        assert call.index('class="account"') < call.index("Ringside call") and "went 7 rounds" in call


def test_a_run_show_offers_spectators_only_its_card(tmp_path: Path) -> None:
    url = copy_post_league(tmp_path)
    engine = make_engine(url)
    later = datetime(2026, 12, 3, 12, tzinfo=UTC)
    try:
        with session_scope(engine) as session:
            shows.lock(assemble().context(session, None, lambda: later), "3")
        with session_scope(engine) as session:
            seed = running.run_show(assemble().context(session, None, lambda: later), "3").seed
        with session_scope(engine) as session:
            draft = shows.create_show(assemble().context(session, None, lambda: later), "Draft", "2027-01-01",
                                      later + timedelta(days=7)).number
    finally:
        engine.dispose()
    assert seed
    with client_for(url, None) as client:
        told = client.get("/shows/3/copies", headers=HTMX).text
        assert "announce-text-1" in told and "post-text-1" not in told and seed not in told
        assert client.get(f"/shows/{draft}/copies").status_code == 404
    with client_for(url, ORGANISER) as org:  # the organiser previews the post before publishing
        preview = org.get("/shows/3/copies", headers=HTMX).text
        assert "post-text-1" in preview and seed in preview
        assert org.get(f"/shows/{draft}/copies").status_code == 404
