"""A published show's results as a post holds them: the organiser's intro, one line a match (who
beat whom, how and when, the title, Push Level moves and new injuries), a short account of each
match, and the seeds. Read from the database, from published shows only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, select

from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.models import CardMatch, Competitor, InjuryChange, PushChange, Reign, Result, Show, Title
from turnbuckle.league.post.links import Links
from turnbuckle.league.post.told import Told, keep, kept, told_of
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
    #: whether the league's competitors play more than one game (else a line names no game)
    many_games: bool = True


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
        state = {"draft": "is a draft", "run": "has run but is not published yet"}.get(s.status, f"is {s.status}")
        raise LeagueError(f"show {s.number} {state}; its results post is made once it is published")
    return s


def _listed(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return " and ".join(items) if len(items) <= 2 else ", ".join(items[:-1]) + " and " + items[-1]


def _sides(names: tuple[str, ...], result: dict[str, Any]) -> list[list[int]]:
    """The match's sides as the indexes of their names, partners together (the record's ``teams``),
    in the order the teams first appear; one name a side where the record gives no teams that fit."""
    teams = result.get("teams")
    if not (isinstance(teams, list) and len(teams) == len(names) and len(set(map(str, teams))) > 1):
        teams = list(range(len(names)))
    members: dict[str, list[int]] = {}
    for i, team in enumerate(teams):
        members.setdefault(str(team), []).append(i)
    return list(members.values())


def headline(names: tuple[str, ...], result: dict[str, Any]) -> str:
    """"A def. B by pinfall in round 7" (partners together: "A & B def. C & D"), or the draw or
    no-contest as the record names it."""
    method = str(result.get("method", ""))
    when = next((f" {words} {result[k]}" for k, words in WHEN if isinstance(result.get(k), int)), "")
    winner = result.get("winner")
    sides = _sides(names, result)

    def label(side: list[int]) -> str:
        return " & ".join(names[i] for i in side)

    if isinstance(winner, str) and winner in names:
        won = next(side for side in sides if names.index(winner) in side)
        how = METHODS.get(method, f"by {method.replace('-', ' ')}" if method else "")
        beaten = _listed([label(side) for side in sides if side is not won])
        return f"{label(won)} def. {beaten} {how}{when}".replace("  ", " ")
    both = _listed([label(side) for side in sides])
    if method == "draw":
        return f"{both} fight to a draw{when}"
    drawn = [n for n in result.get("drawn") or () if n in names] if isinstance(result.get("drawn"), list) else []
    if drawn:  # those still standing when the game stopped without a winner (Deathmatch's round limit)
        return f"{_listed(drawn)} fight to a draw ({method.replace('-', ' ')}){when}"
    return f"No winner between {both}: {method.replace('-', ' ')}{when}"


def _title_line(title: Row[Any], won: int | None, lost: int | None, r: Row[Any], names: dict[int, str]) -> str:
    """The title's part of a match's line: ``won``/``lost`` are the competitors whose reign began or
    ended with this result."""
    if won is not None:
        return f"wins the {title.name}" + (f" from {names[lost]}" if lost is not None else "")
    if r.winner_index is not None and r.method not in title.methods_excluded:
        return f"retains the {title.name}"
    if r.winner_index is not None:
        return f"the {title.name} does not change hands on a {r.method}"
    return f"the {title.name} does not change hands (no winner)"


def shown_notes(notes: list[str], title: str | None) -> tuple[str, ...]:
    """A result's notes under its write-up: all but the title's own (the card line says it), which
    run does write as "X wins the T", "X retains the T" or "the T does not change hands on a dq"."""
    if title is None:
        return tuple(notes)
    return tuple(n for n in notes if not (n.endswith(f" wins the {title}") or n.endswith(f" retains the {title}")
                                          or n.startswith(f"the {title} does not change hands")))


def _changes(ctx: Ctx, ids: list[int], names: dict[int, str]) -> dict[int, list[str]]:
    """Each result's Push Level moves and new injuries, in the order they were made."""
    out: dict[int, list[str]] = {}
    for rid, cid, before, after in ctx.session.execute(
            select(PushChange.result_id, PushChange.competitor_id, PushChange.level_before, PushChange.level_after)
            .where(PushChange.result_id.in_(ids)).order_by(PushChange.id)):
        if rid is not None and after != before:
            out.setdefault(rid, []).append(f"{names[cid]} {'up' if after > before else 'down'} to Push Level {after}")
    for rid, cid, before, after in ctx.session.execute(
            select(InjuryChange.result_id, InjuryChange.competitor_id, InjuryChange.before, InjuryChange.after)
            .where(InjuryChange.result_id.in_(ids)).order_by(InjuryChange.id)):
        if rid is not None and after > before:
            out.setdefault(rid, []).append(f"{names[cid]} injured (+{after - before}, {after} injury point"
                                           f"{'s' if after != 1 else ''})")
    return out


