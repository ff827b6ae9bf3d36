"""BIG TCG folkstyle registered as a ruleset: info block, samples, cards, engine and narrator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from turnbuckle.core.events import Json
from turnbuckle.core.facets import Reporting, SheetEditor, Simulation, TableView
from turnbuckle.core.match import MatchRecord, MatchSetup, Result
from turnbuckle.core.options import OptionSpec, OptionValue
from turnbuckle.core.registry import Ruleset, RulesetInfo, Sample
from turnbuckle.core.samples import bundled_samples
from turnbuckle.core.table import Table
from turnbuckle.core.writeup import Writeup
from turnbuckle.rulesets.folkstyle.card import Card, card_json, load_card
from turnbuckle.rulesets.folkstyle.engine import Bout
from turnbuckle.rulesets.folkstyle.narrator import narrate
from turnbuckle.rulesets.folkstyle.options import bout_options, overtime_cycles

INFO = RulesetInfo(
    id="folkstyle",
    name="BIG TCG folkstyle wrestling",
    version="1.1",
    older_versions=("1.0",),
    designer="BIG TCG's designers (rulebook in rules/big-tcg-folkstyle.txt)",
    summary="Wrestler cards with six moves per position; move and quality dice, three periods, overtime.",
    aliases=("big-tcg", "bigtcg"),
    side_word="wrestler",
    player_kinds=("auto", "human"),
    options=(
        OptionSpec("riding_time", True, "award 1 point for riding time at the end of regulation"),
        OptionSpec("riding_threshold", 2, "turns on top one wrestler needs over the other for the riding-time point",
                   minimum=1, maximum=9),
        OptionSpec("overtime_cycles", 0, "rules 1.0 only (stored matches): overtime cycles before a level match "
                   "was a draw (0: 1.0's 3); from 1.1 overtime goes on until someone wins and only 0 is taken",
                   minimum=0, maximum=20),
    ),
)



class FolkstyleRuleset(Ruleset[Card]):
    info = INFO

    def decode_options(self, options: Mapping[str, OptionValue]) -> object:
        """The options as the current rules decode them: ``overtime_cycles`` other than 0 is refused
        (a rules 1.0 option; the engine takes it only when it replays a 1.0 match)."""

        decoded = bout_options(options)
        overtime_cycles(decoded.cycles, until_won=True)
        return decoded

    def samples(self) -> Sequence[Sample]:
        return bundled_samples("turnbuckle.rulesets.folkstyle")

    def load_side(self, data: object, label: str) -> Card:
        return load_card(data, label)

    def side_name(self, side: Card) -> str:
        return side.name

    def side_json(self, side: Card) -> Json:
        return cast(Json, card_json(side))

    def play(self, setup: MatchSetup[Card], table: Table) -> Result:
        return Bout(setup, table).play()

    def narrate(self, record: MatchRecord) -> Writeup:
        return narrate(record)

    # -- the facets (core/facets.py), each behind one import -------------------------------
    def table_view(self) -> TableView:
        from turnbuckle.rulesets.folkstyle.table_view import (  # lazy: the facet loads when it is asked for
            FolkstyleTable,
        )

        return FolkstyleTable()

    def sheet_editor(self) -> SheetEditor:
        from turnbuckle.rulesets.folkstyle.sheet_layout import SHEETS  # lazy: the facet loads when it is asked for

        return SHEETS

    def reporting(self) -> Reporting:
        from turnbuckle.rulesets.folkstyle.reporting import (  # lazy: the facet loads when it is asked for
            FolkstyleReporting,
        )

        return FolkstyleReporting()

    def simulation(self) -> Simulation:
        from turnbuckle.rulesets.folkstyle.simulation import (  # lazy: the facet loads when it is asked for
            SIMULATION,
        )

        return SIMULATION
