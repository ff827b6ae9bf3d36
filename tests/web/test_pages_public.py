"""The public pages, read from the sample league as a spectator, a player and the organiser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.web.pages_support import ORGANISER, client_for, competitor_id, copy_demo
from turnbuckle.core.record_json import record_from_json
from turnbuckle.league.verify import verify_export


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return copy_demo(tmp_path_factory.mktemp("public"))


def test_home_shows_the_next_show_standings_champions_and_latest_results(url: str) -> None:
    with client_for(url, None) as client:
        page = client.get("/")
    assert page.status_code == 200
    text = page.text
    assert "Turnbuckle Demo Federation" in text
    assert "Wednesday Warfare" in text  # the open show is next
    # the deadline is given in the league's zone (Europe/London: GMT in November)
    assert "GMT" in text.split('class="deadline"')[1][:60]
    assert "Light-Heavyweight Championship" in text and "World Boxing Belt" in text
    assert "Tuesday Turmoil" in text  # the latest published show's results
    assert "Match 1:" in text
    for game in ("Boxing dice game", "MatchMatch (M2)", "UOV Deathmatch", "Headlock"):
        assert game in text
    assert re.search(r"/static/htmx\.min\.[0-9a-f]{10}\.js", text)


def test_roster_lists_every_competitor_by_game(url: str) -> None:
    with client_for(url, None) as client:
        page = client.get("/roster")
    assert page.status_code == 200
    for name in ("Mika Sato", "Friendly Sam", "The Odd Couple", "The Rhino", "The Goblin Swarm"):
        assert name in page.text


def test_a_competitor_page_is_public_and_others_see_only_the_sheet_it_wrestled(url: str) -> None:
    sam = competitor_id(url, "Friendly Sam")  # Bo's wrestler
    with client_for(url, None) as client:
        public = client.get(f"/competitors/{sam}")
    assert public.status_code == 200
    assert "Friendly Sam" in public.text and "MatchMatch (M2)" in public.text
    assert "Light-Heavyweight" in public.text  # weight class from the sheet's Weight 1
    assert "Push Level" in public.text
    assert "won" in public.text
    # Sam has wrestled in a published show: the sheet he wrestled there is public (the export holds it)
    assert "Public: as wrestled in show" in public.text and "Edit the sheet" not in public.text
    with client_for(url, "Ann") as client:
        other = client.get(f"/competitors/{sam}")
    assert "Public: as wrestled in show" in other.text and f"/competitors/{sam}/sheet" not in other.text
    for who in ("Bo", ORGANISER):
        with client_for(url, who) as client:
            mine = client.get(f"/competitors/{sam}")
        assert '<dt>Stamina</dt><dd>10</dd>' in mine.text
        assert f"/competitors/{sam}/sheet" in mine.text


def test_an_unknown_competitor_or_show_is_404(url: str) -> None:
    with client_for(url, None) as client:
        assert client.get("/competitors/9999").status_code == 404
        assert client.get("/shows/99").status_code == 404
        assert client.get("/shows/99/export.json").status_code == 404


def test_a_published_show_has_results_writeup_seed_and_an_export_that_verifies(url: str) -> None:
    with client_for(url, None) as client:
        page = client.get("/shows/1")
        assert page.status_code == 200
        text = page.text
        assert "Monday Mayhem" in text
        for name in ("Friendly Sam", "Brother Bob", "Mika Sato", "Rico Vance"):
            assert name in text
        assert 'class="seed-hash"' in text and 'class="seed"' in text
        assert "What a night at Monday Mayhem!" in text  # the organiser's write-up
        assert "/shows/1/export.json" in text
        assert text.count('<figure class="chart"><svg') == 5  # each match's course, drawn on the server
        chart = client.get("/shows/1/matches/2/chart")
        assert chart.status_code == 200 and chart.text.startswith("<svg")
        download = client.get("/shows/1/export.json")
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    data = json.loads(download.text)
    assert [s["number"] for s in data["shows"]] == [1]
    findings, _notes = verify_export(data)
    assert findings == []


def test_an_open_show_keeps_its_strategies_secret(url: str) -> None:
    with client_for(url, None) as client:
        page = client.get("/shows/3")
        assert page.status_code == 200
        assert "Brother Bob" in page.text and "Iron Ivan" in page.text
        assert "strategy sent" not in page.text and "Send a strategy" not in page.text
        assert 'class="seed"' not in page.text
        assert client.get("/shows/3/export.json").status_code == 404  # not published
    with client_for(url, "Ann") as client:  # Ann owns Brother Bob
        page = client.get("/shows/3")
    assert "/shows/3/matches/1/strategy/" in page.text
    with client_for(url, "Cy") as client:  # Cy owns Iron Ivan, on the same match
        page = client.get("/shows/3")
    assert page.text.count("Send a strategy") == 1


def test_history_filters_push_injuries_and_titles(url: str) -> None:
    with client_for(url, None) as client:
        everything = client.get("/history")
        push = client.get("/history?kind=push")
        titles = client.get("/titles")
    assert everything.status_code == push.status_code == titles.status_code == 200
    assert "a fiery promo after the main event" in push.text
    assert "kind-result" not in push.text and "kind-push" in push.text
    assert "kind-result" in everything.text
    assert "Champion" in titles.text and "Light-Heavyweight Championship" in titles.text


def test_the_shows_list_hides_nothing_public_and_offers_the_organiser_a_new_show(url: str, tmp_path: Path) -> None:
    with client_for(url, None) as client:
        page = client.get("/shows")
    assert all(n in page.text for n in ("Monday Mayhem", "Tuesday Turmoil", "Wednesday Warfare"))
    assert "/organiser/shows/new" not in page.text
    with client_for(url, ORGANISER) as client:
        assert "/organiser/shows/new" in client.get("/shows").text


def test_a_match_page_has_the_ringside_call_chart_and_a_record_that_replays(url: str) -> None:
    from turnbuckle.core.replay import replay
    from turnbuckle.rulesets.registry import get_ruleset

    with client_for(url, None) as client:
        show = client.get("/shows/2").text
        assert "/shows/2/matches/4" in show
        page = client.get("/shows/2/matches/4")  # the boxing bout
        assert page.status_code == 200
        assert "Otis Granger" in page.text and "Ringside call" in page.text and "<svg" in page.text
        assert "Match 4: Otis Granger vs Dutch Kessler" in page.text  # who stood where, from the result
        assert "Match 4: Otis Granger vs Dutch Kessler</a>" in show
        record = client.get("/shows/2/matches/4/record.json")
        assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
        assert client.get("/shows/2/matches/99").status_code == 404
        assert client.get("/shows/3/matches/1").status_code == 404  # not run yet
    played = record_from_json(json.loads(record.text))
    assert played.names[0] == "Otis Granger"
    assert replay(get_ruleset("boxing"), played).identical  # the engine plays it again event for event


def test_a_player_home_lists_their_strategies_due_and_their_competitors(url: str) -> None:
    bob = competitor_id(url, "Brother Bob")
    with client_for(url, "Ann") as ann:
        page = ann.get("/").text
    assert f"/shows/3/matches/1/strategy/{bob}" in page and "not sent yet" in page
    assert f'href="/competitors/{competitor_id(url, "Mika Sato")}"' in page  # Ann's boxer
    with client_for(url, None) as spectator:
        assert "Your corner" not in spectator.get("/").text
    with client_for(url, ORGANISER) as org:
        assert "/organiser/shows/3" in org.get("/").text


def test_a_long_card_asks_for_its_charts_after_the_page(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.web.public import show_pages

    monkeypatch.setattr(show_pages, "INLINE_UP_TO", 2)
    with client_for(url, None) as client:
        page = client.get("/shows/1").text
        assert "<svg" not in page
        assert page.count('hx-get="/shows/1/matches/') == 5 and 'hx-trigger="load"' in page
        assert client.get("/shows/1/matches/5/chart").text.startswith("<svg")
        assert client.get("/shows/3/matches/1/chart").status_code == 404  # not run: nothing to draw


def test_the_home_page_lists_a_few_results_and_links_to_all(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.web.public import league_pages

    monkeypatch.setattr(league_pages, "HOME_RESULTS", 2)
    with client_for(url, None) as client:
        page = client.get("/").text
    assert page.count('<section class="card result"') == 2
    assert "All 5 results of Tuesday Turmoil" in page
