"""What a result changes, each change a row traced to the result: wins and losses, Push Levels
(exact fractions, moved by the game's league rules: MatchMatch's Part II and the rulings for tag
teams and three or more sides), injury points, openskill ratings and title reigns."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from fractions import Fraction
from zoneinfo import ZoneInfo

from sqlalchemy import select

from turnbuckle.core.push import Push
from turnbuckle.league.context import Ctx
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import (
    CardMatch,
    Competitor,
    InjuryChange,
    RatingChange,
    Reign,
    Result,
    ResultSide,
    Show,
)
from turnbuckle.league.services.roster import record_push


def count_outcome(comp: Competitor, outcome: str) -> None:
    """One more win, loss or draw on a competitor's record."""
    if outcome == "win":
        comp.wins += 1
    elif outcome == "loss":
        comp.losses += 1
    else:
        comp.draws += 1


def outcomes(winner: int | None, n: int) -> list[str]:
    """Each side's outcome: a winner and losers, or a draw for all (no winner)."""
    if winner is None:
        return ["draw"] * n
    return ["win" if i == winner else "loss" for i in range(n)]


def movers(ctx: Ctx, comp: Competitor) -> list[Competitor]:
    """Who moves on the Push ladder for a side: the wrestler, or each member of a team."""
    if not comp.members:
        return [comp]
    return [ctx.session.get_one(Competitor, cid) for cid in comp.members]


def side_level(ctx: Ctx, comp: Competitor) -> int:
    """A side's Push Level as an opponent: a team counts as its highest-level member."""
    return max(m.push_level or 1 for m in movers(ctx, comp))


def apply_push(ctx: Ctx, comps: Sequence[Competitor], winner: int | None, result: Result, show_id: int | None,
               position: int = 0) -> None:
    """Move every wrestler on the Push ladder by the result (a draw moves nobody). Two sides: each
    member moves as if they alone had met the other side's highest-level member. Three or more:
    the winner as if it had beaten each other side in turn, in card order; each loser as if it had
    lost to the winner alone. Opponents' levels are those before the match."""
    if winner is None:
        return
    top = ctx.league.max_push_level
    levels = [side_level(ctx, c) for c in comps]
    for i, comp in enumerate(comps):
        for w in movers(ctx, comp):
            before = Push(w.push_level or 1, Fraction(w.push_points or "0"))
            now = push_after(comp.ruleset, before, i, winner, levels, top)
            if i == winner:
                why = "beat " + ", ".join(f"{comps[j].name} (level {levels[j]})" for j in range(len(comps))
                                          if j != winner)
            else:
                why = f"lost to {comps[winner].name} (level {levels[winner]})"
            record_push(ctx, w, before, now, f"match {position}: {why}", show_id, result.id, None)


def push_after(ruleset: str, before: Push, side: int, winner: int, levels: Sequence[int], top: int) -> Push:
    """Where a member of side ``side`` stands on the Push ladder after a match of this game that
    ``winner`` won, the sides' levels before it being ``levels``, as the game's league rules move it.
    The run applies it (:func:`apply_push`) and ``verify`` recomputes with it
    (league/verify_standings.py)."""
    return league_rules(ruleset).push_after(before, side, winner, levels, top)


def injuries_from(record: dict[str, object], names: Sequence[str]) -> list[list[int | None]]:
    """For each side of a MatchMatch record, one entry per injury point it took (its injury checks
    that injured): the index among the team's members of the member the match's die gave it to
    (``member_index``), or None for a wrestler, or for a team in a record played before
    MatchMatch 1.3 (no member die)."""
    got: list[list[int | None]] = [[] for _ in names]
    events = record.get("events")
    for e in events if isinstance(events, list) else []:
        if isinstance(e, dict) and e.get("type") == "injury_check" and e.get("injured") is True:
            side = e.get("side")
            if side in names:
                index = e.get("member_index")
                ok = isinstance(index, int) and not isinstance(index, bool)
                got[names.index(str(side))].append(index if ok else None)
    return got


def _hurt(ctx: Ctx, comp: Competitor, gained: int, result: Result, show_id: int, why: str) -> None:
    before = comp.injuries
    comp.injuries = before + gained
    ctx.session.add(InjuryChange(competitor_id=comp.id, show_id=show_id, result_id=result.id, before=before,
                                 after=comp.injuries, roll=None, reason=why, at=ctx.now()))


def apply_injuries(ctx: Ctx, comps: Sequence[Competitor], record: dict[str, object], names: Sequence[str],
                   result: Result, show_id: int, position: int = 0) -> None:
    """Injury points go to wrestlers, never to a team: a team's point goes to the member its die
    picked (the rulings: injuries and teams)."""
    for comp, points in zip(comps, injuries_from(record, names), strict=True):
        members = movers(ctx, comp) if comp.members else []
        for who in sorted(set(points), key=lambda x: -1 if x is None else x):
            gained = points.count(who)
            target = members[who] if who is not None and 0 <= who < len(members) else None
            if target is not None:
                _hurt(ctx, target, gained, result, show_id, f"injured in match {position} (for {comp.name})")
            else:
                _hurt(ctx, comp, gained, result, show_id, f"injured in match {position}")


