"""The card: every match checked when it is put on (with the decoders the engine uses), edited,
removed and reordered by the organiser; referees and grids (where the game's league rules draw
them: MatchMatch's) fixed when the show opens
(the organiser's, or drawn from the public card seed keyed on the match's content, never its
position); sheets frozen at open. After a show opens, a change to a match marks its strategies
stale and tells their owners; every change and every draw is in the show's public history."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.league.context import Ctx
from turnbuckle.league.domain_events import ShowDeleted
from turnbuckle.league.errors import LeagueError, NotFound
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import CardMatch, CardSide, Competitor, Notice, Show, ShowEvent, Submission, Title
from turnbuckle.league.services.card_draws import draw, freeze_sheets
from turnbuckle.league.services.card_draws import is_stale as is_stale  # the card's pages ask it here
from turnbuckle.league.services.card_draws import match_key as match_key
from turnbuckle.league.services.roster import competitor, referee, title
from turnbuckle.league.services.shows import MAX_CARD, editable, future_deadline, log, show
from turnbuckle.league.services.sides import side_document, standing
from turnbuckle.rulesets.registry import get_ruleset

#: Match options the organiser may not set on a card: a referee is a league referee (--referee);
#: a type file would name a server path.
NOT_OPTIONS = ("type_file", "referee")


def _check_options(rs_id: str, options: dict[str, object]) -> dict[str, object]:
    """The options as the engine will decode them: a misspelt match type (``cgae``), a bad grid or
    an unknown option is refused now, not when the show runs."""
    rs = get_ruleset(rs_id)
    if "referee" in options:
        raise LeagueError("a league match takes no referee option (nor one rolled at the bell: its players must "
                          "know the referee before they write): name one of the league's referees with --referee "
                          "NAME (or the form's referee; see 'league referee list', add one with 'league referee "
                          "add'), or leave it out and one is drawn from them when the show opens")
    if "type_file" in options:
        raise LeagueError("type_file cannot name a server path in a league; give the match types' YAML text "
                          "in the types option instead")
    resolved = resolve_options(rs.info.options, options)  # OptionError names a bad option
    try:
        rs.decode_options(resolved)
        if resolved.get("grid"):
            options["grid"] = league_rules(rs.info.id).grid_text(str(resolved["grid"]))
    except RulesError as exc:
        raise LeagueError(f"match options: {exc}") from None
    return options


def people(comp: Competitor) -> set[int]:
    """The competitor and, for a team, its members: who cannot be in two places at once."""
    return {comp.id, *(int(x) for x in comp.members)}


def _sides(ctx: Ctx, rs_id: str, keys: list[str]) -> list[Competitor]:
    rs = get_ruleset(rs_id)
    comps = [competitor(ctx, k) for k in keys]
    if not rs.info.min_sides <= len(comps) <= rs.info.max_sides:
        raise LeagueError(f"{rs.info.name} takes {rs.info.min_sides} to {rs.info.max_sides} sides, got {len(comps)}")
    seen: set[int] = set()
    for c in comps:
        if c.ruleset != rs.info.id:
            raise LeagueError(f"'{c.name}' is a {c.ruleset} competitor, not {rs.info.id}")
        if people(c) & seen:
            raise LeagueError(f"'{c.name}' is already on this side of the card; a competitor stands once per match")
        seen |= people(c)
    return comps


def _booked_twice(ctx: Ctx, s: Show, comps: list[Competitor], skip: CardMatch | None) -> None:
    """Refuse a competitor (or a team member) already in another match of the show: one query."""
    mine: set[int] = set().union(*(people(c) for c in comps))
    q = (select(CardMatch.position, Competitor.name, Competitor.id, Competitor.members)
         .join(CardSide, CardSide.match_id == CardMatch.id).join(Competitor, CardSide.competitor_id == Competitor.id)
         .where(CardMatch.show_id == s.id).order_by(CardMatch.position))
    if skip is not None:
        q = q.where(CardMatch.id != skip.id)
    for position, name, cid, members in ctx.session.execute(q):
        if ({cid, *(int(x) for x in members or [])}) & mine:
            raise DoubleBooked(f"'{name}' (or a member) is already booked in match {position} of show {s.number}; "
                               "book them twice only on purpose")


class DoubleBooked(LeagueError):
    """A competitor booked twice on one show without 'on purpose'. Its text names the command
    line's flag; ``page_text`` names the show page's box instead."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"{problem} (--rebook)")
        self.page_text = f"{problem} (tick the 'on purpose' box)"


