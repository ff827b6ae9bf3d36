"""The table-side score keeper: a boxing bout played to the end by posting dice (with one undo)
gives the same record as the command line's table mode fed the same answers; bad answers are
refused next to the field with the entries kept; the server rolls and draws when asked, with the
seed named; hidden cards stay hidden from the other side."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from typer.testing import CliRunner

from tests.test_table_mode import answers
from tests.web.support import empty_league
from turnbuckle.cli.app import app as cli_app
from turnbuckle.core.errors import OptionError
from turnbuckle.core.events import Choice
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.record_json import record_from_json
from turnbuckle.core.rng import SplitMix64
from turnbuckle.core.sources import SeededSource
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.web.app import create_app
from turnbuckle.web.keeper.form import parse_options


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(empty_league(tmp_path_factory.mktemp("keeper"), "Keeper Fed"))
    seeds = iter(range(1000, 100000))
    app.state.keeper_seeds = lambda: next(seeds)
    with TestClient(app) as c:
        yield c


class Forms(HTMLParser):
    """The fields a browser would post from each form of a page (by the form's id)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, str]] = {}
        self.ids: set[str] = set()
        self._form: dict[str, str] | None = None
        self._text: str | None = None
        self._select: str | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "form":
            self._form = self.forms.setdefault(a.get("id", ""), {})
        elif self._form is None or ("name" not in a and tag != "option"):
            return
        elif tag == "input" and a.get("type") not in ("submit", "button"):
            self._form[a["name"]] = a.get("value", "")
        elif tag == "textarea":
            self._text = a["name"]
            self._form[a["name"]] = ""
        elif tag == "select":
            self._select = a["name"]
        elif tag == "option" and self._select is not None and (self._select not in self._form or "selected" in a):
            self._form[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "textarea":
            self._text = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._text is not None and self._form is not None:
            self._form[self._text] += data


def post(client: TestClient, page: Response, form: str, **fields: str) -> Response:
    """Submit the form ``form`` of ``page`` as a browser would, with ``fields`` filled in."""
    data = Forms(page.text).forms[form] | fields
    action = {"setup": "/keeper/play", "keeper": "/keeper/play", "download-form": "/keeper/record.json"}[form]
    return client.post(action, data=data)


#: A choice is asked as one button an option (the keeper's tap pad).
CHOICE_PAD = ' pad-choice"'


def taps(page: Response) -> list[str]:
    """The values of the tap pad's buttons, in order."""
    return re.findall(r'name="tap" value="([^"]*)"', page.text)


def start(client: TestClient, game: str, *samples: str, **fields: str) -> Response:
    page = client.get(f"/keeper?game={game}")
    assert page.status_code == 200
    chosen = {f"side-{i}": s for i, s in enumerate(samples, 1)}
    started = post(client, page, "setup", **chosen, **fields)
    assert started.status_code == 200, started.text
    return started


def seeded(game: str, samples: list[str], seed: int, options: dict[str, object] | None = None) -> MatchRecord:
    rs = get_ruleset(game)
    return rs.run([rs.side_by_name(s) for s in samples], SeededSource(seed), options)


def test_boxing_bout_by_dice_with_one_undo_matches_the_command_line(client: TestClient,
                                                                     tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    seed_record = seeded("boxing", ["slugger", "speedster"], 7, {"rounds": 3})
    typed = answers(seed_record)
    page = start(client, "boxing", "slugger", "speedster", options="rounds=3")
    assert "Turn:" in page.text and 'id="answer"' in page.text
    for i, answer in enumerate(typed):
        if i == 3:  # a wrong answer first, then taken back with undo
            wrong = "6 6" if answer != "6 6" else "5 5"
            page = post(client, page, "keeper", action="enter", answer=wrong)
            assert page.status_code == 200
            page = post(client, page, "keeper", action="undo")
            assert page.status_code == 200
            assert 'id="notice"' in page.text and "Took back" in page.text
            assert Forms(page.text).forms["keeper"]["entries"].count("\n") == i - 1
        page = post(client, page, "keeper", action="enter", answer=answer)
        assert page.status_code == 200, page.text
    assert 'id="result"' in page.text
    assert seed_record.result.summary.replace("'", "&#39;") in page.text
    assert "<svg" in page.text  # the chart of the bout
    download = post(client, page, "download-form")
    assert download.status_code == 200
    assert download.headers["content-type"].startswith("application/json")
    assert "attachment" in download.headers["content-disposition"]
    mine = download.json()
    assert mine["events"] == seed_record.to_json()["events"]
    assert mine["result"] == seed_record.to_json()["result"]
    # the command line's table mode, fed the same answers, writes the same record byte for byte
    monkeypatch.chdir(tmp_path)
    cli = CliRunner().invoke(cli_app, ["match", "boxing", "slugger", "speedster", "-o", "rounds=3",
                                       "--dice", "ask", "-f", "json"], input="\n".join(typed) + "\n")
    assert cli.exit_code == 0, cli.output
    assert download.text == cli.stdout
    assert record_from_json(json.loads(cli.stdout)).dice == "ask"


def test_an_impossible_die_is_refused_next_to_the_field_and_nothing_is_lost(client: TestClient) -> None:
    page = start(client, "boxing", "slugger", "speedster")
    page = post(client, page, "keeper", action="enter", answer="4 5")
    entries = Forms(page.text).forms["keeper"]["entries"]
    for bad in ("13", "0", "seven", "", "1 2 3"):
        refused = post(client, page, "keeper", action="enter", answer=bad)
        assert refused.status_code == 400
        fields = Forms(refused.text)
        assert "answer-error" in fields.ids
        assert fields.forms["keeper"]["entries"] == entries
        assert fields.forms["keeper"]["answer"] == bad
    refused = post(client, page, "keeper", action="enter", answer="13")
    assert "whole number from 1 to 12" in refused.text


def test_roll_for_me_names_its_seed_and_rolls_from_it(client: TestClient) -> None:
    page = start(client, "boxing", "slugger", "speedster")
    rolled = post(client, page, "keeper", action="roll")
    assert rolled.status_code == 200
    notice = rolled.text.split('id="notice">', 1)[1].split("<", 1)[0]
    seed = int(notice.rsplit("seed ", 1)[1].rstrip(")"))
    rng = SplitMix64(seed)
    faces = [str(1 + rng.below(12)) for _ in range(2)]
    assert notice.startswith(f"Rolled for you: {' '.join(faces)} ")
    assert Forms(rolled.text).forms["keeper"]["entries"] == " ".join(faces)


def test_undo_with_nothing_entered_and_a_finished_match_refuse_clearly(client: TestClient) -> None:
    page = start(client, "boxing", "slugger", "speedster")
    refused = post(client, page, "keeper", action="undo")
    assert refused.status_code == 400 and "nothing to take back" in refused.text
    early = post(client, page, "download-form") if "download-form" in Forms(page.text).forms else None
    assert early is None
    data = Forms(page.text).forms["keeper"]
    not_over = client.post("/keeper/record.json", data=data)
    assert not_over.status_code == 400 and "not over yet" in not_over.text


def test_setup_problems_sit_next_to_their_fields_with_the_input_kept(client: TestClient) -> None:
    page = client.get("/keeper?game=boxing")
    bad = post(client, page, "setup", **{"side-1": "nobody", "side-2": "", "sheet-2": "name: [unclosed",
                                        "options": "rounds=99"})
    assert bad.status_code == 400
    fields = Forms(bad.text)
    assert {"side-1-error", "sheet-2-error", "options-error"} <= fields.ids
    assert fields.forms["setup"]["sheet-2"] == "name: [unclosed"
    assert fields.forms["setup"]["options"] == "rounds=99"
    one = post(client, page, "setup", **{"side-2": ""})
    assert one.status_code == 400 and "sides-error" in Forms(one.text).ids
    unknown = client.get("/keeper?game=chess")
    assert unknown.status_code == 400 and "no ruleset named" in unknown.text


def test_a_pasted_sheet_plays(client: TestClient) -> None:
    rs = get_ruleset("boxing")
    sheet = rs.sample("iron-chin").text.replace("Otis Granger", "<b>Pasted Pete</b>")
    assert "<b>Pasted Pete</b>" in sheet
    page = start(client, "boxing", "slugger", "", **{"sheet-2": sheet})
    assert "&lt;b&gt;Pasted Pete&lt;/b&gt;" in page.text and "<b>Pasted" not in page.text
    page = post(client, page, "keeper", action="enter", answer="3 3")
    assert page.status_code == 200
    assert Forms(page.text).forms["keeper"]["sheet-2"] == sheet


def test_entries_edited_by_hand_are_cut_at_the_first_bad_one(client: TestClient) -> None:
    page = start(client, "boxing", "slugger", "speedster")
    forged = client.post("/keeper/play", data=Forms(page.text).forms["keeper"] |
                         {"entries": "4 5\n3 3\n99 1\n2 2", "action": "start"})
    assert forged.status_code == 400
    assert "99" in forged.text and "answer-error" in Forms(forged.text).ids
    assert Forms(forged.text).forms["keeper"]["entries"] == "4 5\n3 3"


def test_headlock_hides_the_other_sides_card_and_draws_for_me(client: TestClient) -> None:
    page = start(client, "headlock", "the-rhino", "wildcat-rosa", **{"player-1": "human", "player-2": "human"})
    # the cards are drawn first; the server can draw them
    drawn = post(client, page, "keeper", action="roll")
    assert drawn.status_code == 200, drawn.text
    assert "Drew a card for you (seed" in drawn.text
    rs = get_ruleset("headlock")
    rhino, rosa = (rs.side_name(rs.side_by_name(s)) for s in ("the-rhino", "wildcat-rosa"))
    page = drawn
    for _ in range(40):  # play on until Wildcat Rosa picks a move after The Rhino has picked his
        whose = page.text.split('id="whose">Turn: <strong>', 1)[1].split("<", 1)[0]
        if CHOICE_PAD in page.text:
            so_far = Forms(page.text).forms["keeper"]["entries"].split()
            if whose == rosa and len(so_far) >= 3 and so_far[-2].islower():  # he picked a move this turn
                break
            page = post(client, page, "keeper", tap=taps(page)[0])
        else:
            page = post(client, page, "keeper", action="roll")
        assert page.status_code == 200, page.text
    assert whose == rosa and CHOICE_PAD in page.text
    entries = Forms(page.text).forms["keeper"]["entries"].split()
    his_card, _his_move, her_card = entries[-3:]
    board = page.text.split('id="board">', 1)[1].split("</pre>", 1)[0]
    shown = page.text.split('<textarea name="entries"', 1)[0] + page.text.split("</textarea>")[-1]
    assert f"{her_card} (" in board  # her own card
    assert f"{his_card} (" not in shown  # his card and his pick stay hidden from her until the reveal
    assert rhino in board


def test_every_game_starts_and_takes_a_roll(client: TestClient) -> None:
    for game, samples in [("matchmatch", ["friendly-sam", "brother-bob"]), ("folkstyle", ["cal-okafor", "tess-varga"]),
                          ("deathmatch", ["ash-court", "bog-host"])]:
        page = start(client, game, *samples)
        assert 'id="ask"' in page.text
        for _ in range(3):
            if 'id="roll"' not in page.text:
                break
            page = post(client, page, "keeper", action="roll")
            assert page.status_code == 200, (game, page.text)


def test_a_headlock_match_with_cards_and_choices_downloads_as_the_command_line_writes_it(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = start(client, "headlock", "the-rhino", "wildcat-rosa", options="turns=3",
                 **{"player-1": "human", "player-2": "human"})
    for _ in range(80):
        if 'id="result"' in page.text:
            break
        if CHOICE_PAD in page.text:
            page = post(client, page, "keeper", tap=taps(page)[0])  # the first option's button
        else:
            page = post(client, page, "keeper", action="roll")
        assert page.status_code == 200, page.text
    assert 'id="result"' in page.text
    download = post(client, page, "download-form")
    assert download.status_code == 200
    record = record_from_json(download.json())
    typed = answers(record)
    assert any(isinstance(e, Choice) and e.by == "human" for e in record.events)  # the picks were asked for
    monkeypatch.chdir(tmp_path)
    cli = CliRunner().invoke(cli_app, ["match", "headlock", "the-rhino", "wildcat-rosa", "-o", "turns=3",
                                       "--player", "1=human", "--player", "2=human", "--dice", "ask", "-f", "json"],
                             input="\n".join(typed) + "\n")
    assert cli.exit_code == 0, cli.output
    assert download.text == cli.stdout


def test_every_page_links_to_the_keeper_and_the_odds(client: TestClient) -> None:
    home = client.get("/")
    assert 'href="/keeper"' in home.text and 'href="/odds"' in home.text


def test_the_score_keeper_reads_its_options_box_with_the_same_parser() -> None:
    assert parse_options("rounds=4, last-interval=heal\n\n") == {"rounds": "4", "last_interval": "heal"}
    with pytest.raises(OptionError, match="rounds is given twice"):
        parse_options("rounds=4\nrounds=5")
