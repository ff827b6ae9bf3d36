"""Golden battles from scripted dice: attacks, damage, deaths, eliminations, the cap, the handicap,
the round bound and the spoils of war."""

from __future__ import annotations

import pytest

from turnbuckle.cli.sides import resolve_side
from turnbuckle.core.errors import RulesError, ScriptError, SheetError
from turnbuckle.core.events import Choice, Roll
from turnbuckle.core.sources import SeededSource

from .helpers import RS, army, battle, fig, happenings


def test_damage_is_the_margin_and_none_when_not_above() -> None:
    a = army("Reds", fig("Axe", 10, 2, 4, 2))
    b = army("Blues", fig("Shield", 10, 1, 3, 3))
    script = [
        4, 2,  # round 1: A1 4+2=6, B1 2+1=3
        3, 4,  # A1 attacks: 3+4=7 against 4+3=7: equal, no damage
        6, 1,  # B1 attacks: 6+3=9 against 1+2=3: 6 damage, A1 10 -> 4
        1, 5,  # round 2: A1 1+2=3, B1 5+1=6
        1, 6,  # B1 attacks: 1+3=4 against 6+2=8: below, no damage
        6, 1,  # A1 attacks: 6+4=10 against 1+3=4: 6 damage, B1 10 -> 4
    ]
    record, source = battle([a, b], script, max_rounds=2)
    attacks = happenings(record, "attack")
    assert [(x["attacker"], x["attack_total"], x["defence_total"], x["damage"], x["hp_after"]) for x in attacks] == [
        ("A1", 7, 7, 0, 10), ("B1", 9, 3, 6, 4), ("B1", 4, 8, 0, 4), ("A1", 10, 4, 6, 4),
    ]
    assert attacks[1] == {
        "round": 1, "attacker": "B1", "defender": "A1", "attack_roll": 6, "atk": 3, "attack_total": 9,
        "defence_roll": 1, "defence": 2, "defence_total": 3, "damage": 6, "hp_before": 10, "hp_after": 4,
    }
    # the round limit a table agreed: nobody is out after 2 rounds, so it is a draw
    assert record.result.winner is None
    assert record.result.method == "round-limit"
    assert record.result.at == {"round": 2}
    assert happenings(record, "round_limit") == [{"round": 2, "rounds": 2,
                                                  "standing": {"Reds": ["A1"], "Blues": ["B1"]}}]
    assert record.result.extra["drawn"] == ["Reds", "Blues"]
    sheet = record.result.extra["sheet"]
    assert sheet == {
        "figures": [{"tag": "A1", "name": "Axe", "player": "Reds", "hp": 10},
                    {"tag": "B1", "name": "Shield", "player": "Blues", "hp": 10}],
        "rounds": [{"round": 1, "speed": {"A1": 6, "B1": 3}, "hp": {"A1": 4, "B1": 10}},
                   {"round": 2, "speed": {"B1": 6, "A1": 3}, "hp": {"A1": 4, "B1": 4}}],
    }
    assert source.remaining == 0


def test_a_figure_killed_before_its_turn_does_not_act() -> None:
    a = army("Reds", fig("Slayer", 20, 6, 9, 9, 3))
    b = army("Blues", fig("Victim", 2, 0, 5, 0), fig("Wall", 20, 0, 0, 9))
    script = [
        1, 1, 2,  # A1 1+6=7, B1 1+0=1, B2 2+0=2: order A1, B2, B1
        1, 1,     # A1 (lowest-hp) attacks B1: 1+9=10 against 1+0=1: 9 damage, dead
        1, 1,     # B2 attacks A1: 1+0=1 against 1+9=10: nothing
    ]
    record, source = battle([a, b], script, max_rounds=1)
    assert happenings(record, "killed") == [{"round": 1, "figure": "B1", "by": "A1"}]
    assert happenings(record, "no_action") == [{"round": 1, "figure": "B1", "reason": "killed before its turn"}]
    assert [x["attacker"] for x in happenings(record, "attack")] == ["A1", "B2"]
    assert source.remaining == 0


def test_the_dead_are_removed_and_roll_no_initiative() -> None:
    a = army("Reds", fig("Slayer", 20, 6, 9, 9, 3))
    b = army("Blues", fig("Victim", 2, 0, 5, 0), fig("Wall", 20, 0, 0, 9))
    script = [1, 1, 2, 1, 1, 1, 1,  # round 1 as above
              1, 1,                 # round 2: only A1 and B2 roll
              1, 1, 1, 1]
    record, source = battle([a, b], script, max_rounds=2)
    assert happenings(record, "initiative_rolls")[1]["rolls"] == {"A1": 1, "B2": 1}
    assert happenings(record, "round_start")[1]["standing"] == ["A1", "B2"]
    assert source.remaining == 0


