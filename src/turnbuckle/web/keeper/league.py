"""League competitors as the score keeper's sides. A signed-in member may pick the competitors
whose sheets they may see (the organiser every one of the game, a player their own); the pick
posts as ``league:UID`` in the side's sample field, and the match starts from the sheet as the
league would play it (with its Push Level and injuries as of the last published show), carried
on as a pasted sheet: the keeper stays stateless and reads the database only when such a pick is
posted."""

from __future__ import annotations

from typing import Any

import yaml
from fastapi import Request

from turnbuckle.league.context import Ctx
from turnbuckle.league.db import read_scope
from turnbuckle.league.models import Competitor, Member
from turnbuckle.league.queries_members import competitor_by_uid
from turnbuckle.league.services.roster import competitors
from turnbuckle.league.services.sides import side_document, standing
from turnbuckle.web.keeper.form import KeeperForm
from turnbuckle.web.public.viewing import is_organiser, owns, viewer_ctx

PREFIX = "league:"


def _playable(ctx: Ctx, comp: Competitor) -> bool:
    """Who may play a competitor at the keeper: who may see its sheet (its owner, the organiser)."""
    return owns(ctx, comp) or is_organiser(ctx)


def league_choices(request: Request, viewer: Member | None, ruleset_id: str) -> list[dict[str, str]]:
    """The league competitors of this game the viewer may pick (none for a spectator)."""
    if viewer is None:
        return []
    with read_scope(request.app.state.engine) as session:
        ctx = viewer_ctx(request, session, viewer)
        return [{"value": f"{PREFIX}{c.uid}", "name": c.name} for c in competitors(ctx, ruleset_id)
                if _playable(ctx, c)]


def sheet_as_played(ctx: Ctx, comp: Competitor) -> str:
    """The competitor's sheet as a league match would play it, as YAML text."""
    doc: dict[str, Any] = side_document(comp, comp.sheet, None, standing(ctx, comp, "published"))
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def resolve_league_sides(request: Request, viewer: Member | None, form: KeeperForm, ruleset_id: str) -> dict[str, str]:
    """Turn each ``league:UID`` pick into its sheet (in place); the problems by field name."""
    picked = [(i, slot) for i, slot in enumerate(form.sides, 1) if slot.sample.strip().startswith(PREFIX)]
    if not picked:
        return {}
    if viewer is None:
        return {f"side-{i}": "sign in to play the league's competitors" for i, _ in picked}
    errors: dict[str, str] = {}
    with read_scope(request.app.state.engine) as session:
        ctx = viewer_ctx(request, session, viewer)
        for i, slot in picked:
            uid = slot.sample.strip()[len(PREFIX):]
            comp = competitor_by_uid(ctx, uid)
            if comp is None or comp.ruleset != ruleset_id or not _playable(ctx, comp):
                errors[f"side-{i}"] = ("no league competitor of this game that you may play is picked here; "
                                       "pick one of the list (your own, or any for the organiser)")
                continue
            slot.sheet, slot.sample = sheet_as_played(ctx, comp), ""
    return errors
