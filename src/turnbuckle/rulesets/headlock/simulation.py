"""Headlock's simulation facet: its fast engine and exact tables (in
``turnbuckle.sim.headlock``, named, not imported), the knockout variant's knockdowns, and the two
cards a turn draws."""

from __future__ import annotations

from turnbuckle.core.facets import Figure, GameSimulation, Simulation, count_events
from turnbuckle.core.match import MatchRecord


def _figures(record: MatchRecord) -> dict[str, float]:
    return {"knockdowns": count_events(record, "knockdown")}


SIMULATION: Simulation = GameSimulation(
    fast="turnbuckle.sim.headlock.fast:run",
    fast_ready="turnbuckle.sim.headlock.fast:compiled",
    build_time="about 15 s",
    fast_version="1.1",
    exchange="turnbuckle.sim.headlock.exact:exchange_tables",
    length_unit="turns",
    figures=(Figure("knockdowns", "knockdowns per match (knockout variant)"),),
    figures_of=_figures,
    cards_per_length=2,
)
