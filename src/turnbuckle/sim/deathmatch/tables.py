"""The fast Deathmatch kernel's inputs, filled from the rules package's own code.

Nothing here restates a rule: damage comes from ``rulesets/deathmatch/odds.damage`` over every
pair of faces, who can ever hurt whom from ``odds.can_hurt``, the most-dangerous policy's key
from ``odds.expected_damage``, the policy and tie-break codes from the rules package's own
tuples, and rock-paper-scissors from its ``BEATS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from turnbuckle.rulesets.deathmatch.attack import FACES, can_hurt, damage
from turnbuckle.rulesets.deathmatch.figures import MAX_FIGURES
from turnbuckle.rulesets.deathmatch.initiative import BEATS, FLIP_TRIES, RPS_TRIES, THROWS, TIEBREAKS
from turnbuckle.rulesets.deathmatch.odds import expected_damage
from turnbuckle.rulesets.deathmatch.pieces import Piece
from turnbuckle.rulesets.deathmatch.policies import POLICIES

#: Policy codes of the kernel: the index in the rules package's POLICIES (0 is "random").
POLICY_CODE = {name: i for i, name in enumerate(POLICIES)}
#: Tie-break codes of the kernel: 0 a coin, 1 rock-paper-scissors.
TIEBREAK_CODE = {name: i for i, name in enumerate(TIEBREAKS)}
#: Expected damage is kept as a whole number of 36ths (one attack is 36 equally likely face pairs).
DANGER_SCALE = len(FACES) * len(FACES)
MAX_SIDES = 4
MAX_PIECES = MAX_SIDES * MAX_FIGURES

IntArray = npt.NDArray[np.int64]


def rps_beats() -> IntArray:
    """``beats[t]``: the throw index (1 rock, 2 paper, 3 scissors, less one) that throw ``t`` beats."""
    return np.array([THROWS.index(BEATS[t]) for t in THROWS], np.int64)


@dataclass(frozen=True)
class Tables:
    """Every figure on the table (in table order: players A-D, each army in its listed order)."""

    seat: IntArray
    spd: IntArray
    atk: IntArray
    defence: IntArray
    power: IntArray
    hp: IntArray
    #: ``damage[i, j, 6 * (a - 1) + (d - 1)]``: damage of figure i's attack roll a on j's defence roll d.
    damage: npt.NDArray[np.int8]
    #: ``danger[i, j]``: 36 x the expected damage of j's attack on i (i choosing a target).
    danger: IntArray
    #: ``hurts[i]``: the bit set of the enemy figures (bit j for figure j) that i can ever damage.
    hurts: IntArray
    #: Per seat, the policy code.
    policy: IntArray
    #: ``seat_start[s]``: the first figure of seat s in table order (MAX_SIDES + 1 entries).
    seat_start: IntArray
    #: ``used[code]``: 1 when some seat plays the policy with that code.
    used: IntArray
    beats: IntArray
    rps_tries: int
    flip_tries: int


@cache
def _attack_row(atk: int, defence: int) -> npt.NDArray[np.int8]:
    """One attack's damage for every pair of faces (``6 * (a - 1) + (d - 1)``), for these ratings:
    kept, since a search builds the tables of thousands of armies from a few figures."""
    row = np.array([damage(a + atk, d + defence) for a in FACES for d in FACES], np.int8)
    row.setflags(write=False)
    return row


@cache
def _danger(atk: int, defence: int) -> int:
    """36 x the expected damage of an attack of ``atk`` on ``defence``, a whole number."""
    scaled = expected_damage(atk, defence) * DANGER_SCALE
    if scaled.denominator != 1:
        raise ValueError(f"expected damage {scaled / DANGER_SCALE} is not a whole number of 36ths")
    return int(scaled)


def build(pieces: Sequence[Piece], policies: Mapping[int, str]) -> Tables:
    """The tables for ``pieces`` (table order) and each seat's target policy."""
    n = len(pieces)
    if not 2 <= n <= MAX_PIECES:
        raise ValueError(f"the fast Deathmatch engine plays 2 to {MAX_PIECES} figures, got {n}")
    dmg = np.zeros((n, n, DANGER_SCALE), np.int8)
    danger = np.zeros((n, n), np.int64)
    for i, p in enumerate(pieces):
        for j, q in enumerate(pieces):
            dmg[i, j] = _attack_row(p.atk, q.defence)
            danger[i, j] = _danger(q.atk, p.defence)
    seats = sorted({p.seat for p in pieces})
    if seats != list(range(len(seats))) or [p.seat for p in pieces] != sorted(p.seat for p in pieces):
        raise ValueError("figures must be in table order, seats numbered from 0")
    codes = [POLICY_CODE[policies[s]] for s in seats]
    hurts = [sum(1 << j for j, q in enumerate(pieces) if q.seat != p.seat and can_hurt(p.atk, q.defence))
             for p in pieces]
    return Tables(
        seat=np.array([p.seat for p in pieces], np.int64),
        spd=np.array([p.spd for p in pieces], np.int64),
        atk=np.array([p.atk for p in pieces], np.int64),
        defence=np.array([p.defence for p in pieces], np.int64),
        power=np.array([p.power for p in pieces], np.int64),
        hp=np.array([p.max_hp for p in pieces], np.int64),
        damage=dmg,
        danger=danger,
        hurts=np.array(hurts, np.int64),
        policy=np.array(codes, np.int64),
        seat_start=np.array([sum(1 for p in pieces if p.seat < s) for s in range(MAX_SIDES + 1)], np.int64),
        used=np.array([int(c in codes) for c in range(len(POLICIES))], np.int64),
        beats=rps_beats(),
        rps_tries=RPS_TRIES,
        flip_tries=FLIP_TRIES,
    )
