"""Sending a MatchMatch strategy from the web: pasted in the rulebook's layout or filled in as a
form, checked by the league's own check, each problem beside its line or row; only the owner
ever reads it before the show runs."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from tests.web.pages_support import ORGANISER, client_for, competitor_id, copy_demo, submission_texts
from turnbuckle.league.demo import BOB as DEMO_BOB

SECRET = "A roll of quarters"
#: Brother Bob is named first in match 1 of the demo's open show: his grid pick is a column.
BOB = DEMO_BOB.replace(", Grid 2", ", Grid B")


@pytest.fixture
def url(tmp_path: Path) -> str:
    return copy_demo(tmp_path)


def _path(url: str) -> str:
    return f"/shows/3/matches/1/strategy/{competitor_id(url, 'Brother Bob')}"


def test_the_owner_pastes_the_rulebook_layout_and_nobody_else_reads_it(url: str) -> None:
    before = len(submission_texts(url))
    path = _path(url)
    text = BOB.replace("A roll of quarters.", SECRET + " in the third.")
    with client_for(url, "Ann") as ann:  # Ann owns Brother Bob
        form = ann.get(path)
        assert form.status_code == 200 and 'name="text"' in form.text and 'name="target1"' in form.text
        sent = ann.post(path, data={"text": text})
        assert sent.status_code == 200 and "Strategy received" in sent.text
        assert SECRET in ann.get(path).text  # the owner reads it back
    assert submission_texts(url)[before:] == [text]
    for who in (None, "Cy", "Bo", ORGANISER):
        with client_for(url, who) as client:
            assert client.get(path).status_code == 404
            for page in ("/", "/shows/3", "/competitors/" + path.rsplit("/", 1)[1], "/history", "/organiser/shows/3"):
                assert SECRET not in client.get(page).text
    with client_for(url, ORGANISER) as org:
        card = org.get("/organiser/shows/3").text
    assert "strategy sent 20" in card  # that it came and when, nothing more


def test_a_pasted_strategy_with_mistakes_lists_each_with_its_line_and_keeps_the_text(url: str) -> None:
    before = len(submission_texts(url))
    text = ("Strategy: +Cheating +Brawling -MA, Grid 2\nRound\tTarget\tType\tNotes\n"
            "1\tBogus\tNormal\tSmack him.\n2\tHF\tWhatever\tHm.\n")
    with client_for(url, "Ann") as ann:
        page = ann.post(_path(url), data={"text": text})
    assert page.status_code == 400
    body = unescape(page.text)
    assert "line 3: round 1: 'Bogus' is not a target" in body
    assert "line 4: round 2: 'Whatever' is not a round type" in body
    assert text.replace("\t", "\t") in body  # the text is kept in the box
    assert len(submission_texts(url)) == before
    with client_for(url, "Ann") as ann:
        empty = ann.post(_path(url), data={"text": "   "})
    assert empty.status_code == 400 and "the box is empty" in empty.text


def test_the_form_of_rounds_is_written_in_the_rulebook_layout_and_sent(url: str) -> None:
    before = len(submission_texts(url))
    data = {"plus1": "Cheating", "plus2": "Brawling", "minus": "Martial Arts", "grid": "B",
            "round1": "1", "target1": "Martial Arts", "type1": "Normal", "notes1": "Smack him around.",
            "round2": "4", "target2": "High Flying", "type2": "Finisher", "notes2": "The Power Bob!",
            "cond_unused1": "high_spots", "cond_round1": "15", "cond_type1": "High Spot", "cond_target1": "Stamina"}
    with client_for(url, "Ann") as ann:
        sent = ann.post(_path(url), data=data)
    assert sent.status_code == 200 and "Strategy received" in sent.text
    stored = submission_texts(url)[before:]
    assert len(stored) == 1
    lines = stored[0].splitlines()
    assert lines[0] == "Strategy: +Cheating +Brawling -Martial Arts, Grid B"
    assert "4\tHigh Flying\tFinisher\tThe Power Bob!" in lines
    assert "If I haven't used my High Spots by round 15, use a High Spot on Stamina" in lines
    with client_for(url, "Ann") as ann:  # the form starts from the strategy last sent
        again = ann.get(_path(url)).text
    assert 'value="The Power Bob!"' in again and 'id="round4" name="round4" value="4"' in again
    assert '<option value="high_spots" selected>High Spots</option>' in again and 'value="15"' in again
    assert '<option selected>Martial Arts</option>' in again


def test_form_mistakes_stand_beside_their_rows_with_every_choice_kept(url: str) -> None:
    data = {"plus1": "Cheating", "plus2": "Brawling", "minus": "Martial Arts",
            "round1": "3", "target1": "Stamina", "type1": "Finisher", "notes1": "One.",
            "round2": "5", "target2": "Stamina", "type2": "Submission", "notes2": "Two specials: one too many.",
            "round3": "x", "target3": "Power", "type3": "Normal",
            "cond_round1": "25", "cond_unused1": "specials", "cond_type1": "Finisher"}
    with client_for(url, "Ann") as ann:
        page = ann.post(_path(url), data=data)
    assert page.status_code == 400
    body = unescape(page.text)
    assert 'data-field="row3">cannot read' in body
    assert 'value="Two specials: one too many."' in body
    assert '<option selected>Submission</option>' in body
    assert 'value="25"' in body
    # the round label fixed, and more Special rounds than any Push Level allows (the top is 5)
    data["round3"] = "6"
    for i in range(4, 8):
        data.update({f"round{i}": str(i + 4), f"target{i}": "Stamina", f"type{i}": "Finisher"})
    with client_for(url, "Ann") as ann:
        page = ann.post(_path(url), data=data)
    body = unescape(page.text)
    assert page.status_code == 400
    assert re.search(r'data-field="row7">round 3, round 5, round 8, round 9, round 10, round 11: 6 Special '
                     r"round\(s\) stratted but Push Level \d allows \d", body)
    assert 'data-field="cond1">conditional 1: round 25 is past the time limit of 20 rounds' in body


def test_another_players_side_and_a_forged_post_are_404_and_store_nothing(url: str) -> None:
    before = len(submission_texts(url))
    for who in ("Cy", "Bo", ORGANISER, None):
        with client_for(url, who) as client:
            assert client.post(_path(url), data={"text": BOB}).status_code == 404
    ivan = competitor_id(url, "Iron Ivan")
    with client_for(url, "Ann") as ann:  # Ann is on the card only through Brother Bob
        assert ann.get(f"/shows/3/matches/1/strategy/{ivan}").status_code == 404
        assert ann.get(f"/shows/3/matches/9/strategy/{ivan}").status_code == 404
    assert len(submission_texts(url)) == before


def test_a_game_without_written_strategies_says_so(url: str) -> None:
    lupe = competitor_id(url, "Lupe Ferreira")  # Bo's boxer, match 2 of show 3
    with client_for(url, "Bo") as bo:
        page = bo.get(f"/shows/3/matches/2/strategy/{lupe}")
        assert page.status_code == 200 and "takes no written strategy" in page.text
        refused = bo.post(f"/shows/3/matches/2/strategy/{lupe}", data={"text": BOB})
    assert refused.status_code == 400 and "takes no written strategy" in refused.text


def test_after_the_deadline_the_page_says_so_and_a_late_post_is_refused(url: str) -> None:
    from datetime import UTC, datetime, timedelta

    late = datetime.now(UTC) + timedelta(days=30)  # the demo's open show is due in about a week
    before = len(submission_texts(url))
    with client_for(url, "Ann", clock=lambda: late) as ann:
        page = ann.get(_path(url))  # the show's deadline has passed: it is locked before the page answers
        assert page.status_code == 200 and "the show is locked" in page.text
        refused = ann.post(_path(url), data={"text": BOB})
    assert refused.status_code == 400 and "strategies are taken only while it is open" in refused.text
    assert BOB.splitlines()[0] in unescape(refused.text)  # what was pasted is still there
    assert len(submission_texts(url)) == before
