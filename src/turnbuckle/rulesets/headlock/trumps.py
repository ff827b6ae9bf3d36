"""Card values and the suit trump cycle, as pure functions.

Hearts beat Spades, Spades beat Diamonds, Diamonds beat Clubs, Clubs beat Hearts. Suits opposite
each other in the cycle (Hearts/Diamonds, Spades/Clubs) have no advantage either way.
"""

from __future__ import annotations

from turnbuckle.core.cards import Card

#: suit -> the suit it beats
BEATS: dict[str, str] = {"H": "S", "S": "D", "D": "C", "C": "H"}
SUIT_BONUS = 5
SPECIAL_BONUS = 20
FACE_ORDER = {"J": 1, "Q": 2, "K": 3}


def card_value(card: Card) -> int:
    """The value of a number card: Ace 10, 2-10 at face value. Face cards have no value (special).

    >>> card_value(Card("A", "S")), card_value(Card("7", "H"))
    (10, 7)
    """
    if card.is_face:
        raise ValueError(f"{card.code} is a face card: it plays the special, not a value")
    return 10 if card.rank == "A" else int(card.rank)


def advantage(mine: Card, theirs: Card) -> int:
    """+1 when my suit trumps theirs, -1 when theirs trumps mine, 0 when equal or unrelated.

    >>> advantage(Card("2", "H"), Card("9", "S")), advantage(Card("2", "H"), Card("9", "C"))
    (1, -1)
    >>> advantage(Card("2", "H"), Card("9", "D"))
    0
    """
    if BEATS[mine.suit] == theirs.suit:
        return 1
    if BEATS[theirs.suit] == mine.suit:
        return -1
    return 0


def face_rank(card: Card) -> int:
    """Jack 1, Queen 2, King 3: how two specials compare when the suits give no advantage."""
    return FACE_ORDER[card.rank]


def allowed_powers(card: Card, cap: int = 7) -> tuple[int, ...]:
    """The move powers a number card allows (power at most the card's value), at most ``cap``.

    >>> allowed_powers(Card("6", "D")), allowed_powers(Card("A", "D"), cap=3)
    ((1, 3, 5), (1, 3))
    """
    value = card_value(card)
    return tuple(p for p in (1, 3, 5, 7) if p <= value and p <= cap)
