"""Advice for a member's side, from what that member may see and nothing else.

The advisor is given the side's briefing (``services.briefing``: the published view): the member's
own sheet with the league's Push Level and injuries, each opponent's sheet where the league makes
it public, else only its public facts (weight class, Push Level, injuries), which the game's
advisor fills in with a field of legal sheets that fit them (``field``), the match's referee,
type, grid and rounds. Only an open show's match is advised: a locked one can no longer take a
strategy, and a published one's strategies are public (its explanation says more). It is never
given a submitted strategy, an unpublished result or a show's seed, so the advice is the same,
byte for byte, whether or not an opponent has sent a strategy (tested). The search is
reproducible: its seed comes from the show, the match and the competitor, and its budget is in
matches. Wall-clock figures are left out of what is returned for the same reason.

Only the side's owner asks, and the advice is returned to that member alone (the page's job keeps
it for its owner, and pressing Advise me again for the same parameters shows it: ``kept_advice``).
A league can turn the advisor off (``set_advisor``, the organiser's).
"""

from __future__ import annotations

import hashlib
import json
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.core.record_json import record_from_json
from turnbuckle.league import jobs
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import Forbidden, LeagueError
from turnbuckle.league.models import CardMatch, CardSide, Job, Result, Show
from turnbuckle.league.services.briefing import briefing
from turnbuckle.league.services.running import match_options
from turnbuckle.rulesets.registry import get_ruleset
from turnbuckle.sim.advice import Fraction
from turnbuckle.sim.specs import spec_for

#: The search of a league's advice, in matches (reproducible, and capped so one member's request
#: cannot hold the server's cores for long). A larger search finds a robust strategy more often
#: (docs/advisor.md; ``make bench`` measures the advisor's answers).
LEAGUE_BUDGET = 10_000_000
#: Fresh matches per opponent strategy that measure it.
LEAGUE_MEASURE = 100_000
#: Sheets in the field played for an opponent whose sheet is not public yet.
LEAGUE_FIELD = 8


@dataclass(frozen=True)
class LeagueAdvice:
    show: int
    position: int
    competitor: str
    text: str
    data: dict[str, Any]


def set_advisor(ctx: Ctx, on: bool) -> None:
    """The organiser turns the advisor on or off for the league's members."""
    ctx.require_organiser("turn the advisor on or off")
    ctx.league.advisor = on
    ctx.session.flush()


def advice_seed(show: int, position: int, competitor_id: int) -> int:
    digest = hashlib.sha256(f"turnbuckle advice {show}/{position}/{competitor_id}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def advice_params(ctx: Ctx, side: CardSide, budget_matches: int | None = None,
                  measure_n: int | None = None) -> dict[str, Any]:
    """What the advisor is given for ``side``, asked by its owner: plain JSON from the side's
    briefing only (a job runs it from its row alone, in any server process)."""
    if not ctx.league.advisor:
        raise LeagueError("the organiser has turned the advisor off in this league")
    comp = side.competitor
    if comp.owner_id != ctx.actor.id:
        raise Forbidden(f"'{comp.name}' belongs to {comp.owner.name}; only its owner asks for its advice")
    m = side.match
    if m.show.status == "draft":  # as `league match` says: nothing true to tell before open, and the card is not out
        raise LeagueError(f"show {m.show.number} is a draft: each side is told its match once the show opens "
                          "(its referees and grids are drawn then)")
    if m.show.status in ("locked", "run"):
        state = "locked" if m.show.status == "locked" else "run (not yet published)"
        raise LeagueError(f"show {m.show.number} is {state}: its strategies can no longer be sent, so there is "
                          "nothing to advise" + (" (the organiser may unlock it)" if state == "locked" else ""))
    if m.show.status == "published":
        raise LeagueError(f"show {m.show.number} is published: the strategies played are public now; the match "
                          "page explains what won it and what would have done better (as `turnbuckle explain` "
                          "does for a match's record)")
    rs = get_ruleset(m.ruleset)
    hook = spec_for(m.ruleset).advisor_hook()
    if hook is None:
        raise LeagueError(f"there is no advisor for {rs.info.name}")
    told = briefing(ctx, side)
    seed = advice_seed(m.show.number, m.position, comp.id)
    docs: dict[int, dict[str, Any]] = {side.index: dict(told.sheet)}
    fields: dict[str, dict[str, Any]] = {}
    others = [sd for sd in m.sides if sd.id != side.id]  # the briefing's opponents, in this order
    for sd, o in zip(others, told.opponents, strict=True):
        if o.sheet is None and "team" in (sd.competitor.sheet or {}):
            raise LeagueError(f"{o.name}'s sheet is not public yet (the league shows only its public facts until "
                              "its first published match), and the advisor plays a field of sheets in its place "
                              "for a wrestler only, not for a team")
        if o.sheet is None:  # only its public facts: a field of legal sheets that fit them
            try:
                found = hook.field(o.name, {f.label: f.text for f in o.facts}, o.push_level, o.injuries,
                                   size=LEAGUE_FIELD, seed=seed + sd.index)
            except RulesError as exc:
                raise LeagueError(f"{o.name}'s sheet is not public yet and {exc}") from None
            fields[str(sd.index)] = found
            docs[sd.index] = dict(found["sheets"][0])
            continue
        doc = dict(o.sheet)
        key = "team" if "team" in doc else "wrestler" if "wrestler" in doc else None
        if key is not None and o.push_level is not None:  # as public now: Push Level and injuries
            doc[key] = {**doc[key], "push_level": o.push_level, "injuries": o.injuries}
        docs[sd.index] = doc
    return {"game": m.ruleset, "show": m.show.number, "position": m.position, "competitor": comp.name,
            "sides": [docs[i] for i in sorted(docs)], "me": side.index,
            "options": dict(resolve_options(rs.info.options, match_options(m))),
            "seed": seed, "fields": fields,
            "budget_matches": budget_matches or LEAGUE_BUDGET, "measure_n": measure_n or LEAGUE_MEASURE,
            "detail": {"show": m.show.number, "position": m.position, "competitor": comp.id}}


