"""Creating the league and its roster: members, competitors (any game's validated sheet, and
teams of league wrestlers where the game's league rules make them), referees and titles; the
organiser's Push awards."""

from __future__ import annotations

import secrets
from fractions import Fraction
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select
from sqlalchemy.orm import Session

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.inputs import parse_yaml
from turnbuckle.core.models import one_line_name
from turnbuckle.core.push import Push
from turnbuckle.league.context import Clock, Ctx, member_named, system_clock
from turnbuckle.league.errors import Forbidden, LeagueError, NotFound
from turnbuckle.league.game_rules import games_with, league_rules
from turnbuckle.league.keys import Key, id_like, parse_key
from turnbuckle.league.models import CardMatch, CardSide, Competitor, League, Member, PushChange, Referee, Show, Title
from turnbuckle.rulesets.registry import get_ruleset

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3
ROLES = ("organiser", "player")
#: Finishes that do not change a title's hands unless the title says otherwise.
DEFAULT_TITLE_EXCLUDED = ("dq", "count-out")


_Row = TypeVar("_Row", Competitor, Referee, Title)


def new_uid() -> str:
    return secrets.token_hex(8)


def _check_name(name: str, what: str) -> str:
    name = name.strip()
    if not name or len(name) > 100:
        raise LeagueError(f"a {what} needs a name of 1 to 100 characters")
    try:  # one visible line, no invisible or text-direction characters (names reach write-ups)
        one_line_name(name)
    except ValueError as exc:
        raise LeagueError(f"{what} name: {exc}") from None
    return name


#: Rows a person names by key (:mod:`turnbuckle.league.keys`): their names may not look like ids.
KEYED = ("member", "competitor", "wrestler", "team", "referee", "title")


def check_name(name: str, what: str) -> str:
    """A league name (member, team, title, show) stripped and checked, or a LeagueError; a member,
    competitor, team, referee or title may not be named like an id (``27``, ``#27``, a uid)."""
    name = _check_name(name, what)
    if what in KEYED and id_like(name):
        raise LeagueError(f"a {what} may not be named '{name}': a name of only digits (or '#' and digits, "
                          "or 16 hex digits) reads as an id; add a word or a letter, e.g. "
                          f"'No. {name.lstrip('#')}'")
    return name


def create_league(session: Session, name: str, organiser: str, timezone: str = "UTC",
                  clock: Clock = system_clock, max_push_level: int = 5) -> League:
    """A new league with its organiser (one league per database)."""
    if session.scalars(select(League)).first() is not None:
        raise LeagueError("this database already holds a league; use another --db for a second one")
    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # a folder of the zone database ('Europe') or a
        # name too long for a file is an OSError, not a ZoneInfoNotFoundError
        raise LeagueError(f"unknown time zone '{timezone}'; use a name such as 'Europe/London' or 'UTC'") from None
    if not 1 <= max_push_level <= 20:
        raise LeagueError(f"the highest Push Level must be 1 to 20, got {max_push_level}")
    now = clock()
    league = League(name=_check_name(name, "league"), timezone=timezone, max_push_level=max_push_level,
                    created_at=now)
    session.add(league)
    session.flush()
    session.add(Member(league_id=league.id, name=check_name(organiser, "member"), role="organiser", created_at=now))
    session.flush()
    return league


def add_member(ctx: Ctx, name: str, role: str = "player") -> Member:
    ctx.require_organiser("add members")
    if role not in ROLES:
        raise LeagueError(f"role '{role}' must be one of {', '.join(ROLES)}")
    name = check_name(name, "member")
    if any(m.name.lower() == name.lower() for m in members(ctx)):
        raise LeagueError(f"there is already a member named '{name}'")
    member = Member(league_id=ctx.league.id, name=name, role=role, created_at=ctx.now())
    ctx.session.add(member)
    ctx.session.flush()
    return member


def members(ctx: Ctx) -> list[Member]:
    return list(ctx.session.scalars(select(Member).where(Member.league_id == ctx.league.id).order_by(Member.id)))


