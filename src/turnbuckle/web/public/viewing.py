"""Who reads a page, as the league services see them, and the read-only data the pages show.

A reader who is not signed in acts as a *spectator*: a transient member with role ``spectator``
that is never stored. The services' own checks refuse it everything but reading (it is not the
organiser and owns nothing), so a page cannot do more for a spectator than the services allow."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any

from fastapi import HTTPException, Path, Request
from pydantic import AfterValidator
from sqlalchemy.orm import Session

from turnbuckle.core.errors import RulesError
from turnbuckle.core.record_json import record_from_json
from turnbuckle.league import queries_shows
from turnbuckle.league.context import Ctx, the_league
from turnbuckle.league.errors import NotFound
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.keys import MAX_ID as MAX_ID
from turnbuckle.league.keys import in_range
from turnbuckle.league.models import CardMatch, Competitor, League, Member, Show
from turnbuckle.web.public.charts import match_chart as chart_of

SPECTATOR = "spectator"
#: Shows whose results anyone may read; the organiser also reads a show that has run.
PUBLIC_RESULTS = ("published",)


def spectator(league: League) -> Member:
    """A reader who has not signed in: never added to the session, owns nothing, organises nothing."""
    return Member(id=0, league_id=league.id, name="spectator", role=SPECTATOR, created_at=league.created_at)


def viewer_ctx(request: Request, session: Session, viewer: Member | None) -> Ctx:
    """The services' context for this request: the signed-in member (read again in this session)
    or a spectator."""
    league = the_league(session)
    actor: Member | None = None
    if viewer is not None and viewer.id:
        actor = session.get(Member, viewer.id)
        if actor is not None and actor.league_id != league.id:
            actor = None
    return Ctx(session, league, actor or spectator(league), request.app.state.clock,
               request.app.state.program.listeners)


def is_organiser(ctx: Ctx) -> bool:
    return ctx.actor.role == "organiser"


def owns(ctx: Ctx, comp: Competitor) -> bool:
    return bool(ctx.actor.id) and comp.owner_id == ctx.actor.id


def results_visible(ctx: Ctx, s: Show) -> bool:
    return s.status in PUBLIC_RESULTS or (is_organiser(ctx) and s.status == "run")


def _in_path(value: int) -> int:
    if not 1 <= value <= MAX_ID:
        raise HTTPException(404, f"nothing has the number {value}: numbers and ids run from 1 to {MAX_ID}")
    return value


#: Every integer in a URL path (a show's number, a match's position, a competitor's, notice's or
#: token's id): one outside 1 .. ``keys.MAX_ID`` (2**31 - 1, PostgreSQL's INTEGER) names nothing and
#: is a 404 before the route runs, never a value the database driver cannot bind (a 500). (An
#: HTTPException, not a ValueError: pydantic would make that a 422.)
PathInt = Annotated[int, Path(description="From 1 to 2147483647; any other number names nothing (404)."),
                    AfterValidator(_in_path)]


def competitor_by_id(ctx: Ctx, cid: int) -> Competitor:
    comp = ctx.session.get(Competitor, cid) if in_range(cid) else None
    if comp is None or comp.league_id != ctx.league.id:
        raise NotFound(f"no competitor {cid}")
    return comp


def show_by_number(ctx: Ctx, number: int) -> Show:
    """A show by its number; a draft is the organiser's work in progress and reads as missing to others."""
    s = queries_shows.show_numbered(ctx, number) if in_range(number) else None
    if s is None or (not ever_public(s) and not is_organiser(ctx)):
        raise NotFound(f"no show {number}")
    return s


def ever_public(s: Show) -> bool:
    """Whether anyone but the organiser may see the show: not a draft, nor a deleted show that was
    never opened (a deleted show that was open stays listed with its card seed)."""
    return s.status not in ("draft", "deleted") or (s.status == "deleted" and s.card_seed is not None)


def visible_shows(ctx: Ctx) -> list[Show]:
    return queries_shows.league_shows(ctx, ever_public_only=not is_organiser(ctx))  # ever_public, as a query


def result_count(ctx: Ctx, s: Show) -> int:
    return queries_shows.result_count(ctx, s.id)


