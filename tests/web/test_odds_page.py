"""The odds page: a run goes to the app's job runner and finishes with the same numbers as
``turnbuckle odds`` for the same seed; the cap, the per-user limit and the queue refuse clearly;
other requests are served while a run is going; who may pick which competitors."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from typer.testing import CliRunner

from tests.web.pages_support import ORGANISER, client_for, competitor_id, copy_demo
from tests.web.support import empty_league
from turnbuckle.cli.app import app as cli_app
from turnbuckle.league import jobs
from turnbuckle.league.db import make_engine, session_scope
from turnbuckle.league.models import Job, Member
from turnbuckle.web.app import create_app
from turnbuckle.web.deps import current_member
from turnbuckle.web.odds.page import visitor_key

SPECTATOR = "address:testclient"  # a public (samples-only) run is anyone's to read, this key's too


def spectator(client: TestClient) -> str:
    """The owner key of ``client``'s spectator browser: its jobs are keyed by its tb_anon cookie."""
    return visitor_key(client.cookies["tb_anon"])


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(empty_league(tmp_path, "Odds Fed"))) as c:
        found = re.search(r'"X-CSRF-Token": "([^"]+)"', c.get("/odds").text)  # as htmx sends it
        assert found is not None
        c.headers["X-CSRF-Token"] = found.group(1)
        yield c


def wait_done(client: TestClient, job_url: str, limit_s: float = 120) -> str:
    """Poll the job's status fragment, as the page's htmx does, until it is no longer active."""
    until = time.monotonic() + limit_s
    while time.monotonic() < until:
        fragment = client.get(f"{job_url}/status")
        assert fragment.status_code == 200
        if 'hx-trigger="every 1s"' not in fragment.text:
            return fragment.text
        time.sleep(0.1)
    raise AssertionError("the run did not finish in time")


