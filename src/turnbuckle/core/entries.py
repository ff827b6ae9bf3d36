"""Entries of step-by-step play: what the match asks for next (a :class:`Need`), and a source that
answers from a list of entries and stops the match when they run out.

An entry is one token as a dice script holds it: a die face (``4``), a card code (``QH``) or a
choice word (``top``). A roll of 2d6 takes two entries.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from turnbuckle.core.cards import Card, parse_card
from turnbuckle.core.errors import EntryError, RulesError
from turnbuckle.core.events import Json
from turnbuckle.core.sources import Request, face_meanings, face_value, option_typed, word_key

NeedKind = Literal["roll", "card", "choice"]
CARD_HELP = "a card code: rank A, 2-10, J, Q or K, then suit C, D, H or S (QH, 10S)"


@dataclass(frozen=True)
class Need:
    """What the match needs next: ``kind`` is ``roll`` (``count`` dice of ``sides`` faces, of which
    ``given`` are already entered; ``faces`` says what each face means when the die picks from a
    list), ``card`` or ``choice`` (one of ``options``; ``labels``, when given, name each option as
    people say it, and are taken for it where no two share a name). ``side`` is the name of the side it
    belongs to (None for a roll nobody owns, such as a coin or the round's style)."""

    kind: NeedKind
    purpose: str
    side: str | None = None
    count: int = 0
    sides: int = 0
    given: tuple[int, ...] = ()
    faces: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    #: For a choice, other words taken for an option, never shown (:attr:`Request.aliases`).
    aliases: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    #: What the table needs to know to answer, from the game (which die picks what, the number to
    #: beat, what this turn has rolled so far); empty when the game says nothing more.
    note: str = field(default="", compare=False)
    #: For a roll of several dice, what each die decides, in order ('the punch', 'the hand').
    dice: tuple[str, ...] = field(default=(), compare=False)
    #: For a choice, a short word on each option (a move's kind: 'strike', 'SUBMISSION').
    marks: tuple[str, ...] = field(default=(), compare=False)

    @property
    def wanted(self) -> int:
        """How many entries answer this need: the faces still missing, or one."""
        return self.count - len(self.given) if self.kind == "roll" else 1

    def meanings(self) -> list[str]:
        """'1 Brawling', '2 Technical'... and '7-8 roll again' where the die is larger than the list."""
        return face_meanings(self.faces, self.sides)

    def allowed(self) -> str:
        """What an entry for this need may be, in words."""
        if self.kind == "roll":
            return f"a whole number from 1 to {self.sides}"
        if self.kind == "card":
            return CARD_HELP
        if self.labels:
            return "one of " + ", ".join(f"{o} ({label})" for o, label in zip(self.options, self.labels, strict=False))
        return f"one of {', '.join(self.options)}"

    def die_word(self) -> str:
        """What the next die of this roll decides ('the hand'), where the game names its dice."""
        k = len(self.given)
        return self.dice[k] if self.kind == "roll" and k < len(self.dice) else ""

    def describe(self) -> str:
        """The request in one line, e.g. ``Red punch: roll 2d6`` or ``Red move: choose one of ...``."""
        if self.kind == "roll":
            text = f"{self.purpose}: roll {self.count}d{self.sides}"
            if self.dice and self.count > 1:
                text += f" (die {len(self.given) + 1} of {self.count}: {self.die_word()}" + \
                        (f"; entered so far: {' '.join(map(str, self.given))})" if self.given else ")")
                meanings = self.meanings()
                return text + (f"; faces: {', '.join(meanings)}" if meanings else "")
            if self.given:
                text += f" (die {len(self.given) + 1} of {self.count}; entered so far: " \
                        f"{' '.join(map(str, self.given))})"
            meanings = self.meanings()
            return text + (f"; faces: {', '.join(meanings)}" if meanings else "")
        if self.kind == "card":
            return f"{self.purpose}: draw a card and enter its code"
        return f"{self.purpose}: choose one of {', '.join(self.options)}"

    def accept(self, text: str) -> str:
        """The entry as stored (``05`` -> ``5``, ``qh`` -> ``QH``, ``High Spot`` -> ``high_spot``), or
        a RulesError saying what is allowed. A card is not checked against the pile here."""
        if self.kind == "roll":
            face = face_value(text.strip(), self.sides)
            if face is None:
                raise RulesError(f"expected {self.allowed()} for '{self.purpose}' ({self.count}d{self.sides})")
            return str(face)
        if self.kind == "card":
            try:
                return parse_card(text).code
            except RulesError:
                raise RulesError(f"expected {CARD_HELP} for '{self.purpose}'") from None
        key = word_key(text)
        typed = option_typed(text, self.options, self.aliases)
        if typed is not None:
            return typed
        named = [o for o, label in zip(self.options, self.labels, strict=False) if word_key(label) == key]
        if len(named) == 1:
            return named[0]
        raise RulesError(f"expected {self.allowed()} for '{self.purpose}'")

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"kind": self.kind, "purpose": self.purpose, "side": self.side}
        if self.kind == "roll":
            out.update(count=self.count, sides=self.sides, given=list(self.given), faces=list(self.faces))
        elif self.kind == "choice":
            out["options"] = list(self.options)
            out["labels"] = list(self.labels)
        if self.note:
            out["note"] = self.note
        if self.dice:
            out["dice"] = list(self.dice)
        return out


