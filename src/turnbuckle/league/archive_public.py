"""What the static archive shows beyond the results posts, read as anyone may see it: titles with
every reign, competitors with their standing, public sheet and history. A show that has run but is
not published is left out everywhere (its results, the Push Level, injury and title changes it
made); so is every member's account data: only names, as the league's pages show them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from turnbuckle.league.context import Ctx
from turnbuckle.league.models import Competitor, Member, Reign, Result, Show, Title
from turnbuckle.league.queries import history_rows, standings_rows


def hidden_results(ctx: Ctx) -> set[int]:
    """The results of shows not yet published."""
    q = select(Result.id).join(Show, Result.show_id == Show.id).where(Show.league_id == ctx.league.id,
                                                                       Show.status != "published")
    return set(ctx.session.scalars(q))


def unpublished(ctx: Ctx) -> set[int]:
    q = select(Show.number).where(Show.league_id == ctx.league.id, Show.status != "published")
    return set(ctx.session.scalars(q))


def published_shows(ctx: Ctx) -> list[Show]:
    q = select(Show).where(Show.league_id == ctx.league.id, Show.status == "published").order_by(Show.number)
    return list(ctx.session.scalars(q))


def title_histories(ctx: Ctx) -> list[dict[str, Any]]:
    """Each title with its reigns won in published shows, oldest first; a reign lost in a show not
    yet published still reads as going on."""
    hidden = hidden_results(ctx)
    names = dict(ctx.session.execute(select(Competitor.id, Competitor.uid)).all())
    shown_names = dict(ctx.session.execute(select(Competitor.id, Competitor.name)
                                           .where(Competitor.league_id == ctx.league.id)).all())
    numbers = dict(ctx.session.execute(select(Result.id, Show.number).join(Show, Result.show_id == Show.id)
                                       .where(Show.league_id == ctx.league.id)).all())
    out = []
    for t in ctx.session.scalars(select(Title).where(Title.league_id == ctx.league.id).order_by(Title.id)):
        reigns = []
        for r in ctx.session.scalars(select(Reign).where(Reign.title_id == t.id).order_by(Reign.id)):
            if r.won_result_id in hidden:
                continue
            ended = r.ended_at is not None and r.lost_result_id not in hidden
            reigns.append({"champion": shown_names[r.competitor_id], "uid": names[r.competitor_id],
                           "from": ctx.local(r.started_at), "to": ctx.local(r.ended_at) if ended and r.ended_at
                           else None, "won_in_show": numbers.get(r.won_result_id or 0),
                           "lost_in_show": numbers.get(r.lost_result_id or 0) if ended else None})
        out.append({"name": t.name, "game": t.ruleset, "reigns": reigns,
                    "champion": next((r["champion"] for r in reversed(reigns) if r["to"] is None), None)})
    return out


def public_history(ctx: Ctx, comp: Competitor) -> list[dict[str, Any]]:
    """A competitor's history (results, Push Level and injury changes, reigns, table matches), newest
    first, without anything a show not yet published caused."""
    hidden, numbers = hidden_results(ctx), unpublished(ctx)
    rows = history_rows(ctx, f"#{comp.id}", limit=10_000)
    return [r for r in rows if r.get("result") not in hidden and r.get("show") not in numbers]


def competitors(ctx: Ctx) -> list[dict[str, Any]]:
    """Every competitor with its standing as the published shows left it (``queries.standings_rows``)."""
    return standings_rows(ctx, ranked=True)


def owner_names(ctx: Ctx) -> dict[int, str]:
    return dict(ctx.session.execute(select(Member.id, Member.name).where(Member.league_id == ctx.league.id)).all())
