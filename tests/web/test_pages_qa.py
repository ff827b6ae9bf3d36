"""QA pass over the fed's pages (issue 27): hostile input on the setup page, the strategy page and verify."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tests.league.helpers import SAM_STRATEGY, open_show, sample
from tests.web.pages_support import client_for, competitor_id, copy_demo
from tests.web.support import Site, csrf_of, sign_in
from tests.web.test_verify_page import wait_verified
from turnbuckle.league.assembly import assemble
from turnbuckle.league.db import make_engine, session_scope, upgrade
from turnbuckle.league.models import Competitor
from turnbuckle.league.services import accounts, roster, shows
from turnbuckle.league.services.card import add_match
from turnbuckle.league.services.shows import MAX_STRATEGY_CHARS
from turnbuckle.web.app import create_app

GOOD = "a long walk to the ring"


@pytest.fixture
def setup_client(tmp_path: Path):  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'league.db'}"
    upgrade(url)
    app = create_app(url)
    with session_scope(app.state.engine) as session:
        token = accounts.create_setup_link(session)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, f"/setup/{token}"


@pytest.mark.parametrize(("field", "value", "says"), [
    ("max_push_level", "²", "whole number from 1 to 20"),  # str.isdigit() yet not int()
    ("max_push_level", "٣", "whole number from 1 to 20"),  # an Arabic-Indic digit is not typed in a number box
    ("timezone", "Europe", "unknown time zone"),  # a folder of the zone database
    ("timezone", "x" * 300, "unknown time zone"),  # too long for a file name
    ("timezone", "zone1970.tab", "unknown time zone"),  # a file of the zone database that is no zone
])
def test_the_setup_page_refuses_odd_input_with_a_message_not_a_500(setup_client, field: str, value: str,  # type: ignore[no-untyped-def]
                                                                      says: str) -> None:
    client, path = setup_client
    form = {"league_name": "Garage Fed", "timezone": "Europe/London", "max_push_level": "5", "organiser": "Fran",
            "password": GOOD, "password2": GOOD, field: value, "csrf_token": csrf_of(client, path)}
    answer = client.post(path, data=form, follow_redirects=False)
    assert answer.status_code == 422 and says in answer.text
    assert client.get(path).status_code == 200  # nothing was made: the link still works


def _ids(site: Site) -> dict[str, int]:
    with site.league.act() as ctx:
        return {str(n): int(i) for n, i in ctx.session.execute(select(Competitor.name, Competitor.id))}


def _check(client: TestClient, path: str, text: str, token: str = "") -> str:
    answer = client.post(f"{path}/check", data={"text": text, "csrf_token": token or csrf_of(client, path)})
    assert answer.status_code == 200
    return unescape(answer.text)


def test_the_live_check_says_what_submit_says_of_a_late_a_long_or_an_unchanged_strategy(site: Site) -> None:
    number = open_show(site.league, [("m2", ["Friendly Sam", "Brother Bob"])])
    path = f"/shows/{number}/matches/1/strategy/{_ids(site)['Friendly Sam']}"
    client = site.client()
    assert sign_in(client, "Ann").status_code == 303
    with client as ann:
        long_text = SAM_STRATEGY + "#" * MAX_STRATEGY_CHARS
        said = f"the strategy is {len(long_text)} characters; the limit is {MAX_STRATEGY_CHARS}"
        assert said in _check(ann, path, long_text)
        sent = ann.post(path, data={"text": long_text, "csrf_token": csrf_of(ann, path)})
        assert sent.status_code == 400 and said in unescape(sent.text)  # the same words as submit, not the reader's
        assert ann.post(path, data={"text": SAM_STRATEGY, "csrf_token": csrf_of(ann, path)}).status_code == 200
        assert "is the same as the one sent at" in _check(ann, path, SAM_STRATEGY)
        token = csrf_of(ann, path)
        site.league.clock.now += timedelta(days=2)  # past the deadline: submit refuses whatever the text
        other = SAM_STRATEGY.replace("Stam\tHigh Spot", "Stam\tNormal")
        late = _check(ann, path, other, token)  # the check alone locks nothing
        assert "Fits this match" not in late and "the strategy is late" in late
        closed = _check(ann, path, other)  # reading the page locks the show past its deadline
        assert f"show {number} is locked; strategies are taken only while it is open" in closed


def test_verify_says_what_it_replayed_and_has_no_section_before_publication(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)
    with client_for(url, None) as client:
        assert client.get("/shows/3/verify").status_code == 404  # open: the show page has no Verify either
        started = client.post("/shows/2/verify", data={"csrf_token": csrf_of(client, "/shows/2")},
                              follow_redirects=False)
        assert started.status_code == 303
        part = wait_verified(client, 2)
        assert "<strong>Verified</strong>" in part
        assert "show 2: 5 match(es) replayed" in part  # what league verify prints, not a count of its notes


def test_a_choice_sent_as_text_or_as_a_very_long_name_is_refused_where_it_is_seen(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)
    engine = make_engine(url)
    with session_scope(engine) as session:
        ctx = assemble().context(session, None)
        s = shows.create_show(ctx, "Thursday Thunder", "2099-01-01", datetime.now(UTC) + timedelta(days=5))
        add_match(ctx, str(s.number), "headlock", ["The Rhino", "Velvet Hammer"])
        shows.open_show(ctx, str(s.number))
    engine.dispose()
    path = f"/shows/4/matches/1/strategy/{competitor_id(url, 'The Rhino')}"
    with client_for(url, "Bo") as bo:
        as_text = bo.post(path, data={"text": "player: human"})
        assert as_text.status_code == 400 and "&#39;human&#39; is for play at a table" in as_text.text  # not a bare 400
        long_name = bo.post(path, data={"player": "x" * 5000})
        assert long_name.status_code == 400 and "x" * 100 not in long_name.text
        assert 'data-field="player">pick a player from the list' in long_name.text


def test_a_draft_shows_no_strategy_page_even_to_an_organiser_who_owns_a_side(site: Site) -> None:
    with site.league.act() as ctx:
        roster.add_competitor(ctx, "m2", sample("m2", "friendly-sam").replace("Friendly Sam", "Fran Own"),
                              "fran-own", "Fran")
        s = shows.create_show(ctx, "Week", "2026-11-09", site.league.clock.now + timedelta(days=1))
        add_match(ctx, str(s.number), "m2", ["Fran Own", "Brother Bob"], None, None, None)
        number = s.number
    path = f"/shows/{number}/matches/1/strategy/{_ids(site)['Fran Own']}"
    client = site.client()
    assert sign_in(client, "Fran").status_code == 303
    with client as fran:
        assert fran.get(path).status_code == 404  # not "Referee: none named: DQ on 10": it is drawn at open
        with site.league.act() as ctx:
            shows.open_show(ctx, str(number))
        assert "Your DQ threshold" in fran.get(path).text