def test_players_are_eliminated_one_by_one_in_a_four_player_battle() -> None:
    champ = army("Champ", fig("Titan", 99, 20, 20, 20, 3))
    others = [army(n, fig(f"{n} pawn", 1, 0, 0, 0)) for n in ("Bee", "Cee", "Dee")]
    script = [
        1, 1, 2, 3,  # round 1: A1 21, B1 1, C1 2, D1 3: order A1, D1, C1, B1
        1,           # A1 (lowest-hp) finds B1, C1 and D1 equal: a d3, 1 picks B1
        1, 1,        # A1 kills B1: Bee is out
        1, 1,        # D1 attacks C1 (the lowest HP of A1 and C1): 1 against 1, nothing
        1, 6,        # C1 attacks D1: 1 against 6, nothing; B1 is dead and does not act
        1, 1, 2,     # round 2: A1 21, C1 1, D1 2: order A1, D1, C1
        1,           # A1's d2 between C1 and D1: C1
        1, 1,        # A1 kills C1: Cee is out
        1, 1,        # D1 attacks A1 (its only target): 1 against 21
        1, 1,        # round 3: A1 21, D1 1
        1, 1,        # A1 kills D1: Dee is out, Champ wins
    ]
    record, source = battle([champ, *others], script)
    assert happenings(record, "eliminated") == [
        {"round": 1, "player": "Bee", "by": "Champ", "remaining": ["Champ", "Cee", "Dee"]},
        {"round": 2, "player": "Cee", "by": "Champ", "remaining": ["Champ", "Dee"]},
        {"round": 3, "player": "Dee", "by": "Champ", "remaining": ["Champ"]},
    ]
    assert [(x["attacker"], x["defender"]) for x in happenings(record, "attack")] == [
        ("A1", "B1"), ("D1", "C1"), ("C1", "D1"), ("A1", "C1"), ("D1", "A1"), ("A1", "D1"),
    ]
    assert happenings(record, "no_action") == [{"round": 1, "figure": "B1", "reason": "killed before its turn"},
                                               {"round": 2, "figure": "C1", "reason": "killed before its turn"}]
    assert record.result.winner == 0
    assert record.result.at == {"round": 3}
    assert record.result.summary.startswith("Champ wins the Deathmatch in round 3")
    assert record.result.extra["survivors"] == ["A1"]
    ties = [r.purpose for r in record.events if isinstance(r, Roll) and "tie (" in r.purpose]
    assert ties == ["A1 Titan lowest-hp tie (1-3: B1 C1 D1)", "A1 Titan lowest-hp tie (1-2: C1 D1)"]
    forced = [c for c in record.events if isinstance(c, Choice) and c.by == "forced"]
    assert [c.purpose.split(" attacks")[0] for c in forced] == ["D1 Dee pawn", "A1 Titan"]
    assert source.remaining == 0


def test_an_army_over_the_cap_is_refused_before_any_roll() -> None:
    big = army("Big", "ash-wyrm", "hollow-king", "night-weaver", "storm-colossus")  # 12
    small = army("Small", "bog-rat")
    with pytest.raises(SheetError) as err:
        battle([big, small], [], cap=10)
    assert err.value.label == "Big"
    assert err.value.problems == [
        "the army totals 12 power, over the cap of 10: drop figures or raise the cap (-o cap=12)"
    ]
    with pytest.raises(SheetError, match="Big: the army totals 12 power"):
        RS.run([big, small], SeededSource(1))
    record = RS.run([big, small], SeededSource(1), {"cap": 12})
    assert record.result.extra["cap"] == 12


def test_an_army_under_the_cap_plays_with_a_reported_handicap() -> None:
    full = army("Full", "ash-wyrm", "hollow-king", "bone-knight", "bog-rat", "grave-mite")  # 10
    weak = army("Weak", "bog-rat", "moss-goblin")  # 2
    record = RS.run([full, weak], SeededSource(5), {"cap": 10})
    start = happenings(record, "battle_start")[0]
    assert start["power"] == {"Full": 10, "Weak": 2}
    assert start["handicaps"] == {"Weak": 8}
    assert record.result.extra["handicaps"] == {"Weak": 8}
    assert record.result.extra["power"] == {"Full": 10, "Weak": 2}
    text = "\n".join(str(b) for b in RS.narrate(record).blocks)
    assert "Weak 2 (handicap: 8 under the cap)" in text


