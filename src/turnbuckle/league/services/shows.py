"""A show's life before it runs: the card, opening it (referees drawn from a published seed),
strategy submissions, lock (the secret seed and the published manifest) and unlock."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select

from turnbuckle import __version__
from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx
from turnbuckle.league.errors import Forbidden, LeagueError, NotFound
from turnbuckle.league.models import CardMatch, CardSide, Competitor, Show, ShowEvent, Submission
from turnbuckle.league.services.roster import M2, check_name, competitor, new_uid, referee, referees, title
from turnbuckle.rulesets.registry import get_ruleset

STATUSES = ("draft", "open", "locked", "run", "published")
MAX_CARD = 100
MAX_STRATEGY_CHARS = 50_000


def show(ctx: Ctx, key: str) -> Show:
    """A show by number (``3``) or uid."""
    key = key.strip().lstrip("#")
    q = select(Show).where(Show.league_id == ctx.league.id)
    q = q.where(Show.number == int(key)) if key.isdigit() and len(key) < 9 else q.where(Show.uid == key)
    found = ctx.session.scalars(q).first()
    if found is None:
        raise NotFound(f"no show '{key}'; see 'turnbuckle league show list'")
    return found


def shows(ctx: Ctx) -> list[Show]:
    return list(ctx.session.scalars(select(Show).where(Show.league_id == ctx.league.id).order_by(Show.number)))


def log(ctx: Ctx, s: Show, kind: str, **detail: Any) -> None:
    ctx.session.add(ShowEvent(show_id=s.id, at=ctx.now(), kind=kind, member_id=ctx.actor.id, detail=detail))


def create_show(ctx: Ctx, name: str, show_date: str, deadline: datetime) -> Show:
    ctx.require_organiser("create shows")
    if deadline.tzinfo is None:
        raise LeagueError("the deadline needs a time zone")
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


def _editable(s: Show) -> None:
    if s.status not in ("draft", "open"):
        raise LeagueError(f"show {s.number} is {s.status}; the card can change only before lock"
                          + (" (unlock it first)" if s.status == "locked" else ""))


def add_match(ctx: Ctx, key: str, ruleset: str, sides: list[str], options: dict[str, object] | None = None,
              referee_key: str | None = None, title_key: str | None = None) -> CardMatch:
    """Put a match on the card: a game, its sides (league competitors), match options, an optional
    referee (MatchMatch) and title at stake."""
    ctx.require_organiser("build the card")
    s = show(ctx, key)
    _editable(s)
    rs = get_ruleset(ruleset)
    opts = dict(options or {})
    if "type_file" in opts or "referee" in opts:
        raise LeagueError("give the referee with --referee (league referees); type_file cannot name a server path")
    resolve_options(rs.info.options, opts)  # OptionError names a bad option
    comps = [competitor(ctx, k) for k in sides]
    if not rs.info.min_sides <= len(comps) <= rs.info.max_sides:
        raise LeagueError(f"{rs.info.name} takes {rs.info.min_sides} to {rs.info.max_sides} sides, got {len(comps)}")
    seen: set[int] = set()
    for c in comps:
        if c.ruleset != rs.info.id:
            raise LeagueError(f"'{c.name}' is a {c.ruleset} competitor, not {rs.info.id}")
        people = set(c.members) | {c.id}
        if people & seen:
            raise LeagueError(f"'{c.name}' is already on this side of the card; a competitor stands once per match")
        seen |= people
    ref_id = None
    if referee_key:
        if rs.info.id != M2:
            raise LeagueError("referees are a MatchMatch rule; other games take no referee")
        ref_id = referee(ctx, referee_key).id
    title_id = None
    if title_key:
        t = title(ctx, title_key)
        if t.ruleset != rs.info.id:
            raise LeagueError(f"the {t.name} is a {t.ruleset} title, not {rs.info.id}")
        title_id = t.id
    if len(s.matches) >= MAX_CARD:
        raise LeagueError(f"a card holds at most {MAX_CARD} matches")
    m = CardMatch(show_id=s.id, position=len(s.matches) + 1, ruleset=rs.info.id, options=opts, referee_id=ref_id,
                  referee_drawn=False, title_id=title_id)
    ctx.session.add(m)
    ctx.session.flush()
    for i, c in enumerate(comps):
        ctx.session.add(CardSide(match_id=m.id, index=i, competitor_id=c.id))
    ctx.session.flush()
    ctx.session.refresh(s)
    log(ctx, s, "card", position=m.position, action="add", sides=[c.uid for c in comps])
    return m


def open_show(ctx: Ctx, key: str) -> Show:
    """Open the card for strategies. MatchMatch matches with no referee draw one of the league's
    referees from a card seed published with the card, so anyone can check the draw."""
    ctx.require_organiser("open shows")
    s = show(ctx, key)
    if s.status != "draft":
        raise LeagueError(f"show {s.number} is {s.status}; only a draft opens")
    if not s.matches:
        raise LeagueError(f"show {s.number} has no matches; add some with 'turnbuckle league card add'")
    s.card_seed = canonical.new_seed()
    refs = referees(ctx)
    for m in s.matches:
        if m.ruleset == M2 and m.referee_id is None and refs:
            m.referee_id = refs[canonical.referee_draw(s.card_seed, s.uid, m.position, len(refs))].id
            m.referee_drawn = True
    s.status = "open"
    ctx.session.flush()
    log(ctx, s, "open", card_seed=s.card_seed, referees=[r.name for r in refs])
    return s


def side_of(ctx: Ctx, s: Show, position: int, competitor_key: str) -> CardSide:
    m = next((m for m in s.matches if m.position == position), None)
    if m is None:
        raise NotFound(f"show {s.number} has no match {position}; it has {len(s.matches)}")
    comp = competitor(ctx, competitor_key)
    side = next((sd for sd in m.sides if sd.competitor_id == comp.id), None)
    if side is None:
        raise NotFound(f"'{comp.name}' is not in match {position} of show {s.number}")
    return side


def check_strategy(m: CardMatch, comp: Competitor, text: str, label: str) -> str:
    """Validate a strategy against the competitor's sheet (High Spots, Push Level), the match type
    and length, with the ruleset's own readers; return its formatted text. In another game the
    text is the side's pre-match choice of automatic player (``league.choices``); return its kind."""
    if m.ruleset != M2:
        from turnbuckle.league.choices import read_choice

        return read_choice(m.ruleset, text, label)
    from turnbuckle.rulesets.matchmatch.match_types import find_type
    from turnbuckle.rulesets.matchmatch.side import load_strategy_document
    from turnbuckle.rulesets.matchmatch.strategy import strategy_problems
    from turnbuckle.rulesets.matchmatch.textlayout import format_strategy_text

    rs = get_ruleset(M2)
    opts = resolve_options(rs.info.options, m.options)
    plan = load_strategy_document(text, label)
    mtype = find_type(str(opts["type"]))
    doc = side_document(comp, format_strategy_text(plan), None)
    side = rs.load_side(doc, label)
    problems = strategy_problems(plan, side.sheet.high_spots, side.sheet.push_level, int(str(opts["rounds"])),
                                 mtype.forbidden_specials, mtype.name)
    if problems:
        from turnbuckle.core.errors import SheetError

        raise SheetError(label, problems)
    return format_strategy_text(plan)


