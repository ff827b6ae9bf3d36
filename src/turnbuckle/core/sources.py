"""Where dice faces, cards and human choices come from.

Three sources share one small interface, so a match engine never knows (or cares) whether it is
playing a simulation, replaying dice rolled by hand, or asking a person at the table:

- :class:`SeededSource` draws from our own SplitMix64 generator; the seed replays the match exactly.
- :class:`ScriptedSource` reads tokens (die faces ``4``, card codes ``QH``, choice words ``top``)
  from a list, in order, and rejects a token that does not fit what was asked.
- :class:`AskingSource` prompts a person for each roll, card or choice, naming its purpose.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from turnbuckle.core.cards import Card, parse_card
from turnbuckle.core.errors import RulesError, ScriptError
from turnbuckle.core.inputs import STDIN, read_input
from turnbuckle.core.rng import SplitMix64

T = TypeVar("T")


@dataclass(frozen=True)
class Request:
    """What is being asked for, for messages and prompts: ``purpose`` such as 'Red attack'."""

    purpose: str
    side: str | None = None
    #: What each face means when a die picks from a list (face 1 is the first); empty otherwise.
    faces: tuple[str, ...] = ()
    #: For a choice, a name per option that a person may say instead of its word (a move's name
    #: for its code); empty otherwise.
    labels: tuple[str, ...] = ()
    #: For a choice, other words a person may type for an option, never shown (the rulebook's
    #: spelling "Differ" for Defer): (word, option) pairs.
    aliases: tuple[tuple[str, str], ...] = ()
    #: For a roll of a die few tables own (a d7), the die a person rolls instead (8: a d8); a face
    #: above the roll's sides is rolled again. A script or a person may enter it (it stands for
    #: 'rolled again' and picks nothing); the roll as logged is the die asked for. 0: the same die.
    die: int = 0

    @property
    def note(self) -> Callable[[], str] | None:
        """For table play only (see :class:`Prompted`): what the players need to know to answer."""
        return None

    @property
    def dice(self) -> tuple[str, ...]:
        """For table play only (see :class:`Prompted`): what each die of a roll decides."""
        return ()

    @property
    def marks(self) -> tuple[str, ...]:
        """For table play only (see :class:`Prompted`): a word on each option of a choice."""
        return ()

    def label(self, what: str) -> str:
        return f"'{self.purpose} {what}'"


@dataclass(frozen=True)
class Prompted(Request):
    """A request made to a person at the table, with the game's words for it: ``note`` says what
    the players need to know to answer (which die picks what, the number to beat, what was rolled
    earlier this turn), built only when the person is asked; ``dice`` what each die of a roll of
    several decides, in order ('the punch', 'the hand'); ``marks`` a short word on each option of
    a choice (a move's kind: 'strike', 'SUBMISSION'). Seeded and scripted play never makes one
    (a plain :class:`Request` is cheaper, and nothing of it reaches a record)."""

    note: Callable[[], str] | None = None
    dice: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()


class Source(Protocol):
    """The interface every randomness source keeps."""

    seed: int | None
    #: 'seeded', 'script' or 'ask': how the record names where the dice came from.
    kind: str
    #: True when choices can come from this source (a script or a person); automatic players
    #: are used otherwise.
    gives_choices: bool

    def roll(self, count: int, sides: int, request: Request) -> tuple[int, ...]:
        """Faces of ``count`` dice with ``sides`` sides each, in the order rolled."""
        ...

    def card(self, pile: Sequence[Card], request: Request) -> Card:
        """The next card off ``pile`` (a shuffled source picks uniformly; a script names it)."""
        ...

    def choose(self, options: Sequence[str], request: Request) -> str:
        """One of ``options``, chosen by the person or script behind this source."""
        ...


class SeededSource:
    """Reproducible randomness: the same seed gives the same faces and cards, everywhere."""

    kind = "seeded"
    gives_choices = False

    def __init__(self, seed: int) -> None:
        if seed < 0 or seed >= 1 << 64:
            raise RulesError(f"seed {seed} is out of range; use a whole number from 0 to 2**64-1")
        self.seed: int | None = seed
        self._rng = SplitMix64(seed)

    def roll(self, count: int, sides: int, request: Request) -> tuple[int, ...]:
        return tuple(1 + self._rng.below(sides) for _ in range(count))

    def card(self, pile: Sequence[Card], request: Request) -> Card:
        if not pile:
            raise RulesError(f"no card left to draw for {request.label('draw')}")
        return pile[self._rng.below(len(pile))]

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), for engine-internal shuffles such as generated grids."""
        return self._rng.below(n)

    def choose(self, options: Sequence[str], request: Request) -> str:
        raise RulesError(
            f"'{request.purpose}' is a human player's choice, and seeded dice cannot make it: play with "
            "--dice ask (choices at the prompt) or --dice FILE (choices in the script), or pick an automatic player"
        )


@dataclass(frozen=True)
class Token:
    text: str
    line: int
    index: int  # 1-based position in the script

    def where(self) -> str:
        return f"token {self.index} (line {self.line})"


_SPLIT = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"[0-9]{1,9}")


