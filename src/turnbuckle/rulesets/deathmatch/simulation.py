"""Deathmatch's simulation facet: its fast engine, exact tables and army search (in
``turnbuckle.sim.deathmatch``, named, not imported), the figures left standing, who shares a
draw, and free-for-all play (a sweep may group three or four armies)."""

from __future__ import annotations

from turnbuckle.core.facets import Figure, GameSimulation, Simulation
from turnbuckle.core.match import MatchRecord


def _figures(record: MatchRecord) -> dict[str, float]:
    survivors = record.result.extra.get("survivors", [])
    return {"survivors": float(len(survivors)) if isinstance(survivors, list) else 0.0}


def _drawn(record: MatchRecord) -> list[int] | None:
    """The players still standing at a draw (an eliminated player does not share it)."""
    drawn = record.result.extra.get("drawn")
    return [record.names.index(str(name)) for name in drawn] if isinstance(drawn, list) else None


SIMULATION: Simulation = GameSimulation(
    fast="turnbuckle.sim.deathmatch.fast:run",
    fast_ready="turnbuckle.sim.deathmatch.fast:compiled",
    build_time="about 10 s",
    fast_version="1.2",
    exchange="turnbuckle.sim.deathmatch.exact:exchange_tables",
    picker="turnbuckle.sim.deathmatch.army_advice:PICKER",
    length_unit="rounds",
    figures=(Figure("survivors", "figures standing at the end"),),
    figures_of=_figures,
    drawn_of=_drawn,
    free_for_all=True,
)
