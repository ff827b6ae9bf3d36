"""An open show's card as an announcement holds it: each match with its sides (the champion
marked '(c)'), what is at stake (the title, vacant or defended, as the published shows left it),
the game's public facts of the match (``LeagueRules.card_facts``: the referee and its DQ threshold, the
match type), the grid fixed at open with the labels the sides pick by, and the deadline in the
league's time zone. Nothing secret: no strategy, no show seed (only the card seed, published when
the card opened). The values ``league/queries_posts.py`` reads from the database."""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.core.registry import Fact


@dataclass(frozen=True)
class CardLine:
    position: int
    game: str
    names: tuple[str, ...]
    title: str
    facts: tuple[Fact, ...]


@dataclass(frozen=True)
class Announcement:
    league: str
    number: int
    name: str
    date: str
    status: str
    deadline: str
    matches: tuple[CardLine, ...]
    card_seed: str
    show_href: str

