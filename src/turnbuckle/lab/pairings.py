"""Who meets whom: the 1-v-1 round robin, and (for free-for-all games) every 3- and 4-side grouping
in each rotation of its seats.

Entries are numbered by their place in the roster; a pairing is the tuple of entries in seat order.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from turnbuckle.core.errors import RulesError


def free_for_all() -> list[str]:
    """The games whose three or more sides play each for itself (their simulation facet says so;
    Headlock's four sides are a tag match, two teams, so it is not one)."""
    from turnbuckle.rulesets.registry import all_rulesets  # lazy: keeps the games' registry out of start-up

    return sorted(rs.info.id for rs in all_rulesets() if (game := rs.simulation()) is not None and game.free_for_all)


def round_robin(entries: int) -> list[tuple[int, ...]]:
    """Every unordered pair of distinct entries, once, the lower number in seat 1.

    >>> round_robin(3)
    [(0, 1), (0, 2), (1, 2)]
    >>> len(round_robin(73))
    2628
    """
    return list(combinations(range(entries), 2))


def groupings(entries: int, size: int) -> list[tuple[int, ...]]:
    """Every set of ``size`` entries, each in all its rotations (so every entry of a set sits in
    every seat once: a per-seat win share compares like with like).

    >>> groupings(3, 3)
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    >>> len(groupings(5, 4))
    20
    """
    out: list[tuple[int, ...]] = []
    for group in combinations(range(entries), size):
        out.extend(group[k:] + group[:k] for k in range(size))
    return out


def parse_sizes(text: str, ruleset: str, max_sides: int) -> tuple[int, ...]:
    """``--sizes 2,3,4``: the numbers of sides per match, checked against the game.

    >>> parse_sizes("2,4", "deathmatch", 4)
    (2, 4)
    """
    try:
        sizes = tuple(sorted({int(part) for part in text.split(",") if part.strip()}))
    except ValueError:
        raise RulesError(f"--sizes '{text}': give numbers of sides separated by commas, e.g. 2,3,4") from None
    if not sizes:
        raise RulesError("--sizes: give at least one number of sides, e.g. 2")
    for size in sizes:
        if size < 2:
            raise RulesError(f"--sizes: a match needs at least 2 sides, not {size}")
        if size > 2 and ruleset not in (loose := free_for_all()):  # loads every game: only when asked
            raise RulesError(f"--sizes {size}: sweeps of more than 2 sides are for free-for-all games "
                             f"({', '.join(loose)}); {ruleset} sweeps 1-v-1")
        if size > max_sides:
            raise RulesError(f"--sizes {size}: {ruleset} takes at most {max_sides} sides")
    return sizes


def plan(entries: int, sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Every match setup of a sweep: the round robin for size 2, the groupings for larger sizes."""
    out: list[tuple[int, ...]] = []
    for size in sizes:
        out.extend(round_robin(entries) if size == 2 else groupings(entries, size))
    return out