def test_the_stake_is_kept_in_the_result() -> None:
    a = army("Reds", fig("Big", 9, 5, 9, 0))
    b = army("Blues", fig("Small", 1, 0, 0, 0))
    record, _ = battle([a, b], [1, 1, 1, 1], stake="a kowtow to the lord of chaos")
    assert record.result.extra["stake"] == "a kowtow to the lord of chaos"
    assert record.result.summary.endswith("Spoils of war: a kowtow to the lord of chaos.")
    assert record.to_json()["result"]["stake"] == "a kowtow to the lord of chaos"  # type: ignore[index, call-overload]


def test_a_human_chooses_targets_from_the_script() -> None:
    a = army("Reds", fig("Hunter", 10, 6, 9, 9))
    b = army("Blues", fig("Weakling", 1, 0, 0, 0), fig("Tough", 9, 0, 0, 0, 2))
    # A1 7, B1 1, B2 2. The human picks B2 (not the policy's B1): 6+9=15 against 1 = 14, dead.
    record, source = battle([a, b], [1, 1, 2, "b2", 6, 1, 1, 1], players={0: "human"}, max_rounds=1)
    choice = next(e for e in record.events if isinstance(e, Choice))
    assert (choice.chosen, choice.by, choice.options) == ("B2", "script", ("B1", "B2"))
    assert choice.purpose == "A1 Hunter attacks: target (B1 Weakling HP 1, B2 Tough HP 9)"
    assert happenings(record, "killed")[0]["figure"] == "B2"
    assert source.remaining == 0


def test_a_human_choice_must_be_a_standing_enemy() -> None:
    a = army("Reds", fig("Hunter", 10, 6, 9, 9), fig("Pal", 10, 0, 0, 0))
    b = army("Blues", fig("Weakling", 1, 0, 0, 0), fig("Tough", 9, 0, 0, 0, 2))
    with pytest.raises(ScriptError, match="expected one of B1/B2"):
        battle([a, b], [1, 2, 3, 4, "A2"], players={0: "human"})


def test_a_human_needs_a_script_or_the_prompt() -> None:
    with pytest.raises(RulesError, match="Reds plays as human, but seeded dice cannot choose"):
        RS.run([army("Reds", "bog-rat"), army("Blues", "bog-rat")], SeededSource(1), players={0: "human"})


def test_the_random_policy_rolls_one_die_face_per_target() -> None:
    a = army("Reds", fig("Hunter", 10, 6, 9, 9))
    b = army("Blues", fig("One", 5, 0, 0, 0), fig("Two", 5, 0, 0, 0), fig("Three", 5, 0, 0, 0))
    # A1 7, B1 1, B2 2, B3 3; the d3 says 3: B3, killed by 1+9 against 1+0; then B2 and B1 miss
    record, source = battle([a, b], [1, 1, 2, 3, 3, 1, 1, 1, 6, 1, 6], players={0: "random"}, max_rounds=1)
    index = next(i for i, e in enumerate(record.events) if e.to_json().get("dice") == "1d3")
    target_roll = record.events[index]
    assert target_roll.to_json() == {"type": "roll", "purpose": "A1 Hunter random target (1-3: B1 B2 B3)",
                                     "dice": "1d3", "faces": [3], "total": 3, "side": "Reds"}
    choice = record.events[index + 1]
    assert isinstance(choice, Choice)
    assert (choice.chosen, choice.by) == ("B3", "random")
    assert happenings(record, "attack")[0]["defender"] == "B3"
    assert source.remaining == 0


def test_each_player_has_its_own_policy() -> None:
    a = army("Reds", fig("Hunter", 30, 9, 0, 20))
    b = army("Blues", fig("Hunter", 30, 8, 0, 20))
    c = army("Greens", fig("Runt", 1, 0, 0, 0), fig("Fiend", 20, 0, 9, 0, 3))
    record = RS.run([a, b, c], SeededSource(3), {"max_rounds": 1}, {0: "weakest", 1: "strongest"})
    first = {x["attacker"]: x["defender"] for x in happenings(record, "attack")}
    assert first["A1"] == "C1"
    assert first["B1"] == "C2"
    assert happenings(record, "battle_start")[0]["policies"] == {"Reds": "weakest", "Blues": "strongest",
                                                                 "Greens": "lowest-hp"}


