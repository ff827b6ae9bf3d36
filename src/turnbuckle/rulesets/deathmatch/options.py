"""Deathmatch's options, decoded once into a typed value that the reference engine and the fast
engine both read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from turnbuckle.core.options import OptionValue


@dataclass(frozen=True)
class BattleOptions:
    """``cap``: the power cap; ``tiebreak``: how tied initiative is broken (``coin`` or ``rps``);
    ``default_policy``: the policy of a player given none; ``max_rounds``: a round limit, 0 for none
    (the safety cap only); ``stake``: the spoils of war, free text."""

    cap: int
    tiebreak: str
    default_policy: str
    max_rounds: int
    stake: str


def battle_options(options: Mapping[str, OptionValue]) -> BattleOptions:
    """The typed options of a battle from its resolved options."""
    return BattleOptions(
        cap=int(options["cap"]),
        tiebreak=str(options["tiebreak"]),
        default_policy=str(options["default_policy"]),
        max_rounds=int(options["max_rounds"]),
        stake=str(options.get("stake", "")),
    )
