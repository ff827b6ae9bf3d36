"""Playing cards: codes such as ``QH``, ``10S``, ``AC``, and the standard 52-card deck."""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.core.errors import RulesError

SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``rank`` is one of RANKS, ``suit`` one of SUITS."""

    rank: str
    suit: str

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit}"

    @property
    def is_face(self) -> bool:
        return self.rank in ("J", "Q", "K")

    @property
    def name(self) -> str:
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code


def parse_card(text: str) -> Card:
    """Parse a card code: rank (A, 2-10 or T, J, Q, K) then suit (C, D, H, S), any case.

    >>> parse_card("qh").name
    'Queen of Hearts'
    >>> parse_card("T S").code
    '10S'
    """
    shown = text.strip()  # an answer typed at a prompt ends with a newline: never quote it
    t = shown.upper().replace(" ", "")
    if len(t) < 2:
        raise RulesError(f"'{shown}' is not a card code; write rank then suit, e.g. QH, 10S, AC")
    rank, suit = t[:-1], t[-1]
    if rank == "T":
        rank = "10"
    if rank == "1":
        rank = "A"
    if rank not in RANKS or suit not in SUITS:
        raise RulesError(
            f"'{shown}' is not a card code; ranks are A 2-10 J Q K and suits C D H S, e.g. QH, 10S, AC"
        )
    return Card(rank, suit)


def standard_deck() -> list[Card]:
    """The 52 cards, in a fixed order (suits C, D, H, S; ranks A..K)."""
    return [Card(r, s) for s in SUITS for r in RANKS]