def test_the_default_policy_is_an_option() -> None:
    a = army("Reds", fig("Hunter", 30, 9, 0, 20))
    b = army("Greens", fig("Runt", 1, 0, 0, 0), fig("Fiend", 20, 0, 9, 0, 3))
    record = RS.run([a, b], SeededSource(3), {"max_rounds": 1, "default_policy": "strongest"})
    assert happenings(record, "attack")[0]["defender"] == "B2"


def test_hp_stops_at_zero_and_the_sheet_shows_it() -> None:
    a = army("Reds", fig("Big", 9, 5, 9, 0))
    b = army("Blues", fig("Small", 3, 0, 0, 0))
    record, _ = battle([a, b], [1, 1, 6, 1])
    attack = happenings(record, "attack")[0]
    assert (attack["damage"], attack["hp_after"]) == (14, 0)
    assert record.result.extra["sheet"]["rounds"] == [  # type: ignore[index, call-overload]
        {"round": 1, "speed": {"A1": 6, "B1": 1}, "hp": {"A1": 9, "B1": 0}}
    ]


def test_the_same_seed_replays_the_same_battle() -> None:
    sides = [resolve_side(RS, s) for s in ("ash-court", "bog-host", "crypt-guard", "dread-trio")]
    one = RS.run(sides, SeededSource(99)).to_json()
    two = RS.run(sides, SeededSource(99)).to_json()
    assert one == two


@pytest.mark.parametrize("seed", range(40))
def test_seeded_battles_end_properly(seed: int) -> None:
    ids = [s.id for s in RS.samples()]
    n = 2 + seed % 3
    sides = [resolve_side(RS, ids[(seed + i) % len(ids)]) for i in range(n)]
    record = RS.run(sides, SeededSource(seed), {"tiebreak": "rps" if seed % 2 else "coin"},
                    {i: ("random", "weakest", "strongest", "lowest-hp", "most-dangerous")[(seed + i) % 5]
                     for i in range(n)})
    hp = {f["tag"]: f["hp"] for f in happenings(record, "battle_start")[0]["figures"]}
    survivors = record.result.extra["survivors"]
    assert isinstance(survivors, list)
    if record.result.winner is not None:
        assert {str(t)[0] for t in survivors} == {"ABCD"[record.result.winner]}
        assert len(happenings(record, "eliminated")) == n - 1
    else:  # a draw: only among the players still standing
        assert record.result.method in ("stalemate", "safety-cap")
        drawn = record.result.extra["drawn"]
        assert isinstance(drawn, list) and len(drawn) >= 2
        assert {record.names.index(str(p)) for p in drawn} == {"ABCD".index(str(t)[0]) for t in survivors}
    for attack in happenings(record, "attack"):
        assert attack["damage"] == max(0, int(attack["attack_total"]) - int(attack["defence_total"]))
        assert attack["attacker"] not in [k["figure"] for k in happenings(record, "killed")
                                          if int(k["round"]) < int(attack["round"])]
    assert set(hp) >= set(map(str, survivors))


def test_damage_equal_to_hp_kills_and_one_less_leaves_one_hp() -> None:
    a = army("Reds", fig("Striker", 20, 9, 4, 9))
    b = army("Blues", fig("Exact", 5, 0, 0, 0), fig("Spare", 6, 0, 0, 0))
    script = [
        1, 1, 2,  # A1 10, B1 1, B2 2: order A1, B2, B1
        2, 1,     # A1 (lowest-hp) attacks B1 (HP 5): 2+4=6 against 1+0=1, 5 damage: exactly dead
        1, 6,     # B2 attacks A1: 1 against 15, nothing; B1 does not act
        1, 1,     # round 2: A1 10, B2 1
        2, 1,     # A1 attacks B2 (HP 6): 6 against 1, 5 damage: one HP left
        1, 6,     # B2 attacks A1: nothing
    ]
    record, source = battle([a, b], script, max_rounds=2)
    attacks = happenings(record, "attack")
    assert [(x["defender"], x["damage"], x["hp_after"]) for x in attacks] == [
        ("B1", 5, 0), ("A1", 0, 20), ("B2", 5, 1), ("A1", 0, 20),
    ]
    assert happenings(record, "killed") == [{"round": 1, "figure": "B1", "by": "A1"}]
    assert record.result.extra["survivors"] == ["A1", "B2"]
    assert record.result.method == "round-limit"
    assert source.remaining == 0


