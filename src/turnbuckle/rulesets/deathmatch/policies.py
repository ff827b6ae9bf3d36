"""Automatic target choice. Every policy picks among the enemy figures still standing, given in
table order (players A, B, C, D; each army in its listed order). Where a policy finds several
targets equal on everything it looks at, the engine picks one of them at random, by a die with
one face per tied target (in table order), rolled through the table; seat order never decides.

- ``weakest``: the lowest power rating; then the fewest HP left.
- ``strongest``: the highest power rating; then the most HP left.
- ``lowest-hp``: the fewest HP left; then the highest power rating.
- ``most-dangerous``: the enemy whose own attack would do the most expected damage to the
  attacking figure (d6 + its ATK against d6 + the attacker's DEF); then the highest power
  rating; then the fewest HP left.
- ``random``: each standing enemy equally likely, by a die with one face per target, rolled
  through the table (so it is logged, seeded and scriptable). The engine rolls it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from turnbuckle.rulesets.deathmatch.odds import expected_damage
from turnbuckle.rulesets.deathmatch.pieces import Piece

POLICIES = ("random", "weakest", "strongest", "lowest-hp", "most-dangerous")
DETERMINISTIC = POLICIES[1:]

Key = tuple[Fraction | int, ...]


def _weakest(_attacker: Piece, t: Piece) -> Key:
    return (t.power, t.hp)


def _strongest(_attacker: Piece, t: Piece) -> Key:
    return (-t.power, -t.hp)


def _lowest_hp(_attacker: Piece, t: Piece) -> Key:
    return (t.hp, -t.power)


def _most_dangerous(attacker: Piece, t: Piece) -> Key:
    return (-expected_damage(t.atk, attacker.defence), -t.power, t.hp)


_KEYS: dict[str, Callable[[Piece, Piece], Key]] = {
    "weakest": _weakest,
    "strongest": _strongest,
    "lowest-hp": _lowest_hp,
    "most-dangerous": _most_dangerous,
}


def best_targets(policy: str, attacker: Piece, targets: Sequence[Piece]) -> list[Piece]:
    """Every target a deterministic policy likes best (``targets`` in table order, at least one):
    one, or several equal ones, in table order, for the engine to pick among at random."""
    key = _KEYS[policy]
    keys = [key(attacker, t) for t in targets]
    best = min(keys)
    return [t for t, k in zip(targets, keys, strict=True) if k == best]
