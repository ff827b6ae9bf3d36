"""``advise`` for a game whose pre-match choice is a build (boxing), and for one with nothing to
choose (folkstyle)."""

from __future__ import annotations

import json

from tests.cli.helpers import one_error_line, tb


def test_the_build_search_plays_what_sweep_plays() -> None:
    # advise's search odds of each build against the opponent are the pairing's odds in
    # `sweep OPPONENT --builds` with the same seed and matches a pairing (73 builds x 200 matches).
    advice = tb("advise", "boxing", "slugger", "speedster", "--seed", "5", "--budget-matches", "14600",
                "--measure", "1000", "-f", "json")
    assert advice.exit_code == 0, advice.stderr
    doc = json.loads(advice.stdout)
    swept = tb("sweep", "boxing", "speedster", "--builds", "-n", "200", "--seed", "5", "-f", "json")
    assert swept.exit_code == 0, swept.stderr
    sweep = json.loads(swept.stdout)
    names = {e["entry"]: e["name"] for e in sweep["entries"]}
    against = {names[p["seats"][1]]: p["sides"][1] for p in sweep["pairings"] if p["seats"][0] == 0}
    assert len(against) == 73 == len(doc["builds"])
    for build in doc["builds"]:
        side, search = against[build["build"]], build["search"]
        assert search["n"] == 200
        assert round(search["win"] * 200) == side["win"]["count"], build["build"]
    # The answer is the best of the leaders measured afresh, and the leaders are the search's best.
    measured = [b for b in doc["builds"] if b["measured"] is not None]
    assert len(measured) == 5 and doc["builds"][:5] == measured
    assert doc["best"] == measured[0]["build"]
    assert measured[0]["measured"]["score"] == max(b["measured"]["score"] for b in measured)
    top_search = sorted(b["search"]["score"] for b in doc["builds"])[-5:]
    assert sorted(b["search"]["score"] for b in measured) == top_search
    assert measured[0]["measured"]["n"] == 1000
    assert doc["yours"] == "P8 S3 T4"  # the slugger's own build, found in the space


def test_a_field_scores_a_build_by_its_mean_over_the_field() -> None:
    result = tb("advise", "boxing", "slugger", "speedster", "iron-chin", "--seed", "2", "--budget-matches",
                "14600", "--measure", "1000", "-f", "json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["opponents"] == ["Lupe Ferreira", "Otis Granger"]
    assert all(b["search"]["n"] == 2 * 100 for b in doc["builds"])  # 100 a pairing, two opponents


def test_a_build_search_too_small_is_refused_in_one_line() -> None:
    message = one_error_line(tb("advise", "boxing", "slugger", "speedster", "--budget-matches", "500"))
    assert "--budget-matches 500" in message and "at least 7,300" in message


def test_folkstyle_has_nothing_to_choose_before_a_match() -> None:
    result = tb("advise", "folkstyle")
    assert result.exit_code == 0
    assert "nothing to choose before a match" in result.stdout


def test_on_a_dask_cluster_the_build_advice_is_the_same() -> None:
    # the pairings are pure functions of their jobs: a cluster plays them and gives the same answer
    import logging

    from distributed import Client, LocalCluster

    from turnbuckle.core.options import resolve_options
    from turnbuckle.lab.build_advice import advise_build
    from turnbuckle.rulesets.registry import get_ruleset

    rs = get_ruleset("boxing")
    me, them = (rs.load_text(rs.sample(sid).text, sid) for sid in ("slugger", "speedster"))
    options = resolve_options(rs.info.options, {})
    here = advise_build(rs, me, [them], options, n=100, measure_n=1_000, seed=3, threads=1)
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        there = advise_build(rs, me, [them], options, n=100, measure_n=1_000, seed=3, client=client)
        assert any(p.startswith("turnbuckle-sweep") for p in cluster.scheduler.task_prefixes)  # played there
    assert there.json() == here.json()