def _weight(ctx: Ctx, comp: Competitor) -> int:
    doc = side_document(comp, dict(comp.sheet), None, standing(ctx, comp, "published"))
    return league_rules(comp.ruleset).weight(get_ruleset(comp.ruleset).load_side(doc, comp.name))


def check_title(ctx: Ctx, t: Title, rs_id: str, comps: list[Competitor]) -> None:
    """A title fits a match: its game; singles or tag; a weight class; a Push Level for a shot."""
    if t.ruleset != rs_id:
        raise LeagueError(f"the {t.name} is a {t.ruleset} title, not {rs_id}")
    teams = [bool(c.members) for c in comps]
    if t.kind == "singles" and any(teams):
        raise LeagueError(f"the {t.name} is a singles title; a tag team cannot fight for it")
    if t.kind == "tag" and not all(teams):
        raise LeagueError(f"the {t.name} is a tag-team title; every side must be a team")
    for c in comps:
        if t.min_weight is not None or t.max_weight is not None:
            w = _weight(ctx, c)
            lo = t.min_weight if t.min_weight is not None else 0
            hi = t.max_weight if t.max_weight is not None else 10**6
            if not lo <= w <= hi:
                span = f"{lo} to {hi}" if t.max_weight is not None else f"{lo} or more"
                raise LeagueError(f"{c.name} has Weight {w}; the {t.name} is for Weight {span}")
        if t.min_push_level is not None:
            level = standing(ctx, c, "published").push_level or 1
            if level < t.min_push_level:
                raise LeagueError(f"{c.name} is at Push Level {level}; a shot at the {t.name} needs level "
                                  f"{t.min_push_level}")


def _referee_and_title(ctx: Ctx, rs_id: str, comps: list[Competitor], referee_key: str | None,
                       title_key: str | None) -> tuple[int | None, int | None]:
    ref_id = None
    if referee_key:
        if not league_rules(rs_id).referees:
            raise LeagueError("referees are a MatchMatch rule; other games take no referee")
        ref_id = referee(ctx, referee_key).id
    title_id = None
    if title_key:
        t = title(ctx, title_key)
        check_title(ctx, t, rs_id, comps)
        title_id = t.id
    return ref_id, title_id


def add_match(ctx: Ctx, key: str, ruleset: str, sides: list[str], options: dict[str, object] | None = None,
              referee_key: str | None = None, title_key: str | None = None, rebook: bool = False) -> CardMatch:
    """Put a match on the card, checked now with the engine's own decoders: its game and sides,
    options (the match type), referee (MatchMatch), a title that fits, and nobody booked twice
    unless ``rebook``. On an open show its draws and frozen sheets are made at once."""
    ctx.require_organiser("build the card")
    s = show(ctx, key)
    editable(s)
    rs = get_ruleset(ruleset)
    opts = _check_options(rs.info.id, dict(options or {}))
    comps = _sides(ctx, rs.info.id, sides)
    if not rebook:
        _booked_twice(ctx, s, comps, None)
    ref_id, title_id = _referee_and_title(ctx, rs.info.id, comps, referee_key, title_key)
    if len(s.matches) >= MAX_CARD:
        raise LeagueError(f"a card holds at most {MAX_CARD} matches")
    m = CardMatch(show_id=s.id, position=len(s.matches) + 1, ruleset=rs.info.id, options=opts, referee_id=ref_id,
                  referee_drawn=False, title_id=title_id, rebook=rebook)
    ctx.session.add(m)
    ctx.session.flush()
    for i, c in enumerate(comps):
        ctx.session.add(CardSide(match_id=m.id, index=i, competitor_id=c.id))
    ctx.session.flush()
    ctx.session.refresh(m)
    ctx.session.refresh(s)
    detail: dict[str, Any] = {"position": m.position, "action": "add", "sides": [c.uid for c in comps]}
    if s.status == "open":
        freeze_sheets(m)
        detail["draw"] = draw(ctx, s, m)
    log(ctx, s, "card", **detail)
    ctx.session.flush()
    return m


def card_match(s: Show, position: int) -> CardMatch:
    m = next((m for m in s.matches if m.position == position), None)
    if m is None:
        raise NotFound(f"show {s.number} has no match {position}; it has {len(s.matches)}")
    return m


