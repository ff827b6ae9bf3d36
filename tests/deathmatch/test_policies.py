"""Each automatic target policy picks exactly what the docs say it picks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from turnbuckle.rulesets.deathmatch.odds import expected_damage
from turnbuckle.rulesets.deathmatch.pieces import Piece
from turnbuckle.rulesets.deathmatch.policies import best_targets


def piece(tag: str, hp: int, power: int, atk: int = 3, defence: int = 3) -> Piece:
    return Piece(tag, tag, 1, "B", 20, 3, atk, defence, power, hp)


ME = Piece("A1", "Me", 0, "A", 10, 3, 4, 4, 2, 10)


@pytest.mark.parametrize(
    ("policy", "targets", "expected"),
    [
        # weakest: lowest power, then fewest HP; equal on both: every one of them, in table order
        ("weakest", [piece("B1", 9, 2), piece("B2", 8, 1), piece("B3", 3, 3)], ["B2"]),
        ("weakest", [piece("B1", 9, 1), piece("B2", 4, 1), piece("B3", 4, 1)], ["B2", "B3"]),
        # strongest: highest power, then most HP
        ("strongest", [piece("B1", 20, 2), piece("B2", 5, 3), piece("B3", 9, 3)], ["B3"]),
        ("strongest", [piece("B1", 5, 3), piece("B2", 5, 3)], ["B1", "B2"]),
        # lowest-hp: fewest HP, then highest power
        ("lowest-hp", [piece("B1", 2, 1), piece("B2", 2, 3), piece("B3", 7, 1)], ["B2"]),
        ("lowest-hp", [piece("B1", 9, 3), piece("B2", 1, 1)], ["B2"]),
        ("lowest-hp", [piece("B1", 4, 2), piece("B2", 9, 3), piece("B3", 4, 2)], ["B1", "B3"]),
        # most-dangerous: biggest expected damage to the attacker, then power, then fewest HP
        ("most-dangerous", [piece("B1", 1, 3, atk=4), piece("B2", 20, 1, atk=7), piece("B3", 1, 2, atk=5)], ["B2"]),
        ("most-dangerous", [piece("B1", 9, 1, atk=6), piece("B2", 9, 2, atk=6), piece("B3", 4, 2, atk=6)], ["B3"]),
        ("most-dangerous", [piece("B1", 4, 2, atk=6), piece("B2", 4, 2, atk=6)], ["B1", "B2"]),
    ],
)
def test_policy_picks(policy: str, targets: list[Piece], expected: list[str]) -> None:
    assert [t.tag for t in best_targets(policy, ME, targets)] == expected


def test_most_dangerous_is_measured_against_the_attacker_s_defence() -> None:
    # against DEF 4, ATK 7 is expected to do more than ATK 6
    assert expected_damage(7, ME.defence) > expected_damage(6, ME.defence)
    assert expected_damage(0, 20) == Fraction(0)


def test_a_single_target_is_always_picked() -> None:
    only = [piece("B1", 5, 2)]
    for policy in ("weakest", "strongest", "lowest-hp", "most-dangerous"):
        assert [t.tag for t in best_targets(policy, ME, only)] == ["B1"]