def _owner(ctx: Ctx, owner: str | None) -> Member:
    if owner is None:
        return ctx.actor
    member = member_named(ctx.session, ctx.league, owner)
    if member.id != ctx.actor.id and ctx.actor.role != "organiser":
        raise Forbidden(f"'{ctx.actor.name}' may add competitors only for themselves")
    return member


def _sheet_of(ruleset_id: str, text: str, label: str) -> tuple[str, str, str, dict[str, Any]]:
    """Validate a sheet with its ruleset's own loader: (ruleset id, version, name, sheet JSON)."""
    ruleset = get_ruleset(ruleset_id)
    side = ruleset.load_text(text, label)  # SheetError lists every problem
    sheet = ruleset.side_json(side)
    if not isinstance(sheet, dict):
        raise LeagueError.under(label, f"the {ruleset.info.id} sheet is not a mapping")
    sheet = {k: v for k, v in sheet.items() if k != "strategy"}  # a strategy is sent per show, not kept here
    return ruleset.info.id, ruleset.info.version, ruleset.side_name(side), sheet


def _new_competitor(ctx: Ctx, owner: Member, ruleset_id: str, version: str, name: str, sheet: dict[str, Any],
                    team_of: list[int]) -> Competitor:
    check_name(name, "team" if team_of else "competitor")
    if ctx.session.scalars(select(Competitor).where(Competitor.league_id == ctx.league.id,
                                                    Competitor.name == name)).first() is not None:
        raise LeagueError(f"there is already a competitor named '{name}'; rename the sheet")
    level: int | None = None
    rules = league_rules(ruleset_id)
    if rules.push_levels and not team_of:
        level = min(max(1, rules.starting_push_level(sheet)), ctx.league.max_push_level)
    comp = Competitor(uid=new_uid(), league_id=ctx.league.id, owner_id=owner.id, name=name, ruleset=ruleset_id,
                      ruleset_version=version, sheet=sheet, members=team_of, push_level=level,
                      push_points="0" if level is not None else None, injuries=0, rating_mu=DEFAULT_MU,
                      rating_sigma=DEFAULT_SIGMA, created_at=ctx.now())
    ctx.session.add(comp)
    ctx.session.flush()
    return comp


def add_competitor(ctx: Ctx, ruleset: str, text: str, label: str, owner: str | None = None) -> Competitor:
    """A competitor from a sheet's text, validated by its game; owned by ``owner`` (default: the actor).
    A team document of a game with tag teams names its members by their league names
    (:func:`add_team_document`)."""
    who = _owner(ctx, owner)
    team = team_document(text, label) if league_rules(ruleset).tag_teams else None
    if team is not None:
        return add_team_document(ctx, team["team"], label, owner)
    ruleset_id, version, name, sheet = _sheet_of(ruleset, text, label)
    if league_rules(ruleset_id).is_team_sheet(sheet):
        raise LeagueError.under(label, "a team is made of league wrestlers; add it with 'competitor team'")
    return _new_competitor(ctx, who, ruleset_id, version, name, sheet, [])


def team_document(text: str, label: str) -> dict[str, Any] | None:
    """The ``team:`` mapping of a team document (a game with tag teams), or None for any other
    document."""
    try:
        data = parse_yaml(text, label)
    except RulesError:
        return None
    return data if isinstance(data, dict) and set(data) == {"team"} else None


def check_sheet(ctx: Ctx, ruleset: str, text: str, label: str) -> tuple[list[str], list[str]]:
    """(problems, warnings) of a sheet as the league would take it, saving nothing: a tag-team
    document is checked with its members read from the league (by name), as saving does;
    anything else as the game's own ``check_text``."""
    rs = get_ruleset(ruleset)
    doc = team_document(text, label) if league_rules(ruleset).tag_teams else None
    if doc is None:
        verdict = rs.check_text(text, label)
        return verdict.problems, verdict.warnings
    try:
        trial = ctx.session.begin_nested()
        try:
            add_team_document(ctx, doc["team"], label)
        finally:
            trial.rollback()
    except SheetError as exc:
        return list(exc.problems), []
    except RulesError as exc:
        return [exc.problem], []
    return [], []