def _discard_side(ctx: Ctx, s: Show, sd: CardSide, why: str) -> None:
    """A side leaves the card: its strategies go (their hashes stay in the history; each owner is
    told, with the text, so nothing they wrote is lost)."""
    subs = list(ctx.session.scalars(select(Submission).where(Submission.side_id == sd.id).order_by(Submission.id)))
    if subs:
        last = subs[-1]
        notify(ctx, last.member_id, s, f"Show {s.number}: {why}; your strategy for {sd.competitor.name} "
               f"(SHA-256 {last.sha256[:12]}) no longer counts. Its text was:\n{last.text}")
        log(ctx, s, "discard", competitor=sd.competitor.uid, sha256=[x.sha256 for x in subs])
    for x in subs:
        ctx.session.delete(x)
    ctx.session.delete(sd)


def notify(ctx: Ctx, member_id: int, s: Show | None, text: str, hold_until: Show | None = None) -> None:
    ctx.session.add(Notice(league_id=ctx.league.id, member_id=member_id, show_id=s.id if s else None, text=text,
                           created_at=ctx.now(), visible_from_show=hold_until.id if hold_until else None,
                           read_at=None))


def _renumber(ctx: Ctx, s: Show, order: list[CardMatch]) -> None:
    """Positions 1..n in ``order`` (two passes: the (show, position) pair is unique)."""
    for i, m in enumerate(order):
        m.position = -(i + 1)
    ctx.session.flush()
    for m in order:
        m.position = -m.position
    ctx.session.flush()
    ctx.session.refresh(s)


UNSET: Any = object()


def edit_match(ctx: Ctx, key: str, position: int, sides: list[str] | None = None,
               options: dict[str, object] | None = None, referee_key: str | None = UNSET,
               title_key: str | None = UNSET, rebook: bool | None = None) -> CardMatch:
    """Change a match before lock: its sides, options, referee (None: drawn), title (None: none).
    Checked as when it was added. On an open show the draws are made again for its new content
    (the same content draws the same), its sheets are frozen anew, and every strategy already sent
    for it is marked stale and its owner told; a side that left the match loses its strategy."""
    ctx.require_organiser("edit the card")
    s = show(ctx, key)
    editable(s)
    m = card_match(s, position)
    rs = get_ruleset(m.ruleset)
    before = card_entry_brief(m)
    opts = _check_options(rs.info.id, dict(options)) if options is not None else dict(m.options)
    comps = _sides(ctx, rs.info.id, sides) if sides is not None else [sd.competitor for sd in m.sides]
    again = m.rebook if rebook is None else rebook
    if not again and (m.rebook or {c.id for c in comps} != {sd.competitor_id for sd in m.sides}):
        # checked when its sides change or "on purpose" is taken off; not for a referee or a title
        # while a later match books one of its sides again on purpose
        _booked_twice(ctx, s, comps, m)
    ref_key = (m.referee.name if m.referee and not m.referee_drawn else None) if referee_key is UNSET else referee_key
    t_key = (m.title.name if m.title else None) if title_key is UNSET else title_key
    ref_id, title_id = _referee_and_title(ctx, rs.info.id, comps, ref_key, t_key)
    same_match = ([c.id for c in comps] == [sd.competitor_id for sd in m.sides] and opts == dict(m.options)
                  and title_id == m.title_id
                  and (ref_id == m.referee_id if ref_key else (m.referee_drawn or m.referee_id is None)))
    if same_match and all(sd.sheet is None or sd.sheet == sd.competitor.sheet for sd in m.sides):
        if again != m.rebook:  # only how the card was built changed, not what is wrestled: no draw, nothing stale
            m.rebook = again
            log(ctx, s, "card", position=m.position, action="edit", before=before, after=card_entry_brief(m),
                rebook=again)
            ctx.session.flush()
        return m  # nothing changed (not even a sheet to freeze anew): no draw, nothing made stale
    if sides is not None:
        keep = {c.id for c in comps}
        for sd in list(m.sides):
            if sd.competitor_id not in keep:
                _discard_side(ctx, s, sd, f"the organiser took {sd.competitor.name} out of match {m.position}")
        ctx.session.flush()
        ctx.session.refresh(m)
        by_comp = {sd.competitor_id: sd for sd in m.sides}
        for i, sd in enumerate(m.sides):
            sd.index = -(i + 1)
        ctx.session.flush()
        for i, c in enumerate(comps):
            if c.id in by_comp:
                by_comp[c.id].index = i
            else:
                ctx.session.add(CardSide(match_id=m.id, index=i, competitor_id=c.id))
        ctx.session.flush()
        ctx.session.refresh(m)
    m.options, m.rebook, m.title_id = opts, again, title_id
    m.referee_id, m.referee_drawn = ref_id, False
    detail: dict[str, Any] = {"position": m.position, "action": "edit", "before": before}
    if s.status == "open":
        ctx.session.flush()
        ctx.session.refresh(m)
        old_draw = {"referee": before.get("referee"), "grid": before.get("grid")}
        freeze_sheets(m)
        m.edited_at = ctx.now()
        detail["draw"] = draw(ctx, s, m)
        detail["discarded_draw"] = old_draw
        _mark_stale(ctx, s, m)
    ctx.session.flush()
    ctx.session.refresh(m)
    detail["after"] = card_entry_brief(m)
    log(ctx, s, "card", **detail)
    ctx.session.flush()
    return m


