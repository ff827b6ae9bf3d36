"""The attack rule as a pure function, and the exact odds of one exchange built from it.

The engine and the odds use the same :func:`damage`, so the two cannot drift apart; the tests
check these odds against icepool.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

FACES = range(1, 7)


def damage(attack_total: int, defence_total: int) -> int:
    """Damage of one attack: the attack total's margin over the defence total, none if not above.

    >>> damage(8, 6), damage(6, 6), damage(5, 7)
    (2, 0, 0)
    """
    return max(0, attack_total - defence_total)


def can_hurt(atk: int, defence: int) -> bool:
    """Whether an attack of ``atk`` can ever damage a figure of ``defence``: the best attack roll
    against the worst defence roll (ATK + 6 above DEF + 1).

    >>> can_hurt(3, 7), can_hurt(3, 8)
    (True, False)
    """
    return damage(max(FACES) + atk, min(FACES) + defence) > 0


@cache
def damage_distribution(atk: int, defence: int) -> dict[int, Fraction]:
    """Damage -> exact chance, for one attack (d6 + ATK against d6 + DEF)."""
    out: dict[int, Fraction] = {}
    for a in FACES:
        for d in FACES:
            dmg = damage(a + atk, d + defence)
            out[dmg] = out.get(dmg, Fraction(0)) + Fraction(1, 36)
    return dict(sorted(out.items()))


def hit_chance(atk: int, defence: int) -> Fraction:
    """The chance an attack does any damage (the attacker wins the exchange).

    >>> hit_chance(4, 4)
    Fraction(5, 12)
    """
    return sum((p for dmg, p in damage_distribution(atk, defence).items() if dmg > 0), Fraction(0))


def kill_chance(atk: int, defence: int, hp: int) -> Fraction:
    """The chance one attack takes a defender with ``hp`` HP to 0."""
    return sum((p for dmg, p in damage_distribution(atk, defence).items() if dmg >= hp), Fraction(0))


def expected_damage(atk: int, defence: int) -> Fraction:
    """The mean damage of one attack."""
    return sum((dmg * p for dmg, p in damage_distribution(atk, defence).items()), Fraction(0))