def side_document(comp: Competitor, strategy: str | None, team_levels: list[int] | None) -> dict[str, Any]:
    """The side's document as played: the stored sheet with the league's Push Level and injuries."""
    if comp.ruleset != M2:
        return dict(comp.sheet)
    key = "team" if "team" in comp.sheet else "wrestler"
    body = dict(comp.sheet[key])
    if key == "wrestler":
        body["push_level"] = comp.push_level or 1
    elif team_levels:
        body["push_level"] = min(team_levels)
    body["injuries"] = comp.injuries
    doc: dict[str, Any] = {key: body}
    if strategy is not None:
        doc["strategy"] = strategy
    return doc


def submit(ctx: Ctx, key: str, position: int, competitor_key: str, text: str) -> Submission:
    """A strategy for one side, by its owner, before the deadline of an open show."""
    s = show(ctx, key)
    if s.status != "open":
        raise LeagueError(f"show {s.number} is {s.status}; strategies are taken only while it is open")
    if ctx.now() > s.deadline:
        raise LeagueError(f"the deadline for show {s.number} was {ctx.local(s.deadline)}; the strategy is late")
    side = side_of(ctx, s, position, competitor_key)
    comp = side.competitor
    if comp.owner_id != ctx.actor.id:
        raise Forbidden(f"'{comp.name}' belongs to {comp.owner.name}; only its owner sends its strategy")
    if len(text) > MAX_STRATEGY_CHARS:
        raise LeagueError(f"the strategy is {len(text)} characters; the limit is {MAX_STRATEGY_CHARS}")
    try:
        check_strategy(side.match, comp, text, f"strategy for {comp.name}")
    except RulesError as exc:
        raise LeagueError(str(exc)) from None
    digest = canonical.sha256_hex(canonical.canonical_text(text))
    latest = latest_submission(ctx, side)
    if latest is not None and latest.sha256 == digest:
        raise LeagueError(f"this strategy is the same as the one sent at {ctx.local(latest.submitted_at)}; "
                          "nothing to change")
    sub = Submission(side_id=side.id, member_id=ctx.actor.id, text=text, sha256=digest, submitted_at=ctx.now())
    ctx.session.add(sub)
    ctx.session.flush()
    return sub