def _mark_stale(ctx: Ctx, s: Show, m: CardMatch) -> None:
    for sd in m.sides:
        sub = ctx.session.scalars(select(Submission).where(Submission.side_id == sd.id)
                                  .order_by(Submission.id.desc())).first()
        if sub is not None:
            notify(ctx, sub.member_id, s, f"Show {s.number}: the organiser changed match {m.position}; your "
                   f"strategy for {sd.competitor.name} is stale. It still counts if it fits the match as it is now; "
                   "check it and send it again.")


def card_entry_brief(m: CardMatch) -> dict[str, Any]:
    return {"ruleset": m.ruleset, "options": dict(m.options), "sides": [sd.competitor.uid for sd in m.sides],
            "referee": m.referee.name if m.referee else None, "title": m.title.name if m.title else None,
            "grid": m.grid}


def remove_match(ctx: Ctx, key: str, position: int) -> None:
    """Take a match off the card before lock; the matches after it move up."""
    ctx.require_organiser("edit the card")
    s = show(ctx, key)
    editable(s)
    m = card_match(s, position)
    brief = card_entry_brief(m)
    for sd in list(m.sides):
        _discard_side(ctx, s, sd, f"the organiser took match {position} off the card")
    ctx.session.flush()
    ctx.session.delete(m)
    ctx.session.flush()
    ctx.session.refresh(s)
    _renumber(ctx, s, list(s.matches))
    log(ctx, s, "card", position=position, action="remove", before=brief)
    ctx.session.flush()


def move_match(ctx: Ctx, key: str, position: int, to: int) -> None:
    """Move a match to another place on the card (the draws do not depend on places)."""
    ctx.require_organiser("edit the card")
    s = show(ctx, key)
    editable(s)
    m = card_match(s, position)
    if not 1 <= to <= len(s.matches):
        raise LeagueError(f"the card has places 1 to {len(s.matches)}, not {to}")
    order = [x for x in s.matches if x is not m]
    order.insert(to - 1, m)
    _renumber(ctx, s, order)
    log(ctx, s, "card", position=position, action="move", to=to)
    ctx.session.flush()


def move_deadline(ctx: Ctx, key: str, deadline: datetime) -> Show:
    """A new deadline for a draft or open show (the latest strategy before it counts)."""
    ctx.require_organiser("move deadlines")
    s = show(ctx, key)
    editable(s)
    future_deadline(ctx, deadline)
    old = s.deadline
    s.deadline = deadline
    log(ctx, s, "deadline", before=old.isoformat(), after=deadline.isoformat())
    ctx.session.flush()
    return s


def delete_show(ctx: Ctx, key: str) -> None:
    """Delete a draft or open show: its card goes, with the sheets and draws it fixed (each
    strategy's owner is told, with its text), and its history but the locks, whose commitments went
    out. The row stays, marked deleted with the time: its number is never given again, and a show
    that was open stays listed with its card seed (a card drawn again under a new show is seen)."""
    ctx.require_organiser("delete shows")
    s = show(ctx, key)
    if s.status not in ("draft", "open"):
        raise LeagueError(f"show {s.number} is {s.status}; only a draft or open show is deleted")
    for m in list(s.matches):
        for sd in list(m.sides):
            _discard_side(ctx, s, sd, f"the organiser deleted show {s.number}")
        ctx.session.flush()
        ctx.session.delete(m)
    ctx.session.flush()
    for ev in ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id,
                                                          ShowEvent.kind.not_in(("lock", "unlock")))):
        ctx.session.delete(ev)
    ctx.record(ShowDeleted(s.id))  # its unsent messages are dropped (league/assembly.py)
    s.status, s.deleted_at = "deleted", ctx.now()
    s.seed = s.seed_sha256 = s.manifest = s.run_error = None
    s.writeup = ""
    ctx.session.flush()
    ctx.session.refresh(s)