def face_value(text: str, sides: int) -> int | None:
    """The face a token names, or None when it is not a plain number from 1 to ``sides``
    (ASCII digits only: '²' or '٣' are not faces)."""
    if not _NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if 1 <= value <= sides else None


def word_key(text: str) -> str:
    """How a choice word is compared: any case, and spaces, hyphens and underscores alike.

    >>> word_key(" High-Spot ") == word_key("high_spot")
    True
    """
    return re.sub(r"[\s_-]+", "_", text.strip().lower())


def option_typed(text: str, options: Sequence[str], aliases: Sequence[tuple[str, str]] = ()) -> str | None:
    """The option ``text`` names (any case and spacing), or one of its ``aliases``; None if none."""
    key = word_key(text)
    for option in options:
        if word_key(option) == key:
            return option
    return next((o for word, o in aliases if word_key(word) == key and o in options), None)


def face_meanings(faces: Sequence[str], sides: int) -> list[str]:
    """What each face of a die that picks from a list means: '1 Power', '2 Brawling'..., and
    '7-8 roll again' for the faces past the end of the list.

    >>> face_meanings(["rock", "paper", "scissors"], 4)
    ['1 rock', '2 paper', '3 scissors', '4 roll again']
    """
    if not faces:
        return []
    out = [f"{i} {what}" for i, what in enumerate(faces, start=1)]
    extra = len(faces) + 1
    if extra < sides:
        out.append(f"{extra}-{sides} roll again")
    elif extra == sides:
        out.append(f"{extra} roll again")
    return out


def rerolled(sides: int, rolled: int) -> str:
    """'8 rolls again' (a d8 for a d7), '7-8 roll again' (a d8 for a d6)."""
    return f"{rolled} rolls again" if rolled == sides + 1 else f"{sides + 1}-{rolled} roll again"


def parse_script(text: str) -> list[Token]:
    """Split a script into tokens: whitespace, commas or semicolons separate them; ``#`` starts a comment."""
    tokens: list[Token] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        for piece in _SPLIT.split(body):
            if piece:
                tokens.append(Token(piece, lineno, len(tokens) + 1))
    return tokens


