"""Build spaces (``sweep --builds``): every legal sheet of a game whose sheets are a few numbers
spending a budget. Only boxing has one small enough to sweep (MatchMatch's space is about 10^12
builds; Headlock's abilities are rolled, not bought).

Legal builds are not listed by hand: every combination of abilities from 0 to the budget is offered
to the ruleset's own loader (its validator), and the ones it accepts are the space.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from turnbuckle.core.errors import RulesError, SheetError
from turnbuckle.core.registry import Ruleset


def boxing_builds(rs: Ruleset[Any]) -> tuple[list[Any], str]:
    """Every boxer the boxing rules accept, named by its abilities (``P5 S5 T5``), in order of
    Power, then Speed, then Toughness; and the space in words."""
    from turnbuckle.rulesets.boxing.sheet import BUDGET, STATS

    out = []
    for values in product(range(BUDGET + 1), repeat=len(STATS)):
        name = " ".join(f"{stat[0].upper()}{v}" for stat, v in zip(STATS, values, strict=True))
        try:
            out.append(rs.load_side({"name": name, **dict(zip(STATS, values, strict=True))}, name))
        except SheetError:
            continue
    return out, f"{' + '.join(STATS)} spending the budget of {BUDGET} exactly, as the boxing rules check it"


SPACES: dict[str, Callable[[Ruleset[Any]], tuple[list[Any], str]]] = {"boxing": boxing_builds}


def build_space(rs: Ruleset[Any]) -> tuple[list[Any], str]:
    found = SPACES.get(rs.info.id)
    if found is None:
        raise RulesError(f"--builds: {rs.info.id} has no build space to sweep (boxing has: its sheets are three "
                         "numbers on a budget); give a roster of sheets instead")
    return found(rs)


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