def _told(ctx: Ctx, rows: list[Row[Any]]) -> dict[int, Told]:
    """What each result says (``told``'s cache; the records not read before are read now)."""
    out = {r.id: t for r in rows if (t := kept((r.id, r.seed))) is not None}
    missing = {r.id: r.seed for r in rows if r.id not in out}
    if missing:
        for rid, record in ctx.session.execute(select(Result.id, Result.record).where(Result.id.in_(missing))):
            out[rid] = told_of(record, headline)
            keep((rid, missing[rid]), out[rid])
    return out


def results_card(ctx: Ctx, key: str, links: Links, preview: bool = False) -> ResultsCard:
    """The results of a published show (see the module's docstring; ``preview``: see :func:`published`).
    A few queries whatever the card's length; a record is read only the first time (``told``)."""
    s = published(ctx, key, preview)
    names = dict(ctx.session.execute(select(Competitor.id, Competitor.name)
                                     .where(Competitor.league_id == ctx.league.id)).all())
    rows = list(ctx.session.execute(
        select(Result.id, Result.seed, Result.ruleset, Result.winner_index, Result.method, Result.notes,
               CardMatch.position, CardMatch.title_id)
        .join(CardMatch, Result.match_id == CardMatch.id).where(Result.show_id == s.id)
        .order_by(CardMatch.position)))
    ids = [r.id for r in rows]
    at_stake = {r.id for r in rows if r.title_id is not None}
    titles = {t.id: t for t in ctx.session.execute(select(Title.id, Title.name, Title.methods_excluded).where(
        Title.id.in_({r.title_id for r in rows if r.title_id is not None})))} if at_stake else {}
    won: dict[int, int] = {}
    lost: dict[int, int] = {}
    if at_stake:
        for cid, won_in, lost_in in ctx.session.execute(
                select(Reign.competitor_id, Reign.won_result_id, Reign.lost_result_id)
                .where(Reign.won_result_id.in_(at_stake) | Reign.lost_result_id.in_(at_stake))):
            if won_in is not None and won_in in at_stake:
                won[won_in] = cid
            if lost_in is not None and lost_in in at_stake:
                lost[lost_in] = cid
    changes = _changes(ctx, ids, names)
    told = _told(ctx, rows)
    games = {r.ruleset: get_ruleset(r.ruleset).info.name for r in rows}
    lines = []
    for r in rows:
        title = titles.get(r.title_id) if r.title_id is not None else None
        extras = [_title_line(title, won.get(r.id), lost.get(r.id), r, names)] if title is not None else []
        notes = shown_notes([str(n) for n in r.notes or []], title.name if title is not None else None)
        t = told[r.id]
        lines.append(MatchLine(
            position=r.position, game=games[r.ruleset], names=t.names, headline=t.headline,
            extras=tuple(extras + changes.get(r.id, [])), account=t.account, notes=notes, seed=r.seed,
            href=links.match(s.number, r.position)))
    return ResultsCard(
        league=ctx.league.name, number=s.number, name=s.name, date=s.show_date, intro=organiser_intro(s),
        matches=tuple(lines), seed=s.seed or "", seed_sha256=s.seed_sha256 or "", card_seed=s.card_seed or "",
        manifest_sha256=_manifest_hash(s), show_href=links.show(s.number), export_href=links.export(s.number),
        many_games=_many_games(ctx, {r.ruleset for r in rows}))


def _many_games(ctx: Ctx, played: set[str]) -> bool:
    """Does the league run more than one game (its competitors', and this show's)?"""
    games = set(ctx.session.scalars(select(Competitor.ruleset).where(Competitor.league_id == ctx.league.id)
                                    .distinct()).all())
    return len(games | played) > 1


def _manifest_hash(s: Show) -> str:
    from turnbuckle.league import canonical

    return canonical.sha256_hex(canonical.canonical_json(s.manifest)) if s.manifest else ""
