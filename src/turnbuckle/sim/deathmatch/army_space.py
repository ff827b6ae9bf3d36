"""Every army a player may field from a bestiary under a power cap: the space the army search
races through.

An army is a multiset of the bestiary's figures: one to six of them (the rulebook's limits), a
figure as many times as the player likes (the rulebook limits the count and the power total, not
repeats; ``match`` takes ``gutter-imp,gutter-imp`` as it is), their power ratings summing to the
cap or less (an army under the cap plays with the rulebook's handicap, and may still be the best).
Armies are listed lazily, in a fixed order (by size, then by the bestiary's order), and a space
over ``MAX_ARMIES`` is refused rather than listed: the bundled bestiary's largest space (cap 18)
holds 38,759 armies.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from turnbuckle.core.errors import RulesError
from turnbuckle.rulesets.deathmatch.figures import MAX_FIGURES, MIN_FIGURES, Army, Figure

#: The most armies a search takes on; a larger space is refused with what to change.
MAX_ARMIES = 60_000
#: The name every candidate army plays under (the kernel never reads it; reports name the ids).
CANDIDATE_NAME = "Candidate army"


@dataclass(frozen=True)
class Candidate:
    """One army of the space: its figures' bestiary ids, in the bestiary's order."""

    ids: tuple[str, ...]

    def label(self) -> str:
        """The ids as ``match`` takes them: ``ash-wyrm,gutter-imp,gutter-imp``."""
        return ",".join(self.ids)

    def army(self, pool: Mapping[str, Figure]) -> Army:
        return Army(name=CANDIDATE_NAME, figures=tuple(pool[i] for i in self.ids))

    def power(self, pool: Mapping[str, Figure]) -> int:
        return sum(pool[i].power for i in self.ids)


def cheapest(pool: Mapping[str, Figure]) -> tuple[str, int]:
    """The id and power of the pool's cheapest figure (the cheapest army is that figure alone)."""
    key = min(pool, key=lambda k: (pool[k].power, list(pool).index(k)))
    return key, pool[key].power


def armies(pool: Mapping[str, Figure], cap: int) -> Iterator[Candidate]:
    """Every army of the pool under ``cap``, lazily, in a fixed order."""
    ids = list(pool)
    power = [pool[i].power for i in ids]
    for size in range(MIN_FIGURES, MAX_FIGURES + 1):
        for combo in combinations_with_replacement(range(len(ids)), size):
            if sum(power[i] for i in combo) <= cap:
                yield Candidate(tuple(ids[i] for i in combo))


def army_space(pool: Mapping[str, Figure], cap: int, limit: int = MAX_ARMIES) -> list[Candidate]:
    """The armies of :func:`armies`, or a RulesError when there are none (the cap is below the
    cheapest figure) or more than ``limit``."""
    key, least = cheapest(pool)
    if cap < least:
        raise RulesError(f"--cap {cap} is below the cheapest army of the bestiary ({key} alone, power {least}); "
                         f"give a cap of at least {least}")
    out: list[Candidate] = []
    for candidate in armies(pool, cap):
        out.append(candidate)
        if len(out) > limit:
            raise RulesError(f"more than {limit:,} armies of {len(pool)} figures fit under the cap of {cap}; "
                             "lower the cap or give a smaller bestiary")
    return out


def find(space: Sequence[Candidate], pool: Mapping[str, Figure], army: Army) -> int | None:
    """Where ``army`` is in the space (the same figures, in any order), or None."""
    wanted = sorted(_key(f) for f in army.figures)
    for index, candidate in enumerate(space):
        if len(candidate.ids) == len(wanted) and sorted(_key(pool[i]) for i in candidate.ids) == wanted:
            return index
    return None


def _key(fig: Figure) -> tuple[str, int, int, int, int, int]:
    return (fig.name, fig.hp, fig.spd, fig.atk, fig.defence, fig.power)
