"""The strategy page of a Deathmatch or Headlock side: a list of the game's automatic players,
each with its line, sent as the one-line choice ``submit`` takes; mistakes beside the field; the
owner alone; boxing and folkstyle keep the page that says there is nothing to choose."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path

import pytest

from tests.web.pages_support import ORGANISER, client_for, competitor_id, copy_demo, submission_texts
from turnbuckle.league.assembly import assemble
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.services import shows
from turnbuckle.league.services.card import add_match


@pytest.fixture
def url(tmp_path: Path) -> str:
    """The demo league with a fourth show open: a Deathmatch (Ann's Ash Court against Bo's Bog
    Host) and a Headlock match (Bo's Rhino against Cy's Velvet Hammer)."""
    url = copy_demo(tmp_path)
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            ctx = assemble().context(session, None)
            s = shows.create_show(ctx, "Thursday Thunder", "2099-01-01", datetime.now(UTC) + timedelta(days=5))
            add_match(ctx, str(s.number), "deathmatch", ["The Ash Court", "The Bog Host"])
            add_match(ctx, str(s.number), "headlock", ["The Rhino", "Velvet Hammer"])
            shows.open_show(ctx, str(s.number))
    finally:
        engine.dispose()
    return url


def test_a_deathmatch_side_picks_its_target_policy_from_a_list(url: str) -> None:
    path = f"/shows/4/matches/1/strategy/{competitor_id(url, 'The Ash Court')}"
    before = len(submission_texts(url))
    with client_for(url, "Ann") as ann:
        page = ann.get(path)
        assert page.status_code == 200
        body = unescape(page.text)
        assert '<select id="player" name="player">' in body
        for kind in ("auto", "random", "weakest", "strongest", "lowest-hp", "most-dangerous"):
            assert f'<option value="{kind}"' in body
        assert "human" not in body.split('name="player"')[1].split("</select>")[0]
        assert "weakest: hits the enemy with the lowest power rating" in body
        assert '<option value="auto" selected>' in body  # nothing sent yet: the default
        assert 'name="text"' not in body  # no MatchMatch form here
        sent = ann.post(path, data={"player": "weakest"})
        assert sent.status_code == 200 and "Choice received" in sent.text
        assert '<option value="weakest" selected>' in sent.text
        again = ann.get(path).text
        assert '<option value="weakest" selected>' in again and "Your latest choice was sent" in again
        home = ann.get("/").text
        assert "Strategy for The Ash Court" in home
        card = ann.get("/shows/4").text
        assert f'href="{path}"' in card
    assert submission_texts(url)[before:] == ["player: weakest"]
    with client_for(url, ORGANISER) as org:
        organiser_card = org.get("/organiser/shows/4").text
    assert "strategy sent 20" in organiser_card and "player: weakest" not in organiser_card


def test_a_headlock_choice_that_is_not_a_player_is_refused_beside_the_field(url: str) -> None:
    path = f"/shows/4/matches/2/strategy/{competitor_id(url, 'The Rhino')}"
    before = len(submission_texts(url))
    with client_for(url, "Bo") as bo:
        page = bo.get(path).text
        assert '<option value="smart" selected>smart: weighs every move' in unescape(page)
        for posted, message in (({"player": "smrt"}, "'smrt' is not a headlock player (did you mean 'smart'?)"),
                                ({"player": "human"}, "'human' is for play at a table"),
                                ({}, "pick a player from the list")):
            refused = bo.post(path, data=posted)
            assert refused.status_code == 400
            assert f'data-field="player">{message}' in unescape(refused.text), refused.text
        sent = bo.post(path, data={"player": "solo"})
        assert sent.status_code == 200 and "Choice received" in sent.text
    assert submission_texts(url)[before:] == ["player: solo"]


def test_only_the_owner_reaches_a_choice_and_a_post_needs_the_csrf_token(url: str) -> None:
    path = f"/shows/4/matches/1/strategy/{competitor_id(url, 'The Ash Court')}"
    before = len(submission_texts(url))
    for who in ("Bo", "Cy", ORGANISER, None):
        with client_for(url, who) as client:
            assert client.get(path).status_code == 404
            assert client.post(path, data={"player": "weakest"}).status_code == 404
    with client_for(url, "Ann") as ann:
        del ann.headers["X-CSRF-Token"]
        assert ann.post(path, data={"player": "weakest"}).status_code == 403
    assert len(submission_texts(url)) == before


def test_after_the_deadline_the_choice_is_refused_and_boxing_has_nothing_to_choose(url: str) -> None:
    path = f"/shows/4/matches/1/strategy/{competitor_id(url, 'The Ash Court')}"
    late = datetime.now(UTC) + timedelta(days=30)
    with client_for(url, "Ann", clock=lambda: late) as ann:
        page = ann.get(path)  # past its deadline: the show is locked before the page answers
        assert page.status_code == 200 and "the show is locked" in page.text
        refused = ann.post(path, data={"player": "weakest"})
    assert refused.status_code == 400 and "only while it is open" in refused.text
    lupe = competitor_id(url, "Lupe Ferreira")  # Bo's boxer on the demo's open show
    with client_for(url, "Bo") as bo:
        boxing = bo.get(f"/shows/3/matches/2/strategy/{lupe}")
        assert boxing.status_code == 200 and "nothing to choose" in boxing.text
        assert 'name="player"' not in boxing.text
        refused = bo.post(f"/shows/3/matches/2/strategy/{lupe}", data={"player": "auto"})
    assert refused.status_code == 400 and "nothing to choose" in refused.text