def next_show(ctx: Ctx) -> Show | None:
    """The first show not yet run that this reader may see."""
    statuses = ("draft", "open", "locked") if is_organiser(ctx) else ("open", "locked")
    return queries_shows.first_show_in(ctx, statuses)


def latest_published(ctx: Ctx) -> Show | None:
    return queries_shows.latest_published_show(ctx)


def hidden_result_ids(ctx: Ctx) -> set[int]:
    """Results of shows that have run but are not yet published (nobody but the organiser reads them)."""
    if is_organiser(ctx):
        return set()
    return queries_shows.result_ids_outside(ctx, PUBLIC_RESULTS)


def unpublished_numbers(ctx: Ctx) -> set[int]:
    if is_organiser(ctx):
        return set()
    return queries_shows.show_numbers_outside(ctx, PUBLIC_RESULTS)


def public_history(ctx: Ctx, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """History rows a reader may see: nothing caused by a show whose results are not yet published."""
    hidden, numbers = hidden_result_ids(ctx), unpublished_numbers(ctx)
    return [r for r in rows if r.get("result") not in hidden and r.get("show") not in numbers]


@dataclass
class MatchResult:
    position: int
    ruleset: str
    names: list[str]
    winner: str | None
    method: str
    summary: str
    notes: list[str]


def show_results(ctx: Ctx, s: Show, limit: int | None = None) -> list[MatchResult]:
    """Each played match of a show, in card order, in two queries that read only the result and the
    names of who stood where (a record holds every event of its match; a page of results needs none)."""
    rows, names = queries_shows.played_rows(ctx, s.id, limit)
    return [MatchResult(pos, ruleset, names.get(rid, []), won, method, str(said or ""), [str(n) for n in notes or []])
            for rid, pos, ruleset, won, method, said, notes in rows]


def match_chart(record: dict[str, Any]) -> str | None:
    """The server-side SVG of a stored match's course (None for a record the charts cannot draw)."""

    try:
        return chart_of(record_from_json(record))
    except RulesError:
        return None


def push_level_games(rows: list[dict[str, Any]]) -> set[str]:
    """The games among standings rows whose standings show Push Level and injuries (the game's
    league rules' ``push_levels``), by ruleset id: the standings template's per-game flag."""
    return {str(r["ruleset"]) for r in rows if league_rules(str(r["ruleset"])).push_levels}


def m2_weight_class(comp: Competitor) -> str | None:
    """A competitor's weight class, as its game's public facts give it (``LeagueRules.public_facts``,
    the fact labelled "Weight class"); None when its game tells none (a team, or another game)."""
    return _weight_class(comp.ruleset, json.dumps(comp.sheet, sort_keys=True))


@lru_cache(maxsize=4096)
def _weight_class(ruleset: str, sheet_json: str) -> str | None:
    """Memoised by the sheet's canonical JSON: the facts are a pure function of the sheet, and reading
    a sheet validates it whole, which a standings list of hundreds did on every request."""
    facts = league_rules(ruleset).public_facts(json.loads(sheet_json))
    return next((f.text for f in facts if f.label == "Weight class"), None)


def public_titles(ctx: Ctx, titles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Title rows as the published shows left them: a reign won in a result not yet published is left
    out, and one lost in such a result is still held (no end date), as the briefing and the API read
    them. "Result pending", or an end date, would tell the result: a title kept shows its champion."""
    hidden = hidden_result_ids(ctx)
    if not hidden:
        return titles
    out = []
    for t in titles:
        reigns = [{**r, "to": None} if r["lost_in_result"] in hidden else r
                  for r in t["reigns"] if r["won_in_result"] not in hidden]
        held = next((r for r in reversed(reigns) if r["to"] is None), None)
        out.append({**t, "reigns": reigns, "champion": held["champion"] if held else None,
                    "since": held["from"] if held else None, "since_show": held.get("won_at") if held else None})
    return out


def card_match(ctx: Ctx, s: Show, position: int) -> CardMatch | None:
    if not in_range(position):
        return None
    return queries_shows.card_match_at(ctx, s.id, position)
