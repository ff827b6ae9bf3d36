"""``advise deathmatch``: the best army of a bestiary under the power cap, raced on the fast engine.

The planted army: against a pair of Carapaces (DEF 10, so that an attack of ATK 8 or less barely
scratches them), the best army of the small bestiary below is two Lancers (ATK 10), though it has
neither the highest attack (two Hydras), nor the most HP or the highest stat total (two Golems),
nor more power than many others (the cap's 4). Against a pair of Brawlers (DEF 3) it is not the
best: its edge is the Carapaces' defence alone.
"""

from __future__ import annotations

import json
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import one_error_line, tb
from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.deathmatch.figures import bestiary, parse_bestiary
from turnbuckle.sim.deathmatch.army_dask import CHUNKS_PER_THREAD
from turnbuckle.sim.deathmatch.army_search import sub_seed
from turnbuckle.sim.deathmatch.army_space import army_space

POOL = """\
lancer:    {name: Lancer,    hp: 9,  spd: 6, atk: 10, def: 5, power: 2}
berserker: {name: Berserker, hp: 2,  spd: 0, atk: 14, def: 0, power: 3}
golem:     {name: Golem,     hp: 20, spd: 5, atk: 5,  def: 9, power: 2}
warlord:   {name: Warlord,   hp: 18, spd: 7, atk: 8,  def: 4, power: 3}
rat:       {name: Rat,       hp: 4,  spd: 5, atk: 3,  def: 2, power: 1}
hydra:     {name: Hydra,     hp: 5,  spd: 1, atk: 12, def: 1, power: 2}
"""
CARAPACES = """\
name: Carapace Pair
figures:
  - {name: Carapace, hp: 7, spd: 4, atk: 5, def: 10, power: 2}
  - {name: Carapace, hp: 7, spd: 4, atk: 5, def: 10, power: 2}
"""
BRAWLERS = """\
name: Brawler Pair
figures:
  - {name: Brawler, hp: 12, spd: 4, atk: 6, def: 3, power: 2}
  - {name: Brawler, hp: 12, spd: 4, atk: 6, def: 3, power: 2}
"""
PLANTED = "lancer,lancer"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    out = {}
    for name, text in (("pool", POOL), ("carapaces", CARAPACES), ("brawlers", BRAWLERS)):
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        out[name] = str(path)
    return out


def _advise(*args: str) -> dict[str, Any]:
    result = tb("advise", "deathmatch", *args, "-f", "json")
    assert result.exit_code == 0, result.stderr
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


def _small(files: dict[str, str], opponent: str, budget: tuple[str, str] = ("--budget-matches", "20000")
           ) -> dict[str, Any]:
    return _advise("gutter-imp", files[opponent], "--pool", files["pool"], "--cap", "4", "--seed", "7", *budget,
                   "--measure", "4000")


def test_the_planted_army_is_not_the_best_on_its_own_statistics() -> None:
    pool = parse_bestiary(POOL, "pool")
    space = army_space(pool, 4)
    planted = next(c for c in space if c.label() == PLANTED)

    def best_by(stat: Any) -> set[str]:
        top = max(sum(stat(pool[i]) for i in c.ids) for c in space)
        return {c.label() for c in space if sum(stat(pool[i]) for i in c.ids) == top}

    assert PLANTED not in best_by(lambda f: f.atk)
    assert PLANTED not in best_by(lambda f: f.hp)
    assert PLANTED not in best_by(lambda f: f.hp + f.spd + f.atk + f.defence)
    assert sum(1 for c in space if c.power(pool) == planted.power(pool)) > 1


def test_the_search_finds_the_army_planted_against_the_opponents_defences(files: dict[str, str]) -> None:
    doc = _small(files, "carapaces")
    assert doc["best"] == PLANTED
    assert doc["space"] == 23 and doc["rounds"][0] == {"armies": 23, "battles": 32}
    assert len(doc["armies"]) <= 5  # raced: only the leaders were measured afresh
    assert doc["search_matches"] <= doc["budget_matches"] == 20_000
    best = doc["armies"][0]
    assert best["measured"]["n"] == 4000 and best["measured"]["score_lo"] > doc["armies"][1]["measured"]["score_hi"]
    # Against plain defences the Lancers are not the answer: their edge was the Carapaces' DEF.
    assert _small(files, "brawlers")["best"] != PLANTED


