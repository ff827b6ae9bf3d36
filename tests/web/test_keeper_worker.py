"""The keeper's service worker and what it keeps: served with a scope of /keeper only; the files it keeps
when it installs are public answers (the offline page and the games fetched without cookies, static files);
the keeper's pages and everything a signed-in browser gets are no-store, so the worker never keeps them;
the offline page holds what an engine in the page needs to start a match of every game."""

from __future__ import annotations

import html
import json
import re

from tests.web.support import Site, sign_in
from tests.web.test_keeper_save import post
from turnbuckle.rulesets.registry import all_rulesets


def shell_of(script: str) -> list[str]:
    first = script.split("\n", 1)[0]
    assert first.startswith("const SHELL = ") and first.endswith(";")
    files: list[str] = json.loads(first[len("const SHELL = "):-1])
    return files


def test_the_worker_is_scoped_to_the_keeper_and_keeps_public_files_only(site: Site) -> None:
    with site.client() as client:
        worker = client.get("/keeper/sw.js")
        assert worker.status_code == 200
        assert worker.headers["service-worker-allowed"] == "/keeper"
        assert worker.headers["content-type"].startswith("text/javascript")
        files = shell_of(worker.text)
        assert files[:3] == ["/keeper/offline", "/keeper/offline.json", "/keeper/engine-worker.js"]
        engine = client.get("/keeper/engine-worker.js").headers["content-security-policy"]
        assert "'wasm-unsafe-eval'" in engine and "'unsafe-eval'" not in engine.replace("'wasm-unsafe-eval'", "")
        assert "wasm" not in client.get("/keeper/offline").headers["content-security-policy"]
        assert all(f.startswith("/static/") for f in files[3:]) and len(files) > 5
        for path in files:  # as the worker fetches them: not signed in
            got = client.get(path)
            assert got.status_code == 200, path
            rule = got.headers.get("cache-control", "")
            assert "no-store" not in rule and "private" not in rule, (path, rule)
        assert sign_in(client, "Fran").status_code == 303
        for path in ("/keeper", "/keeper?game=boxing", "/keeper/offline", "/keeper/kept", "/account"):
            assert client.get(path).headers["cache-control"] == "no-store", path  # signed in: never kept
        assert client.get("/keeper/kept").json()["organiser"] is True


def test_a_keeper_page_is_never_kept_even_for_a_visitor(site: Site) -> None:
    with site.client() as client:
        page = client.get("/keeper?game=boxing")
        played = post(client, page, "setup", **{"side-1": "all-rounder", "side-2": "glass-cannon"})
        # no-cache: the worker's rule for pages is the network, never its cache (the page may hold a sheet)
        assert played.headers["cache-control"] == "no-cache"
        assert client.get("/keeper/kept").json() == {"organiser": False, "csrf_token": ""}
    found = re.search(r'name="engine" value="([^"]*)"', played.text)
    assert found is not None
    match = json.loads(html.unescape(found[1]))
    assert match["game"] == "boxing" and len(match["sides"]) == 2 and match["entries"] == []
    assert match["sides"][0]["name"]


def test_the_offline_games_hold_every_game_and_its_samples(site: Site) -> None:
    with site.client() as client:
        games = client.get("/keeper/offline.json").json()["games"]
    assert [g["id"] for g in games] == [rs.info.id for rs in all_rulesets()]
    for g in games:
        assert g["samples"] and all(s["side"] for s in g["samples"]), g["id"]
        assert len(g["samples"]) >= 1 and g["min_sides"] >= 1