def rate(ratings: Sequence[tuple[float, float]], winner: int | None,
         placings: Sequence[int] | None = None) -> list[tuple[float, float]]:
    """Each side's (mu, sigma) after a match, by openskill's Plackett-Luce model. The ranks are the
    record's placings (ties share a place: a Deathmatch's order of elimination) when it has them;
    otherwise the winner ranks first and every other side shares second, and a draw ranks all equal."""
    from openskill.models import PlackettLuce  # lazy: the rating library loads only for rated standings

    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    if placings is not None and len(placings) == len(ratings) and all(isinstance(p, int) for p in placings):
        ranks = list(placings)
    else:
        ranks = [1 if winner is None or i == winner else 2 for i in range(len(ratings))]
    rated = model.rate(teams, ranks=[float(r) for r in ranks])
    return [(float(team[0].mu), float(team[0].sigma)) for team in rated]


def apply_ratings(ctx: Ctx, comps: Sequence[Competitor], winner: int | None, result: Result,
                  placings: Sequence[int] | None = None) -> None:
    """One openskill rating per competitor in its game (see :func:`rate`), each change a row."""
    after = rate([(c.rating_mu, c.rating_sigma) for c in comps], winner, placings)
    for comp, (mu, sigma) in zip(comps, after, strict=True):
        ctx.session.add(RatingChange(competitor_id=comp.id, result_id=result.id, mu_before=comp.rating_mu,
                                     sigma_before=comp.rating_sigma, mu_after=mu, sigma_after=sigma))
        comp.rating_mu, comp.rating_sigma = mu, sigma


def show_moment(ctx: Ctx, show_id: int) -> datetime:
    """When a show happened, for the history: its date, at midnight in the league's time zone."""
    s = ctx.session.get_one(Show, show_id)
    day = datetime.strptime(s.show_date, "%Y-%m-%d")
    return day.replace(tzinfo=ZoneInfo(ctx.league.timezone)).astimezone(UTC)


def apply_title(ctx: Ctx, m: CardMatch, comps: Sequence[Competitor], winner: int | None, method: str,
                result: Result) -> str | None:
    """A title at stake changes hands on a win by a finish the title allows (a specialty finish,
    an escape or the four corners, is not a count-out); returns a note. Reigns are dated by the
    show's date, and the history names the show through the result."""
    if m.title is None or winner is None or method in m.title.methods_excluded:
        if m.title is not None and winner is not None:
            return f"the {m.title.name} does not change hands on a {method}"
        return None
    champ = current_reign(ctx, m.title.id)
    new = comps[winner]
    if champ is not None and champ.competitor_id == new.id:
        return f"{new.name} retains the {m.title.name}"
    when = show_moment(ctx, m.show_id)
    if champ is not None:
        champ.ended_at, champ.lost_result_id = when, result.id
    ctx.session.add(Reign(title_id=m.title.id, competitor_id=new.id, won_result_id=result.id, lost_result_id=None,
                          started_at=when, ended_at=None))
    return f"{new.name} wins the {m.title.name}"


def current_reign(ctx: Ctx, title_id: int) -> Reign | None:
    return ctx.session.scalars(select(Reign).where(Reign.title_id == title_id, Reign.ended_at.is_(None))).first()


def apply_result(ctx: Ctx, m: CardMatch, comps: Sequence[Competitor], result: Result,
                 names: Sequence[str]) -> list[str]:
    """Every standings change of one result, in one place; returns notes for the write-up. A
    team's result counts in its members' records as well as the team's own."""
    winner = result.winner_index
    outs = outcomes(winner, len(comps))
    for i, (comp, out) in enumerate(zip(comps, outs, strict=True)):
        ctx.session.add(ResultSide(result_id=result.id, competitor_id=comp.id, index=i, outcome=out))
        count_outcome(comp, out)
        if comp.members:
            for member in movers(ctx, comp):
                count_outcome(member, out)
    notes = []
    if league_rules(m.ruleset).push_levels:
        apply_push(ctx, comps, winner, result, m.show_id, m.position)
        apply_injuries(ctx, comps, result.record, names, result, m.show_id, m.position)
    placings = result.record.get("result", {}).get("placings")
    apply_ratings(ctx, comps, winner, result, placings if isinstance(placings, list) else None)
    note = apply_title(ctx, m, comps, winner, result.method, result)
    if note:
        notes.append(note)
    ctx.session.flush()
    return notes
