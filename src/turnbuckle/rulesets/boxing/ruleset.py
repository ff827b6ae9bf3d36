"""Boxing registered as a ruleset: info block, samples, sheets, engine and narrator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from turnbuckle.core.events import Json
from turnbuckle.core.facets import Reporting, SheetEditor, Simulation, TableView
from turnbuckle.core.match import MatchRecord, MatchSetup, Result
from turnbuckle.core.options import OptionSpec, OptionValue
from turnbuckle.core.registry import Ruleset, RulesetInfo, Sample
from turnbuckle.core.samples import bundled_samples
from turnbuckle.core.table import Table
from turnbuckle.core.writeup import Writeup
from turnbuckle.rulesets.boxing.engine import Bout
from turnbuckle.rulesets.boxing.narrator import narrate
from turnbuckle.rulesets.boxing.options import bout_options
from turnbuckle.rulesets.boxing.punches import GETUP_READINGS, LAST_INTERVALS
from turnbuckle.rulesets.boxing.sheet import Fighter, load_fighter
from turnbuckle.rulesets.boxing.table_view import BoxingTable

INFO = RulesetInfo(
    id="boxing",
    name="Boxing dice game",
    version="1.2",
    older_versions=("1.1",),
    designer="the boxing dice game's author (rulebook in rules/boxing.txt)",
    summary="Two fighters, 2d12 + Speed for initiative, 2d6 punches, knockdowns and get-up rolls.",
    aliases=("box",),
    side_word="fighter",
    options=(
        OptionSpec("rounds", 12, "rounds in the bout (3 turns each)", minimum=1, maximum=50),
        OptionSpec("combo", True, "advanced rule: a natural 21+ on initiative gives two punches"),
        OptionSpec("fatigue", "next-round", "interval fatigue lasts the next round only, or adds up",
                   choices=("next-round", "cumulative")),
        OptionSpec("getup", "ruling", "how the overlapping get-up bands at 0/-3/-4 HP are read",
                   choices=GETUP_READINGS),
        OptionSpec("last_interval", "none",
                   "after the final round: none (the judges score the HP at the bell) or heal "
                   "(both heal 2 HP first, the literal reading)", choices=LAST_INTERVALS),
    ),
)



class BoxingRuleset(Ruleset[Fighter]):
    info = INFO

    def decode_options(self, options: Mapping[str, OptionValue]) -> object:
        return bout_options(options)

    def samples(self) -> Sequence[Sample]:
        return bundled_samples("turnbuckle.rulesets.boxing")

    def load_side(self, data: object, label: str) -> Fighter:
        return load_fighter(data, label)

    def side_name(self, side: Fighter) -> str:
        return side.name

    def side_json(self, side: Fighter) -> Json:
        data: dict[str, Json] = {"name": side.name, "power": side.power, "speed": side.speed,
                                 "toughness": side.toughness}
        if side.nickname:
            data["nickname"] = side.nickname
        if side.notes:
            data["notes"] = side.notes
        return data

    def play(self, setup: MatchSetup[Fighter], table: Table) -> Result:
        return Bout(setup, table).play()

    def narrate(self, record: MatchRecord) -> Writeup:
        return narrate(record)

    # -- the facets (core/facets.py), each behind one import -------------------------------
    def table_view(self) -> TableView:
        return BoxingTable()

    def sheet_editor(self) -> SheetEditor:
        from turnbuckle.rulesets.boxing.sheet_layout import SHEETS  # lazy: the facet loads when it is asked for

        return SHEETS

    def reporting(self) -> Reporting:
        from turnbuckle.rulesets.boxing.reporting import (  # lazy: the facet loads when it is asked for
            BoxingReporting,
        )

        return BoxingReporting()

    def simulation(self) -> Simulation:
        from turnbuckle.rulesets.boxing.simulation import (  # lazy: the facet loads when it is asked for
            SIMULATION,
        )

        return SIMULATION
