"""Deathmatch's attack rule, in one place: the attacker rolls d6 + ATK, the defender d6 + DEF, and
the attack deals its margin over the defence as damage (none when it is not above).

The reference engine resolves attacks with :class:`Exchange`, the odds enumerate :func:`damage`
over :data:`FACES`, and the narrator tells an attack through :meth:`Exchange.told`, so none of
them can drift from the others.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The faces of the one die each side rolls in an exchange.
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


@dataclass(frozen=True)
class Exchange:
    """One attack: the two die faces and the two ratings they add to."""

    attack_roll: int
    atk: int
    defence_roll: int
    defence: int

    @property
    def attack_total(self) -> int:
        return self.attack_roll + self.atk

    @property
    def defence_total(self) -> int:
        return self.defence_roll + self.defence

    @property
    def damage(self) -> int:
        return damage(self.attack_total, self.defence_total)

    def told(self) -> str:
        """The exchange in words, as the narrator writes it.

        >>> Exchange(5, 3, 2, 4).told()
        '5+3 = 8 against 2+4 = 6'
        """
        return f"{self.attack_roll}+{self.atk} = {self.attack_total} against " \
               f"{self.defence_roll}+{self.defence} = {self.defence_total}"
