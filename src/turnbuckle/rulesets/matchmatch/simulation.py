"""MatchMatch's simulation facet: its fast engine, exact tables and advisor (in
``turnbuckle.sim.matchmatch``, named, not imported), and its injury figure."""

from __future__ import annotations

from turnbuckle.core.events import Happening
from turnbuckle.core.facets import Figure, GameSimulation, Simulation
from turnbuckle.core.match import MatchRecord


def _figures(record: MatchRecord) -> dict[str, float]:
    return {"injuries": float(sum(1 for e in record.events if isinstance(e, Happening)
                                  and e.type == "injury_check" and e.data.get("injured")))}


SIMULATION: Simulation = GameSimulation(
    fast="turnbuckle.sim.matchmatch.fast:run",
    fast_ready="turnbuckle.sim.matchmatch.fast:compiled",
    build_time="about 10 s",
    fast_version="1.3",
    exchange="turnbuckle.sim.matchmatch.exact:exchange_tables",
    advisor="turnbuckle.sim.matchmatch.advisor.hook:ADVISOR",
    length_unit="rounds",
    figures=(Figure("injuries", "injuries per match"),),
    figures_of=_figures,
)