def latest_submission(ctx: Ctx, side: CardSide, before: datetime | None = None) -> Submission | None:
    q = select(Submission).where(Submission.side_id == side.id)
    if before is not None:
        q = q.where(Submission.submitted_at <= before)
    return ctx.session.scalars(q.order_by(Submission.submitted_at.desc(), Submission.id.desc())).first()


def card_entry(m: CardMatch) -> dict[str, Any]:
    """A card match as published (the manifest and the export hold the same)."""
    return {
        "position": m.position,
        "ruleset": m.ruleset,
        "options": dict(m.options),
        "referee": m.referee.name if m.referee else None,
        "referee_drawn": m.referee_drawn,
        "title": m.title.name if m.title else None,
        "sides": [{"competitor": sd.competitor.uid, "name": sd.competitor.name} for sd in m.sides],
    }


def lock(ctx: Ctx, key: str) -> Show:
    """Close the card: draw the 256-bit show seed and publish the manifest (the seed's hash, every
    counting submission's hash, the card, the ruleset and package versions)."""
    ctx.require_organiser("lock shows")
    s = show(ctx, key)
    if s.status != "open":
        raise LeagueError(f"show {s.number} is {s.status}; only an open show locks")
    s.seed = canonical.new_seed()
    s.seed_sha256 = canonical.sha256_hex(bytes.fromhex(s.seed))
    subs = []
    for m in s.matches:
        for sd in m.sides:
            sub = latest_submission(ctx, sd, s.deadline)
            subs.append({"position": m.position, "side": sd.index, "competitor": sd.competitor.uid,
                         "sha256": sub.sha256 if sub else None,
                         "submitted_at": sub.submitted_at.isoformat() if sub else None})
    s.manifest = {
        "format": "turnbuckle.league-manifest/1",
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
    log(ctx, s, "lock", seed_sha256=s.seed_sha256,
        manifest_sha256=canonical.sha256_hex(canonical.canonical_json(s.manifest)))
    ctx.session.flush()
    return s


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
    ctx.session.flush()
    return s