def answer_tokens(need: Need, answer: str) -> list[str]:
    """The entries in one answer as a person gives it: a roll's answer holds one or more faces
    (``5 6``, ``5,6``); a card or a choice is the whole answer (a choice may be written in words,
    'High Spot')."""
    if need.kind == "roll":
        return [t for t in _ANSWER_SPLIT.split(answer.strip()) if t]
    text = answer.strip()
    return [text] if text else []


_ANSWER_SPLIT = re.compile(r"[\s,;]+")


class NeedInput(Exception):
    """Raised by :class:`EntrySource` when the entries run out; it carries what is needed next."""

    def __init__(self, need: Need) -> None:
        super().__init__(need.describe())
        self.need = need


class EntrySource:
    """A source that answers from ``entries`` in order and raises :class:`NeedInput` when they run
    out. A wrong entry is an :class:`EntryError` naming its place and what is allowed. ``used``
    holds the entries taken so far, as stored (see :meth:`Need.accept`)."""

    gives_choices = True

    def __init__(self, entries: Sequence[str], kind: str = "ask") -> None:
        self.seed: int | None = None
        self.kind = kind
        self.entries = list(entries)
        self.used: list[str] = []

    def _take(self, need: Need, pile: Sequence[Card] = (), request: Request | None = None,
              again: bool = False) -> str:
        index = len(self.used)
        if index >= len(self.entries):
            if request is not None and request.note is not None:
                need = replace(need, note=request.note())
            if again:
                said = f"{self.entries[index - 1]} was rolled: roll the d{need.sides} again."
                need = replace(need, note=f"{said} {need.note}" if need.note else said)
            raise NeedInput(need)
        text = self.entries[index]
        try:
            value = need.accept(text)
        except RulesError as exc:
            raise EntryError(index + 1, text, str(exc)) from None
        if need.kind == "card" and parse_card(value) not in pile:
            raise EntryError(index + 1, text, f"{value} is not in the pile for '{need.purpose}' "
                                              "(already drawn, or in another pile)")
        self.used.append(value)
        return value

    def roll(self, count: int, sides: int, request: Request) -> tuple[int, ...]:
        """The faces of the roll. Where a person rolls a bigger die (:attr:`Request.die`: a d8 for
        a d7) the need asks for that die, and a face above ``sides`` is an entry of its own that
        picks nothing: the same die is asked for again."""
        faces: list[int] = []
        rolled = max(sides, request.die)
        again = False
        while len(faces) < count:
            need = Need("roll", request.purpose, request.side, count=count, sides=rolled,
                        given=tuple(faces), faces=request.faces, dice=request.dice)
            face = int(self._take(need, request=request, again=again))
            again = face > sides
            if not again:
                faces.append(face)
        return tuple(faces)

    def card(self, pile: Sequence[Card], request: Request) -> Card:
        return parse_card(self._take(Need("card", request.purpose, request.side), pile, request))

    def choose(self, options: Sequence[str], request: Request) -> str:
        return self._take(Need("choice", request.purpose, request.side, options=tuple(options),
                               labels=request.labels, aliases=request.aliases, marks=request.marks),
                          request=request)
