"""Headlock's options, decoded once into a typed value that the reference engine and the fast
engine both read (the get-up die ``d12`` becomes 12 in one place)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from turnbuckle.core.options import OptionValue
from turnbuckle.rulesets.headlock.players import Rules


@dataclass(frozen=True)
class MatchOptions:
    """``deck``: the option's word; ``split``: one shuffled deck split between the sides (else a deck
    each); ``pile_each``: in a
    tag match each wrestler draws from a pile of their own (else one pile a team); ``rules``: what
    a player needs to judge a move (choke rule, knockout variant and its get-up rolls and die)."""

    deck: str
    split: bool
    pile_each: bool
    rules: Rules
    turns: int
    cap: int


def match_options(options: Mapping[str, OptionValue]) -> MatchOptions:
    """The typed options of a match from its resolved options."""
    return MatchOptions(
        deck=str(options["deck"]),
        split=options["deck"] == "split",
        pile_each=options["tag_piles"] == "wrestler",
        rules=Rules(choke=bool(options["choke"]), knockout=bool(options["knockout"]),
                    getup_rolls=int(options["getup_rolls"]), getup_die=int(str(options["getup_die"]).lstrip("d"))),
        turns=int(options["turns"]),
        cap=int(options["cap"]),
    )
