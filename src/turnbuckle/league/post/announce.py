"""An open show's card as an announcement holds it: each match with its sides (the champion
marked '(c)'), what is at stake (the title, vacant or defended, as the published shows left it),
the game's public facts of the match (``LeagueRules.card_facts``: the referee and its DQ threshold, the
match type), the grid fixed at open with the labels the sides pick by, and the deadline in the
league's time zone. Nothing secret: no strategy, no show seed (only the card seed, published when
the card opened)."""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.core.registry import Fact
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import CardMatch
from turnbuckle.league.post.links import Links
from turnbuckle.league.services.running import match_options
from turnbuckle.league.services.stakes import stake
from turnbuckle.rulesets.registry import get_ruleset


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


def match_facts(m: CardMatch) -> list[Fact]:
    """The public facts of a match on the card, and its grid once fixed."""
    rs = get_ruleset(m.ruleset)
    try:
        facts = league_rules(m.ruleset).card_facts(resolve_options(rs.info.options, match_options(m)))
    except RulesError as exc:
        facts = [Fact("Match", f"its options do not read: {exc}")]
    if m.grid:
        facts.append(Fact("Grid", _grid_text(m) + (" (drawn from the card seed)" if m.grid_drawn else "")))
    return facts


def _grid_text(m: CardMatch) -> str:
    """The grid with the labels the sides pick by (``WrittenStrategies.grid_table``: rows 1-3, columns A-C),
    as 'A-C: 1 Power, Technical, Brawl / 2 ...'; its own text where the game lays out none."""
    written = get_ruleset(m.ruleset).written_strategies()
    rows = written.grid_table(m.grid or "") if written is not None else None
    if not rows:
        return m.grid or ""
    width = max(len(cells) for _, cells in rows)
    columns = "".join(chr(ord("A") + i) for i in range(width))
    head = f"columns {columns[0]}-{columns[-1]}" if width > 1 else f"column {columns}"
    return f"{head}; " + " / ".join(f"row {label}: " + ", ".join(f"{columns[i]} {cell}" for i, cell in enumerate(cells))
                                    for label, cells in rows)


def _names(ctx: Ctx, m: CardMatch) -> tuple[tuple[str, ...], str]:
    """The match's sides' names, the champion's marked '(c)', and its stake (``stakes.stake``)."""
    at = stake(ctx, m)
    if at is None:
        return tuple(sd.competitor.name for sd in m.sides), ""
    names = tuple(sd.competitor.name + (" (c)" if at.defended and at.champion_id in (sd.competitor_id,
                                                                                  *(sd.competitor.members or []))
                                         else "") for sd in m.sides)
    return names, at.text()


def announcement_of(ctx: Ctx, key: str, links: Links) -> Announcement:
    """The card of a show that has opened (a typed error for an unknown show or a draft)."""
    from turnbuckle.league.services.shows import show

    s = show(ctx, key)
    if s.status == "draft":
        raise LeagueError(f"show {s.number} is a draft; its card is announced once it opens")
    lines = []
    for m in s.matches:
        names, title = _names(ctx, m)
        lines.append(CardLine(position=m.position, game=get_ruleset(m.ruleset).info.name, names=names,
                              title=title, facts=tuple(match_facts(m))))
    return Announcement(league=ctx.league.name, number=s.number, name=s.name, date=s.show_date, status=s.status,
                        deadline=ctx.local(s.deadline), matches=tuple(lines), card_seed=s.card_seed or "",
                        show_href=links.show(s.number))
