"""Shared MatchMatch sides and option sets for the fast-engine tests."""

from __future__ import annotations

from typing import Any

from turnbuckle.core.options import OptionValue, resolve_options
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.registry import get_ruleset

MM = get_ruleset("matchmatch")

SCHEMER = """
wrestler:
  name: The Schemer
  stamina: 8
  styles: {technical: 2, power: 3, martial_arts: 1, brawling: 4, weight: 2, high_flying: 1, cheating: 5, teamwork: 0}
  defenses: {brawling: 1}
  high_spots: 2
  push_level: 3
  ref_slack: 1
  injuries: 1
strategy:
  plus: [cheating, brawling]
  minus: power
  grid: B2
  rounds:
    - {round: 1, type: high risk, target: technical}
    - {round: 2, type: illegal}
    - {round: 4, type: high spot}
    - {round: 5, type: vile cheat, target: brawling}
    - {round: 6, type: high spot}
    - {round: 9, type: submission}
    - {round: 10+, type: high risk, target: power}
  by_style:
    brawling: [{round: 2+, type: illegal, target: power}]
    weight: [{round: 1, type: defensive}]
  conditionals:
    - {unused: specials, by_round: 7, type: cripple, target: brawling}
    - {unused: high spots, by_round: 3, type: high spot}
"""

STRIKER = """
wrestler:
  name: The Striker
  stamina: 10
  styles: {technical: 3, power: 2, martial_arts: 6, brawling: 2, weight: 1, high_flying: 5, cheating: 0, teamwork: 1}
  defenses: {martial_arts: 1, cheating: 1}
  push_level: 2
  high_spots: 1
strategy:
  plus: [martial_arts, high_flying]
  minus: cheating
  grid: C3
  rounds:
    - {round: All, type: defensive}
    - {round: 3, type: finisher}
    - {round: 7, type: high impact, target: martial arts}
  by_style:
    high_flying: [{round: 1-2, type: high risk, target: high flying}]
  conditionals:
    - {unused: specials, by_round: 12, type: submission}
"""

#: A high flyer, and a grounded wrestler who '-'s High-Flying: in a Strap match the flyer's
#: High-Flying is halved by the type, then again by each Grounder (rules 1.3).
FLYER = """
wrestler:
  name: The Flyer
  stamina: 10
  styles: {technical: 3, power: 1, martial_arts: 4, brawling: 2, weight: 1, high_flying: 9, cheating: 1, teamwork: 1}
  high_spots: 2
  push_level: 2
strategy:
  plus: [high_flying, martial_arts]
  minus: power
  grid: A3
  rounds:
    - {round: 2, type: high spot}
    - {round: 5, type: high risk, target: power}
    - {round: 8, type: finisher}
"""

GROUNDER = """
wrestler:
  name: The Grounder
  stamina: 11
  styles: {technical: 5, power: 5, martial_arts: 2, brawling: 5, weight: 5, high_flying: 1, cheating: 1, teamwork: 1}
  defenses: {high_flying: 1}
  push_level: 2
strategy:
  plus: [power, technical]
  minus: high_flying
  grid: B2
  rounds:
    - {round: 6, type: high impact}
    - {round: 10+, type: defensive}
"""

#: Match types off the usual path: a 1-point injury threshold (ties call checks), damage and
#: injury-chance modifiers, a DQ threshold change, a pin modifier, a halved style and two added.
TYPES = """
brutal:
  name: Brutal Match
  styles_added: [weight, cheating]
  styles_halved: [technical]
  dq_threshold_change: 2
  injury_threshold: 1
  injury_chance: 3
  pin_modifier: 1
  damage_modifier: 1
  forbidden_specials: [finisher]
rough:
  name: Rough Match
  styles_added: [power]
  dq_threshold_change: -1
  injury_threshold: 1
  injury_chance: 4
  pin_modifier: -1
  damage_modifier: 2
"""


def sample(sample_id: str) -> Side:
    side = MM.load_text(MM.sample(sample_id).text, sample_id)
    assert isinstance(side, Side)
    return side


def side(text: str) -> Side:
    s = MM.load_text(text, "test side")
    assert isinstance(s, Side)
    return s


def options(**given: object) -> dict[str, OptionValue]:
    return dict(resolve_options(MM.info.options, given))


def matchups() -> list[tuple[Any, ...]]:
    return [
        (sample("brother-bob"), sample("friendly-sam")),
        (sample("iron-ivan"), sample("lady-lightning")),
        (sample("odd-couple"), sample("iron-ivan")),  # a tag team: Teamwork joins the list
        (side(SCHEMER), side(STRIKER)),  # written strategies: cheats, conditionals, by-style sections
        (side(STRIKER), side(SCHEMER)),
        (side(SCHEMER), side(SCHEMER)),  # cheats on both sides: double DQs
        # Three and four sides: the lowest total loses, DQ'd sides leave and the rest go on.
        (sample("brother-bob"), side(SCHEMER), sample("friendly-sam")),
        (side(SCHEMER), sample("iron-ivan"), side(SCHEMER), sample("odd-couple")),
    ]
