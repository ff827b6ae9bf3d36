"""The opponent strategies a robust plan is judged against when the opponent's is unknown.

The automatic player's, and plans in a few styles of play built from the opponent's own sheet:
Specials early, a cheater (Illegal whenever it can), a careful one (Defensive outside its own
styles), a risk taker (High Risk throughout), the automatic plan with other '+' styles, and six
legal plans drawn at random. The double oracle (``advise.py``) adds the best replies it finds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.matchmatch.auto import advantage, auto_strategy
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.rounds import ROUND_TYPES
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.styles import GRID_STYLES, STYLES
from turnbuckle.sim.matchmatch.advisor.judge import limits_for
from turnbuckle.sim.matchmatch.advisor.space import (
    STAMINA_CODE,
    Limits,
    Plan,
    from_strategy,
    random_plan,
)

DEFENSIVE = ROUND_TYPES.index("defensive")
HIGH_RISK = ROUND_TYPES.index("high_risk")
ILLEGAL = ROUND_TYPES.index("illegal")
HIGH_SPOT = ROUND_TYPES.index("high_spot")


def auto_plan(sides: Sequence[Side], who: int, options: Mapping[str, OptionValue]) -> Plan:
    """The automatic player's plan for side ``who`` (no grid pick: it picks by advantage)."""
    opts = match_options(options)
    others = [s.sheet for j, s in enumerate(sides) if j != who]
    tag = any(s.is_team for s in sides)
    strategy = auto_strategy(sides[who].sheet, others, opts.rounds, None, opts.match_type.forbidden_specials, tag)
    plan = from_strategy(strategy, limits_for(sides, who, options))
    if plan is None:
        raise RuntimeError("the automatic strategy has a shape the advisor cannot change")
    return plan


def styles_of_play(sides: Sequence[Side], who: int, options: Mapping[str, OptionValue],
                   rng: np.random.Generator, randoms: int = 6) -> list[tuple[str, Plan]]:
    """(label, plan) for side ``who``: the automatic plan and its variants in several styles."""
    limits: Limits = limits_for(sides, who, options)
    auto = auto_plan(sides, who, options)
    me = sides[who].sheet
    others = [s.sheet for j, s in enumerate(sides) if j != who]
    out: list[tuple[str, Plan]] = [("automatic", auto)]
    specials = [(r, k, t) for r, k, t in auto.exact if k != HIGH_SPOT]
    spots = [(r, k, t) for r, k, t in auto.exact if k == HIGH_SPOT]
    if specials:
        early = [(i + 1, k, t) for i, (_, k, t) in enumerate(specials)]
        used = {r for r, _, _ in early}
        free = [r for r in range(1, limits.rounds + 1) if r not in used]
        moved = [(free[i], k, t) for i, (_, k, t) in enumerate(spots[: len(free)])]
        out.append(("Specials early", replace(auto, exact=tuple(sorted(early + moved)))))
    out.append(("cheater", replace(auto, by_style=((ILLEGAL, STAMINA_CODE),) * len(STYLES))))
    careful = tuple((0, STAMINA_CODE) if si in auto.plus else (DEFENSIVE, STAMINA_CODE) for si in range(len(STYLES)))
    out.append(("careful", replace(auto, by_style=careful)))
    out.append(("risk taker", replace(auto, by_style=((HIGH_RISK, STAMINA_CODE),) * len(STYLES))))
    ranked = sorted(range(len(GRID_STYLES)), key=lambda s: -advantage(me, others, GRID_STYLES[s]))
    out.append(("other '+' styles", replace(auto, plus=(ranked[2], ranked[3]))))
    for i in range(randoms):
        out.append((f"random #{i + 1}", random_plan(rng, limits)))
    return out