def run_advice(params: dict[str, Any], progress: Fraction | None = None) -> LeagueAdvice:
    """The advice the parameters describe (``advice_params``), without wall-clock figures."""
    rs = get_ruleset(str(params["game"]))
    hook = spec_for(rs.info.id).advisor_hook()
    if hook is None:
        raise LeagueError(f"there is no advisor for {rs.info.name}")
    try:
        sides = [rs.load_side(doc, f"side {i + 1}") for i, doc in enumerate(params["sides"])]
        fields = {int(i): (str(f["about"]), [rs.load_side(doc, f"field sheet {k + 1} of side {int(i) + 1}")
                                             for k, doc in enumerate(f["sheets"])])
                  for i, f in dict(params.get("fields") or {}).items()}
        report = hook.advise(sides, int(params["me"]), params["options"], seed=int(params["seed"]),
                             budget_matches=int(params["budget_matches"]), budget_seconds=None,
                             measure_n=int(params["measure_n"]), progress=progress, fields=fields or None)
    except RulesError as exc:
        raise LeagueError(f"the advisor cannot play this match: {exc}") from None
    data = report.json()
    data.get("search", {}).pop("seconds", None)
    text = "\n".join(line for line in report.text().splitlines() if not line.startswith("Search: "))
    return LeagueAdvice(int(params["show"]), int(params["position"]), str(params["competitor"]), text + "\n", data)


def advise_side(ctx: Ctx, side: CardSide, budget_matches: int | None = None,
                measure_n: int | None = None) -> LeagueAdvice:
    """Advice for ``side``, asked by its owner, from the side's briefing only."""
    return run_advice(advice_params(ctx, side, budget_matches, measure_n))


def advice_job(params: dict[str, Any], progress: Callable[[int], None], client: Any) -> dict[str, Any]:
    """The "advice" job kind: the advice as JSON (``text`` and ``data``), progress in thousandths."""
    done = run_advice(params, lambda f: progress(int(1000 * f)))
    return {"text": done.text, "data": done.data, "show": done.show, "position": done.position,
            "competitor": done.competitor}


#: The strategy page's "Advise me" runs on the odds page's queue (one job each, a capped queue).
JOB_KIND = "advice"
jobs.register(JOB_KIND, advice_job)
#: Finished advice jobs whose times the page's estimate takes the median of.
RECENT_RUNS = 5


def kept_advice(session: Session, owner: str, params: dict[str, Any]) -> Job | None:
    """The owner's finished advice for exactly these parameters (the same briefing, seed and
    budgets give the same answer), while it is kept: pressing Advise me again shows it."""
    wanted = json.dumps(params, sort_keys=True)
    q = select(Job).where(Job.kind == JOB_KIND, Job.owner == owner, Job.state == "done")
    for job in session.scalars(q.order_by(Job.finished_at.desc(), Job.id)):
        if json.dumps(job.params, sort_keys=True) == wanted:
            return job
    return None


