"""Boxing's options, decoded once into a typed value that the reference engine and the fast
engine both read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from turnbuckle.core.options import OptionValue


@dataclass(frozen=True)
class BoutOptions:
    """``cumulative``: interval fatigue adds up (else it lasts the next round); ``final_heal``: both
    heal 2 HP after the last round (``last_interval=heal``); ``getup``: how the overlapping get-up
    bands are read."""

    rounds: int
    combo: bool
    cumulative: bool
    final_heal: bool
    getup: str


def bout_options(options: Mapping[str, OptionValue]) -> BoutOptions:
    """The typed options of a bout from its resolved options."""
    return BoutOptions(
        rounds=int(options["rounds"]),
        combo=bool(options["combo"]),
        cumulative=options["fatigue"] == "cumulative",
        final_heal=options.get("last_interval", "none") == "heal",
        getup=str(options.get("getup", "ruling")),
    )
