"""Reading what a post says: a published show's results card (``post.card.ResultsCard``) and an open
show's announcement (``post.announce.Announcement``), built from the database as plain frozen values
that the post renderers (``league.post``) lay out without reading anything, and the league's site
address their links begin with. ``results_post`` and ``announcement`` read and render in one call,
for the command line, the notifier and the feeds."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.orm import Session

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.core.registry import Fact
from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx, context
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import (
    CardMatch,
    Competitor,
    InjuryChange,
    NotifySettings,
    PushChange,
    Reign,
    Result,
    Show,
    Title,
)
from turnbuckle.league.post import compose, renderer
from turnbuckle.league.post.announce import Announcement, CardLine
from turnbuckle.league.post.card import MatchLine, ResultsCard, headline, intro_of, shown_notes
from turnbuckle.league.post.links import Links, base_links
from turnbuckle.league.post.told import Told, keep, kept, told_of
from turnbuckle.league.services.running import match_options
from turnbuckle.league.services.shows import show
from turnbuckle.league.services.stakes import stake
from turnbuckle.league.site_address import site_url
from turnbuckle.rulesets.registry import get_ruleset


def site_address(session: Session, league_id: int) -> str:
    """The league's own web address, as its posts' and notifications' links begin with it
    (``site_address.site_url`` of its settings row). Only reads."""
    return site_url(session.get(NotifySettings, league_id))


def results_post(session: Session, show_key: str, fmt: str, *, base_url: str = "") -> list[str]:
    """A published show's results post in ``fmt``: a list of messages (one, except for Discord's
    messages of at most 2,000 characters). Links are absolute under ``base_url``, else from the
    site's root. A typed ``LeagueError`` for an unknown show, one not yet published, or an unknown format."""
    render = renderer(fmt)
    return render(compose.results_post(results_card(context(session), show_key, base_links(base_url))))


def announcement(session: Session, show_key: str, fmt: str, *, base_url: str = "") -> list[str]:
    """An open show's card announced in ``fmt`` (messages as for :func:`results_post`). A typed
    ``LeagueError`` for an unknown show, a draft, or an unknown format."""
    render = renderer(fmt)
    return render(compose.announcement(announcement_of(context(session), show_key, base_links(base_url))))


# -- the results card ------------------------------------------------------------------------------


def published(ctx: Ctx, key: str, preview: bool = False) -> Show:
    """A show whose results are public (a typed error for an unknown show or one not yet published;
    ``preview``: one that has run is taken too, for the organiser's page before publishing)."""
    s = show(ctx, key)
    if s.status != "published" and not (preview and s.status == "run"):
        state = {"draft": "is a draft", "run": "has run but is not published yet"}.get(s.status, f"is {s.status}")
        raise LeagueError(f"show {s.number} {state}; its results post is made once it is published")
    return s


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
    """The results of a published show (``post.card``'s docstring says what it holds; ``preview``: see
    :func:`published`). A few queries whatever the card's length; a record is read only the first time
    (``told``)."""
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
        league=ctx.league.name, number=s.number, name=s.name, date=s.show_date, intro=intro_of(s.writeup or ""),
        matches=tuple(lines), seed=s.seed or "", seed_sha256=s.seed_sha256 or "", card_seed=s.card_seed or "",
        manifest_sha256=_manifest_hash(s), show_href=links.show(s.number), export_href=links.export(s.number),
        many_games=_many_games(ctx, {r.ruleset for r in rows}))


def _many_games(ctx: Ctx, played: set[str]) -> bool:
    """Does the league run more than one game (its competitors', and this show's)?"""
    games = set(ctx.session.scalars(select(Competitor.ruleset).where(Competitor.league_id == ctx.league.id)
                                    .distinct()).all())
    return len(games | played) > 1


def _manifest_hash(s: Show) -> str:
    return canonical.sha256_hex(canonical.canonical_json(s.manifest)) if s.manifest else ""


# -- the announcement ------------------------------------------------------------------------------


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
