"""The score keeper's tap pads and its Back guard, over HTTP: each die asked is a pad of its faces
(a d20 in 4 rows of 5), a card is a rank then a suit, a choice one button an option; a tap posts
the answer itself; what the answer did is shown under the board; the game's note says what to roll;
a page that is behind the match (Back) or does not add up changes nothing and says why."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.web.support import empty_league
from tests.web.test_keeper import Forms, post, start, taps
from turnbuckle.core.entries import Need
from turnbuckle.web.app import create_app
from turnbuckle.web.keeper.pads import ask_line, columns_for, pad_for, tapped
from turnbuckle.web.keeper.play import before_tables


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(empty_league(tmp_path_factory.mktemp("pads"), "Pads Fed"))) as c:
        yield c


def test_each_die_is_a_pad_of_its_faces_laid_out_for_a_phone() -> None:
    layouts = {n: (len(pad.keys), pad.columns) for n in (2, 6, 7, 8, 12, 20)
               if (pad := pad_for(Need("roll", "x", count=1, sides=n))) is not None}
    assert layouts == {2: (2, 2), 6: (6, 6), 7: (7, 4), 8: (8, 4), 12: (12, 6), 20: (20, 5)}  # a d20: 4 rows of 5
    assert columns_for(20) * 4 == 20 and columns_for(6, named=True) == 3  # named faces: room for the names
    listed = pad_for(Need("roll", "round 1 style", count=1, sides=8, faces=("Power", "Brawling", "Technical")))
    assert listed is not None
    assert [(k.value, k.small) for k in listed.keys][:4] == [("1", "Power"), ("2", "Brawling"), ("3", "Technical"),
                                                             ("4", "roll again")]
    card = pad_for(Need("card", "The Rhino card"))
    assert card is not None and len(card.keys) == 13 and [s.value for s in card.suits] == ["C", "D", "H", "S"]
    choice = pad_for(Need("choice", "move", options=("s1", "g3"), labels=("Gut kick", "Suplex")))
    assert choice is not None and [(k.value, k.text, k.small) for k in choice.keys] == [
        ("s1", "Gut kick", "s1"), ("g3", "Suplex", "g3")]
    marked = pad_for(Need("choice", "move", options=("s1", "g5"), labels=("Gut kick", "Crossface"),
                          marks=("strike", "SUBMISSION")))
    assert marked is not None and [k.small for k in marked.keys] == ["s1 · strike", "g5 · SUBMISSION"]
    assert pad_for(Need("roll", "x", count=1, sides=100)) is None  # typed only


def test_the_pads_heading_leaves_out_what_the_keys_show() -> None:
    assert ask_line(Need("roll", "round 1 style", count=1, sides=6, faces=("Power", "Brawling"))) == \
        "round 1 style: roll 1d6"
    assert ask_line(Need("choice", "Red move", options=("s1", "g3"))) == "Red move: choose one"
    assert ask_line(Need("roll", "Red punch", count=2, sides=6, given=(3,), dice=("the punch", "the hand"))) == \
        "Red punch: roll 2d6 (die 2 of 2: the hand; entered so far: 3)"


def test_a_tap_is_the_answer_and_a_card_is_its_rank_and_suit() -> None:
    assert tapped({"tap": " 5 ", "answer": "3"}) == "5"
    assert tapped({"rank": "10", "suit": "H"}) == "10H"
    assert tapped({"answer": "3 4"}) == ""


def test_tapping_the_dice_of_a_punch_one_at_a_time_names_each_die(client: TestClient) -> None:
    page = start(client, "boxing", "slugger", "speedster")
    assert taps(page) == [str(n) for n in range(1, 13)]
    for face in ("12", "12", "1", "1"):  # Dutch Kessler attacks, with a combo
        page = post(client, page, "keeper", tap=face)
        assert page.status_code == 200, page.text
    assert "Entered Lupe Ferreira initiative: 1" in page.text
    assert "gets off first" in page.text.split('id="last"', 1)[1].split("</section>", 1)[0]  # the turn's line on top
    assert "This die: <strong>the punch</strong>" in page.text and taps(page) == [str(n) for n in range(1, 7)]
    assert "The first die picks the punch" in page.text.split('id="note"', 1)[1]
    page = post(client, page, "keeper", tap="6")
    assert "This die: <strong>the hand</strong>" in page.text and "entered so far: 6" in page.text
    assert Forms(page.text).forms["keeper"]["count"] == "5"
    # the board comes first, what the last answer did right under it, then the pad, the history last
    order = [page.text.index(f'id="{i}"') for i in ("board", "last", "pad", "undo", "history")]
    assert order == sorted(order)


def test_a_card_is_entered_by_its_rank_then_its_suit(client: TestClient) -> None:
    page = start(client, "headlock", "the-rhino", "wildcat-rosa", **{"player-1": "human", "player-2": "human"})
    assert 'id="suit-H"' in page.text and 'id="rank-10"' in page.text
    page = post(client, page, "keeper", rank="10", suit="H")
    assert page.status_code == 200, page.text
    assert Forms(page.text).forms["keeper"]["entries"] == "10H"
    assert ' pad-choice"' in page.text and "(grapple)" in page.text  # his move list, each move's kind named
    assert "g1 · grapple" in page.text  # and on each move's button


def test_a_page_behind_the_match_changes_nothing_and_says_why(client: TestClient) -> None:
    page = start(client, "boxing", "slugger", "speedster")
    page = post(client, page, "keeper", tap="4")
    page = post(client, page, "keeper", tap="5")
    entries = Forms(page.text).forms["keeper"]["entries"]
    # the tab has shown this match at 3 answers (the page's script says so): this page is from Back
    behind = post(client, page, "keeper", tap="6", latest="3")
    assert behind.status_code == 400
    assert "you went Back" in behind.text and "nothing was changed" in behind.text
    assert Forms(behind.text).forms["keeper"]["entries"] == entries
    assert 'data-refused="1"' in behind.text
    # a count that does not match the answers the page holds (a page edited or mixed up)
    odd = post(client, page, "keeper", tap="6", count="7")
    assert odd.status_code == 400 and "counts 7 answers but holds 2" in odd.text
    assert Forms(odd.text).forms["keeper"]["entries"] == entries
    # the same page with no later answers goes on
    on = post(client, page, "keeper", tap="6", latest="2")
    assert on.status_code == 200 and Forms(on.text).forms["keeper"]["count"] == "3"
    assert re.fullmatch(r"[0-9a-f]{16}", Forms(on.text).forms["keeper"]["match"])


def test_folkstyle_notes_on_the_page_restate_the_turn(client: TestClient) -> None:
    page = start(client, "folkstyle", "cal-okafor", "tess-varga")
    for face in ("5", "2", "3", "3", "3"):  # the colour roll, the two moves, Red's quality
        page = post(client, page, "keeper", tap=face)
    assert "Green quality" in page.text.split('id="ask"', 1)[1][:200]
    assert "This turn: Red rolled 3, " in page.text and "Green rolled 3, " in page.text


def test_a_finished_match_keeps_its_text_tables_out_of_the_last_answer() -> None:
    lines = ("Green near fall, pin (die 6).", "", "Result", "------", "Green pins.", "",
             "Scoresheet (score called Red-Green)", "Period  Turn  Score", "------  ----  -----", "1       1     0-3")
    assert before_tables(lines) == ("Green near fall, pin (die 6).", "", "Result", "------", "Green pins.")
    assert before_tables(("a", "b")) == ("a", "b")


def test_the_keeper_installs_on_a_home_screen(client: TestClient) -> None:
    """The keeper's pages name a web app manifest (start at /keeper, an icon of each size), so
    'Add to Home Screen' keeps it as an app with its own name and icon."""
    import json

    page = client.get("/keeper")
    assert re.search(r'<link rel="manifest" href="/static/keeper\.[0-9a-f]{10}\.webmanifest">', page.text)
    assert '<link rel="manifest"' not in client.get("/").text  # the league's pages are not the app
    manifest = client.get("/static/keeper.webmanifest")
    assert manifest.status_code == 200 and manifest.headers["content-type"].startswith("application/manifest+json")
    data = json.loads(manifest.text)
    assert data["start_url"] == "/keeper" and data["short_name"] == "Score keeper"
    for icon in data["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == "image/png"
        width, height = int.from_bytes(got.content[16:20], "big"), int.from_bytes(got.content[20:24], "big")
        assert icon["sizes"] == f"{width}x{height}"
