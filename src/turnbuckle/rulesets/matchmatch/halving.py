"""The halvings made before the bell: a match type's halved styles (the Strap's High-Flying) and
each opponent's '-' style (the rulebook's III.1 and IV.1; the ruling "Halvings compound").

Pure functions shared by the engine and the fast engine's tables; nothing here rolls a die.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


def halve(value: int) -> int:
    """Half, rounded up (7 -> 4).

    >>> [halve(v) for v in (0, 1, 4, 7)]
    [0, 1, 2, 4]
    """
    return (value + 1) // 2


@dataclass(frozen=True)
class Halving:
    """One halving of one style: by the match type (``by`` is its name, ``type`` True) or by an
    opponent's '-' (``by`` is that side's name)."""

    style: str
    by: str
    type: bool
    before: int
    after: int


def halved_once(values: Mapping[str, int], type_halved: Sequence[str],
                minuses: Sequence[str]) -> tuple[dict[str, int], list[str]]:
    """Rules 1.2: every style the match type halves or any opponent '-'s is halved once, however
    many of them name it. Returns the values and the halved styles, sorted."""
    out = dict(values)
    halved = sorted(set(minuses) | set(type_halved))
    for style in halved:
        out[style] = halve(out[style])
    return out, halved


def compound_halvings(values: Mapping[str, int], type_halved: Sequence[str], type_name: str,
                      minuses: Sequence[tuple[str, str]]) -> tuple[dict[str, int], list[Halving]]:
    """Rules 1.3: each halving halves again, rounding up each time: first the match type's (each
    style it names, once), then each opponent's '-' in card order (``minuses``: the opponent's
    name and its '-' style), once per opponent.

    >>> values, steps = compound_halvings({"high_flying": 4}, ["high_flying"], "Strap Match",
    ...                                   [("Bob", "high_flying")])
    >>> values["high_flying"], [(h.by, h.before, h.after) for h in steps]
    (1, [('Strap Match', 4, 2), ('Bob', 2, 1)])
    """
    out = dict(values)
    steps: list[Halving] = []
    for style in dict.fromkeys(type_halved):  # a style the type names twice is still one halving
        before = out[style]
        out[style] = halve(before)
        steps.append(Halving(style, type_name, True, before, out[style]))
    for name, style in minuses:
        before = out[style]
        out[style] = halve(before)
        steps.append(Halving(style, name, False, before, out[style]))
    return out, steps
