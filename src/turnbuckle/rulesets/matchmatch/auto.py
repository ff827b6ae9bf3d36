"""Automatic strategies, for wrestlers whose players sent nothing (and for sample matches).

The plan: `+` the two styles where this side is furthest ahead of its strongest opponent, `-` the
style where an opponent is furthest ahead of it, pick the grid line that favours it most, spend
High Spots early (their +2 builds the damage lead) and Specials from the middle of the match
on, when the opponent's Stamina is down and the pin bonus pays.
"""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.rulesets.matchmatch.grid import COLUMNS, Grid
from turnbuckle.rulesets.matchmatch.rounds import RoundType
from turnbuckle.rulesets.matchmatch.sheet import Wrestler
from turnbuckle.rulesets.matchmatch.strategy import Action, Entry, RoundSpec, Strategy
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES, STAMINA, STYLES

MOVES: dict[str, str] = {
    "technical": "chain wrestling into a hammerlock and a suplex",
    "power": "a press slam and a running powerbomb",
    "martial_arts": "a flurry of kicks and a spinning backfist",
    "brawling": "closed fists in the corner and a trip into the ring post",
    "high_flying": "a springboard dropkick and a dive to the floor",
    "weight": "a splash and a big leg drop",
    "cheating": "a thumb to the eye and a tug of the tights",
    "teamwork": "a double-team and a quick tag",
}


def advantage(me: Wrestler, opponents: Sequence[Wrestler], style: str) -> int:
    """How far ahead of the strongest opponent this side is in ``style``."""
    return me.styles.get(style) - max(o.styles.get(style) for o in opponents)


def pick_column(me: Wrestler, opponents: Sequence[Wrestler], grid: Grid) -> str:
    return max(COLUMNS, key=lambda c: (sum(advantage(me, opponents, s) for s in grid.column(c)), -COLUMNS.index(c)))


def pick_row(me: Wrestler, opponents: Sequence[Wrestler], grid: Grid) -> int:
    return max((1, 2, 3), key=lambda r: (sum(advantage(me, opponents, s) for s in grid.row(r)), -r))


def _special_kind(forbidden: Sequence[str]) -> RoundType:
    kinds: tuple[RoundType, ...] = ("finisher", "high_impact", "submission", "cripple")
    for kind in kinds:
        if kind not in forbidden:
            return kind
    return "normal"


def auto_strategy(me: Wrestler, opponents: Sequence[Wrestler], rounds: int = 20, grid: Grid | None = None,
                  forbidden: Sequence[str] = (), tag: bool = False) -> Strategy:
    """A sensible strategy for ``me`` against ``opponents`` (deterministic: same input, same plan)."""
    order = {s: i for i, s in enumerate(STYLES)}
    ranked = sorted(GRID_STYLES, key=lambda s: (-advantage(me, opponents, s), -me.styles.get(s), order[s]))
    plus = (ranked[0], ranked[1])
    wary = [*GRID_STYLES, "teamwork"] if tag else list(GRID_STYLES)
    minus = max(wary, key=lambda s: (-advantage(me, opponents, s), max(o.styles.get(s) for o in opponents),
                                     -order[s]))
    column = pick_column(me, opponents, grid) if grid else None
    row = pick_row(me, opponents, grid) if grid else None
    kind = _special_kind(forbidden)
    specials = me.push_level if kind != "normal" else 0
    special_rounds: list[int] = []
    start = max(1, (rounds * 2) // 5)
    r = start
    while len(special_rounds) < specials and r <= rounds:
        special_rounds.append(r)
        r += 2
    spot_rounds: list[int] = []
    r = 1
    while len(spot_rounds) < me.high_spots and r <= rounds:
        if r not in special_rounds:
            spot_rounds.append(r)
        r += 1
    best = plus[0]
    entries = []
    for n in sorted({*special_rounds, *spot_rounds}):
        if n in special_rounds:
            action = Action(kind, STAMINA, f"Go for the {kind.replace('_', ' ')}: {MOVES[best]}, then the cover.")
        else:
            action = Action("high_spot", STAMINA, f"Trademark high spot: {MOVES[best]}.")
        entries.append(Entry(RoundSpec(n, n), action))
    entries.append(Entry(RoundSpec(1, None), Action("normal", STAMINA, f"Work the match: {MOVES[plus[1]]}.")))
    return Strategy(plus, minus, column, row, tuple(entries))
