"""A competitor's place on a game's Push ladder, as a league keeps it between matches: the level
and the exact points within it. The game's league rules (``core.facets.LeagueRules``) say how a
match or an award moves it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Push:
    """A wrestler's standing: ``level`` (1..max) and ``points`` (0..2) within it."""

    level: int
    points: Fraction = Fraction(0)