def test_a_stalemate_ends_at_once_keeps_the_stake_and_pays_nobody() -> None:
    # ATK 0 + 6 never beats DEF 9 + 1: neither Wall can ever hurt the other, so no die is rolled.
    a = army("Reds", fig("Wall", 5, 1, 0, 9))
    b = army("Blues", fig("Wall", 5, 0, 0, 9))
    record, source = battle([a, b], [], stake="the Blues' Wall")
    assert happenings(record, "attack") == []
    assert record.result.winner is None
    assert (record.result.method, record.result.at) == ("stalemate", {"round": 0})
    assert record.result.extra["stake"] == "the Blues' Wall"
    assert record.result.extra["drawn"] == ["Reds", "Blues"]
    assert record.result.summary == (
        "A stalemate before the first round: no figure left standing can ever damage an enemy; a draw between "
        "Reds and Blues, still standing. Nobody takes the spoils (the Blues' Wall).")
    assert happenings(record, "stalemate") == [{"round": 0, "rounds": 0, "standing": {"Reds": ["A1"], "Blues": ["B1"]}}]
    assert happenings(record, "battle_end") == [{"round": 0, "winner": None, "survivors": ["A1", "B1"]}]
    assert source.remaining == 0


def test_a_kill_that_leaves_a_stalemate_ends_the_battle_there_without_the_eliminated_player() -> None:
    # Runner (ATK 3) can hurt only Pawn; once Pawn is dead, Reds' Wall and Blues' Wall cannot hurt
    # each other: the battle ends at once, mid-round, a draw between Reds and Blues only. Greens
    # (Pawn's player) is out and does not share it.
    a = army("Reds", fig("Wall", 5, 9, 0, 9))
    b = army("Blues", fig("Runner", 5, 8, 3, 20), fig("Wall", 5, 0, 0, 9))
    c = army("Greens", fig("Pawn", 1, 0, 0, 0))
    script = [
        1, 1, 1, 1,  # A1 10, B1 9, B2 1, C1 1: B2 and C1 tie on 1: coin 1, B2 keeps it
        1,           # coin: B2 wins, C1 to 0
        1, 6,        # A1 (lowest-hp) attacks C1 (HP 1): 1+0 against 6+0, nothing
        1, 1,        # B1 attacks C1: 1+3 against 1+0, dead: Greens is out, and nothing can hurt anyone
    ]
    record, source = battle([a, b, c], script)
    assert [x["attacker"] for x in happenings(record, "attack")] == ["A1", "B1"]
    assert (record.result.winner, record.result.method, record.result.at) == (None, "stalemate", {"round": 1})
    assert record.result.extra["drawn"] == ["Reds", "Blues"]
    assert record.result.summary == ("A stalemate in round 1: no figure left standing can ever damage an enemy; "
                                     "a draw between Reds and Blues, still standing.")
    assert source.remaining == 0


def test_no_round_limit_by_default() -> None:
    from turnbuckle.rulesets.deathmatch.ruleset import INFO

    assert {o.name: o.default for o in INFO.options}["max_rounds"] == 0
    # Two tough armies that need more than 50 rounds (the old limit) to finish still finish.
    a = army("Reds", fig("Ox", 99, 0, 2, 5))
    b = army("Blues", fig("Ox", 99, 0, 2, 5))
    record = RS.run([a, b], SeededSource(5))
    assert record.result.method == "last-standing"
    assert int(record.result.at["round"]) > 50


def test_a_battle_that_cannot_finish_stops_at_the_safety_cap() -> None:
    # Blues' Grunt (power 2) can hurt Reds' Imp but not Reds' Wall; under "strongest" it always
    # picks the Wall. Reds cannot hurt Blues at all. Not a stalemate (the Imp can be hurt), yet
    # nothing ever changes: the safety cap of 10,000 rounds ends it, reported as such.
    from turnbuckle.rulesets.deathmatch.engine import SAFETY_CAP

    a = army("Reds", fig("Wall", 5, 0, 0, 20, 3), fig("Imp", 1, 0, 0, 0, 1))
    b = army("Blues", fig("Grunt", 5, 0, 3, 20, 2))
    record = RS.run([a, b], SeededSource(1), {}, {1: "strongest"})
    assert SAFETY_CAP == 10_000
    assert (record.result.winner, record.result.method, record.result.at) == (None, "safety-cap", {"round": 10_000})
    assert record.result.extra["drawn"] == ["Reds", "Blues"]
    assert happenings(record, "safety_cap")[0]["rounds"] == 10_000
    assert "safety cap of 10,000 rounds" in record.result.summary
