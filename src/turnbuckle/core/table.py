"""The table: what a match engine talks to for dice, cards and choices. It logs every one."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from turnbuckle.core.cards import Card
from turnbuckle.core.events import Choice, Draw, EventLog, Happening, Roll
from turnbuckle.core.sources import Prompted, Request, Source


class Table:
    """Wraps a :class:`Source` and an :class:`EventLog`; engines call nothing else for chance.

    >>> from turnbuckle.core.sources import ScriptedSource
    >>> t = Table(ScriptedSource.from_values([3, 5]))
    >>> t.roll(2, 6, "Red attack", side="Red").total
    8
    >>> t.log.events[0].to_json()["faces"]
    [3, 5]
    """

    def __init__(self, source: Source, log: EventLog | None = None) -> None:
        self.source = source
        self.log = log if log is not None else EventLog()

    def roll(self, count: int, sides: int, purpose: str, side: str | None = None,
             meaning: Sequence[str] = (), note: Callable[[], str] | None = None,
             dice: Sequence[str] = (), die: int = 0) -> Roll:
        """Roll ``count`` d``sides`` for ``purpose``; the roll is logged and returned. When the die
        picks from a list, ``meaning`` names what each face stands for; ``note`` says what a table
        needs to know to roll it, and ``dice`` what each die decides (prompts only: never logged).
        ``die``: the die a person rolls for a d``sides`` nobody owns (8 for a d7), its faces above
        ``sides`` rolled again (see :attr:`Request.die`); seeded play rolls the d``sides`` itself."""
        asked = (note is not None or dice) and self.source.kind == "ask"
        request = Prompted(purpose, side, tuple(meaning), die=die, note=note, dice=tuple(dice)) if asked else \
            Request(purpose, side, tuple(meaning), die=die)
        faces = self.source.roll(count, sides, request)
        roll = Roll(purpose, f"{count}d{sides}", faces, sum(faces), side)
        self.log.add(roll)
        return roll

    def draw(self, pile: list[Card], purpose: str, side: str | None = None) -> Card:
        """Take the next card off ``pile`` (removing it), logged."""
        card = self.source.card(pile, Request(purpose, side))
        pile.remove(card)
        self.log.add(Draw(purpose, card.code, side))
        return card

    def choose(
        self,
        options: Sequence[str],
        purpose: str,
        side: str | None,
        automatic: Callable[[], str] | None,
        by: str = "auto",
        labels: Sequence[str] = (),
        note: Callable[[], str] | None = None,
        marks: Sequence[str] = (),
        aliases: Sequence[tuple[str, str]] = (),
    ) -> str:
        """A player's decision. ``automatic`` decides when given; otherwise the source (a script
        or a person) is asked. The choice is logged with who made it. ``labels`` may name each
        option as people say it (a move's name for its code), for table play; ``aliases`` are other
        words a person may type for an option, never shown."""
        if automatic is not None:
            chosen = automatic()
            who = by
        else:
            request = Prompted(purpose, side, labels=tuple(labels), aliases=tuple(aliases), note=note,
                               marks=tuple(marks)) \
                if note is not None or marks else Request(purpose, side, labels=tuple(labels), aliases=tuple(aliases))
            chosen = self.source.choose(options, request)
            who = "human" if self.source.kind == "ask" else self.source.kind
        self.log.add(Choice(purpose, tuple(options), chosen, who, side))
        return chosen

    def happen(self, type_: str, **data: object) -> Happening:
        """Log a game event (see :meth:`EventLog.happen`)."""
        return self.log.happen(type_, **data)
