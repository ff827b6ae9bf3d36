"""Shared pieces for the folkstyle tests: a drill card with a plain layout, dice-script builders,
and a source that replays a script and then carries on from a seed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from turnbuckle.core.cards import Card as PlayingCard
from turnbuckle.core.events import Happening
from turnbuckle.core.match import MatchRecord
from turnbuckle.core.sources import Request, ScriptedSource, SeededSource, Source
from turnbuckle.rulesets.folkstyle.card import Card, load_card
from turnbuckle.rulesets.registry import get_ruleset

#: The drill card's faces, named for the scripts below.
N_LEG, N_SPRAWL, N_SCRAMBLE, N_HAND, N_DOUBLE, N_SNAP = 1, 2, 3, 4, 5, 6
T_PUSH, T_HALF, T_TILT, T_RIDE, T_SCRAMBLE, T_SPRAWL = 1, 2, 3, 4, 5, 6
B_SWITCH, B_STAND, B_SCRAMBLE, B_TRIPOD, B_GRANBY, B_HAND = 1, 2, 3, 4, 5, 6

DRILL = {
    "neutral": {
        1: {"name": "Single Leg", "base": 10, "effect": "takedown"},
        2: {"name": "Sprawl", "base": 7, "effect": "defensive"},
        3: {"name": "Scramble", "base": 5, "effect": "scramble", "scramble": 3},
        4: {"name": "Hand Fight", "base": 4, "effect": "stalemate"},
        5: {"name": "Double Leg", "base": 8, "effect": "takedown"},
        6: {"name": "Snap Down", "base": 6, "effect": "takedown"},
    },
    "top": {
        1: {"name": "Push Away", "base": 1, "effect": "push-away"},
        2: {"name": "Half Nelson", "base": 8, "effect": "near-fall"},
        3: {"name": "Tilt", "base": 7, "effect": "turn"},
        4: {"name": "Spiral Ride", "base": 8, "effect": "ride"},
        5: {"name": "Scramble", "base": 5, "effect": "scramble", "scramble": 3},
        6: {"name": "Sprawl Back", "base": 6, "effect": "defensive"},
    },
    "bottom": {
        1: {"name": "Switch", "base": 9, "effect": "reversal"},
        2: {"name": "Stand Up", "base": 9, "effect": "escape"},
        3: {"name": "Scramble", "base": 5, "effect": "scramble", "scramble": 3},
        4: {"name": "Tripod", "base": 6, "effect": "no-change"},
        5: {"name": "Granby", "base": 8, "effect": "escape"},
        6: {"name": "Hand Control", "base": 6, "effect": "defensive"},
    },
}


def drill(name: str) -> Card:
    return load_card({"name": name, **DRILL}, name)


RED, GREEN = drill("Rex Red"), drill("Gus Green")

# Turns that score nothing (neutral): both sprawl (cancel), both hand-fight (tie), sprawl beats hand fight.
QUIET_A = [N_SPRAWL, N_SPRAWL, 1, 1]
QUIET_B = [N_HAND, N_HAND, 1, 1]
QUIET_C = [N_SPRAWL, N_HAND, 1, 1]
QUIET_PERIOD = [*QUIET_A, *QUIET_B, *QUIET_C]

# The colour roll: side 1 (Rex) wins it and, as an automatic player, takes Red.
COLOUR_AUTO = [6, 1]


def play(tokens: Sequence[object], players: Mapping[int, str] | None = None,
         options: Mapping[str, object] | None = None, cards: Sequence[Card] = (RED, GREEN),
         version: str | None = None) -> MatchRecord:
    """A whole match from a dice script (it must be used up exactly), under rules ``version``
    (default: the current rules)."""
    source = ScriptedSource.from_values(list(tokens))
    record = get_ruleset("folkstyle").run(list(cards), source, options, players, version=version)
    assert source.remaining == 0, f"{source.remaining} script tokens left over"
    return record


class PrefixSource:
    """Replays ``tokens`` (rolls and choices) and then rolls from a seed: a test can fix the
    turns it is about and still play a whole match."""

    kind = "script"
    gives_choices = True

    def __init__(self, tokens: Sequence[object], seed: int = 1) -> None:
        self.seed: int | None = None
        self.script = ScriptedSource.from_values(list(tokens))
        self.rest = SeededSource(seed)

    def roll(self, count: int, sides: int, request: Request) -> tuple[int, ...]:
        if self.script.remaining:
            return self.script.roll(count, sides, request)
        return self.rest.roll(count, sides, request)

    def card(self, pile: Sequence[PlayingCard], request: Request) -> PlayingCard:
        return self.rest.card(pile, request)

    def choose(self, options: Sequence[str], request: Request) -> str:
        return self.script.choose(options, request)


def play_prefix(tokens: Sequence[object], players: Mapping[int, str] | None = None,
                options: Mapping[str, object] | None = None, cards: Sequence[Card] = (RED, GREEN),
                seed: int = 1) -> MatchRecord:
    source: Source = PrefixSource(tokens, seed)
    return get_ruleset("folkstyle").run(list(cards), source, options, players)


def happenings(record: MatchRecord, type_: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in record.events if isinstance(e, Happening) and e.type == type_]


def turns(record: MatchRecord) -> list[dict[str, Any]]:
    return happenings(record, "turn")


def scores(record: MatchRecord) -> list[object]:
    return [t["score"] for t in turns(record)]
