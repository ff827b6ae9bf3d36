"""A card's draws at open, keyed on each match's content: every side's sheet frozen, the referee and
grid of a match whose game's league rules keep referees drawn from the card seed; and whether a
strategy was sent before its match last changed. The card's edits (``card.py``) and opening a show
(``shows.open_show``) both use them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import object_session

from turnbuckle.league import canonical
from turnbuckle.league.context import Ctx
from turnbuckle.league.game_rules import league_rules
from turnbuckle.league.models import CardMatch, Show, ShowEvent
from turnbuckle.league.services.roster import referee_named


def match_key(s: Show, m: CardMatch) -> str:
    """What a match's draws are keyed on: the show, the game, the match type and the sides in
    order; never its position (removing and re-adding it draws the same)."""
    kind = league_rules(m.ruleset).match_kind(m.options)
    return canonical.card_key(s.uid, m.ruleset, kind, [sd.competitor.uid for sd in m.sides])


#: The manifest format of turnbuckle 0.1.0, whose draws were keyed on a match's position.
POSITION_MANIFEST = "turnbuckle.league-manifest/1"


def drawn_by_position(m: CardMatch) -> bool:
    """Was this match's referee drawn by its position (turnbuckle 0.1.0), not its content? So was
    every match of a show 0.1.0 opened, which logged no draw (later releases log a ``draw`` at open),
    unless its draw was made again since, by content, on a card edit after the upgrade (a ``card``
    entry whose ``draw`` has its key). Such a match keeps its entry's old shape (no ``key``, ``grid``
    or ``grid_drawn``) in the card views, the manifest of a later lock and every export, so verify
    checks its draw by position as it was made."""
    s = m.show
    session = object_session(s)
    if session is None:
        return s.manifest is not None and s.manifest.get("format") == POSITION_MANIFEST
    if s.card_seed is None:
        return False  # not opened yet: drawn by content when it opens
    of_show = (ShowEvent.show_id == s.id)
    if session.scalar(select(ShowEvent.id).where(of_show, ShowEvent.kind == "draw").limit(1)) is not None:
        return False  # opened by a later release: every match drawn by content (one small query, the usual case)
    redrawn = {str(detail["draw"].get("key")) for detail in session.scalars(
        select(ShowEvent.detail).where(of_show, ShowEvent.kind == "card"))
        if isinstance((detail or {}).get("draw"), dict)}
    return match_key(s, m) not in redrawn


def opened_referees(ctx: Ctx, s: Show) -> list[str]:
    """The referees' names as published when the show opened (the draws' list)."""
    ev = ctx.session.scalars(select(ShowEvent).where(ShowEvent.show_id == s.id, ShowEvent.kind == "open")
                             .order_by(ShowEvent.id.desc())).first()
    return sorted(ev.detail.get("referees", [])) if ev is not None else []


def draw(ctx: Ctx, s: Show, m: CardMatch) -> dict[str, Any]:
    """Fix a match's referee and grid from the card seed (what the organiser did not set), where
    its game's league rules keep referees; returns what was drawn, for the history."""
    rules = league_rules(m.ruleset)
    if not rules.referees or s.card_seed is None:
        return {}
    key = match_key(s, m)
    out: dict[str, Any] = {"position": m.position, "key": key}
    names = opened_referees(ctx, s)
    if (m.referee_id is None or m.referee_drawn) and names:
        pick = names[canonical.content_referee_draw(s.card_seed, key, len(names))]
        m.referee_id, m.referee_drawn = referee_named(ctx, pick).id, True
        out["referee"] = pick
    if not m.options.get("grid"):
        m.grid, m.grid_drawn = canonical.grid_draw(s.card_seed, key, rules.roll_grid), True
        out["grid"] = m.grid
    else:
        m.grid, m.grid_drawn = str(m.options["grid"]), False
    return out


def freeze_sheets(m: CardMatch) -> None:
    for sd in m.sides:
        sd.sheet = dict(sd.competitor.sheet)


def fix_at_open(ctx: Ctx, s: Show) -> list[dict[str, Any]]:
    """Open: every side's sheet frozen, every MatchMatch match's referee and grid fixed."""
    drawn = []
    for m in s.matches:
        freeze_sheets(m)
        got = draw(ctx, s, m)
        if got:
            drawn.append(got)
    return drawn


def is_stale(m: CardMatch, submitted_at: datetime) -> bool:
    """Was this strategy sent before the organiser's last change to its match?"""
    return m.edited_at is not None and submitted_at < m.edited_at
