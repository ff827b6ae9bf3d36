"""UOV Deathmatch registered as a ruleset: info block, samples, armies, engine and narrator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from turnbuckle.core.errors import InputFileError
from turnbuckle.core.events import Event, Happening, Json
from turnbuckle.core.facets import Reporting, SheetEditor, Simulation, TableView
from turnbuckle.core.match import MatchRecord, MatchSetup, Result, standard_placings
from turnbuckle.core.options import OptionSpec, OptionValue, resolve_options
from turnbuckle.core.registry import Ruleset, RulesetInfo, Sample, Standings
from turnbuckle.core.samples import bundled_samples
from turnbuckle.core.table import Table
from turnbuckle.core.writeup import Writeup
from turnbuckle.rulesets.deathmatch.engine import SAFETY_CAP, Battle
from turnbuckle.rulesets.deathmatch.figures import MAX_POWER, Army, army_from_ids, bestiary, load_army
from turnbuckle.rulesets.deathmatch.initiative import TIEBREAKS
from turnbuckle.rulesets.deathmatch.narrator import narrate
from turnbuckle.rulesets.deathmatch.options import battle_options
from turnbuckle.rulesets.deathmatch.policies import POLICIES

INFO = RulesetInfo(
    id="deathmatch",
    name="UOV Deathmatch",
    version="1.2",
    designer="Metal Monkey (J. Gadze) for Ironhaus Productions (rules in rules/uov-deathmatch.txt)",
    summary="2-4 players, armies of 1-6 monster figures under a power cap; d6 + SPD initiative, "
            "d6 + ATK against d6 + DEF; the last player standing wins.",
    min_sides=2,
    max_sides=4,
    aliases=("uov",),
    side_word="army",
    side_plural="armies",
    player_kinds=("auto", "human", *POLICIES),
    player_help=(
        ("auto", "the match's default_policy (lowest-hp unless the card says otherwise)"),
        ("random", "hits any standing enemy, each equally likely"),
        ("weakest", "hits the enemy with the lowest power rating, then the fewest HP left"),
        ("strongest", "hits the enemy with the highest power rating, then the most HP left"),
        ("lowest-hp", "hits the enemy with the fewest HP left, then the highest power rating"),
        ("most-dangerous", "hits the enemy whose own attack would hurt the attacker most"),
    ),
    options=(
        OptionSpec("cap", 10, "power cap: each army's total power rating (Runt 1, Grunt 2, Fiend 3) "
                   "may not exceed it; an army under it plays with a handicap", minimum=1, maximum=MAX_POWER),
        OptionSpec("tiebreak", "coin", "how tied initiative totals are broken: a coin flip (a d2) or "
                   "rock-paper-scissors", choices=TIEBREAKS),
        OptionSpec("default_policy", "lowest-hp", "the target policy of a player given no --policy/--player",
                   choices=POLICIES),
        OptionSpec("max_rounds", 0, "a round limit agreed at the table: a draw among the players still "
                   "standing after this many rounds; 0 (the default) means none, as in the rulebook (a "
                   f"stalemate still ends at once, and a safety cap of {SAFETY_CAP:,} rounds ends a battle "
                   "that cannot finish)", minimum=0, maximum=SAFETY_CAP),
        OptionSpec("stake", "", "the spoils of war, free text, kept in the result"),
    ),
)



class DeathmatchRuleset(Ruleset[Army]):
    info = INFO

    def decode_options(self, options: Mapping[str, OptionValue]) -> object:
        return battle_options(options)

    def samples(self) -> Sequence[Sample]:
        return bundled_samples("turnbuckle.rulesets.deathmatch")

    def load_side(self, data: object, label: str) -> Army:
        return load_army(data, label)

    def side_name(self, side: Army) -> str:
        return side.name

    def side_json(self, side: Army) -> Json:
        return side.to_json()

    def side_by_name(self, arg: str) -> Army:
        """A sample army, or a comma-separated list of bestiary ids (``ash-wyrm,bog-rat``)."""
        if arg in {s.id for s in self.samples()}:
            return super().side_by_name(arg)
        army = army_from_ids(arg)
        if army is not None:
            return army
        if "," in arg:
            unknown = [p.strip() for p in arg.split(",") if p.strip().lower() not in bestiary()]
            raise InputFileError(
                f"'{arg}': {', '.join(repr(u) for u in unknown) or 'an empty name'} not in the bestiary; "
                f"ids are: {', '.join(bestiary())}"
            )
        try:
            return super().side_by_name(arg)
        except InputFileError as exc:
            raise InputFileError(f"{exc}; or name bestiary figures separated by commas, e.g. "
                                 "ash-wyrm,gutter-imp") from None

    def idle_options(self, given: Mapping[str, object], players: Mapping[int, str], n_sides: int) -> dict[str, str]:
        own = [players.get(i, "auto") not in ("auto",) for i in range(n_sides)]
        if "default_policy" in given and all(own):
            return {"default_policy": "every army has a policy of its own (--policy)"}
        return {}

    def side_problems(self, side: Army, options: Mapping[str, OptionValue]) -> list[str]:
        """An army over the power cap is refused by ``match`` and ``validate`` alike."""
        cap = battle_options(options).cap
        if side.power > cap:
            return [f"the army totals {side.power} power, over the cap of {cap}: drop figures or raise the "
                    f"cap (-o cap={side.power})"]
        return []

    def play(self, setup: MatchSetup[Army], table: Table) -> Result:
        return Battle(setup, table).play()

    def narrate(self, record: MatchRecord) -> Writeup:
        return narrate(record)

    def standings(self, setup: MatchSetup[Army], result: Result, events: Sequence[Event]) -> Standings:
        """The players still standing at the end share first place (the winner alone, or those of a
        draw); the others are placed by when they were eliminated, the last one out best."""
        names = list(setup.names)
        out = [names.index(str(e.data["player"])) for e in events
               if isinstance(e, Happening) and e.type == "eliminated"]
        scores = [len(names) if i not in out else out.index(i) for i in range(len(names))]
        return standard_placings(scores), tuple(range(1, len(names) + 1))

    # -- the facets (core/facets.py), each behind one import -------------------------------
    def table_view(self) -> TableView:
        from turnbuckle.rulesets.deathmatch.table_view import (  # lazy: the facet loads when it is asked for
            DeathmatchTable,
        )

        return DeathmatchTable()

    def sheet_editor(self) -> SheetEditor:
        from turnbuckle.rulesets.deathmatch.sheet_layout import sheets  # lazy: the facet loads when it is asked for

        return sheets(int(str(resolve_options(self.info.options, {})["cap"])))

    def reporting(self) -> Reporting:
        from turnbuckle.rulesets.deathmatch.reporting import (  # lazy: the facet loads when it is asked for
            DeathmatchReporting,
        )

        return DeathmatchReporting()

    def simulation(self) -> Simulation:
        from turnbuckle.rulesets.deathmatch.simulation import (  # lazy: the facet loads when it is asked for
            SIMULATION,
        )

        return SIMULATION
