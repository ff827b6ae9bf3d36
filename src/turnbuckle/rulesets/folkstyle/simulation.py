"""Folkstyle's simulation facet: its fast engine and exact tables (in
``turnbuckle.sim.folkstyle``, named, not imported), a bout's length in turns, and its stalling and
riding-time figures."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.core.events import Happening
from turnbuckle.core.facets import Figure, GameSimulation, Simulation
from turnbuckle.core.match import MatchRecord, Result
from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.folkstyle.engine import TURNS_PER_PERIOD


def _length(result: Result, options: Mapping[str, OptionValue]) -> int | None:
    return (int(result.at["period"]) - 1) * TURNS_PER_PERIOD + int(result.at["turn"])


def _figures(record: MatchRecord) -> dict[str, float]:
    calls = record.result.extra.get("stalling_calls")
    total = sum(v for v in calls.values() if isinstance(v, int)) if isinstance(calls, dict) else 0
    rode = any(isinstance(e, Happening) and e.type == "riding_time" and e.data.get("awarded")
               for e in record.events)
    return {"stalling_calls": float(total), "riding_point": 1.0 if rode else 0.0}


SIMULATION: Simulation = GameSimulation(
    nothing_to_choose=("Folkstyle has nothing to choose before a match: a wrestler's card is fixed, and every "
                       "choice (which move to play, when to stall, when to ride) is the player's at the table, "
                       "move by move."),
    fast="turnbuckle.sim.folkstyle.fast:run",
    fast_ready="turnbuckle.sim.folkstyle.fast:compiled",
    build_time="about 5 s",
    fast_version="1.1",
    exchange="turnbuckle.sim.folkstyle.exact:exchange_tables",
    length_unit="turns",
    length=_length,
    figures=(Figure("stalling_calls", "stalling calls per match"),
             Figure("riding_point", "matches with a riding-time point", share=True)),
    figures_of=_figures,
)