def test_the_answer_is_a_function_of_the_seed_and_the_budget(files: dict[str, str]) -> None:
    args = ("advise", "deathmatch", "gutter-imp", files["carapaces"], "--pool", files["pool"], "--cap", "4",
            "--seed", "3", "--budget-matches", "5000", "--measure", "1000", "-f", "json")
    first, second = tb(*args), tb(*args)
    assert first.exit_code == 0 and first.stdout == second.stdout
    doc = json.loads(first.stdout)
    assert doc["seed"] == 3 and doc["format"] == "turnbuckle.army-advice/1"


def test_a_budget_in_seconds_reports_the_battles_that_repeat_it(files: dict[str, str]) -> None:
    timed = _small(files, "carapaces", ("--budget", "0.5"))
    assert timed["budget_matches"] >= 2 * 23 * 32  # at least the smallest budget the search takes
    assert _small(files, "carapaces", ("--budget-matches", str(timed["budget_matches"]))) == timed


def test_on_a_dask_cluster_the_answer_is_the_same_byte_for_byte(files: dict[str, str]) -> None:
    # Each chunk of a round is a pure function of what it is given: the cluster's answer is this
    # machine's, to the byte (seeds, budget and measure as the CLI is given them).
    import logging

    from distributed import LocalCluster

    args = ("advise", "deathmatch", "gutter-imp", files["brawlers"], "--pool", files["pool"], "--cap", "4",
            "--seed", "5", "--budget-matches", "3000", "--measure", "1000", "-f", "json")
    here = tb(*args)
    assert here.exit_code == 0, here.stderr
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None,  # type: ignore[no-untyped-call]
                      protocol="tcp://", host="127.0.0.1", silence_logs=logging.ERROR) as cluster:
        there = tb(*args, "--scheduler", cluster.scheduler_address)
        tasks = cluster.scheduler.task_prefixes["turnbuckle-army"].state_counts["memory"]
    assert there.exit_code == 0, there.stderr
    assert there.stdout == here.stdout
    doc = json.loads(there.stdout)
    rounds = doc["rounds"]
    assert len(rounds) > 1  # a race: rounds after the first, each on the armies the last one kept
    # The battles went to the cluster in chunks, a few for each of its 2 threads, not one task an army.
    calls = len(rounds) + 1  # the rounds, then the fresh measurement
    armies = sum(r["armies"] for r in rounds) + len(doc["armies"]) + 1
    assert calls < tasks <= calls * 2 * CHUNKS_PER_THREAD < armies


def test_the_fresh_odds_are_those_odds_plays_on_the_seed_the_report_names() -> None:
    # The fresh measurement plays each army on the fast engine `odds` uses, every army on the same
    # seeds (common random numbers), none of them a seed of the search's rounds.
    doc = _advise("gutter-imp", "bone-knight", "--cap", "3", "--seed", "11", "--budget-matches", "6000",
                  "--measure", "2000", "--policy", "1=weakest")
    seed = sub_seed(11, "measure", 0)
    assert seed not in {sub_seed(11, "round", r, 0) for r in range(len(doc["rounds"]))}
    for army in (doc["armies"][0]["army"], "gutter-imp"):
        result = tb("odds", "deathmatch", army, "bone-knight", "-n", "2000", "--seed", str(seed), "--cap", "3",
                    "--policy", "1=weakest", "-f", "json")
        assert result.exit_code == 0, result.stderr
        wins = json.loads(result.stdout)["sides"][0]["win"]["count"]
        measured = doc["armies"][0]["measured"] if army != "gutter-imp" else doc["yours"]["measured"]
        assert round(measured["win"] * 2000) == wins, army


def test_a_battle_of_three_puts_you_in_your_seat_with_each_policy_named() -> None:
    doc = _advise("gutter-imp", "bone-knight", "mire-hag", "--cap", "2", "--position", "3", "--policy",
                  "3=strongest", "--seed", "2", "--budget-matches", "3000", "--measure", "1000")
    assert doc["seat"] == 3 and doc["field"] is False and doc["opponents"] == ["Bone Knight", "Mire Hag"]
    assert doc["policies"] == {"yours": "lowest-hp", "theirs": [["lowest-hp", "strongest"]]}
    assert len(bestiary()) > 0 and doc["space"] == len(army_space(dict(bestiary()), 2))


