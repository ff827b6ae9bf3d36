"""A show's card as its pages show it, read in two queries whatever its length: each match with
its sides, their owners, the referee and the title; and, for the organiser and each side's owner
only, when the side's latest strategy was sent (never what it says)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import resolve_options
from turnbuckle.league import queries_card
from turnbuckle.league.choices import takes_choice
from turnbuckle.league.context import Ctx
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import CardMatch, Show
from turnbuckle.league.services.card import is_stale
from turnbuckle.rulesets.registry import all_rulesets, get_ruleset


def writes_strategy(ruleset: str) -> bool:
    """Whether a side of this game sends a written strategy for each match (the game has the
    written-strategies facet)."""
    return get_ruleset(ruleset).written_strategies() is not None


def sends(ruleset: str) -> bool:
    """Whether a side of this game sends something before a show: a written strategy (MatchMatch's),
    or another game's choice of automatic player."""
    return writes_strategy(ruleset) or takes_choice(ruleset)


def sending_games() -> list[str]:
    return [rs.info.id for rs in all_rulesets() if sends(rs.info.id)]


def card_view(ctx: Ctx, s: Show) -> list[dict[str, Any]]:
    """Each match of the card: its sides, referee (and whether drawn), title, options, rebook, and
    its grid once fixed (``grid``: the text; ``grid_rows``: the 3x3 for a table). A side's ``sent``
    is when its latest strategy came (for the organiser and its owner only), ``stale`` whether that
    was before the organiser's last change to the match."""
    organiser = ctx.actor.role == "organiser"
    me = ctx.actor.id or None
    taking = s.status in ("open", "locked")
    entries: dict[int, dict[str, Any]] = {}
    told: list[int] = []  # the sides whose strategy times this reader may see
    for (mid, pos, rid, opts, drawn, ref, title, grid, grid_drawn, edited_at, rebook, side_id, cid, cname,
         owner_id, oname) in queries_card.card_rows(ctx, s.id):
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
        latest = queries_card.latest_sent(ctx, told)
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

    if isinstance(when, str):
        when = datetime.fromisoformat(when)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def my_sides(ctx: Ctx) -> list[dict[str, Any]]:
    """The signed-in player's sides on open shows that send something before the show (a
    MatchMatch strategy, another game's choice of player), with when
    each one's latest strategy was sent: what the home page lists under 'Your matches'."""
    if not ctx.actor.id:
        return []
    rows = queries_card.open_sides_of(ctx, ctx.actor.id, sending_games())
    sent = queries_card.latest_sent(ctx, [r[4] for r in rows]) if rows else {}
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
    (``LeagueRules.card_facts``) that the options change from the game's defaults, its text up to the
    first colon ('Match type: Cage Match'); ``key=value`` for a game that tells no such facts."""
    raw = [f"{k}={v}" for k, v in options.items()]
    rs = get_ruleset(ruleset)
    try:
        mine = league_rules(ruleset).card_facts(resolve_options(rs.info.options, options))
        base = league_rules(ruleset).card_facts(resolve_options(rs.info.options, {}))
    except RulesError:
        return raw
    changed = [f"{f.label}: {f.text.split(': ')[0]}" for f in mine if f not in base]
    return changed or raw