class ScriptedSource:
    """Replays a recorded table: tokens are consumed in order and each must fit what is asked."""

    kind = "script"
    gives_choices = True

    def __init__(self, tokens: Sequence[Token], name: str = "the dice script") -> None:
        self.seed: int | None = None
        self.tokens = list(tokens)
        self.name = name
        self.pos = 0

    @classmethod
    def from_text(cls, text: str, name: str = "the dice script") -> ScriptedSource:
        return cls(parse_script(text), name)

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedSource:
        """A script read from a file (``-``: standard input), bounded like every input."""
        text = read_input(path, "dice script")
        return cls.from_text(text, "dice script (standard input)" if str(path) == STDIN else f"dice script '{path}'")

    @classmethod
    def from_values(cls, values: Sequence[object]) -> ScriptedSource:
        """A script from Python values, for tests: ``ScriptedSource.from_values([3, 5, "QH"])``."""
        return cls([Token(str(v), 1, i + 1) for i, v in enumerate(values)], "the test script")

    @property
    def remaining(self) -> int:
        return len(self.tokens) - self.pos

    def _next(self, wanted: str) -> Token:
        if self.pos >= len(self.tokens):
            raise ScriptError(
                f"{self.name} ran out after {len(self.tokens)} tokens: needed {wanted}; "
                "add the rest of the rolls to the script"
            )
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def roll(self, count: int, sides: int, request: Request) -> tuple[int, ...]:
        faces: list[int] = []
        rolled = max(sides, request.die)
        while len(faces) < count:
            asked = request.label(f"{count}d{sides}")
            what = f"a d{sides} face 1-{sides} for {asked}" if rolled == sides else \
                f"a d{rolled} face 1-{rolled} ({rerolled(sides, rolled)}) for {asked}"
            if count > 1:
                what += f" (die {len(faces) + 1} of {count})"
            tok = self._next(what)
            face = face_value(tok.text, rolled)
            if face is None:
                raise ScriptError(f"{tok.where()} of {self.name}: expected {what}, got '{tok.text}'")
            if face <= sides:  # a face above them was rolled again
                faces.append(face)
        return tuple(faces)

    def card(self, pile: Sequence[Card], request: Request) -> Card:
        what = f"a card for {request.label('draw')}"
        tok = self._next(what)
        try:
            card = parse_card(tok.text)
        except RulesError:
            raise ScriptError(f"{tok.where()} of {self.name}: expected {what}, got '{tok.text}'") from None
        if card not in pile:
            raise ScriptError(
                f"{tok.where()} of {self.name}: {card.code} is not in the pile for {request.label('draw')} "
                "(already drawn, or in the other side's deck)"
            )
        return card

    def choose(self, options: Sequence[str], request: Request) -> str:
        what = f"one of {'/'.join(options)} for {request.label('choice')}"
        tok = self._next(what)
        chosen = option_typed(tok.text, options, request.aliases)
        if chosen is not None:
            return chosen
        raise ScriptError(f"{tok.where()} of {self.name}: expected {what}, got '{tok.text}'")


class AskingSource:
    """Table play: asks a person for every roll, card and choice, with its purpose.

    ``ask`` shows a prompt and returns the answer (``input`` in the CLI); ``tell`` shows a message.
    A wrong answer is explained and asked again, up to ``tries`` times; end of input is an error.
    """

    kind = "ask"
    gives_choices = True

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None], tries: int = 10) -> None:
        self.seed: int | None = None
        self.ask = ask
        self.tell = tell
        self.tries = tries

    def _answer(self, prompt: str, parse: Callable[[str], T]) -> T:
        for _ in range(self.tries):
            try:
                text = self.ask(prompt)
            except EOFError:
                raise ScriptError(f"input ended while asking: {prompt.strip()}") from None
            try:
                return parse(text)
            except RulesError as exc:
                self.tell(f"  {exc}; try again")
        raise ScriptError(f"no valid answer after {self.tries} tries: {prompt.strip()}")

    def roll(self, count: int, sides: int, request: Request) -> tuple[int, ...]:
        rolled = max(sides, request.die)

        def parse(text: str) -> tuple[int, ...]:
            faces = [face_value(p, rolled) for p in _SPLIT.split(text.strip()) if p]
            if len(faces) != count or None in faces:
                raise RulesError(f"enter {count} number(s) from 1 to {rolled}, in the order rolled")
            return tuple(f for f in faces if f is not None)

        meanings = face_meanings(request.faces, rolled)
        listing = f" ({', '.join(meanings)})" if meanings else ""
        prompt = f"{request.purpose}: roll {count}d{rolled}{listing} and enter the face(s): "
        while True:  # a face above the roll's sides (a d8's 8 for a d7) is rolled again
            faces = self._answer(prompt, parse)
            if all(f <= sides for f in faces):
                return faces
            self.tell(f"  {rerolled(sides, rolled)}: roll again")

    def card(self, pile: Sequence[Card], request: Request) -> Card:
        def parse(text: str) -> Card:
            card = parse_card(text)
            if card not in pile:
                raise RulesError(f"{card.code} is not in this pile (already drawn?)")
            return card

        return self._answer(f"{request.purpose}: draw a card and enter its code (e.g. QH, 10S): ", parse)

    def choose(self, options: Sequence[str], request: Request) -> str:
        def parse(text: str) -> str:
            chosen = option_typed(text, options, request.aliases)
            if chosen is None:
                raise RulesError(f"choose one of {', '.join(options)}")
            return chosen

        return self._answer(f"{request.purpose} [{'/'.join(options)}]: ", parse)
