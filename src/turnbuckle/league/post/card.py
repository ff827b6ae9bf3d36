"""A published show's results as a post holds them: the organiser's intro, one line a match (who
beat whom, how and when, the title, Push Level moves and new injuries), a short account of each
match, and the seeds. Read from the database, from published shows only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import CardMatch, Competitor, InjuryChange, PushChange, Reign, Result, Show
from turnbuckle.league.post.links import Links
from turnbuckle.league.post.writeups import short_account
from turnbuckle.rulesets.registry import get_ruleset

#: How a finish reads after "X def. Y" (a finish not here reads "by <its word>").
METHODS = {"pinfall": "by pinfall", "pin": "by pinfall", "submission": "by submission", "count-out": "by count-out",
           "dq": "by disqualification", "ko": "by knockout", "tko": "by TKO", "decision": "on points",
           "last-standing": "as the last one standing", "escape": "by escaping the cage",
           "four corners": "by touching all four corners", "ten count": "by the ten count"}
#: Where a match ended, by the record's own word for it.
WHEN = (("round", "in round"), ("period", "in period"), ("turn", "on turn"))


@dataclass(frozen=True)
class MatchLine:
    """One match of the results card."""

    position: int
    game: str
    names: tuple[str, ...]
    headline: str  # "Brother Bob def. Friendly Sam by pinfall in round 7"
    extras: tuple[str, ...]  # "retains the Light-Heavyweight Championship", "Brother Bob up to Push Level 2"
    account: tuple[str, ...]  # the short write-up, sentence by sentence
    notes: tuple[str, ...]
    seed: str
    href: str


@dataclass(frozen=True)
class ResultsCard:
    league: str
    number: int
    name: str
    date: str
    intro: str
    matches: tuple[MatchLine, ...]
    seed: str
    seed_sha256: str
    card_seed: str
    manifest_sha256: str
    show_href: str
    export_href: str


def organiser_intro(s: Show) -> str:
    """The organiser's own words for a show (see :func:`intro_of`)."""
    return intro_of(s.writeup or "")


def intro_of(text: str) -> str:
    """The organiser's words in a show's write-up. The run writes its plain summary into
    ``Show.writeup`` (a "# " heading, then the matches, no blank line thrice) and publish adds the
    organiser's text after a blank line: what follows the first run of three line breaks is theirs."""
    if not text.startswith("# "):
        return text.strip()
    _generated, sep, theirs = text.partition("\n\n\n")
    return theirs.strip() if sep else ""


def published(ctx: Ctx, key: str, preview: bool = False) -> Show:
    """A show whose results are public (a typed error for an unknown show or one not yet published;
    ``preview``: one that has run is taken too, for the organiser's page before publishing)."""
    from turnbuckle.league.services.shows import show

    s = show(ctx, key)
    if s.status != "published" and not (preview and s.status == "run"):
        raise LeagueError(f"show {s.number} is {s.status}; its results post is made once it is published")
    return s


def headline(names: tuple[str, ...], result: dict[str, Any]) -> str:
    """"A def. B by pinfall in round 7", or the draw or no-contest as the record names it."""
    method = str(result.get("method", ""))
    when = next((f" {words} {result[k]}" for k, words in WHEN if isinstance(result.get(k), int)), "")
    winner = result.get("winner")
    if isinstance(winner, str) and winner in names:
        beaten = [n for n in names if n != winner]
        how = METHODS.get(method, f"by {method.replace('-', ' ')}" if method else "")
        losers = ", ".join(beaten[:-1]) + " and " + beaten[-1] if len(beaten) > 1 else beaten[0]
        return f"{winner} def. {losers} {how}{when}".replace("  ", " ")
    both = " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + " and " + names[-1]
    if method == "draw":
        return f"{both} fight to a draw{when}"
    return f"No winner between {both}: {method.replace('-', ' ')}{when}"


def _extras(ctx: Ctx, m: CardMatch, r: Result, names: dict[int, str]) -> list[str]:
    out = []
    if m.title is not None:
        won = ctx.session.scalars(select(Reign).where(Reign.won_result_id == r.id)).first()
        if won is not None:
            lost = ctx.session.scalars(select(Reign).where(Reign.lost_result_id == r.id)).first()
            out.append(f"wins the {m.title.name}" + (f" from {names[lost.competitor_id]}" if lost else ""))
        elif r.winner_index is not None and r.method not in m.title.methods_excluded:
            out.append(f"retains the {m.title.name}")
        elif r.winner_index is not None:
            out.append(f"the {m.title.name} does not change hands on a {r.method}")
        else:
            out.append(f"the {m.title.name} does not change hands (no winner)")
    for p in ctx.session.scalars(select(PushChange).where(PushChange.result_id == r.id).order_by(PushChange.id)):
        if p.level_after != p.level_before:
            way = "up" if p.level_after > p.level_before else "down"
            out.append(f"{names[p.competitor_id]} {way} to Push Level {p.level_after}")
    for h in ctx.session.scalars(select(InjuryChange).where(InjuryChange.result_id == r.id)
                                 .order_by(InjuryChange.id)):
        if h.after > h.before:
            gained = h.after - h.before
            out.append(f"{names[h.competitor_id]} injured (+{gained}, {h.after} injury point"
                       f"{'s' if h.after != 1 else ''})")
    return out


def _notes(m: CardMatch, r: Result) -> tuple[str, ...]:
    """The result's notes, less the title's (the card line says it)."""
    return tuple(str(n) for n in r.notes or [] if m.title is None or m.title.name not in str(n))


def results_card(ctx: Ctx, key: str, links: Links, preview: bool = False) -> ResultsCard:
    """The results of a published show (see the module's docstring; ``preview``: see :func:`published`)."""
    s = published(ctx, key, preview)
    names = dict(ctx.session.execute(select(Competitor.id, Competitor.name)
                                     .where(Competitor.league_id == ctx.league.id)).all())
    results = {r.match_id: r for r in ctx.session.scalars(select(Result).where(Result.show_id == s.id))}
    lines = []
    for m in s.matches:
        r = results.get(m.id)
        if r is None:
            continue
        record = r.record
        sides = record.get("sides")
        who = tuple(str(sd.get("name")) for sd in sides) if isinstance(sides, list) else ()
        who = who or tuple(names[sd.competitor_id] for sd in m.sides)
        lines.append(MatchLine(
            position=m.position, game=get_ruleset(r.ruleset).info.name, names=who,
            headline=headline(who, dict(record.get("result", {}))), extras=tuple(_extras(ctx, m, r, names)),
            account=tuple(short_account(record)), notes=_notes(m, r), seed=r.seed,
            href=links.match(s.number, m.position)))
    return ResultsCard(
        league=ctx.league.name, number=s.number, name=s.name, date=s.show_date, intro=organiser_intro(s),
        matches=tuple(lines), seed=s.seed or "", seed_sha256=s.seed_sha256 or "", card_seed=s.card_seed or "",
        manifest_sha256=_manifest_hash(s), show_href=links.show(s.number), export_href=links.export(s.number))


def _manifest_hash(s: Show) -> str:
    from turnbuckle.league import canonical

    return canonical.sha256_hex(canonical.canonical_json(s.manifest)) if s.manifest else ""
