"""Build spaces (``sweep --builds``): every legal sheet of a game whose sheets are a few numbers
spending a budget. Only boxing has one small enough to sweep (MatchMatch's space is about 10^12
builds; Headlock's abilities are rolled, not bought).

Legal builds are not listed by hand: every combination of abilities from 0 to the budget is offered
to the ruleset's own loader (its validator), and the ones it accepts are the space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from turnbuckle.core.errors import RulesError
from turnbuckle.core.registry import Ruleset


def build_space(rs: Ruleset[Any]) -> tuple[list[Any], str]:
    """Every legal sheet of the game, from its simulation facet's build space."""
    game = rs.simulation()
    found = game.build_space(rs) if game is not None else None
    if found is None:
        raise RulesError(f"--builds: {rs.info.id} has no build space to sweep (boxing has: its sheets are three "
                         "numbers on a budget); give a roster of sheets instead")
    return found


def builds_report(doc: dict[str, Any], space: str) -> dict[str, Any]:
    """Which builds beat every other (dominant), which another build dominates, and the rest."""
    win: Sequence[Sequence[float | None]] = doc["matrix"]["win"]
    k = len(win)
    dominant = [i for i in range(k)
                if all(win[i][j] is not None and win[j][i] is not None and win[i][j] > win[j][i]  # type: ignore[operator]
                       for j in range(k) if j != i)]
    meta = doc["metagame"]["entries"]
    dominated = [e["entry"] for e in meta if e["dominated_by"]]
    return {"count": k, "space": space, "dominant": dominant, "dominated": dominated,
            "undominated": [i for i in range(k) if i not in set(dominated)]}
