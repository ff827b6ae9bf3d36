"""MatchMatch sides for the advisor's tests: the rulebook's wrestlers, and Sam's Part VI strategy."""

from __future__ import annotations

from typing import Any

from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.registry import get_ruleset

M2: Any = get_ruleset("matchmatch")
#: Friendly Sam's strategy from the rulebook's Part VI, stretched to 20 rounds by its defaults.
SAM_PART_VI = """Strategy:+High Flying +Technical -Brawl, Grid 2
Round\tTarget\tType\t\tNotes:
1\tStam\tHigh Spot\tUse my trademark high flying moves.
2\tStam\tHigh Spot\tUse my trademark high flying moves.
3\tStam\tHigh Spot\tUse my trademark high flying moves.
6\tBrawl\tNormal\t\tSlug it out.
7\tStamina\tFinisher\tFriendly Finale!
"""


def side(sample_id: str, strategy: str | None = None) -> Side:
    s: Side = M2.load_text(M2.sample(sample_id).text, sample_id)
    return M2.with_strategy(s, strategy, "strategy") if strategy else s


def options(**given: object) -> dict[str, OptionValue]:
    return dict(resolve_options(M2.info.options, given))
