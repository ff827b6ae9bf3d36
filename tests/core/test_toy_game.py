"""A game with no facets at all (the sim tests' toy dice game) plays, and its odds come from the
reference engine with the generic defaults: what a sixth game gets before it adds any facet."""

from __future__ import annotations

from tests.sim.toy import ToyRuleset
from turnbuckle.core.facets import plain_sheet_view, sheet_view
from turnbuckle.core.sources import SeededSource
from turnbuckle.sim.odds import simulate
from turnbuckle.sim.specs import spec_for

TOY = ToyRuleset()


def test_a_toy_game_without_facets_plays_and_gets_odds() -> None:
    assert (TOY.table_view(), TOY.sheet_editor(), TOY.written_strategies(), TOY.reporting(),
            TOY.simulation()) == (None, None, None, None, None)
    sides = [TOY.load_side({"name": "Ann"}, "a"), TOY.load_side({"name": "Bo"}, "b")]
    record = TOY.run(sides, SeededSource(3))
    assert record.ruleset == "toy" and list(record.names) == ["Ann", "Bo"] and record.result.placings
    assert sheet_view(TOY, {"name": "Ann"}) == plain_sheet_view({"name": "Ann"})
    run = simulate(TOY, sides, {}, 40, seed=1)
    assert run.engine == "reference" and run.tally.n == 40
    assert spec_for("toy").fast_engine() is None
