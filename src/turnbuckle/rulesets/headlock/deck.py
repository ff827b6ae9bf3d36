"""Decks and piles: one 52-card deck shared out between piles, or a deck for each side.

A *deck* is a physical 52-card deck. It is shared out equally between its *piles* (two halves, or
four quarters in a tag match with a split deck). Dealing a shuffled deck into piles and then drawing
each pile in order gives every pile a uniformly random sequence of distinct cards; we draw that
lazily: a pile takes its next card at random from the deck's cards nobody has drawn yet, until it
has taken its share. After that the pile is empty and reshuffles its own discards: from then on it
draws from those. Drawing this way keeps scripted play simple (the script names each card as it is
turned over) while giving the same odds as dealing first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from turnbuckle.core.cards import Card, standard_deck
from turnbuckle.core.table import Table


@dataclass
class Deck:
    """A physical deck: the cards no pile has drawn yet."""

    name: str
    unseen: list[Card] = field(default_factory=standard_deck)


@dataclass
class Pile:
    """One pile of a deck (a side's half, a team's deck, a wrestler's quarter)."""

    name: str
    deck: Deck
    share: int
    taken: int = 0
    cards: list[Card] = field(default_factory=list)  # reshuffled discards still to draw
    discards: list[Card] = field(default_factory=list)
    reshuffles: int = 0

    def draw(self, table: Table, purpose: str, side: str) -> Card:
        """The next card of this pile, logged; reshuffles the discards when the pile is spent."""
        if self.taken < self.share:
            card = table.draw(self.deck.unseen, purpose, side)
            self.taken += 1
        else:
            if not self.cards:
                self.cards, self.discards = self.discards, []
                self.reshuffles += 1
                table.happen("reshuffle", pile=self.name, cards=len(self.cards), count=self.reshuffles)
            card = table.draw(self.cards, purpose, side)
        self.discards.append(card)
        return card

    @property
    def left(self) -> int:
        """Cards left to draw before the next reshuffle."""
        return self.share - self.taken if self.taken < self.share else len(self.cards)


def make_piles(names: list[str], split: bool) -> list[Pile]:
    """Piles for ``names``: one deck shared out between them all (``split``), or a deck each."""
    if split:
        deck = Deck("the deck")
        share = 52 // len(names)
        return [Pile(n, deck, share) for n in names]
    return [Pile(n, Deck(f"{n}'s deck"), 52) for n in names]


def team_piles(teams: list[list[str]], deck_split: bool, per_wrestler: bool) -> list[list[Pile]]:
    """Piles for a tag match, one list per team: with ``per_wrestler`` each partner has a pile,
    otherwise the team draws from one pile. ``deck_split`` shares one deck between both teams;
    otherwise each team has its own deck (split between partners when ``per_wrestler``)."""
    if deck_split:
        deck = Deck("the deck")
        n = sum(len(t) for t in teams) if per_wrestler else len(teams)
        share = 52 // n
        if per_wrestler:
            return [[Pile(w, deck, share) for w in team] for team in teams]
        return [[Pile(" & ".join(team), deck, share)] for team in teams]
    out = []
    for team in teams:
        label = " & ".join(team)
        deck = Deck(f"{label}'s deck")
        if per_wrestler:
            out.append([Pile(w, deck, 52 // len(team)) for w in team])
        else:
            out.append([Pile(label, deck, 52)])
    return out
