"""Adding to the league from the browser, as the command line does: a competitor through the sheet
editor (a player their own, the organiser for anyone), a MatchMatch tag team, and the organiser's
referees and titles. Every form re-shows a wrong field with the input kept and the problem beside
it; another member's object (or someone else acting for them) reads 404."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from tests.web.pages_support import ORGANISER, client_for, copy_demo
from tests.web.support import empty_league
from turnbuckle.cli.app import app as cli_app
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.models import Competitor, Referee, Title


@pytest.fixture
def url(tmp_path: Path) -> str:
    return copy_demo(tmp_path)


def _rows(url: str, model: Any, **where: object) -> list[Any]:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            q = select(model)
            for key, value in where.items():
                q = q.where(getattr(model, key) == value)
            rows = list(session.scalars(q))
            for r in rows:
                if isinstance(r, Competitor):
                    _ = r.owner.name
                session.expunge(r)
            return rows
    finally:
        engine.dispose()


def _count(url: str, model: Any) -> int:
    engine = make_engine(url)
    try:
        with session_scope(engine) as session:
            return int(session.scalar(select(func.count()).select_from(model)) or 0)
    finally:
        engine.dispose()


def _textarea(page: str, name: str = "text") -> str:
    found = re.search(rf'<textarea id="{name}"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, f"no {name} box"
    return unescape(found.group(1))


def _field_problems(page: str, field: str) -> str:
    """The problems shown beside ``field`` (a line, or a list under a box), as text."""
    found = re.findall(rf'data-field="{field}">(.*?)</(?:p|ul)>', page, re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", p)).strip() for p in found)


def test_a_player_adds_their_own_competitor_through_the_sheet_editor(url: str) -> None:
    with client_for(url, "Ann") as ann:
        games = ann.get("/roster/new")
        assert games.status_code == 200 and 'href="/roster/new/deathmatch"' in games.text
        assert 'href="/roster/new-team"' in games.text
        page = ann.get("/roster/new/boxing?sample=glass-cannon")
        assert page.status_code == 200 and 'hx-post="/roster/new/boxing/check"' in page.text
        assert 'name="owner"' not in page.text  # a player adds for themselves only
        text = _textarea(page.text)
        assert "power: 7" in text
        over = ann.post("/roster/new/boxing/check", data={"text": text.replace("power: 7", "power: 9")})
        assert over.status_code == 200 and "-2</strong> points left" in over.text and "<html" not in over.text
        name = re.search(r"^name: (.*)$", text, re.M)
        assert name
        saved = ann.post("/roster/new/boxing", data={"text": text.replace(name.group(0), "name: Annie Jab")},
                         follow_redirects=False)
        assert saved.status_code == 303
        cid = int(saved.headers["location"].split("/")[2].split("?")[0])
        assert "Annie Jab is on the roster" in ann.get(saved.headers["location"]).text
        # the fields form of the same editor (MatchMatch), as the sheet page has it
        m2_page = ann.get("/roster/new/matchmatch?sample=friendly-sam").text
        fields = dict(re.findall(r'<input id="f-([^"]+)" name="[^"]+" value="([^"]*)"', m2_page))
        assert fields["stamina"] == "10"
        fields.update({"name": "Annie Flyer", "mode": "fields"})
        assert ann.post("/roster/new/matchmatch", data=fields, follow_redirects=False).status_code == 303
    (boxer,) = _rows(url, Competitor, id=cid)
    assert (boxer.name, boxer.ruleset, boxer.owner.name, boxer.sheet["power"]) == ("Annie Jab", "boxing", "Ann", 7)
    (flyer,) = _rows(url, Competitor, name="Annie Flyer")
    assert flyer.owner.name == "Ann" and flyer.push_level == flyer.sheet["wrestler"].get("push_level", 1)


def test_a_bad_sheet_a_taken_name_or_an_empty_box_is_refused_with_the_input_kept(url: str) -> None:
    before = _count(url, Competitor)
    with client_for(url, "Bo") as bo:
        text = _textarea(bo.get("/roster/new/boxing").text)
        bad = bo.post("/roster/new/boxing", data={"text": text.replace("power: 5", "power: 12") + "\nextra: 1\n"})
        assert bad.status_code == 400
        assert "power: 12" in _textarea(bad.text) and "extra: 1" in _textarea(bad.text)
        assert _field_problems(bad.text, "text")  # every problem listed under the box
        taken = bo.post("/roster/new/boxing", data={"text": text})  # the sample's own name is on the roster
        assert taken.status_code == 400 and "already a competitor named" in taken.text
        assert 'class="problem form-problem"' in taken.text
        empty = bo.post("/roster/new/boxing", data={"text": "  "})
        assert empty.status_code == 400 and "the sheet is empty" in _field_problems(empty.text, "text")
        assert bo.get("/roster/new/chess").status_code == 404
    assert _count(url, Competitor) == before


def test_the_organiser_adds_for_any_member_and_a_player_for_nobody_else(url: str) -> None:
    with client_for(url, ORGANISER) as fran:
        page = fran.get("/roster/new/deathmatch").text
        assert all(f'<option value="{n}"' in page for n in ("Ann", "Bo", "Cy"))
        text = _textarea(page)
        name = re.search(r"^(\s*)name: (.*)$", text, re.M)
        assert name
        r = fran.post("/roster/new/deathmatch", data={"text": text.replace(name.group(0), f"{name.group(1)}name: "
                                                                           "Cy's Horde"), "owner": "Cy"},
                      follow_redirects=False)
        assert r.status_code == 303
    assert _rows(url, Competitor, name="Cy's Horde")[0].owner.name == "Cy"
    before = _count(url, Competitor)
    with client_for(url, "Bo") as bo:
        text = _textarea(bo.get("/roster/new/boxing").text).replace("name: ", "name: Stolen ", 1)
        assert bo.post("/roster/new/boxing", data={"text": text, "owner": "Ann"}).status_code == 404
    with client_for(url, None) as spectator:
        assert spectator.get("/roster/new", follow_redirects=False).status_code == 303
        assert spectator.post("/roster/new/boxing", data={"text": text}).status_code == 401
    assert _count(url, Competitor) == before


def test_a_tag_team_of_ones_own_wrestlers(url: str) -> None:
    wrestlers = [c for c in _rows(url, Competitor, ruleset="matchmatch") if not c.members]
    player = max(("Ann", "Bo", "Cy"), key=lambda p: sum(c.owner.name == p for c in wrestlers))
    mine = [c for c in wrestlers if c.owner.name == player]
    others = [c for c in wrestlers if c.owner.name != player]
    assert len(mine) >= 2 and others
    with client_for(url, player) as bo:
        page = bo.get("/roster/new-team").text
        assert all(f'value="{c.id}"' in page for c in mine)
        assert not any(f'name="members" value="{c.id}"' in page for c in others)
        one = bo.post("/roster/new-team", data={"name": "Solo Act", "members": [str(mine[0].id)]})
        assert one.status_code == 400 and "at least two" in _field_problems(one.text, "members")
        assert 'value="Solo Act"' in one.text and f'value="{mine[0].id}" checked' in one.text
        nameless = bo.post("/roster/new-team", data={"name": "", "members": [str(c.id) for c in mine[:2]]})
        assert nameless.status_code == 400 and "name is missing" in _field_problems(nameless.text, "name")
        stolen = bo.post("/roster/new-team", data={"name": "Borrowed", "members": [str(mine[0].id), str(others[0].id)]})
        assert stolen.status_code == 404
        made = bo.post("/roster/new-team", data={"name": "Bo's Pair", "members": [str(c.id) for c in mine[:2]],
                                                 "use": mine[1].name}, follow_redirects=False)
        assert made.status_code == 303, made.text
    (team,) = _rows(url, Competitor, name="Bo's Pair")
    assert team.members == [mine[0].id, mine[1].id] and team.owner.name == player
    assert team.sheet["team"]["notes"] == mine[1].sheet["wrestler"]["notes"]  # the scores of the one picked
    assert [m["name"] for m in team.sheet["team"]["members"]] == [mine[0].name, mine[1].name]
    assert not _rows(url, Competitor, name="Borrowed")


def test_referees_bundled_or_the_organisers_own_sheet(tmp_path: Path) -> None:
    url = empty_league(tmp_path, "Ref Fed")
    with client_for(url, "Fedhead") as fran:
        page = fran.get("/organiser/referees").text
        assert '<option value="Sam Atan"' in page
        r = fran.post("/organiser/referees", data={"kind": "bundled", "bundled": "Sam Atan"}, follow_redirects=False)
        assert r.status_code == 303
        assert '<option value="Sam Atan"' not in fran.get("/organiser/referees").text  # added once
        bad = fran.post("/organiser/referees", data={"kind": "sheet", "name": "Rita Rulebook", "type": "a stickler",
                                                     "dq_threshold": "25", "notes": "kept note"})
        assert bad.status_code == 400
        assert "less than or equal to 20" in _field_problems(bad.text, "dq_threshold")
        assert 'value="Rita Rulebook"' in bad.text and 'value="a stickler"' in bad.text and "kept note" in bad.text
        word = fran.post("/organiser/referees", data={"kind": "sheet", "name": "Rita Rulebook", "dq_threshold": "ten"})
        assert word.status_code == 400 and "integer" in _field_problems(word.text, "dq_threshold")
        nameless = fran.post("/organiser/referees", data={"kind": "sheet", "name": "", "dq_threshold": "8"})
        assert nameless.status_code == 400 and "name is missing" in _field_problems(nameless.text, "name")
        ok = fran.post("/organiser/referees", data={"kind": "sheet", "name": "Rita Rulebook", "type": "a stickler",
                                                    "dq_threshold": "8"}, follow_redirects=False)
        assert ok.status_code == 303
        again = fran.post("/organiser/referees", data={"kind": "sheet", "name": "Rita Rulebook", "dq_threshold": "8"})
        assert again.status_code == 400 and "already a referee named" in again.text
        assert "Rita Rulebook" in fran.get("/organiser/referees").text
    refs = {r.name: r.sheet for r in _rows(url, Referee)}
    assert refs["Rita Rulebook"] == {"name": "Rita Rulebook", "type": "a stickler", "dq_threshold": 8, "notes": ""}
    (tmp_path / "cli").mkdir()
    cli_url = empty_league(tmp_path / "cli", "Ref Fed")
    result = CliRunner().invoke(cli_app, ["league", "referee", "add", "Sam Atan", "--db", cli_url])
    assert result.exit_code == 0, result.output
    assert [r.sheet for r in _rows(cli_url, Referee)] == [refs["Sam Atan"]]  # as the command line adds it


def test_titles_and_the_finishes_that_change_them(url: str, tmp_path: Path) -> None:
    with client_for(url, ORGANISER) as fran:
        assert 'href="/organiser/titles"' in fran.get("/titles").text
        page = fran.get("/organiser/titles").text
        assert 'value="dq"' in page and 'value="count-out"' in page
        r = fran.post("/organiser/titles", data={"name": "Web Belt", "game": "boxing", "changes_on": ["dq"]},
                      follow_redirects=False)
        assert r.status_code == 303 and "Title created" in fran.get(r.headers["location"]).text
        bad = fran.post("/organiser/titles", data={"name": "", "game": "chess", "changes_on": ["count-out"]})
        assert bad.status_code == 400
        assert "name is missing" in _field_problems(bad.text, "name")
        assert "chess" in _field_problems(bad.text, "game")
        assert 'value="count-out" checked' in bad.text
        again = fran.post("/organiser/titles", data={"name": "Web Belt", "game": "boxing"})
        assert again.status_code == 400 and "already a title named" in again.text
    db = url.removeprefix("sqlite:///")
    result = CliRunner().invoke(cli_app, ["league", "titles", "add", "CLI Belt", "boxing", "--changes-on", "dq",
                                          "--db", db])
    assert result.exit_code == 0, result.output
    web, cli = _rows(url, Title, name="Web Belt")[0], _rows(url, Title, name="CLI Belt")[0]
    assert (web.ruleset, web.methods_excluded) == (cli.ruleset, cli.methods_excluded) == ("boxing", ["count-out"])


def test_the_organisers_roster_pages_are_nobody_elses(url: str) -> None:
    before = (_count(url, Referee), _count(url, Title))
    for who in (None, "Ann"):
        with client_for(url, who) as client:
            for path in ("/organiser/referees", "/organiser/titles"):
                assert client.get(path).status_code == 404
            assert client.post("/organiser/titles", data={"name": "Mine", "game": "boxing"}).status_code == 404
            assert client.post("/organiser/referees", data={"kind": "sheet", "name": "Mine",
                                                            "dq_threshold": "5"}).status_code == 404
            assert 'href="/organiser/referees"' not in client.get("/").text
    assert (_count(url, Referee), _count(url, Title)) == before


def test_links_where_members_look(url: str) -> None:
    with client_for(url, None) as spectator:
        assert 'href="/roster/new"' not in spectator.get("/roster").text
    with client_for(url, "Ann") as ann:
        assert 'href="/roster/new"' in ann.get("/roster").text and 'href="/roster/new-team"' in ann.get("/roster").text
    with client_for(url, ORGANISER) as fran:
        home = fran.get("/").text
        assert all(f'href="{p}"' in home for p in ("/roster/new", "/organiser/referees", "/organiser/titles"))
        manage = fran.get("/organiser/shows/3").text  # the sample league's open show: its card form
        assert 'id="referee"' in manage and 'href="/organiser/referees"' in manage
        assert 'href="/organiser/titles"' in manage


def test_every_games_editor_starts_on_a_valid_sheet(url: str) -> None:
    from turnbuckle.rulesets.registry import all_rulesets

    with client_for(url, "Cy") as cy:
        for rs in all_rulesets():
            page = cy.get(f"/roster/new/{rs.info.id}")
            assert page.status_code == 200 and 'class="ok valid"' in page.text, rs.info.id
            assert rs.check_text(_textarea(page.text), "shown").problems == [], rs.info.id


def test_a_team_form_sent_after_the_session_ended_keeps_every_ticked_wrestler(tmp_path: Path) -> None:
    from tests.web.support import PASSWORDS, Site, csrf_of, sign_in

    site = Site(tmp_path)
    try:
        ids = {c.name: c.id for c in _rows(site.league.url, Competitor, ruleset="matchmatch")}
        members = [str(ids["Friendly Sam"]), str(ids["Iron Ivan"])]  # Ann's
        with site.client() as ann:
            sign_in(ann, "Ann")
            token = csrf_of(ann, "/roster/new-team")
            site.league.clock.advance(days=15)  # idle past the session's end while the form is open
            r = ann.post("/roster/new-team", data={"name": "Late Pair", "members": members, "csrf_token": token})
            assert r.status_code == 401
            assert all(f'name="carry:members" value="{m}"' in r.text for m in members)
            login = re.search(r'name="csrf_token" value="([^"]*)"', r.text)
            assert login
            r = ann.post("/login", data={"name": "Ann", "password": PASSWORDS["Ann"], "next": "/roster/new-team",
                                         "carry:name": "Late Pair", "carry:members": members,
                                         "csrf_token": login.group(1)})
            assert r.status_code == 200 and 'action="/roster/new-team"' in r.text
            assert all(f'name="members" value="{m}"' in r.text for m in members)  # both ride on
            resend = re.search(r'name="csrf_token" value="([^"]*)"', r.text)
            assert resend
            r = ann.post("/roster/new-team", data={"name": "Late Pair", "members": members,
                                                   "csrf_token": resend.group(1)}, follow_redirects=False)
            assert r.status_code == 303
        (team,) = _rows(site.league.url, Competitor, name="Late Pair")
        assert [str(m) for m in team.members] == members
    finally:
        site.close()


def test_a_title_with_a_weight_class_a_push_level_and_a_kind_on_the_web_and_the_command_line(
        url: str, tmp_path: Path) -> None:
    with client_for(url, ORGANISER) as fran:
        r = fran.post("/organiser/titles", data={"name": "LHW Belt", "game": "matchmatch", "kind": "singles",
                                                 "max_weight": "3", "min_push_level": "2"}, follow_redirects=False)
        assert r.status_code == 303
        bad = fran.post("/organiser/titles", data={"name": "Odd", "game": "matchmatch", "kind": "trios",
                                                   "max_weight": "three"})
        assert bad.status_code == 400
        assert "trios" in _field_problems(bad.text, "kind")
        assert "not a whole number" in _field_problems(bad.text, "max_weight")
        boxing = fran.post("/organiser/titles", data={"name": "Heavy", "game": "boxing", "max_weight": "3"})
        assert boxing.status_code == 400 and "MatchMatch rules" in boxing.text
    db = url.removeprefix("sqlite:///")
    result = CliRunner().invoke(cli_app, ["league", "titles", "add", "Tag Straps", "m2", "--kind", "tag",
                                          "--db", db])
    assert result.exit_code == 0, result.output
    assert "matchmatch, tag" in result.output
    refused = CliRunner().invoke(cli_app, ["league", "titles", "add", "X", "m2", "--min-weight", "5",
                                           "--max-weight", "3", "--db", db])
    assert refused.exit_code == 2 and "above the maximum" in refused.output
    web, cli = _rows(url, Title, name="LHW Belt")[0], _rows(url, Title, name="Tag Straps")[0]
    assert (web.kind, web.min_weight, web.max_weight, web.min_push_level) == ("singles", None, 3, 2)
    assert (cli.kind, cli.max_weight) == ("tag", None)
