"""A show's life before it runs: the card, opening it (referees drawn from a published seed),
strategy submissions, lock (the secret seed and the published manifest) and unlock."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from sqlalchemy import select

from turnbuckle import __version__
from turnbuckle.core.errors import RulesError, problems_of
from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx
from turnbuckle.league.domain_events import ShowLocked, ShowOpened, StrategyReceived
from turnbuckle.league.errors import Forbidden, LeagueError, NotFound, SubmissionRefused
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.keys import as_id, in_range, parse_key
from turnbuckle.league.models import CardMatch, CardSide, Show, ShowEvent, Submission
from turnbuckle.league.services.card_draws import drawn_by_position, fix_at_open, is_stale, match_key
from turnbuckle.league.services.roster import check_name, competitor, new_uid, referees
from turnbuckle.league.services.sides import check_strategy
from turnbuckle.rulesets.registry import get_ruleset

#: "deleted": a draft or open show the organiser deleted; its row stays (card_services.delete_show).
STATUSES = ("draft", "open", "locked", "run", "published", "deleted")
#: 2: card entries carry their draw key and grid; draws are keyed on the match's content (1: position).
MANIFEST_FORMAT = "turnbuckle.league-manifest/2"
MAX_CARD = 100
MAX_STRATEGY_CHARS = 50_000


logger = logging.getLogger(__name__)


def show(ctx: Ctx, key: str) -> Show:
    """A show by key: its number (``3``, ``#3`` or ``id:3``; shows have no name to mistake for one)
    or its uid (``uid:...``, or the bare 16 hex digits a manifest prints)."""
    k = parse_key(key)
    text = k.text.lstrip("#")
    if k.kind == "id" or (k.kind == "name" and text.isascii() and text.isdigit() and len(text) != 16):
        number = as_id(text)
        return show_by_number(ctx, number if number is not None else -1)
    if k.kind == "uid" or len(text) == 16:
        return show_by_uid(ctx, text.lower())
    raise NotFound(f"no show '{key.strip()}': name a show by its number (3) or its uid; "
                   "see 'turnbuckle league show list'")


def show_by_number(ctx: Ctx, number: int) -> Show:
    q = select(Show).where(Show.league_id == ctx.league.id, Show.number == number)
    found = ctx.session.scalars(q).first() if in_range(number) else None
    if found is None:
        raise NotFound(f"no show '{number}'; see 'turnbuckle league show list'")
    return found


def show_by_uid(ctx: Ctx, uid: str) -> Show:
    found = ctx.session.scalars(select(Show).where(Show.league_id == ctx.league.id, Show.uid == uid)).first()
    if found is None:
        raise NotFound(f"no show with uid {uid}; see 'turnbuckle league show list'")
    return found


def shows(ctx: Ctx) -> list[Show]:
    return list(ctx.session.scalars(select(Show).where(Show.league_id == ctx.league.id).order_by(Show.number)))


#: What of a show event's detail the operator's log line carries: public or harmless facts only
#: (never the seed, which stays secret until the results are published).
_LOGGED_DETAIL = ("auto", "seed_sha256", "reason")


def log(ctx: Ctx, s: Show, kind: str, **detail: Any) -> None:
    """Record a show event in the league (``show_events``), and write its line in the server's log."""
    ctx.session.add(ShowEvent(show_id=s.id, at=ctx.now(), kind=kind, member_id=ctx.actor.id, detail=detail))
    shown = " ".join(f"{k}={detail[k]}" for k in _LOGGED_DETAIL if k in detail)
    logger.info("show %d %s by member %s%s", s.number, kind, ctx.actor.id or "-", f" {shown}" if shown else "")


def future_deadline(ctx: Ctx, deadline: datetime) -> None:
    """Refuse a deadline without a time zone, or one already past: an open show past its deadline
    locks at once, so a past deadline would lock the show before anyone could send a strategy."""
    if deadline.tzinfo is None:
        raise LeagueError("the deadline needs a time zone")
    if deadline <= ctx.now():
        raise LeagueError(f"the deadline {ctx.local(deadline)} has passed (it is {ctx.local(ctx.now())} now); "
                          "give a time still to come")


def create_show(ctx: Ctx, name: str, show_date: str, deadline: datetime) -> Show:
    ctx.require_organiser("create shows")
    future_deadline(ctx, deadline)
    try:
        datetime.strptime(show_date, "%Y-%m-%d")
    except ValueError:
        raise LeagueError(f"show date '{show_date}' must be YYYY-MM-DD") from None
    last = ctx.session.scalars(select(Show.number).where(Show.league_id == ctx.league.id)
                               .order_by(Show.number.desc())).first()
    shown = check_name(name, "show") if name.strip() else "Show"
    s = Show(uid=new_uid(), league_id=ctx.league.id, number=(last or 0) + 1, name=shown,
             show_date=show_date, deadline=deadline, status="draft", writeup="", healed=False, created_at=ctx.now())
    ctx.session.add(s)
    ctx.session.flush()
    log(ctx, s, "create", name=s.name, deadline=deadline.isoformat())
    return s


def editable(s: Show) -> None:
    if s.status not in ("draft", "open"):
        raise LeagueError(f"show {s.number} is {s.status}; the card can change only before lock"
                          + (" (unlock it first)" if s.status == "locked" else ""))


def open_show(ctx: Ctx, key: str) -> Show:
    """Open the card for strategies: each side's sheet is frozen as it stands now, and each
    MatchMatch match's referee and grid are fixed — the organiser's, or drawn from a card seed
    published with the card, keyed on the match's content, so anyone can check the draw."""
    ctx.require_organiser("open shows")
    s = show(ctx, key)
    if s.status != "draft":
        raise LeagueError(f"show {s.number} is {s.status}; only a draft opens")
    if not s.matches:
        raise LeagueError(f"show {s.number} has no matches; add some with 'turnbuckle league card add'")
    s.card_seed = canonical.new_seed()
    refs = referees(ctx)
    log(ctx, s, "open", card_seed=s.card_seed, referees=[r.name for r in refs])
    ctx.session.flush()
    drawn = fix_at_open(ctx, s)
    s.status = "open"
    ctx.session.flush()
    if drawn:
        log(ctx, s, "draw", draws=drawn)
    ctx.record(ShowOpened(s.id))  # the announcement is queued with the opening (league/assembly.py)
    return s


def side_of(ctx: Ctx, s: Show, position: int, competitor_key: str) -> CardSide:
    """The side of ``competitor_key`` (a key as :func:`roster.competitor` reads it: ``#27`` is an
    id, ``uid:...`` a uid, anything else a name) in match ``position`` of ``s``."""
    m = next((m for m in s.matches if m.position == position), None)
    if m is None:
        raise NotFound(f"show {s.number} has no match {position}; it has {len(s.matches)}")
    comp = competitor(ctx, competitor_key)
    side = next((sd for sd in m.sides if sd.competitor_id == comp.id), None)
    if side is None:
        raise NotFound(f"'{comp.name}' is not in match {position} of show {s.number}")
    return side


def submit(ctx: Ctx, key: str, position: int, competitor_key: str, text: str) -> Submission:
    """A strategy for one side, by its owner, before the deadline of an open show: checked by
    :func:`check_submission` (a refusal is a SubmissionRefused, its problems as data)."""
    s = show(ctx, key)
    _check_open(ctx, s)  # before the side is looked up: a closed show is said to be closed
    side = side_of(ctx, s, position, competitor_key)
    comp = side.competitor
    if comp.owner_id != ctx.actor.id:
        raise Forbidden(f"'{comp.name}' belongs to {comp.owner.name}; only its owner sends its strategy")
    check_submission(ctx, side, text)
    sub = Submission(side_id=side.id, member_id=ctx.actor.id, text=text,
                     sha256=canonical.sha256_hex(canonical.canonical_text(text)), submitted_at=ctx.now())
    ctx.session.add(sub)
    ctx.session.flush()
    ctx.record(StrategyReceived(s.id, sub.id, comp.name, position))  # the sender's own receipt
    return sub


def check_submission(ctx: Ctx, side: CardSide, text: str) -> None:
    """The one check of a strategy (or a choice of player) sent for ``side``, made by ``submit`` and
    so by the API and the command line, and by the strategy page's live check: the show open and its
    deadline not passed, the text within its length and free of NUL, the game's own readers and
    rules (``sides.check_strategy``, against the standing as of the last published show: a refusal
    reveals nothing unpublished), and not the text last sent (unless that one is stale: sending it
    again confirms it). A SubmissionRefused holds the problems as data; nothing is stored."""
    _check_open(ctx, side.match.show)
    if len(text) > MAX_STRATEGY_CHARS:
        raise _refused(f"the strategy is {len(text)} characters; the limit is {MAX_STRATEGY_CHARS}")
    if "\x00" in text:  # PostgreSQL stores no NUL in text: refused here, on every database alike
        raise _refused("a strategy cannot contain a NUL character (\\x00); remove it and send it again")
    try:
        check_strategy(ctx, side, text, f"strategy for {side.competitor.name}")
    except RulesError as exc:
        raise SubmissionRefused(str(exc), problems_of(exc), of_text=True) from None
    latest = latest_submission(ctx, side)
    if (latest is not None and latest.sha256 == canonical.sha256_hex(canonical.canonical_text(text))
            and not _stale(side, latest)):  # a stale one is confirmed
        raise _refused(f"this strategy is the same as the one sent at {ctx.local(latest.submitted_at)}; "
                     "nothing to change")


def _refused(message: str) -> SubmissionRefused:
    """A refusal of the sending itself (not of what the text says): one problem, of no line or part."""
    return SubmissionRefused(message)


def _check_open(ctx: Ctx, s: Show) -> None:
    """Strategies are taken while a show is open, until its deadline."""
    if s.status != "open":
        raise _refused(f"show {s.number} is {s.status}; strategies are taken only while it is open")
    if ctx.now() > s.deadline:
        raise _refused(f"the deadline for show {s.number} was {ctx.local(s.deadline)}; the strategy is late")


def _stale(side: CardSide, latest: Submission) -> bool:
    """Was the side's latest strategy sent before the organiser last changed its match? Sending the
    same text again then confirms it against the match as it is now."""
    return is_stale(side.match, latest.submitted_at)


def latest_submission(ctx: Ctx, side: CardSide, before: datetime | None = None) -> Submission | None:
    q = select(Submission).where(Submission.side_id == side.id)
    if before is not None:
        q = q.where(Submission.submitted_at <= before)
    return ctx.session.scalars(q.order_by(Submission.submitted_at.desc(), Submission.id.desc())).first()


def card_entry(m: CardMatch) -> dict[str, Any]:
    """A card match as published (the manifest and the export hold the same). ``key`` is what
    its draws are keyed on (manifest format 2); ``grid`` its grid, fixed at open (MatchMatch). A match
    whose draw was keyed on its position (made by 0.1.0) keeps its entry's old shape."""
    entry: dict[str, Any] = {
        "position": m.position,
        "ruleset": m.ruleset,
        "options": dict(m.options),
        "referee": m.referee.name if m.referee else None,
        "referee_drawn": m.referee_drawn,
        "title": m.title.name if m.title else None,
        "sides": [{"competitor": sd.competitor.uid, "name": sd.competitor.name} for sd in m.sides],
    }
    if league_rules(m.ruleset).referees and not drawn_by_position(m):
        entry.update(key=match_key(m.show, m), grid=m.grid, grid_drawn=m.grid_drawn)
    return entry


def lock(ctx: Ctx, key: str, auto: bool = False) -> Show:
    """Close the card: draw the 256-bit show seed and publish the manifest (the seed's hash, every
    counting submission's hash, the card, the ruleset and package versions); the seed's hash goes
    out at once as the ``locked`` message (webhook, e-mail; the news feed and the show page show
    it). ``auto``: the league itself locks a show whose deadline has passed (:func:`lock_due`),
    whoever is acting."""
    if not auto:
        ctx.require_organiser("lock shows")
    s = show(ctx, key)
    ctx.session.refresh(s, with_for_update=True)  # PostgreSQL: one lock at a time (SQLite: the write lock)
    if s.status != "open":
        raise LeagueError(f"show {s.number} is {s.status}; only an open show locks")
    s.seed = canonical.new_seed()
    s.seed_sha256 = canonical.seed_commitment(s.seed)
    subs = []
    for m in s.matches:
        for sd in m.sides:
            sub = latest_submission(ctx, sd, s.deadline)
            subs.append({"position": m.position, "side": sd.index, "competitor": sd.competitor.uid,
                         "sha256": sub.sha256 if sub else None,
                         "submitted_at": sub.submitted_at.isoformat() if sub else None})
    s.manifest = {
        "format": MANIFEST_FORMAT,
        "show": s.uid,
        "locked_at": ctx.now().isoformat(),
        "seed_sha256": s.seed_sha256,
        "card_seed": s.card_seed,
        "package_version": __version__,
        "ruleset_versions": {m.ruleset: get_ruleset(m.ruleset).info.version for m in s.matches},
        "card": [card_entry(m) for m in s.matches],
        "submissions": subs,
    }
    s.status = "locked"
    s.run_error = None
    log(ctx, s, "lock", seed_sha256=s.seed_sha256,
        manifest_sha256=canonical.sha256_hex(canonical.canonical_json(s.manifest)), auto=auto)
    ctx.session.flush()
    ctx.record(ShowLocked(s.id))  # the commitment is queued with the lock (league/assembly.py)
    return s


def lock_due(ctx: Ctx) -> list[Show]:
    """Lock every open show whose deadline has passed (the server does it as the deadline passes,
    ``league run`` before it runs one); returns the shows locked. A show the organiser unlocked
    after its deadline is theirs to mend and lock again (or give a new deadline): it is skipped."""
    return [lock(ctx, str(s.number), auto=True) for s in due_shows(ctx)]


def due_shows(ctx: Ctx) -> list[Show]:
    """The open shows past their deadline that the league locks (not one being mended)."""
    due = ctx.session.scalars(select(Show).where(Show.league_id == ctx.league.id, Show.status == "open",
                                                 Show.deadline <= ctx.now()).order_by(Show.number))
    return [s for s in due if not mending(ctx, s)]


def mending(ctx: Ctx, s: Show) -> bool:
    """Did the organiser unlock this show after its deadline (to mend its card)?"""
    unlocked = ctx.session.scalars(select(ShowEvent.at).where(ShowEvent.show_id == s.id, ShowEvent.kind == "unlock")
                                   .order_by(ShowEvent.id.desc())).first()
    return unlocked is not None and unlocked >= s.deadline


def unlock(ctx: Ctx, key: str) -> Show:
    """Reopen a locked show before it runs: the seed is discarded (the history keeps its hash)."""
    ctx.require_organiser("unlock shows")
    s = show(ctx, key)
    if s.status != "locked":
        raise LeagueError(f"show {s.number} is {s.status}; only a locked show unlocks")
    log(ctx, s, "unlock", discarded_seed_sha256=s.seed_sha256)
    s.seed = s.seed_sha256 = None
    s.manifest = None
    s.status = "open"
    s.run_error = None
    ctx.session.flush()
    return s