def check_replacement(ctx: Ctx, key: str, text: str, label: str) -> tuple[list[str], list[str]]:
    """(problems, warnings) of a competitor's new sheet as :func:`replace_sheet` would take it:
    the same function, tried and rolled back, so the editor's check and the save never differ."""
    rs = get_ruleset(competitor(ctx, key).ruleset)
    try:
        warnings = [] if team_document(text, label) is not None else rs.check_text(text, label).warnings
        trial = ctx.session.begin_nested()
        try:
            replace_sheet(ctx, key, text, label)
        finally:
            trial.rollback()
    except SheetError as exc:
        return list(exc.problems), []
    except RulesError as exc:
        return [exc.problem], []
    return [], warnings


def add_team_document(ctx: Ctx, body: object, label: str, owner: str | None = None) -> Competitor:
    """A team from its document (``team: {name, members, ...}``): the members are league
    wrestlers named by name; the rest is the team's own scores (Part I.2: each within the
    members' range, Teamwork the lowest, High Spots free, 42 points) or ``use: MEMBER`` with the
    values changed beside it (the freed Teamwork point spent)."""
    if not isinstance(body, dict):
        raise LeagueError.under(label, "'team' must be a mapping with 'name', 'members' and the team's scores or 'use'")
    data = dict(body)
    names = data.pop("members", None)
    if not isinstance(names, list) or not all(isinstance(n, (str, dict)) for n in names):
        raise LeagueError.under(label, "'members' must list the league wrestlers by name")
    keys = [n if isinstance(n, str) else str(n.get("name", "")) for n in names]
    use = data.pop("use", None)
    name = str(data.pop("name", "")).strip()
    return add_team(ctx, name, keys, str(use) if use is not None else None, owner, scores=data, label=label)


def add_team(ctx: Ctx, name: str, member_names: list[str], use: str | None = None,
             owner: str | None = None, scores: dict[str, Any] | None = None, label: str = "") -> Competitor:
    """A tag team of league wrestlers of a game with tag teams: its own ``scores`` (every value of a sheet but
    the name), or one member's sheet whole (``use``, by default the first member's) with any
    ``scores`` given beside it changed; checked by the ruleset's team rules."""
    who = _owner(ctx, owner)
    if len(member_names) < 2:
        raise LeagueError("a team needs at least two members")
    comps = [competitor(ctx, n) for n in member_names]  # keys: a name, '#ID' or 'uid:UID'
    for c in comps:
        if ctx.actor.role != "organiser" and c.owner_id != ctx.actor.id:  # a team carries its members' sheets
            raise NotFound(f"no competitor '{c.name}' of yours; a team is made of your own wrestlers")
        if c.ruleset != comps[0].ruleset or not league_rules(c.ruleset).tag_teams or c.members:
            raise LeagueError(f"'{c.name}' is not a MatchMatch wrestler; a team is made of wrestlers")
    repeated = sorted({c.name for c in comps if sum(d.id == c.id for d in comps) > 1})  # after: never a 404's probe
    if repeated:
        raise LeagueError(f"'{repeated[0]}' is named twice; a team needs at least two different wrestlers")
    version, team_name, sheet = _team_sheet(name, comps, use, scores, label)
    return _new_competitor(ctx, who, comps[0].ruleset, version, team_name, sheet, [c.id for c in comps])


def _team_sheet(name: str, comps: list[Competitor], use: str | None, scores: dict[str, Any] | None,
                label: str) -> tuple[str, str, dict[str, Any]]:
    """A team's sheet from its members' and its own scores (or ``use``), checked by the ruleset's
    team rules: (version, name, sheet). The league's Push Level and injuries are never the sheet's."""
    game = comps[0].ruleset
    text = league_rules(game).team_text(check_name(name, "team"), [(c.name, c.sheet) for c in comps], use,
                                        scores or {})
    _, version, team_name, sheet = _sheet_of(game, text, label or f"team '{name}'")
    return version, team_name, sheet


