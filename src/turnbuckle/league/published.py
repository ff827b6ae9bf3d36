"""A competitor's public standing: what the published shows (and the table matches saved) made of
it, for the services (a side's standing in its match, a briefing) and the query layer alike."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy import func, select

from turnbuckle.league.context import Ctx
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import Competitor, InjuryChange, PushChange, RatingChange, Result, ResultSide, Show


@dataclass(frozen=True)
class Standing:
    """A competitor's public standing: what the shows published so far (and the table matches
    saved) made of it. A show that has run but is not yet published counts for nobody."""

    wins: int
    losses: int
    draws: int
    push_level: int | None
    push_points: str | None
    injuries: int
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


def published_standings(ctx: Ctx, comps: Sequence[Competitor]) -> dict[int, Standing]:
    """Each competitor's standing as of the last published show (``own_standings``), a tag team's
    Push Level and injuries being its members' (the lowest level, the most injury points: what it
    carries into a match, ``sides.standing``), read in one more query for members not asked for."""
    out = own_standings(ctx, comps)
    teams = [c for c in comps if c.members]
    if not teams:
        return out
    wanted = {int(x) for t in teams for x in t.members} - out.keys()
    others = list(ctx.session.scalars(select(Competitor).where(Competitor.id.in_(wanted)))) if wanted else []
    every = {**own_standings(ctx, others), **out}
    for t in teams:
        shown = [every[int(x)] for x in t.members if int(x) in every]
        if shown:
            level = min(m.push_level or 1 for m in shown) if league_rules(t.ruleset).push_levels else None
            out[t.id] = replace(out[t.id], push_level=level, push_points=None,
                                injuries=max(m.injuries for m in shown))
    return out


def own_standings(ctx: Ctx, comps: Sequence[Competitor]) -> dict[int, Standing]:
    """Each competitor's own standing without the changes of shows not yet published. A competitor's
    columns hold everything run; from them this takes away the won/lost/drawn of unpublished shows'
    results, and takes the Push Level, injuries and rating as they were before the competitor's
    first change from such a show (should a later show be published first, its changes to that
    competitor wait with it). Four queries over the unpublished shows' rows when some show awaits
    publishing, none otherwise."""
    pending = list(ctx.session.scalars(select(Show.id).where(Show.league_id == ctx.league.id,
                                                             Show.status == "run")))
    out = {c.id: Standing(c.wins, c.losses, c.draws, c.push_level, c.push_points, c.injuries, c.rating_mu,
                          c.rating_sigma) for c in comps}
    if not pending or not out:
        return out
    tallies: dict[int, dict[str, int]] = {}
    q = (select(ResultSide.competitor_id, ResultSide.outcome, func.count())
         .join(Result, ResultSide.result_id == Result.id)
         .where(Result.show_id.in_(pending))
         .group_by(ResultSide.competitor_id, ResultSide.outcome))
    teams = {c.id: [int(x) for x in c.members] for c in ctx.session.scalars(
        select(Competitor).where(Competitor.league_id == ctx.league.id)) if c.members}
    for cid, outcome, n in ctx.session.execute(q):
        for who in (cid, *teams.get(cid, [])):  # a team's result counts for its members too
            tally = tallies.setdefault(who, {})
            tally[outcome] = tally.get(outcome, 0) + int(n)
    push: dict[int, tuple[int | None, str | None]] = {}
    for cid, level_before, points_before in ctx.session.execute(
            select(PushChange.competitor_id, PushChange.level_before, PushChange.points_before)
            .where(PushChange.show_id.in_(pending)).order_by(PushChange.id.desc())):
        push[cid] = (level_before, points_before)  # newest first, so the earliest change is kept last
    hurt: dict[int, int] = {}
    for cid, before in ctx.session.execute(
            select(InjuryChange.competitor_id, InjuryChange.before)
            .where(InjuryChange.show_id.in_(pending))
            .order_by(InjuryChange.id.desc())):
        hurt[cid] = before
    rated: dict[int, tuple[float, float]] = {}
    for cid, mu, sigma in ctx.session.execute(
            select(RatingChange.competitor_id, RatingChange.mu_before, RatingChange.sigma_before)
            .join(Result, RatingChange.result_id == Result.id)
            .where(Result.show_id.in_(pending)).order_by(RatingChange.id.desc())):
        rated[cid] = (mu, sigma)
    for cid, st in list(out.items()):
        t = tallies.get(cid, {})
        level, points = push.get(cid, (st.push_level, st.push_points))
        mu, sigma = rated.get(cid, (st.mu, st.sigma))
        out[cid] = Standing(st.wins - t.get("win", 0), st.losses - t.get("loss", 0), st.draws - t.get("draw", 0),
                            level, points, hurt.get(cid, st.injuries), mu, sigma)
    return out
