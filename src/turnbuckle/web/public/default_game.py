"""The game an organiser's form starts on: the one most of the league's competitors play."""

from __future__ import annotations

from turnbuckle.league.context import Ctx
from turnbuckle.league.queries_members import competitor_counts
from turnbuckle.rulesets.registry import all_rulesets


def default_game(ctx: Ctx) -> str:
    """The ruleset id most of the league's competitors play (a tie: the first in the registry's
    order); the registry's first game for a league with none."""
    order = [rs.info.id for rs in all_rulesets()]
    counts = competitor_counts(ctx)
    played = [g for g in order if counts.get(g)]
    return max(played, key=lambda g: counts[g]) if played else order[0]
