"""The exact odds of one exchange, built from the attack rule in :mod:`.attack`.

The engine and the odds use the same :func:`damage`, so the two cannot drift apart; the tests
check these odds against icepool.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from turnbuckle.rulesets.deathmatch.attack import FACES, damage


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