def _replace_team_sheet(ctx: Ctx, comp: Competitor, text: str, label: str) -> tuple[str, str, dict[str, Any]]:
    """A team's edited document (as for a new team: ``team: {name, members, ...}``, a member named
    by name or by its sheet, as the editor shows it): the same members, its own scores or ``use``."""
    doc = team_document(text, label)
    if doc is None or not isinstance(doc["team"], dict):
        raise LeagueError.under(label, f"'{comp.name}' is a team; write its document as 'team:' with its name, "
                          "members and scores (or 'use: MEMBER')")
    data = dict(doc["team"])
    names = data.pop("members", None)
    if not isinstance(names, list) or not all(isinstance(n, (str, dict)) for n in names):
        raise LeagueError.under(label, "'members' must list the league wrestlers by name")
    keys = [n if isinstance(n, str) else str(n.get("name", "")) for n in names]
    current = [ctx.session.get_one(Competitor, int(cid)) for cid in comp.members]
    if sorted(k.strip().lower() for k in keys) != sorted(c.name.lower() for c in current):
        raise LeagueError.under(label, f"a team's members stay as they are ({', '.join(c.name for c in current)}); "
                          "for other members, make a new team")
    use = data.pop("use", None)
    name = str(data.pop("name", "")).strip()
    return _team_sheet(name, current, str(use) if use is not None else None, data, label)


def competitor(ctx: Ctx, key: str) -> Competitor:
    """A competitor by key: ``#27`` or ``id:27`` its id, ``uid:...`` its uid, anything else its
    name (any case; a bare ``27`` is a name, never an id)."""
    k = parse_key(key)
    found = _named(ctx, k.text) if k.kind == "name" else _by(ctx, Competitor, k)
    if found is None:
        raise NotFound(f"no competitor {k}; see 'turnbuckle league competitor list' (an id is written #27)")
    return found


def competitor_by_id(ctx: Ctx, cid: int) -> Competitor:
    found = _by(ctx, Competitor, Key("id", str(cid))) if cid >= 0 else None
    if found is None:
        raise NotFound(f"no competitor #{cid}")
    return found


def competitor_by_uid(ctx: Ctx, uid: str) -> Competitor:
    found = _by(ctx, Competitor, Key("uid", uid))
    if found is None:
        raise NotFound(f"no competitor uid:{uid}")
    return found


def competitor_named(ctx: Ctx, name: str) -> Competitor:
    """A competitor by its name only (any case): an all-digit name is a name here, never an id."""
    found = _named(ctx, name)
    if found is None:
        raise NotFound(f"no competitor named '{name}'; see 'turnbuckle league competitor list'")
    return found


def _named(ctx: Ctx, name: str) -> Competitor | None:
    wanted = name.strip().lower()  # compared here: SQL's lower() folds ASCII only on SQLite
    rows = ctx.session.execute(select(Competitor.id, Competitor.name).where(Competitor.league_id == ctx.league.id)
                               .order_by(Competitor.id))  # names only: no sheet is loaded
    found = next((r.id for r in rows if r.name.lower() == wanted), None)
    return ctx.session.get(Competitor, found) if found is not None else None


def _by(ctx: Ctx, model: type[_Row], k: Key) -> _Row | None:
    """The league's row of ``model`` with the id or uid of key ``k``, or None (an id too large for
    the database names nothing: it never reaches the driver)."""
    row: _Row | None
    if k.kind == "id":
        number = k.number
        row = ctx.session.get(model, number) if number is not None else None
    else:
        row = ctx.session.scalars(select(model).where(getattr(model, "uid") == k.text)).first()  # noqa: B009 (Title has none)
    return row if row is not None and row.league_id == ctx.league.id else None


def competitors(ctx: Ctx, ruleset: str | None = None) -> list[Competitor]:
    q = select(Competitor).where(Competitor.league_id == ctx.league.id)
    if ruleset:
        q = q.where(Competitor.ruleset == get_ruleset(ruleset).info.id)
    return list(ctx.session.scalars(q.order_by(Competitor.id)))