def test_a_run_finishes_with_the_command_lines_numbers(client: TestClient, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    form = client.get("/odds?game=boxing")
    assert form.status_code == 200 and 'id="side-1"' in form.text
    started = client.post("/odds", data={"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster",
                                         "n": "3000", "seed": "5"}, follow_redirects=False)
    assert started.status_code == 303
    job_url = started.headers["location"]
    page = client.get(job_url)
    assert page.status_code == 200 and "3,000 matches, seed 5" in page.text
    done = wait_done(client, job_url)
    assert 'data-state="done"' in done and "<svg" in done
    job = _job_row(client, job_url)
    assert job.result is not None and job.state == "done" and job.done == 3000
    monkeypatch.chdir(tmp_path)
    cli = CliRunner().invoke(cli_app, ["odds", "boxing", "slugger", "speedster", "-n", "3000", "--seed", "5",
                                       "-f", "json"])
    assert cli.exit_code == 0, cli.output
    expected: dict[str, Any] = json.loads(cli.stdout)
    assert job.result["sides"] == expected["sides"]
    assert (job.result["n"], job.result["seed"], job.result["engine"]) == (3000, 5, expected["engine"])
    for side in expected["sides"]:
        assert f"{side['win']['p'] * 100:.2f}%" in done
        assert f"[{side['win']['lo'] * 100:.2f}, {side['win']['hi'] * 100:.2f}]" in done


def test_the_cap_and_bad_numbers_refuse_next_to_the_field(client: TestClient) -> None:
    base = {"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster", "seed": "1"}
    over = client.post("/odds", data=base | {"n": "1000001"})
    assert over.status_code == 400 and 'id="n-error"' in over.text and "1,000,000" in over.text
    for bad in ("0", "ten", ""):
        refused = client.post("/odds", data=base | {"n": bad})
        assert refused.status_code == 400 and 'id="n-error"' in refused.text
    seed = client.post("/odds", data=base | {"n": "10", "seed": "-4"})
    assert seed.status_code == 400 and 'id="seed-error"' in seed.text
    unknown = client.post("/odds", data=base | {"n": "10", "side-2": "sample:nobody"})
    assert unknown.status_code == 400 and 'id="side-2-error"' in unknown.text


def _hold(params: dict[str, Any], progress: jobs.Progress, client: Any) -> dict[str, Any]:
    HELD[params["name"]].wait(30)
    progress(1)
    return {}


HELD: dict[str, threading.Event] = {}
jobs.register("test-hold", _hold)


def _submit_held(client: TestClient, owner: str, name: str) -> str:
    HELD[name] = threading.Event()
    with session_scope(client.app.state.engine) as session:  # type: ignore[attr-defined]
        return jobs.submit(session, "test-hold", {"name": name}, owner, title=name, total=1).id


def _state(client: TestClient, job_id: str) -> str:
    with session_scope(client.app.state.engine) as session:  # type: ignore[attr-defined]
        job = session.get(Job, job_id)
        assert job is not None
        return job.state


def test_one_run_each_and_other_requests_are_served_meanwhile(client: TestClient) -> None:
    held = _submit_held(client, spectator(client), "held")
    try:
        deadline = time.monotonic() + 10
        while _state(client, held) != "running" and time.monotonic() < deadline:
            time.sleep(0.05)
        began = time.monotonic()
        assert client.get("/keeper").status_code == 200  # served while the worker is busy
        assert client.get("/odds?game=boxing").status_code == 200
        again = client.post("/odds", data={"game": "boxing", "side-1": "sample:slugger",
                                           "side-2": "sample:speedster", "n": "100", "seed": "1"})
        assert time.monotonic() - began < 10
        assert again.status_code == 429 and "one run at a time" in again.text
        assert _state(client, held) == "running"
    finally:
        HELD["held"].set()
    deadline = time.monotonic() + 10
    while _state(client, held) == "running" and time.monotonic() < deadline:
        time.sleep(0.02)
    assert _state(client, held) == "done"
    # with the worker free again, the same user may start a run
    ok = client.post("/odds", data={"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster",
                                    "n": "100", "seed": "1"}, follow_redirects=False)
    assert ok.status_code == 303
    assert 'data-state="done"' in wait_done(client, ok.headers["location"])


def test_who_may_pick_which_competitors(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)
    slugger = competitor_id(url, "Dutch Kessler")
    with client_for(url, None) as spectator:
        page = spectator.get("/odds?game=boxing")
        assert "sample:slugger" in page.text and "comp:" not in page.text
        forged = spectator.post("/odds", data={"game": "boxing", "side-1": f"comp:{slugger}",
                                               "side-2": "sample:speedster", "n": "10", "seed": "1"})
        assert forged.status_code == 400 and 'id="side-1-error"' in forged.text
    with client_for(url, ORGANISER) as organiser:
        page = organiser.get("/odds?game=boxing")
        assert f"comp:{slugger}" in page.text
        assert page.text.count('value="comp:') >= 2 * 5  # every boxer of the league, in both lists
        run = organiser.post("/odds", data={"game": "boxing", "side-1": f"comp:{slugger}",
                                            "side-2": "sample:speedster", "n": "200", "seed": "3"},
                             follow_redirects=False)
        assert run.status_code == 303
        assert 'data-state="done"' in wait_done(organiser, run.headers["location"])
    owners = {}
    for player in ("Ann", "Bo", "Cy"):
        with client_for(url, player) as c:
            owners[player] = c.get("/odds?game=boxing").text.count('value="comp:') // 2
            if f'value="comp:{slugger}"' not in c.get("/odds?game=boxing").text:
                refused = c.post("/odds", data={"game": "boxing", "side-1": f"comp:{slugger}",
                                                "side-2": "sample:speedster", "n": "10", "seed": "1"})
                assert refused.status_code == 400 and 'id="side-1-error"' in refused.text
    assert sum(owners.values()) == 5  # each player lists their own boxers only


def test_a_league_run_is_seen_by_the_one_who_started_it_only(tmp_path: Path) -> None:
    url = copy_demo(tmp_path)
    slugger = competitor_id(url, "Dutch Kessler")
    engine = make_engine(url)
    with session_scope(engine) as session:
        ann = session.scalars(select(Member).where(Member.name == "Ann")).one()
        session.expunge(ann)
    engine.dispose()
    with client_for(url, ORGANISER) as c:
        urls = []
        for side in (f"comp:{slugger}", "sample:slugger"):
            run = c.post("/odds", data={"game": "boxing", "side-1": side, "side-2": "sample:speedster",
                                        "n": "100", "seed": "1"}, follow_redirects=False)
            assert run.status_code == 303
            urls.append(run.headers["location"])
            wait_done(c, urls[-1])
            assert c.get(urls[-1]).status_code == 200
        league_run, sample_run = urls
        c.app.dependency_overrides[current_member] = lambda: ann  # type: ignore[attr-defined]
        for path in (league_run, f"{league_run}/status"):
            other = c.get(path)
            assert other.status_code == 404 and "kessler" not in other.text.lower()
        assert c.post(f"{league_run}/cancel").status_code == 404
        # a run of samples only names nothing of anyone's: whoever has its id may follow it, not cancel it
        assert 'data-state="done"' in c.get(f"{sample_run}/status").text
        assert c.post(f"{sample_run}/cancel").status_code == 404


def test_the_pages_stay_out_of_the_api_schema(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    assert not [p for p in paths if p.startswith(("/odds", "/keeper"))]


def _cli_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> dict[str, Any]:
    monkeypatch.chdir(tmp_path)
    cli = CliRunner().invoke(cli_app, ["odds", *args, "-f", "json"])
    assert cli.exit_code == 0, cli.output
    data: dict[str, Any] = json.loads(cli.stdout)
    return data


def _job_row(client: TestClient, job_url: str) -> Job:
    with session_scope(client.app.state.engine) as session:  # type: ignore[attr-defined]
        job = jobs.get(session, job_url.rsplit("/", 1)[1], SPECTATOR)
        assert job is not None
        return job


def _job_result(client: TestClient, job_url: str) -> dict[str, Any]:
    job = _job_row(client, job_url)
    assert job.result is not None
    return job.result


def test_the_form_lists_the_games_options_with_their_defaults(client: TestClient) -> None:
    page = client.get("/odds?game=boxing").text
    for name in ("rounds", "combo", "fatigue", "getup", "last_interval"):
        assert f'id="opt-{name}"' in page
    assert 'id="opt-rounds" name="opt-rounds" value="12"' in page
    assert 'id="policy-1"' not in page  # boxing has one automatic player: nothing to choose
    deathmatch = client.get("/odds?game=deathmatch").text
    assert 'id="policy-2"' in deathmatch and '<option value="weakest"' in deathmatch
    assert 'id="opt-cap" name="opt-cap" value="10"' in deathmatch


def test_options_and_policies_give_the_command_lines_numbers(client: TestClient, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    started = client.post("/odds", data={"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster",
                                         "n": "2000", "seed": "11", "opt-rounds": "3", "opt-last_interval": "heal",
                                         "opt-combo": "true"}, follow_redirects=False)
    assert started.status_code == 303, started.text
    done = wait_done(client, started.headers["location"])
    assert "rounds=3" in done and "last_interval=heal" in done and "combo=" not in done  # the default is not given
    result = _job_result(client, started.headers["location"])
    expected = _cli_json(tmp_path, monkeypatch, ["boxing", "slugger", "speedster", "-n", "2000", "--seed", "11",
                                                 "-o", "rounds=3", "-o", "last_interval=heal"])
    assert result["options"] == expected["options"] and result["options"]["rounds"] == 3
    assert result["sides"] == expected["sides"]
    default = _cli_json(tmp_path, monkeypatch, ["boxing", "slugger", "speedster", "-n", "2000", "--seed", "11"])
    assert default["sides"] != expected["sides"]  # the options changed the numbers

    started = client.post("/odds", data={"game": "deathmatch", "side-1": "sample:ash-court",
                                         "side-2": "sample:goblin-swarm", "n": "1000", "seed": "4",
                                         "policy-1": "weakest", "policy-2": "", "opt-tiebreak": "rps"},
                          follow_redirects=False)
    assert started.status_code == 303, started.text
    assert "plays weakest" in wait_done(client, started.headers["location"])
    result = _job_result(client, started.headers["location"])
    expected = _cli_json(tmp_path, monkeypatch, ["deathmatch", "ash-court", "goblin-swarm", "-n", "1000",
                                                 "--seed", "4", "--policy", "1=weakest", "-o", "tiebreak=rps"])
    assert (result["players"], result["options"]) == (expected["players"], expected["options"])
    assert result["sides"] == expected["sides"]


def _refused(client: TestClient, data: dict[str, str]) -> str:
    r = client.post("/odds", data={"n": "100", "seed": "1", **data})
    assert r.status_code == 400, r.text
    return r.text


def _problem(page: str, field: str) -> str:
    found = re.search(rf'id="{field}-error" data-field="{field}">([^<]*)<', page)
    assert found, f"no problem beside {field}"
    return found.group(1).replace("&#39;", "'")


def test_a_wrong_option_is_refused_beside_its_field_as_the_command_line_words_it(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m2 = {"game": "matchmatch", "side-1": "sample:friendly-sam", "side-2": "sample:brother-bob"}
    page = _refused(client, {**m2, "opt-rounds": "0", "opt-type": "cage-of-doom", "opt-referee": "Nobody Atall"})
    monkeypatch.chdir(tmp_path)
    for field, args in (("opt-rounds", ["-o", "rounds=0"]), ("opt-type", ["--type", "cage-of-doom"]),
                        ("opt-referee", ["--referee", "Nobody Atall"])):
        cli = CliRunner().invoke(cli_app, ["odds", "matchmatch", "friendly-sam", "brother-bob", "-n", "10", *args])
        assert cli.exit_code == 2
        assert _problem(page, field) in cli.output.replace("\n", " ")
    assert 'value="cage-of-doom"' in page and "Nobody Atall</textarea>" in page  # the input is kept
    ok = client.post("/odds", data={**m2, "n": "200", "seed": "1", "opt-type": "cage", "opt-referee": "Sam Atan",
                                    "opt-rounds": "12"}, follow_redirects=False)
    assert ok.status_code == 303
    done = wait_done(client, ok.headers["location"])
    assert "type=cage" in done and "referee=Sam Atan" in done

    headlock = {"game": "headlock", "side-1": "sample:the-rhino", "side-2": "sample:wildcat-rosa"}
    page = _refused(client, {**headlock, "opt-cap": "3"})
    assert "option cap changes nothing here" in _problem(page, "opt-cap")
    page = _refused(client, {**headlock, "opt-getup_die": "d7", "policy-2": "human"})
    assert "not one of d8, d12, d20" in _problem(page, "opt-getup_die")
    assert "policy 'human' is not one of smart, solo, expert" in _problem(page, "policy-2")
    ok = client.post("/odds", data={**headlock, "n": "100", "seed": "1", "opt-cap": "3", "policy-2": "solo"},
                     follow_redirects=False)
    assert ok.status_code == 303

    page = _refused(client, {"game": "deathmatch", "side-1": "sample:ash-court", "side-2": "sample:goblin-swarm",
                             "opt-cap": "8"})
    assert "over the cap of 8" in _problem(page, "side-1")
    assert 'id="opt-cap" name="opt-cap" value="8"' in page


def test_a_waiting_run_is_cancelled_from_its_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURNBUCKLE_JOB_THREADS", "0")  # no worker here: the run stays queued
    with TestClient(create_app(empty_league(tmp_path, "Cancel Fed"))) as c:
        found = re.search(r'"X-CSRF-Token": "([^"]+)"', c.get("/odds").text)
        assert found is not None
        c.headers["X-CSRF-Token"] = found.group(1)
        run = c.post("/odds", data={"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster",
                                    "n": "100", "seed": "1"}, follow_redirects=False)
        job_url = run.headers["location"]
        assert 'data-state="queued"' in c.get(f"{job_url}/status").text
        cancelled = c.post(f"{job_url}/cancel")
        assert cancelled.status_code == 200 and "Cancelled after 0 matches" in cancelled.text
        assert _job_row(c, job_url).state == "cancelled"
        again = c.post("/odds", data={"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster",
                                      "n": "100", "seed": "1"}, follow_redirects=False)
        assert again.status_code == 303  # the cancelled run no longer counts as the user's one


def test_spectators_behind_one_address_own_their_runs_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two browsers behind one network address (a club's, a café's) are two owners: neither can cancel
    the other's run, and each may have its own run going. A run's owner is the browser's cookie."""
    monkeypatch.setenv("TURNBUCKLE_JOB_THREADS", "0")  # no worker here: the runs stay queued
    form = {"game": "boxing", "side-1": "sample:slugger", "side-2": "sample:speedster", "n": "100", "seed": "1"}
    app = create_app(empty_league(tmp_path, "Cafe Fed"))
    with TestClient(app) as ann, TestClient(app) as bob:
        for c in (ann, bob):
            found = re.search(r'"X-CSRF-Token": "([^"]+)"', c.get("/odds").text)
            assert found is not None
            c.headers["X-CSRF-Token"] = found.group(1)
        assert ann.cookies["tb_anon"] != bob.cookies["tb_anon"]
        anns = ann.post("/odds", data=form, follow_redirects=False).headers["location"]
        assert bob.post(f"{anns}/cancel").status_code == 404
        assert _job_row(ann, anns).state == "queued"
        assert bob.post("/odds", data=form, follow_redirects=False).status_code == 303  # a run of Bob's own
        assert ann.post("/odds", data=form).status_code == 429  # Ann's one run is still hers
        assert ann.post(f"{anns}/cancel").status_code == 200
        assert _job_row(ann, anns).state == "cancelled"
