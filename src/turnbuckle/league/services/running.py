"""Running a show (one transaction), weekly healing from the show's seed, and publishing."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from sqlalchemy import select

from turnbuckle import __version__
from turnbuckle.core.errors import Broken, RulesError
from turnbuckle.core.logs import current_id
from turnbuckle.core.sources import SeededSource
from turnbuckle.league import canonical
from turnbuckle.league.choices import chosen_players
from turnbuckle.league.context import Ctx
from turnbuckle.league.domain_events import ResultsPublished
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.game_rules import league_rules, written_strategies
from turnbuckle.league.models import CardMatch, CardSide, Competitor, InjuryChange, Result, Show
from turnbuckle.league.services.card import notify
from turnbuckle.league.services.shows import latest_submission, lock, log, mending, show
from turnbuckle.league.services.sides import card_side_document, strategy_or_none
from turnbuckle.league.services.standing import apply_result
from turnbuckle.rulesets.registry import get_ruleset

Progress = Callable[[int, int], None]
#: Told of each show run: its outcome ("run" or "failed") and its seconds.
RunWatcher = Callable[[str, float], None]
#: Who hears of the runs made in this context (the web server's metrics set it for each request,
#: web/serving/metrics.py); None: nobody. The league layer stays free of what the watcher does with it.
run_watcher: ContextVar[RunWatcher | None] = ContextVar("turnbuckle_run_watcher", default=None)

logger = logging.getLogger(__name__)


def _locked_row(ctx: Ctx, key: str) -> Show:
    """The show, with its row locked for this transaction (PostgreSQL: SELECT ... FOR UPDATE; SQLite
    takes the database's write lock when the transaction begins)."""
    found = show(ctx, key)
    ctx.session.refresh(found, with_for_update=True)
    return found


def play_inputs(ctx: Ctx, m: CardMatch, s: Show) -> tuple[list[dict[str, Any]], list[str | None], list[str]]:
    """Each side's document as it will be played (its sheet frozen at open, the current Push Level
    and injuries), each side's counting submission text, and notes. A strategy that no longer fits
    (a Push Level changed by a show run since it was sent) plays the automatic player, and its
    owner is told once the shows behind it are published."""
    docs, texts, notes = [], [], []
    written = written_strategies(m.ruleset)
    for sd in m.sides:
        comp = sd.competitor
        text, strategy = None, None
        sub = latest_submission(ctx, sd, s.deadline)
        if sub is not None:
            text = sub.text
        if sub is not None and written:  # another game's text chooses its player (chosen_players)
            strategy, why = strategy_or_none(ctx, sd, sub.text, f"strategy for {comp.name}")
            if strategy is None:
                notes.append(f"{comp.name}'s strategy no longer fits ({why}); the automatic player wrestled instead")
                notify(ctx, sub.member_id, s, f"Show {s.number}, match {m.position}: your strategy for {comp.name} "
                       f"no longer fitted when the show ran ({why}); the automatic player wrestled instead.",
                       hold_until=s)
        elif written:
            notes.append(f"{comp.name} sent no strategy; the automatic player wrestled")
        docs.append(card_side_document(ctx, sd, strategy, "current"))
        texts.append(text)
    return docs, texts, notes


def match_options(m: CardMatch) -> dict[str, object]:
    opts: dict[str, object] = dict(m.options)
    if m.grid:  # fixed when the show opened: the organiser's or the draw
        opts["grid"] = m.grid
    if m.referee is not None:  # a bundled referee by name, the organiser's own as its whole sheet
        opts["referee"] = league_rules(m.ruleset).referee_option(m.referee.sheet, m.referee.name)
    return opts


def run_show(ctx: Ctx, key: str, progress: Progress | None = None) -> Show:
    """Play every match of a locked show (an open one past its deadline is locked first) under the
    rules versions it was locked with, and apply every standings change, in this one transaction
    (the caller commits): all of it lands, or none. Refused unless locked, or when a version locked
    is one this turnbuckle no longer plays. A run that fails applies nothing and returns the show
    still locked, with the reason in ``run_error`` (unlock, edit, lock and run mend it)."""
    ctx.require_organiser("run shows")
    s = _locked_row(ctx, key)
    if s.status == "open" and s.deadline <= ctx.now() and not mending(ctx, s):
        lock(ctx, key, auto=True)  # its deadline has passed: the league locks it, as the server would
    if s.status != "locked":
        raise LeagueError(f"show {s.number} is {s.status}; only a locked show runs"
                          + (" (it has run already)" if s.status in ("run", "published") else "")
                          + (f" (its deadline is {ctx.local(s.deadline)}; lock it first)" if s.status == "open"
                             else ""))
    if s.manifest is None:
        raise Broken("expected s.manifest is not None")
    if s.seed is None:
        raise Broken("expected s.seed is not None")
    versions = dict(s.manifest.get("ruleset_versions", {}))
    for rid, version in versions.items():
        if version not in get_ruleset(rid).info.playable_versions:
            raise LeagueError(f"show {s.number} was locked under {rid} {version}, which this turnbuckle no longer "
                              f"plays ({', '.join(get_ruleset(rid).info.playable_versions)}); unlock and lock it again")
    lines = [f"# {s.name} (show {s.number}, {s.show_date})", ""]
    began = time.perf_counter()
    try:
        with ctx.session.begin_nested():
            for n, m in enumerate(s.matches, start=1):
                lines += play_match(ctx, s, m, versions.get(m.ruleset))
                if progress is not None:
                    progress(n, len(s.matches))
    except (RulesError, LeagueError) as exc:  # the rules' or the league's reason: kept on the show
        ctx.session.refresh(s)
        s.run_error = str(exc)[:2000]
        log(ctx, s, "run_failed", reason=s.run_error)
        ctx.session.flush()
        _tell("failed", began)
        return s
    except Exception:  # our bug: the traceback goes to the log, the show says where to find it
        where = current_id.get()
        logger.exception("show %d: the run failed on an internal error", s.number)
        ctx.session.refresh(s)
        s.run_error = ("the run failed on an internal error; nothing was applied, and it can be run again"
                       + (f" (the server's log holds the traceback under {_named(where)})" if where else
                          " (its traceback was logged)"))
        log(ctx, s, "run_failed", reason=s.run_error)
        ctx.session.flush()
        _tell("failed", began)
        return s
    s.status = "run"
    s.run_error = None
    s.writeup = "\n".join(lines)
    log(ctx, s, "run", seed=s.seed, package_version=__version__)
    ctx.session.flush()
    _tell("run", began)
    return s


def _tell(outcome: str, began: float) -> None:
    watcher = run_watcher.get()
    if watcher is not None:
        watcher(outcome, time.perf_counter() - began)


def _named(log_id: str) -> str:
    """``r:5f2a...`` as "request 5f2a...", ``j:...`` as "job ..." (core/logs.py's ids)."""
    kind, _, value = log_id.partition(":")
    return f"{ {'r': 'request', 'j': 'job'}.get(kind, 'id')} {value}"


def play_match(ctx: Ctx, s: Show, m: CardMatch, version: str | None = None) -> list[str]:
    """Play one match under the rules version the show was locked with."""
    if s.seed is None:
        raise Broken("expected s.seed is not None")
    rs = get_ruleset(m.ruleset)
    docs, texts, notes = play_inputs(ctx, m, s)
    players, chose = chosen_players(m.ruleset, texts, [sd.competitor.name for sd in m.sides])
    notes += chose
    sides = [rs.load_side(doc, f"match {m.position} side {i + 1}") for i, doc in enumerate(docs)]
    seed = canonical.match_seed(s.seed, s.uid, m.position)
    record = rs.run(sides, SeededSource(seed), match_options(m), players=players, version=version)
    data = record.to_json()
    result = Result(match_id=m.id, show_id=s.id, ruleset=rs.info.id, ruleset_version=record.ruleset_version,
                    seed=str(seed),
                    inputs=docs, record=data, winner_index=record.result.winner, method=record.result.method,
                    notes=[], played_at=ctx.now())
    ctx.session.add(result)
    ctx.session.flush()
    comps = [sd.competitor for sd in m.sides]
    notes += apply_result(ctx, m, comps, result, record.names)
    result.notes = notes
    lines = [f"## Match {m.position}: {' vs '.join(record.names)} ({rs.info.name})",
             "", record.result.summary or record.result.method]
    lines += [f"- {note}" for note in notes]
    lines.append("")
    return lines


def heal(ctx: Ctx, key: str) -> list[InjuryChange]:
    """Weekly healing after a show that has run: each injured competitor of a game whose league keeps
    injuries heals as its league rules say (MatchMatch: 1d6, −4 if they wrestled on this show,
    directly or in a team), rolled from the show's seed; once per show, and only before a later show
    runs (that show played from the injuries unhealed)."""
    ctx.require_organiser("heal injuries")
    s = _locked_row(ctx, key)
    if s.status not in ("run", "published"):
        raise LeagueError(f"show {s.number} is {s.status}; heal after it has run")
    if s.healed:
        raise LeagueError(f"show {s.number}'s week has been healed already")
    later = _later_run(ctx, s)
    if later is not None:
        raise LeagueError(f"show {later} has run since show {s.number}, from the injuries as they were then; "
                          f"show {s.number}'s week can no longer heal (heal a week before the next show runs)")
    if s.seed is None:
        raise Broken("expected s.seed is not None")
    wrestled: set[int] = set()
    for side in ctx.session.scalars(select(CardSide).join(CardMatch).where(CardMatch.show_id == s.id)):
        wrestled.add(side.competitor_id)
        wrestled.update(side.competitor.members)
    changes = []
    hurt = select(Competitor).where(Competitor.league_id == ctx.league.id, Competitor.injuries > 0
                                    ).order_by(Competitor.id)
    for comp in ctx.session.scalars(hurt):
        if not league_rules(comp.ruleset).push_levels:
            continue
        roll = canonical.heal_roll(s.seed, s.uid, comp.uid)
        fought = comp.id in wrestled
        after = league_rules(comp.ruleset).heal(comp.injuries, roll, fought)
        why = f"weekly healing: d6 rolled {roll}" + (", -4 wrestled" if fought else "")
        change = InjuryChange(competitor_id=comp.id, show_id=s.id, result_id=None, before=comp.injuries, after=after,
                              roll=roll, reason=why, at=ctx.now())
        ctx.session.add(change)
        comp.injuries = after
        changes.append(change)
    s.healed = True
    log(ctx, s, "heal", healed=[c.competitor_id for c in changes])
    ctx.session.flush()
    return changes


def _later_run(ctx: Ctx, s: Show) -> int | None:
    """The number of a later show of the league that has run (or been published), if any: it played
    from the injuries before this week healed, so this week's healing would come out of order."""
    q = select(Show.number).where(Show.league_id == s.league_id, Show.number > s.number,
                                  Show.status.in_(("run", "published"))).order_by(Show.number)
    return ctx.session.scalars(q).first()


def publish(ctx: Ctx, key: str, writeup: str | None = None) -> Show:
    ctx.require_organiser("publish shows")
    s = show(ctx, key)
    if s.status != "run":
        raise LeagueError(f"show {s.number} is {s.status}; only a show that has run is published")
    if writeup:
        s.writeup = s.writeup + "\n\n" + writeup.strip() + "\n"
    s.status = "published"
    log(ctx, s, "publish")
    ctx.session.flush()
    ctx.record(ResultsPublished(s.id))  # explanations and the results post are queued with it (league/assembly.py)
    return s
