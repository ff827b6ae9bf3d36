"""Local sweeps: content-addressed seeds, identical results on 1 and 2 processes, resume from the
cache, Deathmatch groupings, and the boxing build space."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from turnbuckle.lab import play as play_module
from turnbuckle.lab import run_local as run_local_module
from turnbuckle.lab.cache import ResultCache
from turnbuckle.lab.run_local import run_local
from turnbuckle.lab.sweep import assemble, make_sweep, split_cached
from turnbuckle.rulesets.boxing.sheet import fighter_problems
from turnbuckle.rulesets.boxing.simulation import builds as boxing_builds
from turnbuckle.rulesets.registry import get_ruleset

BOXING = get_ruleset("boxing")
FOUR = [BOXING.side_by_name(s) for s in ("all-rounder", "slugger", "speedster", "iron-chin")]


def sweep_doc(sides: list[Any], n: int = 500, seed: int = 7, workers: int = 1, cache: Path | None = None,
              rs: Any = BOXING, sizes: tuple[int, ...] = (2,)) -> dict[str, Any]:
    plan = make_sweep(rs, sides, {}, n, seed, sizes)
    store = ResultCache(cache)
    results, todo = split_cached(plan, store)

    def keep(key: str, result: dict[str, Any]) -> None:
        store.put(key, result)
        results[key] = result

    run_local(todo, workers, keep)
    return assemble(plan, results)


def test_a_pairing_has_the_same_numbers_in_any_roster() -> None:
    a = sweep_doc(FOUR[:3])
    b = sweep_doc([FOUR[0], FOUR[1], FOUR[3]])
    first_a, first_b = a["pairings"][0], b["pairings"][0]
    assert first_a["seats"] == first_b["seats"] == [0, 1]
    assert first_a["sides"] == first_b["sides"]
    assert first_a["seed"] == first_b["seed"]
    # ...and a different sweep seed gives other seeds and other numbers.
    c = sweep_doc(FOUR[:3], seed=8)
    assert c["pairings"][0]["seed"] != first_a["seed"]
    assert c["pairings"][0]["sides"] != first_a["sides"]


def test_one_and_two_processes_give_identical_documents(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_local_module, "CHUNK_MATCHES", 1000)  # a chunk per pairing: real splitting
    one = sweep_doc(FOUR, n=2000)
    two = sweep_doc(FOUR, n=2000, workers=2)
    assert one == two
    assert len(one["pairings"]) == 6
    for p in one["pairings"]:
        total = sum(s["win"]["count"] for s in p["sides"]) + p["draw"]["count"]
        assert total == p["n"] == 2000


def test_resume_after_an_interruption_recomputes_nothing_cached(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    whole = sweep_doc(FOUR, n=300)
    plan = make_sweep(BOXING, FOUR, {}, 300, 7)
    store = ResultCache(tmp_path / "cache")
    played: list[str] = []

    def stop_after_two(key: str, result: dict[str, Any]) -> None:
        store.put(key, result)
        played.append(key)
        if len(played) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_local(plan.jobs, 1, stop_after_two)
    assert len(list((tmp_path / "cache").glob("*.json"))) == 2
    assert not list((tmp_path / "cache").glob(".tmp-*"))

    calls: list[str] = []
    real = play_module.play_job

    def counting(job: Any) -> dict[str, Any]:
        calls.append(job.key)
        return real(job)

    monkeypatch.setattr(run_local_module, "play_job", counting)
    resumed = sweep_doc(FOUR, n=300, cache=tmp_path / "cache")
    assert len(calls) == 4 and not set(calls) & set(played)
    assert resumed == whole
    calls.clear()
    assert sweep_doc(FOUR, n=300, cache=tmp_path / "cache") == whole
    assert calls == []


def test_an_unreadable_cache_entry_is_played_again(tmp_path: Path) -> None:
    first = sweep_doc(FOUR[:2], n=200, cache=tmp_path)
    (entry,) = tmp_path.glob("*.json")
    entry.write_text("{not json")
    assert sweep_doc(FOUR[:2], n=200, cache=tmp_path) == first


def test_the_ranking_and_metagame_follow_the_matrix() -> None:
    doc = sweep_doc(FOUR, n=3000)
    win = doc["matrix"]["win"]
    scores = {e["entry"]: sum(win[e["entry"]][j] or 0 for j in range(4)) for e in doc["entries"]}
    # With no draws in these pairings, the ranking orders entries as their total win share does.
    assert [r["entry"] for r in doc["ranking"]] == sorted(scores, key=lambda i: -scores[i])
    meta = doc["metagame"]
    assert sum(e["weight"] for e in meta["entries"]) == pytest.approx(1)
    assert all(e["payoff"] <= 1e-9 for e in meta["entries"])
    assert all(abs(e["payoff"]) < 1e-9 for e in meta["entries"] if e["weight"] > 0)


def test_boxing_builds_are_exactly_the_sheets_the_rules_accept() -> None:
    builds, _ = boxing_builds(BOXING)
    stats = {(b.power, b.speed, b.toughness) for b in builds}
    assert len(stats) == len(builds) == 73  # the count, from the rulebook: 15 points, 1 to 10 each
    assert all(fighter_problems(b) == [] for b in builds)
    assert all(p + s + t == 15 and min(p, s, t) >= 1 and max(p, s, t) <= 10 for p, s, t in stats)
    assert (5, 5, 5) in stats and (10, 4, 1) in stats and (11, 3, 1) not in stats


def test_deathmatch_groupings_count_every_seat() -> None:
    rs = get_ruleset("deathmatch")
    armies = [rs.side_by_name(s) for s in ("ash-court", "bog-host", "crypt-guard", "goblin-swarm")]
    doc = sweep_doc(armies, n=100, rs=rs, sizes=(2, 3, 4))
    assert len(doc["pairings"]) == 6 + 4 * 3 + 1 * 4
    three, four = doc["groupings"]
    assert (three["size"], three["games"], four["size"], four["games"]) == (3, 12, 4, 4)
    for g in (three, four):
        for e in g["entries"]:
            # Each entry sits in each seat of each of its groupings once: (entries-1 choose size-1) times.
            per_seat = {3: 3, 4: 1}[g["size"]] * 100
            assert [s["n"] for s in e["seats"]] == [per_seat] * g["size"]
            assert e["overall"]["n"] == per_seat * g["size"]
            assert e["overall"]["count"] == sum(s["count"] for s in e["seats"])
        # Every match has at most one winner: wins over entries never exceed the matches played.
        assert sum(e["overall"]["count"] for e in g["entries"]) <= g["games"] * 100
    # The seat shares are the pairings' own counts, added up by seat.
    ash = next(e for e in three["entries"] if e["entry"] == 0)
    first_seat = sum(p["sides"][0]["win"]["count"] for p in doc["pairings"]
                     if len(p["seats"]) == 3 and p["seats"][0] == 0)
    assert ash["seats"][0]["count"] == first_seat
    assert "ranking" in doc and len(doc["ranking"]) == 4


def test_a_sweeps_jobs_are_those_of_its_pairings_alone() -> None:
    """A sweep names and seeds each pairing from its content, as ``pairing_job`` does for one
    pairing on its own (what ``advise`` plays), however many seats its groupings have."""
    from turnbuckle.core.options import resolve_options
    from turnbuckle.lab.sweep import pairing_job

    deathmatch = get_ruleset("deathmatch")
    for rs, sides, sizes, chosen in ((BOXING, FOUR, (2,), {"rounds": 4}),
                                     (deathmatch, [deathmatch.side_by_name(s) for s in
                                                   ("ash-court", "bog-host", "crypt-guard")], (2, 3), {})):
        plan = make_sweep(rs, sides, chosen, 300, 5, sizes)
        resolved = resolve_options(rs.info.options, chosen)
        alone = [pairing_job(rs, [sides[i] for i in seats], [rs.side_json(sides[i]) for i in seats], resolved, 300, 5)
                 for seats in plan.setups]
        assert plan.jobs == alone
        assert len({job.seed for job in plan.jobs}) == len(plan.jobs) > len(sides)


def test_a_sweeps_shares_are_the_odds_own_and_never_shared_between_pairings() -> None:
    from turnbuckle.lab.sweep import share
    from turnbuckle.sim.odds import share as odds_share

    for n in (1, 7, 2000):
        for k in sorted({0, 1, n // 3, n - 1, n}):
            assert share(k, n) == odds_share(k, n) and share(k, n) == share(k, n)
    one, two = share(3, 10), share(3, 10)
    one["p"] = -1.0  # a caller may change its own copy
    assert two["p"] == 0.3 and share(3, 10)["p"] == 0.3
