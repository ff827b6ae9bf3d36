"""A results card or an announcement laid out as a post (``doc.Post``), the same for every format."""

from __future__ import annotations

from turnbuckle.league.post.announce import Announcement
from turnbuckle.league.post.card import MatchLine, ResultsCard
from turnbuckle.league.post.doc import (
    Block,
    Code,
    Folded,
    Heading,
    Inline,
    Intro,
    Items,
    Link,
    Post,
    Strong,
    Text,
    Unit,
    para,
)
from turnbuckle.league.post.intro import parse

DASH = "\u2014"


def card_line(m: MatchLine, many_games: bool = True) -> tuple[Inline, ...]:
    """"Match 1 (MatchMatch): [A def. B by pinfall in round 7] — retains the title" (in a league of
    one game, no game: "Match 1: ...")."""
    game = f" ({m.game}): " if many_games else ": "
    parts: list[Inline] = [Strong(f"Match {m.position}"), Text(game), Link(m.headline, m.href)]
    if m.extras:
        parts.append(Text(f" {DASH} " + "; ".join(m.extras)))
    return tuple(parts)


def results_post(card: ResultsCard) -> Post:
    title = f"{card.league} {DASH} Show {card.number}: {card.name} ({card.date})"
    head: list[Block] = [Heading(title, 1)]
    intro = parse(card.intro) if card.intro else ()
    if intro:
        head.append(Intro(intro))
    head.append(Heading("Results", 2))
    units: list[Unit] = [tuple(head), (Items(tuple(card_line(m, card.many_games) for m in card.matches)),)]
    for m in card.matches:
        blocks: list[Block] = [Heading(f"Match {m.position}: {' vs '.join(m.names)}", 3),
                               para(" ".join(m.account))]
        if m.notes:
            blocks.append(Items(tuple((Text(n),) for n in m.notes)))
        blocks.append(para(Link("The full ringside call", m.href)))
        units.append(tuple(blocks))
    seeds: list[tuple[Inline, ...]] = [(Text("Show seed: "), Code(card.seed)),
                                       (Text("Show seed's SHA-256 (published at lock): "), Code(card.seed_sha256)),
                                       (Text("Card seed (published at open): "), Code(card.card_seed))]
    if card.manifest_sha256:
        seeds.append((Text("Manifest SHA-256: "), Code(card.manifest_sha256)))
    seeds += [(Text(f"Match {m.position} seed: "), Code(m.seed)) for m in card.matches]
    check = para("Check every match yourself: download ", Link("the show's export", card.export_href),
                 " and run ", Code("turnbuckle verify FILE"), ".")
    units.append((Folded("Seeds and hashes", (Items(tuple(seeds)), check)),))
    return Post(title, tuple(units))


def announcement(a: Announcement) -> Post:
    title = f"{a.league} {DASH} Show {a.number}: {a.name} ({a.date})"
    due = "Strategies are due by " if a.status == "open" else "Strategies were due by "
    units: list[Unit] = [(Heading(title, 1), para("The card is set. ", due, Strong(a.deadline), "."))]
    for m in a.matches:
        stake = f" {DASH} for the {m.title}" if m.title else ""
        blocks: list[Block] = [Heading(f"Match {m.position}: {' vs '.join(m.names)}", 3), para(m.game, stake)]
        if m.facts:
            blocks.append(Items(tuple((Strong(f.label), Text(f": {f.text}")) for f in m.facts)))
        units.append(tuple(blocks))
    tail: list[Block] = []
    if a.card_seed:
        tail.append(para("Card seed (referees and grids were drawn from it): ", Code(a.card_seed)))
    tail.append(para(Link("The card on the league's pages", a.show_href)))
    units.append(tuple(tail))
    return Post(title, tuple(units))

