"""A refused answer is tied to its field for screen readers (``aria-invalid`` and
``aria-describedby`` naming the problem): on the score keeper, the odds page and the site's forms
(``_form.html``'s problems), through the pages as served; and the tying itself, on markup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.web.pages_support import ORGANISER, client_for, copy_demo
from tests.web.test_keeper import Forms, client, post, start  # noqa: F401  (the client fixture)
from turnbuckle.web.strategy.field_problems import tie_problems


def _control(html: str, name: str) -> str:
    found = re.search(rf'<(?:input|select|textarea)\b[^>]*\bname="{re.escape(name)}"[^>]*>', html)
    assert found, f"no field named {name}"
    return found.group(0)


def _tied(html: str, name: str) -> str:
    """The text of the problem the field ``name`` is described by (it must be invalid)."""
    tag = _control(html, name)
    assert 'aria-invalid="true"' in tag, tag
    ids = re.search(r'aria-describedby="([^"]+)"', tag)
    assert ids, tag
    texts = []
    for ident in ids.group(1).split():
        problem = re.search(rf'<(?:p|ul|div)\b[^>]*\bid="{re.escape(ident)}"[^>]*>(.*?)</(?:p|ul|div)>', html, re.S)
        assert problem, f"{name} names {ident}, which the page does not hold"
        texts.append(problem.group(1))
    return " ".join(texts)


def test_the_keepers_refused_answer_is_tied_to_the_answer_field(client: TestClient) -> None:  # noqa: F811
    page = start(client, "boxing", "slugger", "speedster")
    assert 'aria-invalid' not in _control(page.text, "answer")  # nothing refused yet
    refused = post(client, page, "keeper", action="enter", answer="13")
    assert refused.status_code == 400
    assert "from 1 to 12" in _tied(refused.text, "answer")


def test_the_keepers_setup_problems_are_tied_to_their_fields(client: TestClient) -> None:  # noqa: F811
    form = client.get("/keeper?game=boxing")
    page = post(client, form, "setup", **{"side-2": "nobody", "options": "rounds", "action": "start"})
    assert page.status_code == 400
    assert "nobody" in _tied(page.text, "side-2")
    assert "rounds" in _tied(page.text, "options")
    assert 'aria-invalid' not in _control(page.text, "side-1")


@pytest.fixture
def url(tmp_path: Path) -> str:
    return copy_demo(tmp_path)


def test_a_site_forms_problems_are_tied_to_their_fields(url: str) -> None:
    with client_for(url, ORGANISER) as org:
        page = org.post("/organiser/shows/new", data={"name": "Typo Night", "show_date": "04/12/2026",
                                                      "deadline": ""})
    assert page.status_code == 400
    assert "is not a date" in _tied(page.text, "show_date")
    assert "deadline is missing" in _tied(page.text, "deadline")
    assert 'aria-invalid' not in _control(page.text, "name")


def test_the_odds_pages_problems_are_tied_to_their_fields(client: TestClient) -> None:  # noqa: F811
    form = Forms(client.get("/odds?game=boxing").text).forms["odds-form"]
    page = client.post("/odds", data=form | {"n": "0", "side-2": "sample:nobody"})
    assert page.status_code == 400
    assert "whole number" in _tied(page.text, "n") or "1,000,000" in _tied(page.text, "n")
    assert "listed sides" in _tied(page.text, "side-2")


def test_tying_picks_the_field_above_the_problem_and_keeps_ids_apart() -> None:
    html = ('<form><input name="text"><p class="problem" data-field="text">one</p></form>'
            '<form><textarea name="text" aria-describedby="hint"></textarea>'
            '<p class="problem field-problem" data-field="text">two</p><p class="problem" data-field="text">three</p>'
            '<input type="hidden" name="gone"><p class="problem" data-field="gone">no field</p>'
            '<p class="note" data-field="text">not a problem</p></form>')
    out = tie_problems(html)
    first, second = re.findall(r"<(?:input|textarea)\b[^>]*>", out)[:2]
    assert first == '<input name="text" aria-invalid="true" aria-describedby="problem-text">'
    assert second == ('<textarea name="text" aria-invalid="true" '
                      'aria-describedby="hint problem-text-2 problem-text-3">')
    assert '<p id="problem-text-2" class="problem field-problem" data-field="text">two</p>' in out
    assert '<input type="hidden" name="gone">' in out and 'id="problem-gone"' not in out
    assert '<p class="note" data-field="text">' in out
    assert tie_problems("<p>nothing</p>") == "<p>nothing</p>"
