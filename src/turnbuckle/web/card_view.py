"""A show's card as its pages show it, read in two queries whatever its length: each match with
its sides, their owners, the referee and the title; and, for the organiser and each side's owner
only, when the side's latest strategy was sent (never what it says)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import aliased

from turnbuckle.league.choices import takes_choice
from turnbuckle.league.context import Ctx
from turnbuckle.league.models import CardMatch, CardSide, Competitor, Member, Referee, Show, Submission, Title
from turnbuckle.league.services.card import is_stale
from turnbuckle.rulesets.registry import get_ruleset


def writes_strategy(ruleset: str) -> bool:
    """Whether a side of this game sends a written strategy for each match (the game has the
    written-strategies facet)."""
    return get_ruleset(ruleset).written_strategies() is not None


def sends(ruleset: str) -> bool:
    """Whether a side of this game sends something before a show: a written strategy (MatchMatch's),
    or another game's choice of automatic player."""
    return writes_strategy(ruleset) or takes_choice(ruleset)


def sending_games() -> list[str]:
    from turnbuckle.rulesets.registry import all_rulesets

    return [rs.info.id for rs in all_rulesets() if sends(rs.info.id)]


def card_view(ctx: Ctx, s: Show) -> list[dict[str, Any]]:
    """Each match of the card: its sides, referee (and whether drawn), title, options, rebook, and
    its grid once fixed (``grid``: the text; ``grid_rows``: the 3x3 for a table). A side's ``sent``
    is when its latest strategy came (for the organiser and its owner only), ``stale`` whether that
    was before the organiser's last change to the match."""
    owner = aliased(Member)
    q = (select(CardMatch.id, CardMatch.position, CardMatch.ruleset, CardMatch.options, CardMatch.referee_drawn,
                Referee.name, Title.name, CardMatch.grid, CardMatch.grid_drawn, CardMatch.edited_at, CardMatch.rebook,
                CardSide.id, Competitor.id, Competitor.name, Competitor.owner_id, owner.name)
         .join(CardSide, CardSide.match_id == CardMatch.id)
         .join(Competitor, CardSide.competitor_id == Competitor.id)
         .join(owner, Competitor.owner_id == owner.id)
         .outerjoin(Referee, CardMatch.referee_id == Referee.id)
         .outerjoin(Title, CardMatch.title_id == Title.id)
         .where(CardMatch.show_id == s.id).order_by(CardMatch.position, CardSide.index))
    organiser = ctx.actor.role == "organiser"
    me = ctx.actor.id or None
    taking = s.status in ("open", "locked")
    entries: dict[int, dict[str, Any]] = {}
    told: list[int] = []  # the sides whose strategy times this reader may see
    for (mid, pos, rid, opts, drawn, ref, title, grid, grid_drawn, edited_at, rebook, side_id, cid, cname,
         owner_id, oname) in ctx.session.execute(q):
        e = entries.get(mid)
        if e is None:
            e = entries[mid] = {"position": pos, "ruleset": rid, "game": get_ruleset(rid).info.name,
                                "options": dict(opts or {}), "option_words": option_words(rid, dict(opts or {})),
                                "referee": ref, "referee_drawn": drawn,
                                "title": title, "grid": grid, "grid_drawn": grid_drawn,
                                "grid_rows": grid_rows(rid, grid),
                                "edited": ctx.local(edited_at) if edited_at else None, "edited_at": edited_at,
                                "rebook": rebook, "sides": []}
        mine = me is not None and owner_id == me
        side = {"id": cid, "name": cname, "owner": oname, "side_id": side_id, "mine": mine, "sent": None,
                "stale": False, "can_send": mine and sends(rid) and s.status == "open"}
        if sends(rid) and taking and (mine or organiser):
            side["sent"] = ""
            told.append(side_id)
        e["sides"].append(side)
    if told:
        latest = dict(ctx.session.execute(select(Submission.side_id, func.max(Submission.submitted_at))
                                          .where(Submission.side_id.in_(told)).group_by(Submission.side_id)).all())
        for e in entries.values():
            for side in e["sides"]:
                when = latest.get(side["side_id"])
                if side["sent"] is not None and when is not None:
                    side["sent"] = ctx.local(_utc(when))
                    side["stale"] = stale(e["edited_at"], _utc(when))
    return list(entries.values())


def stale(edited_at: datetime | None, sent_at: datetime) -> bool:
    """Whether a strategy sent at ``sent_at`` predates the organiser's last change to its match
    (the card service's own rule, ``is_stale``, asked of the match's one column it reads)."""
    return is_stale(CardMatch(edited_at=edited_at), sent_at)


def grid_rows(ruleset: str, text: str | None) -> list[tuple[str, list[str]]] | None:
    """A match's grid (its text, ``Po Te Br / We MA HF / Br MA Ch``) as its game lays it out for a
    table (``WrittenStrategies.grid_table``: MatchMatch's three rows, each with its label 1-3 and its
    styles' full names under columns A-C); None for no grid, a game without one, or one that does
    not read."""
    written = get_ruleset(ruleset).written_strategies()
    if not text or written is None:
        return None
    return written.grid_table(text)


def _utc(when: Any) -> Any:
    """``max()`` over a column comes back without the column's type on SQLite: a naive UTC time
    (or its text); read it as the model would."""
    from datetime import UTC, datetime

    if isinstance(when, str):
        when = datetime.fromisoformat(when)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def my_sides(ctx: Ctx) -> list[dict[str, Any]]:
    """The signed-in player's sides on open shows that send something before the show (a
    MatchMatch strategy, another game's choice of player), with when
    each one's latest strategy was sent: what the home page lists under 'Your matches'."""
    if not ctx.actor.id:
        return []
    q = (select(Show.number, Show.name, Show.deadline, CardMatch.position, CardSide.id, Competitor.id,
                Competitor.name, CardMatch.edited_at)
         .join(CardMatch, CardMatch.show_id == Show.id).join(CardSide, CardSide.match_id == CardMatch.id)
         .join(Competitor, CardSide.competitor_id == Competitor.id)
         .where(Show.league_id == ctx.league.id, Show.status == "open", CardMatch.ruleset.in_(sending_games()),
                Competitor.owner_id == ctx.actor.id)
         .order_by(Show.number, CardMatch.position))
    rows = ctx.session.execute(q).all()
    sent = dict(ctx.session.execute(select(Submission.side_id, func.max(Submission.submitted_at))
                                    .where(Submission.side_id.in_([r[4] for r in rows]))
                                    .group_by(Submission.side_id)).all()) if rows else {}
    return [{"show": number, "show_name": name, "deadline": ctx.local(deadline), "position": pos, "id": cid,
             "name": cname, "sent": ctx.local(_utc(sent[side_id])) if side_id in sent else None,
             "stale": side_id in sent and stale(edited_at, _utc(sent[side_id]))}
            for number, name, deadline, pos, side_id, cid, cname, edited_at in rows]


def page_words(exc: Exception) -> str:
    """A service's refusal as the show page words it: a refusal that names a command line flag
    carries its page words (``page_text``), which name the form's own box instead."""
    return str(getattr(exc, "page_text", None) or exc)


def option_words(ruleset: str, options: dict[str, Any]) -> list[str]:
    """A match's options as its game names them on a card: each public fact of the match
    (``Ruleset.card_facts``) that the options change from the game's defaults, its text up to the
    first colon ('Match type: Cage Match'); ``key=value`` for a game that tells no such facts."""
    from turnbuckle.core.errors import RulesError
    from turnbuckle.core.options import resolve_options

    raw = [f"{k}={v}" for k, v in options.items()]
    rs = get_ruleset(ruleset)
    try:
        mine = rs.card_facts(resolve_options(rs.info.options, options))
        base = rs.card_facts(resolve_options(rs.info.options, {}))
    except RulesError:
        return raw
    changed = [f"{f.label}: {f.text.split(': ')[0]}" for f in mine if f not in base]
    return changed or raw
