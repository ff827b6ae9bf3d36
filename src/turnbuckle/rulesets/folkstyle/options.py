"""Folkstyle's options, decoded once into a typed value that the reference engine and the fast
engine both read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from turnbuckle.core.options import OptionValue


@dataclass(frozen=True)
class BoutOptions:
    """``riding``: the riding-time point is awarded; ``riding_threshold``: turns on top needed over
    the other wrestler for it; ``cycles``: overtime cycles before a level match is a draw."""

    riding: bool
    riding_threshold: int
    cycles: int


def bout_options(options: Mapping[str, OptionValue]) -> BoutOptions:
    """The typed options of a bout from its resolved options."""
    return BoutOptions(riding=bool(options["riding_time"]), riding_threshold=int(options["riding_threshold"]),
                       cycles=int(options["overtime_cycles"]))
