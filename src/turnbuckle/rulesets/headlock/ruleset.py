"""Headlock registered as a ruleset: info block, options, samples, sheets, engine and narrator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from turnbuckle.core.events import Event, Json, to_json_value
from turnbuckle.core.facets import Reporting, SheetEditor, Simulation, TableView
from turnbuckle.core.match import MatchRecord, MatchSetup, Result
from turnbuckle.core.options import OptionSpec, OptionValue
from turnbuckle.core.registry import Ruleset, RulesetInfo, Sample, Standings
from turnbuckle.core.samples import bundled_samples
from turnbuckle.core.table import Table
from turnbuckle.core.writeup import Writeup
from turnbuckle.rulesets.headlock.engine import Match
from turnbuckle.rulesets.headlock.narrator import narrate
from turnbuckle.rulesets.headlock.options import match_options
from turnbuckle.rulesets.headlock.players import PLAYER_KINDS
from turnbuckle.rulesets.headlock.sheet import Character, character_json, load_character

INFO = RulesetInfo(
    id="headlock",
    name="Headlock",
    version="1.1",
    designer="the Headlock rulebook's author (rules/headlock.txt)",
    summary="Cards and dice: draw, pick a move the card allows, speed contest with the suit cycle, "
    "specials on face cards, submissions and pins with break-out rolls.",
    min_sides=2,
    max_sides=4,
    side_word="wrestler",
    player_kinds=PLAYER_KINDS,
    player_help=(
        ("smart", "weighs every move it may play against the cards the opponent may hold"),
        ("solo", "the rulebook's solo opponent: the highest power its card allows (at most the cap option)"),
        ("expert", "singles: counts the cards the opponent may hold, expects its smart move on each, and "
                   "plays the move that does best over them"),
    ),
    options=(
        OptionSpec("deck", "split", "split: each side draws half of one shuffled deck; own: a deck each",
                   choices=("split", "own")),
        OptionSpec("tag_piles", "team", "tag matches (4 wrestlers): a team draws from one pile, or "
                   "each wrestler from a pile of their own", choices=("team", "wrestler")),
        OptionSpec("knockout", False, "knockout variant: a strike or grapple that leaves 0 HP is a "
                   "knockdown, with rolls to beat the count"),
        OptionSpec("getup_rolls", 10, "knockout variant: rolls to beat the count", minimum=1, maximum=20),
        OptionSpec("getup_die", "d12", "knockout variant: the get-up die", choices=("d8", "d12", "d20")),
        OptionSpec("choke", False, "choke rule: on a held choke the attacker rolls after the "
                   "defender's fourth failed break-out roll"),
        OptionSpec("turns", 60, "turn limit; then a decision on the share of HP left", minimum=1,
                   maximum=1000),
        OptionSpec("cap", 7, "highest move power the solo opponent may use (e.g. 3: only its 1 and 3 "
                   "power moves)", minimum=1, maximum=7),
    ),
)



class HeadlockRuleset(Ruleset[Character]):
    info = INFO

    def decode_options(self, options: Mapping[str, OptionValue]) -> object:
        return match_options(options)

    def samples(self) -> Sequence[Sample]:
        return bundled_samples("turnbuckle.rulesets.headlock")

    def load_side(self, data: object, label: str) -> Character:
        return load_character(data, label)

    def side_name(self, side: Character) -> str:
        return side.name

    def side_json(self, side: Character) -> Json:
        return to_json_value(character_json(side))

    def idle_options(self, given: Mapping[str, object], players: Mapping[int, str], n_sides: int) -> dict[str, str]:
        idle: dict[str, str] = {}
        if "cap" in given and "solo" not in players.values():
            idle["cap"] = "it limits the solo player's moves, and no side is played solo (add --player SIDE=solo)"
        knockout = str(given.get("knockout", "false")).strip().lower() in ("true", "yes", "on", "1")
        for key in ("getup_rolls", "getup_die"):
            if key in given and not knockout:
                idle[key] = "it belongs to the knockout variant, which is off (add -o knockout=true)"
        if "tag_piles" in given and n_sides != 4:
            idle["tag_piles"] = "it applies to tag matches (4 wrestlers)"
        return idle

    def play(self, setup: MatchSetup[Character], table: Table) -> Result:
        return Match(setup, table).play()

    def narrate(self, record: MatchRecord) -> Writeup:
        return narrate(record)

    def standings(self, setup: MatchSetup[Character], result: Result, events: Sequence[Event]) -> Standings:
        """A tag match (4 wrestlers) is sides 1+2 (team 1) against 3+4 (team 2): the winning team's
        wrestlers share first place, the others third; a draw is a tie for first."""
        if len(setup.sides) != 4:
            return super().standings(setup, result, events)
        teams = (1, 1, 2, 2)
        if result.winner is None:
            return (1, 1, 1, 1), teams
        won = teams[result.winner]
        return tuple(1 if t == won else 3 for t in teams), teams

    # -- the facets (core/facets.py), each behind one import -------------------------------
    def table_view(self) -> TableView:
        from turnbuckle.rulesets.headlock.table_view import (  # lazy: the facet loads when it is asked for
            HeadlockTable,
        )

        return HeadlockTable()

    def sheet_editor(self) -> SheetEditor:
        from turnbuckle.rulesets.headlock.sheet_layout import SHEETS  # lazy: the facet loads when it is asked for

        return SHEETS

    def reporting(self) -> Reporting:
        from turnbuckle.rulesets.headlock.reporting import (  # lazy: the facet loads when it is asked for
            HeadlockReporting,
        )

        return HeadlockReporting()

    def simulation(self) -> Simulation:
        from turnbuckle.rulesets.headlock.simulation import (  # lazy: the facet loads when it is asked for
            SIMULATION,
        )

        return SIMULATION