def _seconds(s: float) -> str:
    return f"{s:.0f} s" if s < 90 else f"{s / 60:.1f} minutes"


def how_long(session: Session) -> str:
    """How long an advice takes on this server, from the press to the answer: the median of its
    last few finished runs (with their range), or that it is not known yet."""
    q = (select(Job.created_at, Job.finished_at).where(Job.kind == JOB_KIND, Job.state == "done",
                                                       Job.finished_at.is_not(None))
         .order_by(Job.finished_at.desc()).limit(RECENT_RUNS))
    took = sorted(max(0.0, (end - start).total_seconds()) for start, end in session.execute(q).all()
                  if end is not None)
    if not took:
        return ("how long it takes here is not known yet, since this server has finished no advice: from tens of "
                "seconds to a few minutes, by how busy it is")
    n = len(took)
    spread = "" if n == 1 else f", from {_seconds(took[0])} to {_seconds(took[-1])}"
    return (f"about {_seconds(statistics.median(took))} here: the median of this server's last "
            f"{'run' if n == 1 else f'{n} runs'}{spread}")


# -- explain: a published match's explanation, kept as a job --------------------------------------
EXPLAIN_KIND = "explain"
#: The advisor's search for the alternative strategy, and the continuations from each round.
EXPLAIN_BUDGET = 200_000
EXPLAIN_CONTINUATIONS = 20_000


def explain_owner(result: Result) -> str:
    return f"explain:{result.id}"


def explainable(result: Result) -> bool:
    """Whether the result's game has an advisor that explains its matches (two sides)."""
    return spec_for(result.ruleset).advisor_hook() is not None and len(result.record.get("sides", [])) == 2


def explanation(ctx: Ctx, result: Result) -> Job | None:
    """The match's newest explain job, if any (only a published match has one)."""
    q = select(Job).where(Job.kind == EXPLAIN_KIND, Job.owner == explain_owner(result))
    return ctx.session.scalars(q.order_by(Job.created_at.desc(), Job.id).limit(1)).first()


def start_explain(ctx: Ctx, s: Show, result: Result) -> Job:
    """Queue the explanation of a published match (anyone may: the match page's button, for a match
    whose job is missing or failed), or return the one already queued, running or done."""
    if s.status != "published":
        raise LeagueError(f"show {s.number} is {s.status}; only a published match is explained")
    if not explainable(result):
        raise LeagueError(f"there is no explanation of {get_ruleset(result.ruleset).info.name} matches")
    last = explanation(ctx, result)
    if last is not None and last.state in ("queued", "running", "done"):
        return last
    ctx.session.execute(delete(Job).where(Job.kind == EXPLAIN_KIND, Job.owner == explain_owner(result)))
    m = ctx.session.get(CardMatch, result.match_id)
    position = m.position if m is not None else 0
    params = {"record": result.record, "seed": int(result.seed) % 2**31, "budget_matches": EXPLAIN_BUDGET,
              "continuations": EXPLAIN_CONTINUATIONS, "detail": {"show": s.number, "position": position}}
    return jobs.submit(ctx.session, EXPLAIN_KIND, params, explain_owner(result),
                       title=f"explain show {s.number} match {position}", total=1000, public=True, now=ctx.now())


def queue_explanations(ctx: Ctx, s: Show) -> list[Job]:
    """At publish, in its transaction: one explain job per explainable match of the show, owned by
    the league (``explain:<result>``, no member), public and kept; none when the organiser has
    turned the advisor off. A match that has one already (queued, running or done) keeps it. They
    are background jobs: outside the members' queue limit, run only when no other job waits."""
    if not ctx.league.advisor or s.status != "published":
        return []
    results = ctx.session.scalars(select(Result).where(Result.show_id == s.id).order_by(Result.id))
    return [start_explain(ctx, s, r) for r in results if explainable(r)]


def explain_job(params: dict[str, Any], progress: Callable[[int], None], client: Any) -> dict[str, Any]:
    """The "explain" job kind: ``explain``'s JSON (which holds no wall-clock figure)."""
    record = record_from_json(params["record"])
    hook = spec_for(record.ruleset).advisor_hook()
    if hook is None:
        raise LeagueError(f"there is no explanation of {record.ruleset} matches")
    report = hook.explain(record, seed=int(params["seed"]), budget_matches=int(params["budget_matches"]),
                          continuations=int(params["continuations"]), progress=lambda f: progress(int(1000 * f)))
    data: dict[str, Any] = report.json()
    return data


jobs.register(EXPLAIN_KIND, explain_job, public=True, kept=True, background=True)
