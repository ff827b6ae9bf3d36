"""Period choices: what each choice means, and the automatic player's pick by exact odds.

A choice is made by the wrestler who won the roll-off (or whose turn it is) for the coming
period: Top, Bottom or Neutral to start, or Defer to choose the following period instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from turnbuckle.core.cards import Card as PlayingCard
from turnbuckle.core.entries import EntrySource
from turnbuckle.core.sources import AskingSource, Request, ScriptedSource, Source, word_key
from turnbuckle.rulesets.folkstyle.exchange import other
from turnbuckle.rulesets.folkstyle.odds import PeriodOdds

REGULATION_CHOICES = ("Top", "Bottom", "Neutral", "Defer")
OVERTIME_CHOICES = ("Top", "Bottom", "Defer")
DEFER = "Defer"
#: The rulebook spells the option "Differ"; a player may answer either way.
DIFFER = "Differ"


class RulebookSpelling:
    """A source that also takes the rulebook's spelling "Differ" for Defer, so a player can
    answer either way at the prompt, at the table, in the score keeper or in a script; what
    comes back is always "Defer". "Differ" is taken but never listed: the options shown are
    the game's own (one Defer, not a second button or word that does the same)."""

    def __init__(self, inner: Source) -> None:
        self.inner = inner
        self.seed = inner.seed
        self.kind = inner.kind
        self.gives_choices = inner.gives_choices

    def roll(self, count: int, sides: int, request: Request) -> tuple[int, ...]:
        return self.inner.roll(count, sides, request)

    def card(self, pile: Sequence[PlayingCard], request: Request) -> PlayingCard:
        return self.inner.card(pile, request)

    def choose(self, options: Sequence[str], request: Request) -> str:
        inner = self.inner
        if DEFER not in options:
            return inner.choose(options, request)
        if isinstance(inner, EntrySource):
            # step-by-step play (the table, the score keeper): the entry is stored as Defer
            if len(inner.used) < len(inner.entries) and _is_differ(inner.entries[len(inner.used)]):
                inner.used.append(DEFER)
                return DEFER
        elif isinstance(inner, ScriptedSource):
            if inner.pos < len(inner.tokens) and _is_differ(inner.tokens[inner.pos].text):
                inner.pos += 1
                return DEFER
        elif isinstance(inner, AskingSource):
            asking = AskingSource(lambda prompt: _spelled(inner.ask(prompt)), inner.tell, inner.tries)
            return asking.choose(options, request)
        else:
            # a source of another kind (a test's, a wrapper): the rulebook's word as one more option
            chosen = inner.choose([*options, DIFFER], request)
            return DEFER if chosen == DIFFER else chosen
        return inner.choose(options, request)


def _is_differ(text: str) -> bool:
    return word_key(text) == word_key(DIFFER)


def _spelled(text: str) -> str:
    """An answer at the prompt with "Differ" read as Defer."""
    return DEFER if _is_differ(text) else text


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