def test_a_field_plays_one_battle_against_each_army(tmp_path: Path) -> None:
    folder = tmp_path / "field"
    folder.mkdir()
    (folder / "rats.yaml").write_text("name: Rat Pack\nfigures: [bog-rat, bog-rat]\n", encoding="utf-8")
    doc = _advise("gutter-imp", "bone-knight", "--field", str(folder), "--cap", "2", "--seed", "2",
                  "--budget-matches", "10000", "--measure", "1000", "--policy", "2=weakest")
    assert doc["field"] is True and doc["opponents"] == ["Bone Knight", "Rat Pack"]
    assert doc["policies"]["theirs"] == [["weakest"], ["weakest"]]
    assert all(a["measured"]["n"] == 2 * 1000 for a in doc["armies"])


def test_the_text_and_markdown_reports() -> None:
    args = ("advise", "deathmatch", "gutter-imp", "bone-knight", "--cap", "2", "--seed", "1", "--budget-matches",
            "3000", "--measure", "1000")
    text = tb(*args)
    assert text.exit_code == 0 and text.stdout.startswith("Best army under the cap of 2 against Bone Knight: ")
    assert "Measured afresh (1,000 battles" in text.stdout and "Your army, Gutter Imp (power 1)" in text.stdout
    markdown = tb(*args, "-f", "markdown")
    assert markdown.stdout.startswith("# Army advice\n\nBest army under the cap of 2")


@pytest.mark.parametrize(("args", "expected"), [
    (("gutter-imp,nope", "bone-knight"), "'nope' not in the bestiary"),
    (("gutter-imp", "ash-wyrm,ash-wyrm", "--cap", "4"), "the opponent Ash Wyrm x2 totals 6 power, over the cap of 4"),
    (("ash-wyrm,ash-wyrm", "bone-knight", "--cap", "4"), "your army totals 6 power, over the cap of 4"),
    (("gutter-imp", "bone-knight", "bog-rat", "moss-goblin", "grave-mite"), "needs 2 to 4 armies, got 5"),
    (("gutter-imp", "bone-knight", "--cap", "3", "--budget-matches", "100"), "give at least 5,696"),
    (("gutter-imp", "bone-knight", "--policy", "2=human"), "'human' is not a target policy"),
    (("gutter-imp", "bone-knight", "--policy", "3=weakest"), "no side 3"),
    (("gutter-imp", "bone-knight", "--position", "3"), "--position 3: your seat in a battle of 2 is 1 to 2"),
    (("gutter-imp", "bone-knight", "--scheduler", "nowhere"), "--scheduler 'nowhere': give tcp://HOST:PORT"),
    (("gutter-imp",), "advise needs ME and an OPPONENT"),
])
def test_a_wrong_request_is_one_line(args: tuple[str, ...], expected: str) -> None:
    assert expected in one_error_line(tb("advise", "deathmatch", *args))


def test_a_cap_below_the_cheapest_army_of_the_bestiary(tmp_path: Path) -> None:
    pool = tmp_path / "grunts.yaml"
    pool.write_text("".join(line for line in POOL.splitlines(keepends=True) if "power: 1" not in line),
                    encoding="utf-8")
    message = one_error_line(tb("advise", "deathmatch", "gutter-imp", "gutter-imp", "--pool", str(pool),
                                "--cap", "1"))
    assert message == ("--cap 1 is below the cheapest army of the bestiary (lancer alone, power 2); give a cap of "
                       "at least 2")
    bad = tmp_path / "bad.yaml"
    bad.write_text("imp: {name: Imp, hp: 0, spd: 1, atk: 1, def: 1, power: 1}\n", encoding="utf-8")
    assert "HP must be 1 to 99" in one_error_line(tb("advise", "deathmatch", "gutter-imp", "gutter-imp",
                                                     "--pool", str(bad)))


def test_the_pick_options_are_refused_where_a_game_has_no_pick() -> None:
    message = one_error_line(tb("advise", "boxing", "slugger", "speedster", "--policy", "1=weakest"))
    assert message.startswith("--policy is for a pick")


def test_the_space_is_every_multiset_under_the_cap_and_a_bound_refuses_more() -> None:
    pool = dict(bestiary())
    space = army_space(pool, 5)
    ids = list(pool)
    expected = {combo for size in range(1, 7) for combo in combinations_with_replacement(ids, size)
                if sum(pool[i].power for i in combo) <= 5}
    assert len(space) == len(expected) == len({c.ids for c in space})
    assert {c.ids for c in space} == expected
    with pytest.raises(RulesError, match="more than 100 armies"):
        army_space(pool, 5, limit=100)
