"""The organiser builds a card, opens, locks, runs and publishes a show from the web pages; a
mistake re-shows the form with what was typed and the problem beside its field; nobody else
reaches these pages."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path

import pytest

from tests.web.pages_support import ORGANISER, client_for, copy_demo, show_status


@pytest.fixture
def url(tmp_path: Path) -> str:
    return copy_demo(tmp_path)


def _deadline() -> str:
    return (datetime.now(UTC) + timedelta(days=2)).strftime("%Y-%m-%d %H:%M")


def test_create_a_show_and_build_its_card_then_open_lock_run_publish(url: str) -> None:
    with client_for(url, ORGANISER) as org:
        assert org.get("/organiser/shows/new").status_code == 200
        made = org.post("/organiser/shows/new", data={"name": "Friday Fury", "show_date": "2026-12-04",
                                                      "deadline": _deadline()}, follow_redirects=False)
        assert made.status_code == 303 and made.headers["location"] == "/organiser/shows/4"
        assert show_status(url, 4) == "draft"
        with client_for(url, None) as spectator:
            assert spectator.get("/shows/4").status_code == 404  # a draft is not public
        added = org.post("/organiser/shows/4/matches", data={
            "game": "matchmatch", "side1": "Friendly Sam", "side2": "Iron Ivan", "match_type": "",
            "referee": "", "title": "Light-Heavyweight Championship", "options": "rounds=10"})
        assert added.status_code == 200 and "Match added to the card." in added.text
        added = org.post("/organiser/shows/4/matches", data={"game": "boxing", "side1": "Mika Sato",
                                                             "side2": "Lupe Ferreira", "options": ""})
        assert "Match 2" in added.text
        opened = org.post("/organiser/shows/4/open", data={})
        assert opened.status_code == 200 and show_status(url, 4) == "open"
        assert "Lock the card" in opened.text
        assert "no strategy yet" in opened.text  # the organiser sees whether a strategy came, not what
        locked = org.post("/organiser/shows/4/lock", data={})
        assert show_status(url, 4) == "locked" and "Run the show" in locked.text
        with client_for(url, None) as spectator:
            page = spectator.get("/shows/4").text
            assert 'class="seed-hash"' in page and 'class="seed"' not in page
        ran = org.post("/organiser/shows/4/run", data={})
        assert ran.status_code == 200 and "played 2/2 matches" in ran.text
        assert show_status(url, 4) == "run"
        with client_for(url, None) as spectator:
            page = spectator.get("/shows/4").text
            assert "Results" not in page and 'class="seed"' not in page  # not published yet
        assert 'class="seed"' in org.get("/shows/4").text  # the organiser reads it already
        published = org.post("/organiser/shows/4/publish", data={"writeup": "A night to remember."})
        assert published.status_code == 200 and show_status(url, 4) == "published"
    with client_for(url, None) as spectator:
        page = spectator.get("/shows/4").text
    assert "A night to remember." in page and 'class="seed"' in page
    assert "Match 2: Mika Sato vs Lupe Ferreira" in page


def test_show_form_mistakes_are_reshown_with_the_input_kept(url: str) -> None:
    with client_for(url, ORGANISER) as org:
        page = org.post("/organiser/shows/new", data={"name": "Typo Night", "show_date": "04/12/2026",
                                                      "deadline": ""})
    assert page.status_code == 400
    assert 'value="Typo Night"' in page.text and 'value="04/12/2026"' in page.text
    text = unescape(page.text)
    assert re.search(r'data-field="show_date">\'04/12/2026\' is not a date', text)
    assert re.search(r'data-field="deadline">the strategy deadline is missing', text)
    assert show_status(url, 3) == "open"  # nothing was made
    with client_for(url, ORGANISER) as org:
        bad_name = org.post("/organiser/shows/new", data={"name": "x" * 120, "show_date": "2026-12-04",
                                                          "deadline": _deadline()})
    assert bad_name.status_code == 400 and "1 to 100 characters" in bad_name.text
    assert 'class="problem form-problem"' in bad_name.text


def test_card_mistakes_keep_the_choices_and_show_the_services_refusal(url: str) -> None:
    with client_for(url, ORGANISER) as org:
        one_side = org.post("/organiser/shows/3/matches", data={"game": "boxing", "side1": "Mika Sato"})
        assert one_side.status_code == 400
        assert 'data-field="side1">a match needs at least two sides' in one_side.text
        assert '<option value="Mika Sato" selected>' in one_side.text
        wrong_game = org.post("/organiser/shows/3/matches", data={
            "game": "boxing", "side1": "Mika Sato", "side2": "Friendly Sam", "options": "rounds=6"})
        assert wrong_game.status_code == 400
        assert "'Friendly Sam' is a matchmatch competitor, not boxing" in unescape(wrong_game.text)
        assert "rounds=6</textarea>" in wrong_game.text
        bad_option = org.post("/organiser/shows/3/matches", data={
            "game": "boxing", "side1": "Mika Sato", "side2": "Rico Vance", "options": "rounds"})
        assert 'data-field="options">option \'rounds\' must be written key=value' in unescape(bad_option.text)
        twice = org.post("/organiser/shows/3/matches", data={
            "game": "boxing", "side1": "Mika Sato", "side2": "Rico Vance", "options": "rounds=10\nrounds=12"})
        assert 'data-field="options">option rounds is given twice' in unescape(twice.text)
        card = org.get("/organiser/shows/3").text
    assert card.count('class="card match"') == 3  # still the demo's three matches


def test_a_step_the_status_does_not_allow_is_refused_beside_the_form(url: str) -> None:
    with client_for(url, ORGANISER) as org:
        page = org.post("/organiser/shows/1/lock", data={})
        assert page.status_code == 400 and "only an open show locks" in page.text
        assert org.post("/organiser/shows/3/explode", data={}).status_code == 400
    assert show_status(url, 1) == "published"


@pytest.mark.parametrize("who", [None, "Ann"])
def test_nobody_but_the_organiser_reaches_the_organiser_pages(url: str, who: str | None) -> None:
    with client_for(url, who) as client:
        assert client.get("/organiser/shows/new").status_code == 404
        assert client.get("/organiser/shows/3").status_code == 404
        assert client.post("/organiser/shows/new", data={"name": "X", "show_date": "2026-12-04",
                                                          "deadline": _deadline()}).status_code == 404
        assert client.post("/organiser/shows/3/lock", data={}).status_code == 404
        assert client.post("/organiser/shows/3/matches", data={"game": "boxing", "side1": "Mika Sato",
                                                               "side2": "Rico Vance"}).status_code == 404
    assert show_status(url, 3) == "open"