def add_referee(ctx: Ctx, text: str, label: str) -> Referee:
    """A referee of the game whose league rules keep referees (MatchMatch's): a bundled one by name
    (a YAML string), or the organiser's own referee sheet (name, type, DQ threshold, notes), refused
    with every problem listed."""
    ctx.require_organiser("add referees")

    games = games_with("referees")
    if not games:
        raise LeagueError("no game of this turnbuckle takes referees")
    rules = league_rules(games[0])
    data = parse_yaml(text, label)
    if isinstance(data, str):
        try:
            name, sheet = rules.referee_sheet(data, label)
        except RulesError as exc:
            raise LeagueError.under(label, str(exc)) from None
    else:
        name, sheet = rules.referee_sheet(data, label)
    check_name(name, "referee")
    if ctx.session.scalars(select(Referee).where(Referee.league_id == ctx.league.id,
                                                 Referee.name == name)).first() is not None:
        raise LeagueError(f"there is already a referee named '{name}'")
    ref = Referee(uid=new_uid(), league_id=ctx.league.id, name=name, ruleset=games[0], sheet=sheet,
                  created_at=ctx.now())
    ctx.session.add(ref)
    ctx.session.flush()
    return ref


def referees(ctx: Ctx) -> list[Referee]:
    return list(ctx.session.scalars(select(Referee).where(Referee.league_id == ctx.league.id).order_by(Referee.name)))


def referee(ctx: Ctx, key: str) -> Referee:
    """A referee by key: ``#3``/``id:3``, ``uid:...`` or its name (any case; never an id)."""
    k = parse_key(key)
    if k.kind == "name":
        return referee_named(ctx, k.text)
    found = _by(ctx, Referee, k)
    if found is None:
        raise NotFound(f"no referee {k}; see 'turnbuckle league referee list'")
    return found


def referee_named(ctx: Ctx, name: str) -> Referee:
    """A referee by its name only (any case)."""
    wanted = name.strip().lower()
    found = next((r for r in referees(ctx) if r.name.lower() == wanted), None)
    if found is None:
        raise NotFound(f"no referee named '{name.strip()}'; see 'turnbuckle league referee list'")
    return found


TITLE_KINDS = ("singles", "tag", "any")


def add_title(ctx: Ctx, name: str, ruleset: str, excluded: list[str] | None = None, kind: str = "singles",
              min_weight: int | None = None, max_weight: int | None = None,
              min_push_level: int | None = None) -> Title:
    """A title of one game; by default it does not change hands on a DQ or a count-out. ``kind``:
    singles (no team may hold it), tag (teams only) or any. MatchMatch titles may have a weight
    class (the sheet's Weight between ``min_weight`` and ``max_weight``: the rulebook's
    light-heavyweights are Weight 1-3) and a Push Level a title shot needs: each where the game's
    league rules keep teams and title limits."""
    ctx.require_organiser("create titles")
    rid = get_ruleset(ruleset).info.id
    name = check_name(name, "title")
    if ctx.session.scalars(select(Title).where(Title.league_id == ctx.league.id, Title.name == name)).first():
        raise LeagueError(f"there is already a title named '{name}'")
    if kind not in TITLE_KINDS:
        raise LeagueError(f"title kind '{kind}' must be one of {', '.join(TITLE_KINDS)}")
    rules = league_rules(rid)
    if kind == "tag" and not rules.tag_teams:
        raise LeagueError("tag-team titles are for MatchMatch teams")
    limits = (min_weight, max_weight, min_push_level)
    if not rules.title_limits and any(x is not None for x in limits):
        raise LeagueError("weight classes and Push Level limits are MatchMatch rules; other games' titles take none")
    for label, value, top in (("minimum Weight", min_weight, 50), ("maximum Weight", max_weight, 50),
                              ("minimum Push Level", min_push_level, ctx.league.max_push_level)):
        if value is not None and not (0 if "Weight" in label else 1) <= value <= top:
            raise LeagueError(f"the {label} must be {0 if 'Weight' in label else 1} to {top}, got {value}")
    if min_weight is not None and max_weight is not None and min_weight > max_weight:
        raise LeagueError(f"the minimum Weight {min_weight} is above the maximum {max_weight}")
    title = Title(league_id=ctx.league.id, name=name, ruleset=rid,
                  methods_excluded=list(DEFAULT_TITLE_EXCLUDED if excluded is None else excluded),
                  created_at=ctx.now(), kind=kind, min_weight=min_weight, max_weight=max_weight,
                  min_push_level=min_push_level)
    ctx.session.add(title)
    ctx.session.flush()
    return title


