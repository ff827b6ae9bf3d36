"""Reading the league: standings, history, titles and a show, as plain data for any front end.
Each reads a bounded number of queries whatever the league's size (no query per row)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sqlalchemy import select

from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx
from turnbuckle.league.models import (
    CardMatch,
    Competitor,
    InjuryChange,
    Member,
    PushChange,
    Reign,
    Result,
    ResultSide,
    Show,
    ShowEvent,
    TableMatch,
    TableMatchSide,
    Title,
)
from turnbuckle.league.published import Standing as Standing  # the query layer's readers name it here too
from turnbuckle.league.published import own_standings as own_standings
from turnbuckle.league.published import published_standings as published_standings
from turnbuckle.league.services.roster import competitor
from turnbuckle.league.services.shows import card_entry, show
from turnbuckle.rulesets.registry import get_ruleset


def standings_rows(ctx: Ctx, game: str | None = None, ranked: bool = False) -> list[dict[str, Any]]:
    """Every competitor (of a game) with its public standing: shows count once published."""
    q = (select(Competitor, Member.name).join(Member, Competitor.owner_id == Member.id)
         .where(Competitor.league_id == ctx.league.id))
    if game:
        q = q.where(Competitor.ruleset == get_ruleset(game).info.id)
    found = [(c, owner) for c, owner in ctx.session.execute(q.order_by(Competitor.id))]
    standing = published_standings(ctx, [c for c, _ in found])
    rows = []
    for c, owner in found:
        st = standing[c.id]
        rows.append({"id": c.id, "uid": c.uid, "name": c.name, "ruleset": c.ruleset, "owner": owner,
                     "team": bool(c.members), "wins": st.wins, "losses": st.losses, "draws": st.draws,
                     "push_level": st.push_level, "push_points": st.push_points, "injuries": st.injuries,
                     "rating": st.rating, "mu": st.mu, "sigma": st.sigma})
    if ranked:
        rows.sort(key=_rank)
    return rows


def _rank(r: dict[str, Any]) -> tuple[str, int, Fraction, float, str]:
    return (str(r["ruleset"]), -int(r["push_level"] or 0), -Fraction(str(r["push_points"] or "0")),
            -float(r["rating"]), str(r["name"]))


def history_rows(ctx: Ctx, key: str | None, limit: int = 50) -> list[dict[str, Any]]:
    """The newest entries first: results, Push changes, injuries, title reigns and table matches
    (kind ``table``, with the match's ``table_match`` uid); each names its cause."""
    comp = competitor(ctx, key) if key else None
    names = _names(ctx)
    numbers: dict[int, int] = dict(ctx.session.execute(select(Show.id, Show.number)
                                                       .where(Show.league_id == ctx.league.id)).all())
    limit = max(1, min(limit, 10_000))
    out: list[dict[str, Any]] = []

    # First the rows kept, reading only columns stored before the records (a record holds every event
    # of its match; SQLite would walk its pages to reach a later column); then what is shown of those.
    rq = select(Result.id, Result.show_id).where(Result.show_id.in_(select(Show.id).where(
        Show.league_id == ctx.league.id)))
    if comp is not None:
        rq = rq.where(Result.id.in_(select(ResultSide.result_id).where(ResultSide.competitor_id == comp.id)))
    rows = ctx.session.execute(rq.order_by(Result.id.desc()).limit(limit)).all()
    summary_col = Result.record[("result", "summary")].as_string()
    shown = {rid: (played_at, method, summary, pos) for rid, played_at, method, summary, pos in ctx.session.execute(
        select(Result.id, Result.played_at, Result.method, summary_col, CardMatch.position)
        .join(CardMatch, Result.match_id == CardMatch.id).where(Result.id.in_([r[0] for r in rows])))}
    for rid, show_id in rows:
        played_at, method, summary, pos = shown[rid]
        out.append({"at": ctx.local(played_at), "show": numbers.get(show_id), "kind": "result",
                    "match": pos, "result": rid, "text": f"match {pos}: {summary or method}",
                    "sort": (played_at, 0, rid)})
    pq = select(PushChange).join(Competitor).where(Competitor.league_id == ctx.league.id)
    if comp is not None:
        pq = pq.where(PushChange.competitor_id == comp.id)
    for p in ctx.session.scalars(pq.order_by(PushChange.id.desc()).limit(limit)):
        out.append({"at": ctx.local(p.at), "show": numbers.get(p.show_id) if p.show_id else None, "kind": "push",
                    "result": p.result_id, "text": f"{names[p.competitor_id]}: Push level {p.level_before} "
                    f"({p.points_before}) -> {p.level_after} ({p.points_after}), {p.reason}",
                    "sort": (p.at, 1, p.id)})
    iq = select(InjuryChange).join(Competitor).where(Competitor.league_id == ctx.league.id)
    if comp is not None:
        iq = iq.where(InjuryChange.competitor_id == comp.id)
    for i in ctx.session.scalars(iq.order_by(InjuryChange.id.desc()).limit(limit)):
        out.append({"at": ctx.local(i.at), "show": numbers.get(i.show_id), "kind": "injury", "result": i.result_id,
                    "text": f"{names[i.competitor_id]}: injuries {i.before} -> {i.after}, {i.reason}",
                    "sort": (i.at, 2, i.id)})
    tq = select(Reign, Title.name).join(Title).where(Title.league_id == ctx.league.id)
    if comp is not None:
        tq = tq.where(Reign.competitor_id == comp.id)
    for reign, tname in ctx.session.execute(tq.order_by(Reign.id.desc()).limit(limit)):
        out.append({"at": ctx.local(reign.started_at), "show": None, "kind": "title", "result": reign.won_result_id,
                    "text": f"{names[reign.competitor_id]} wins the {tname}", "sort": (reign.started_at, 3, reign.id)})
    out += _table_rows(ctx, comp.id if comp is not None else None, limit, names)
    out.sort(key=lambda r: r["sort"], reverse=True)
    for row in out:
        del row["sort"]
    return out[:limit]


def _table_rows(ctx: Ctx, comp_id: int | None, limit: int, names: dict[int, str]) -> list[dict[str, Any]]:
    """The newest table matches (of a competitor), each as a history row naming who took each side."""
    q = select(TableMatch.id, TableMatch.uid, TableMatch.saved_at, TableMatch.ruleset,
               TableMatch.record[("result", "summary")].as_string(), TableMatch.method).where(
        TableMatch.league_id == ctx.league.id)
    if comp_id is not None:
        q = q.where(TableMatch.id.in_(select(TableMatchSide.table_match_id)
                                      .where(TableMatchSide.competitor_id == comp_id)))
    rows = ctx.session.execute(q.order_by(TableMatch.id.desc()).limit(limit)).all()
    sides: dict[int, list[str]] = {}
    for mid, name, cid in ctx.session.execute(
            select(TableMatchSide.table_match_id, TableMatchSide.name, TableMatchSide.competitor_id)
            .where(TableMatchSide.table_match_id.in_([r[0] for r in rows]))
            .order_by(TableMatchSide.table_match_id, TableMatchSide.index)):
        sides.setdefault(mid, []).append(names[cid] if cid is not None else f"{name} (not in the league)")
    return [{"at": ctx.local(at), "show": None, "kind": "table", "result": None, "table_match": uid,
             "text": f"table match ({ruleset}), {' vs '.join(sides.get(mid, []))}: {summary or method}",
             "sort": (at, 4, mid)} for mid, uid, at, ruleset, summary, method in rows]


def _names(ctx: Ctx) -> dict[int, str]:
    q = select(Competitor.id, Competitor.name).where(Competitor.league_id == ctx.league.id)
    return dict(ctx.session.execute(q).all())


def title_rows(ctx: Ctx) -> list[dict[str, Any]]:
    names = _names(ctx)
    titles = list(ctx.session.scalars(select(Title).where(Title.league_id == ctx.league.id).order_by(Title.id)))
    reigns = list(ctx.session.scalars(select(Reign).where(Reign.title_id.in_([t.id for t in titles]))
                                      .order_by(Reign.id)))
    won = {r.won_result_id for r in reigns if r.won_result_id is not None}
    shows_of = {rid: (int(number), str(name), str(day)) for rid, number, name, day in ctx.session.execute(
        select(Result.id, Show.number, Show.name, Show.show_date).join(Show, Result.show_id == Show.id)
        .where(Result.id.in_(won)))} if won else {}
    shown = {rid: number for rid, (number, _, _) in shows_of.items()}
    out = []
    for t in titles:
        mine = [r for r in reigns if r.title_id == t.id]
        current = next((r for r in mine if r.ended_at is None), None)
        out.append({"name": t.name, "ruleset": t.ruleset, "not_on": list(t.methods_excluded),
                    "champion": names[current.competitor_id] if current else None,
                    "since": ctx.local(current.started_at) if current else None,
                    "since_show": won_at(shows_of, current.won_result_id) if current else None,
                    "reigns": [{"champion": names[r.competitor_id], "from": ctx.local(r.started_at),
                                "to": ctx.local(r.ended_at) if r.ended_at else None,
                                "won_in_result": r.won_result_id, "lost_in_result": r.lost_result_id,
                                "show": shown.get(r.won_result_id or 0),
                                "won_at": won_at(shows_of, r.won_result_id)}
                               for r in mine],
                    "kind": t.kind, "min_weight": t.min_weight, "max_weight": t.max_weight,
                    "min_push_level": t.min_push_level})
    return out


def won_at(shows_of: dict[int, tuple[int, str, str]], result_id: int | None) -> str | None:
    """Where a reign began, in words: 'Night One (show 1, 2026-12-04)'; None for no result."""
    if result_id is None or result_id not in shows_of:
        return None
    number, name, day = shows_of[result_id]
    return f"{name} (show {number}, {day})"


def show_data(ctx: Ctx, key: str) -> dict[str, Any]:
    s = show(ctx, key)
    events = ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id).order_by(ShowEvent.id))
    ran = s.status in ("run", "published")
    return {"number": s.number, "uid": s.uid, "name": s.name, "date": s.show_date, "status": s.status,
            "deadline": ctx.local(s.deadline), "card": [card_entry(m) for m in s.matches],
            "card_seed": s.card_seed, "seed_sha256": s.seed_sha256, "seed": s.seed if ran else None,
            "manifest_sha256": canonical.sha256_hex(canonical.canonical_json(s.manifest)) if s.manifest else None,
            "history": [{"at": ctx.local(e.at), "kind": e.kind, "detail": dict(e.detail)} for e in events
                        if ran or e.kind not in ("run", "run_failed")],  # a failed run's reason: the organiser's
            "writeup": s.writeup if ran else "",
            "deleted_at": ctx.local(s.deleted_at) if s.deleted_at else None}
