"""More golden tests of damage, ties, injuries and victory checks: the order of the reductions,
which values are original and which current, floors, and ties with three sides.

Uses the standard duel of ``test_engine`` (Power 3, Technical 3, Weight 3, Stamina 10, an
all-Power grid, list Po Te Po Te Po): each round's script is the style die, A's dice, B's dice,
then injury checks, then victory checks.
"""

from __future__ import annotations

from tests.matchmatch.helpers import happenings, play
from tests.matchmatch.test_engine import ALL_POWER, duel, duelist, r


def test_defense_comes_before_the_defensive_minus_one() -> None:
    # A (Defensive) 18+3+3 = 24 against 3+3 = 6: won by 18, 4 damage. B's Power defense 4 takes it
    # to 1 (never below 1), then the Defensive winner's -1 takes it to 0. (The other order would
    # give 4-1 = 3, then 3-4 floored at 1.)
    a = duelist("A", [r(1, "Defensive")])
    b = duelist("B", defenses={"power": 4})
    rec = duel(a, b, [1, 6, 6, 6, 1, 1, 1, 1, 1, 1])
    dmg = happenings(rec, "damage")[0]
    assert (dmg["raw"], dmg["damage"], dmg["stamina"]) == (4, 0, 10)
    assert not happenings(rec, "injury_check")


def test_defensive_winner_with_three_damage_left_after_defense() -> None:
    # A Defensive, won by 18: 4, less Power defense 1 = 3, less 1 = 2: no injury check
    a = duelist("A", [r(1, "Defensive")])
    b = duelist("B", defenses={"power": 1})
    rec = duel(a, b, [1, 6, 6, 6, 1, 1, 1, 1, 1, 1])
    assert happenings(rec, "damage")[0]["damage"] == 2
    assert not happenings(rec, "injury_check")


def test_a_tie_is_one_damage_each_with_no_reduction_or_bonus() -> None:
    # A High Impact 9+3+1 = 13, B Defensive 7+3+3 = 13; both have 3 Power defense. Each takes exactly
    # 1, to the other's target: no defense, no High Impact +1, no Defensive -1.
    a = duelist("A", [r(1, "High Impact", "technical")], defenses={"power": 3})
    b = duelist("B", [r(1, "Defensive")], defenses={"power": 3})
    rec = duel(a, b, [1, 3, 3, 3, 2, 2, 3, 1, 1, 1, 1, 1, 1])
    assert happenings(rec, "round_tied")[0]["sides"] == ["A", "B"]
    dmg = {d["side"]: (d["target"], d["damage"], d["after"]) for d in happenings(rec, "damage")}
    assert dmg == {"A": ("stamina", 1, 9), "B": ("technical", 1, 2)}
    checks = happenings(rec, "victory_check")
    assert [(c["side"], c["on"]) for c in checks] == [("A", "B"), ("B", "A")]
    assert (rec.result.winner, rec.result.method) == (None, "draw")


def test_weight_bonus_compares_original_weights() -> None:
    # A's Weight 5 is halved to 3 by B's '-Weight'; B's Weight is 4. The original 5 > 4 still gives +1.
    a = duelist("A", styles={"weight": 5})
    b = duelist("B", styles={"weight": 4}, minus="weight")
    rec = duel(a, b, [1, 2, 2, 2, 1, 1, 1, 1, 1, 1])
    assert happenings(rec, "side")[0]["styles"]["weight"] == 3
    assert happenings(rec, "victory_check")[0]["weight"] == 1
    # and the other way: B's original 4 is not above A's original 5, whatever A's current Weight
    rec = duel(a, b, [1, 1, 1, 1, 2, 2, 2, 1, 1, 1])
    assert happenings(rec, "victory_check")[0]["weight"] == 0


def test_stamina_stops_at_zero_and_a_style_zeroed_this_round_counts() -> None:
    # A targets Technical: won by 15 -> 4 damage: Technical 3 -> 0, 1 to Stamina (1 -> 0, not -3).
    a = duelist("A", [r(1, "Normal", "technical")])
    b = duelist("B", stamina=1)
    rec = duel(a, b, [1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    dmg = happenings(rec, "damage")[0]
    assert (dmg["to_style"], dmg["to_stamina"], dmg["stamina"]) == (3, 1, 0)
    inj = happenings(rec, "injury_check")[0]
    assert (inj["stamina"], inj["style_value"], inj["total"]) == (0, 3, 3 - 0 - 3 - 0)
    pin = happenings(rec, "victory_check")[0]
    assert (pin["zero_styles"], pin["stamina"], pin["total"]) == (1, 0, 3 + 1 - 0 - 5)


def test_an_injury_this_round_counts_in_this_rounds_victory_check() -> None:
    # B (Stamina 3, Power 0) loses 21-3 on Power: 4 damage, check 18 - 0 - 0 - 0 = 18: injured.
    # Victory check 3 + 1 (Power at 0) + 1 (injury) - 0 (Stamina 3 - 4 -> 0) - 5 = 0: a one count.
    b = duelist("B", stamina=3, styles={"power": 0})
    rec = duel(duelist("A"), b, [1, 6, 6, 6, 1, 1, 1, 6, 6, 6, 1, 1, 1])
    inj = happenings(rec, "injury_check")[0]
    assert (inj["total"], inj["injured"]) == (18, True)
    pin = happenings(rec, "victory_check")[0]
    assert (pin["injuries"], pin["zero_styles"], pin["total"], pin["count"]) == (1, 1, 0, 1)


def test_three_sides_tie_for_highest_each_tied_side_takes_one() -> None:
    # 7 entries: a d8. A 9+3, B 9+3, C 6+3: A and B tie for highest; C takes nothing.
    a = duelist("A", [r(1, "Normal", "technical")])
    rec = play([a, duelist("B"), duelist("C")], [1, 3, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1],
               grid=ALL_POWER, rounds=1)
    assert happenings(rec, "round_tied")[0]["sides"] == ["A", "B"]
    dmg = {d["side"]: (d["target"], d["damage"]) for d in happenings(rec, "damage")}
    assert dmg == {"A": ("stamina", 1), "B": ("technical", 1)}
    assert [(c["side"], c["on"]) for c in happenings(rec, "victory_check")] == [("A", "B"), ("B", "A")]


def test_the_types_option_can_redefine_the_bundled_scaffold() -> None:
    types = "scaffold:\n  name: Scaffold Match\n  pin_modifier: -3\n"
    rec = duel(duelist("A"), duelist("B"), [1, 2, 2, 2, 1, 1, 1, 1, 1, 1], type="scaffold", types=types)
    assert happenings(rec, "victory_check")[0]["match_type"] == -3


def test_rules_1_2_three_sides_a_tie_for_lowest_makes_the_first_of_them_the_loser() -> None:
    # A 18+3 wins; B and C both 3+3: under rules 1.2, B (first in side order) is the round's loser
    # (1.3 rolls off: test_rules_1_3.py).
    rec = play([duelist("A"), duelist("B"), duelist("C")], [1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
               version="1.2", grid=ALL_POWER, rounds=1)
    won = happenings(rec, "round_won")[0]
    assert (won["winner"], won["loser"], won["margin"]) == ("A", "B", 15)
    assert [d["side"] for d in happenings(rec, "damage")] == ["B"]