def title(ctx: Ctx, key: str) -> Title:
    """A title by key: ``#2``/``id:2`` its id, anything else its name (any case; never an id)."""
    k = parse_key(key)
    found: Title | None = None
    if k.kind == "name":
        wanted = k.text.lower()
        found = next((t for t in ctx.session.scalars(select(Title).where(Title.league_id == ctx.league.id)
                                                     .order_by(Title.id)) if t.name.lower() == wanted), None)
    elif k.kind == "id":
        found = _by(ctx, Title, k)
    if found is None:
        raise NotFound(f"no title {k}; see 'turnbuckle league titles'")
    return found


def parse_points(text: str) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise LeagueError(f"'{text}' is not a number of Push points; write 1, -1/2 or 0.5") from None
    if abs(value) > 10:
        raise LeagueError(f"{text} Push points is too many for one award; give at most 10")
    return value


def award_push(ctx: Ctx, key: str, points: Fraction, reason: str) -> PushChange:
    """The organiser grants (or takes) Push points by hand, for a good flash or interview."""
    ctx.require_organiser("award Push points")
    comp = competitor(ctx, key)
    if comp.push_level is None:
        raise LeagueError(f"'{comp.name}' has no Push Level (only MatchMatch wrestlers do; a team's members have)")
    if not reason.strip():
        raise LeagueError("say why: an award needs a reason, shown in the history")
    before = Push(comp.push_level, Fraction(comp.push_points or "0"))
    after = league_rules(comp.ruleset).award(before, points, ctx.league.max_push_level)
    return record_push(ctx, comp, before, after, f"award: {reason.strip()}", None, None, ctx.actor.id)


def record_push(ctx: Ctx, comp: Competitor, before: Any, after: Any, reason: str, show_id: int | None,
                result_id: int | None, member_id: int | None) -> PushChange:
    change = PushChange(competitor_id=comp.id, show_id=show_id, result_id=result_id, member_id=member_id,
                        level_before=before.level, points_before=str(before.points), level_after=after.level,
                        points_after=str(after.points), reason=reason, at=ctx.now())
    comp.push_level, comp.push_points = after.level, str(after.points)
    ctx.session.add(change)
    ctx.session.flush()
    return change


def replace_sheet(ctx: Ctx, key: str, text: str, label: str) -> Competitor:
    """A competitor's new sheet, validated by its game like a new one; by its owner or the
    organiser. A team's is its document, as for a new team, with the same members. Refused while
    the competitor is on a locked show's card (the card that was locked is the card that runs). A
    MatchMatch side keeps the league's Push Level and injuries, whatever the sheet says."""
    comp = competitor(ctx, key)
    if comp.owner_id != ctx.actor.id and ctx.actor.role != "organiser":
        raise Forbidden(f"'{comp.name}' belongs to {comp.owner.name}; only its owner or the organiser edits it")
    locked = ctx.session.scalars(select(Show.number).join(CardMatch, CardMatch.show_id == Show.id)
                                 .join(CardSide, CardSide.match_id == CardMatch.id)
                                 .where(CardSide.competitor_id == comp.id, Show.status == "locked")).first()
    if locked is not None:
        raise LeagueError(f"'{comp.name}' is on the card of show {locked}, which is locked; "
                          "edit the sheet after it runs, or unlock it")
    if comp.members:
        version, name, sheet = _replace_team_sheet(ctx, comp, text, label)
    else:
        rules = league_rules(comp.ruleset)
        if rules.tag_teams and team_document(text, label) is not None:
            raise LeagueError.under(label, f"this is a team document; '{comp.name}' is a wrestler")
        _, version, name, sheet = _sheet_of(comp.ruleset, text, label)
        if rules.is_team_sheet(sheet):
            raise LeagueError.under(label, f"this is a team sheet; '{comp.name}' is a wrestler")
    if name != comp.name:
        check_name(name, "team" if comp.members else "competitor")
    if name.lower() != comp.name.lower() and ctx.session.scalars(select(Competitor).where(
            Competitor.league_id == ctx.league.id, Competitor.name == name)).first() is not None:
        raise LeagueError(f"there is already a competitor named '{name}'; rename the sheet")
    comp.name, comp.ruleset_version, comp.sheet = name, version, sheet
    ctx.session.flush()
    return comp
