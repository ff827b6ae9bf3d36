"""Period choices: what each choice means, and the automatic player's pick by exact odds.

A choice is made by the wrestler who won the roll-off (or whose turn it is) for the coming
period: Top, Bottom or Neutral to start, or Defer to choose the following period instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from turnbuckle.rulesets.folkstyle.exchange import other
from turnbuckle.rulesets.folkstyle.odds import PeriodOdds

REGULATION_CHOICES = ("Top", "Bottom", "Neutral", "Defer")
OVERTIME_CHOICES = ("Top", "Bottom", "Defer")
DEFER = "Defer"
#: The rulebook spells the option "Differ"; a player may answer either way.
DIFFER = "Differ"


#: The words a player may type for an option besides its own (``Table.choose``'s ``aliases``):
#: taken, never listed, so the options shown are the game's own (one Defer, not a second button).
SPELLINGS = ((DIFFER, DEFER),)


def start_top(choice: str, chooser: int) -> int | None:
    """The colour on top when ``chooser`` picks ``choice`` (Top, Bottom or Neutral)."""
    if choice == "Top":
        return chooser
    if choice == "Bottom":
        return other(chooser)
    return None


@dataclass(frozen=True)
class Pick:
    """The automatic player's pick and the expected margin it computed for every option."""

    choice: str
    values: dict[str, Fraction]


def auto_pick(odds: PeriodOdds, chooser: int, options: tuple[str, ...], calls: tuple[int, int],
              turns: int = 3) -> Pick:
    """The option with the best expected margin for ``chooser``.

    Without Defer among the options, an option is worth the expected margin of the coming
    period. With Defer, the two coming periods are weighed: a direct choice is worth its period
    plus the following period chosen by the opponent (who picks what is worst for us); Defer is
    worth the opponent's pick now plus our best pick later. Ties go to the earlier option, so
    Defer is taken only when strictly better.
    """
    starts = [o for o in options if o != DEFER]
    mine = {o: odds.margin_for(chooser, start_top(o, chooser), turns, calls) for o in starts}
    values: dict[str, Fraction] = {}
    if DEFER in options:
        theirs = min(odds.margin_for(chooser, start_top(o, other(chooser)), turns, calls) for o in starts)
        for o in starts:
            values[o] = mine[o] + theirs
        values[DEFER] = theirs + max(mine.values())
    else:
        values = dict(mine)
    best = options[0]
    for o in options:
        if values[o] > values[best]:
            best = o
    return Pick(best, values)
