"""Boxing's simulation facet: its fast engine and exact tables (in ``turnbuckle.sim.boxing``,
named, not imported), a bout's length in turns, its knockdown figures, and the space of every
legal boxer for ``sweep --builds``."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from turnbuckle.core.errors import SheetError
from turnbuckle.core.facets import Figure, GameSimulation, Simulation, count_events
from turnbuckle.core.match import MatchRecord, Result
from turnbuckle.core.options import OptionValue
from turnbuckle.core.registry import Ruleset
from turnbuckle.rulesets.boxing.engine import TURNS_PER_ROUND
from turnbuckle.rulesets.boxing.sheet import BUDGET, STATS, rule_problems


def _length(result: Result, options: Mapping[str, OptionValue]) -> int | None:
    return (int(result.at["round"]) - 1) * TURNS_PER_ROUND + int(result.at["turn"])


def _figures(record: MatchRecord) -> dict[str, float]:
    downs = count_events(record, "knockdown")
    return {"knockdowns": downs, "knockdown_bouts": 1.0 if downs else 0.0}


def builds(rs: Ruleset[Any]) -> tuple[list[Any], str]:
    """Every boxer the boxing rules accept, named by its abilities (``P5 S5 T5``), in order of
    Power, then Speed, then Toughness; and the space in words. Legal builds are not listed by
    hand: every combination of abilities from 0 to the budget is offered to the ruleset's own
    loader (its validator), and the ones it accepts are the space. The sheet's own rule check
    (``rule_problems``, which the loader also runs) turns most of them away first: a sheet model
    for each of the 4,096 cost a sweep a tenth of a second or more."""
    out = []
    for values in product(range(BUDGET + 1), repeat=len(STATS)):
        data = dict(zip(STATS, values, strict=True))
        if rule_problems(data):
            continue
        name = " ".join(f"{stat[0].upper()}{v}" for stat, v in zip(STATS, values, strict=True))
        try:
            out.append(rs.load_side({"name": name, **data}, name))
        except SheetError:
            continue
    return out, f"{' + '.join(STATS)} spending the budget of {BUDGET} exactly, as the boxing rules check it"


SIMULATION: Simulation = GameSimulation(
    fast="turnbuckle.sim.boxing.fast:run",
    fast_outcomes="turnbuckle.sim.boxing.fast:outcomes",
    fast_outcomes_many="turnbuckle.sim.boxing.fast:outcomes_many",
    fast_ready="turnbuckle.sim.boxing.fast:compiled",
    build_time="about 5 s",
    fast_version="1.2",
    exchange="turnbuckle.sim.boxing.exact:exchange_tables",
    length_unit="turns",
    length=_length,
    figures=(Figure("knockdowns", "knockdowns per bout"),
             Figure("knockdown_bouts", "bouts with a knockdown", share=True)),
    figures_of=_figures,
    builds=builds,
)
