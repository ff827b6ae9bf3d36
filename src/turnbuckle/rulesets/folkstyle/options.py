"""Folkstyle's options, decoded once into a typed value that the reference engine and the fast
engine both read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from turnbuckle.core.errors import RulesError
from turnbuckle.core.options import OptionValue

#: The rules version from which overtime is wrestled until someone wins (the rulebook's restart at
#: OT4, again and again); until then a match still level after ``overtime_cycles`` cycles was a draw.
UNTIL_WON_FROM = "1.1"
#: The safety cap (design.md: every loop ends): overtime cycles after which a match that cannot
#: finish otherwise stops without a winner (``safety-cap``). Far above anything reachable: a cycle
#: ends level about half the time even between cards built to stall, so 1,000 in a row never
#: happens unless the cards can never score or take top time apart.
SAFETY_CAP_CYCLES = 1000
#: Rules 1.0's overtime cycles before a draw when the option is left at 0 (1.0's own default).
CYCLES_1_0 = 3


@dataclass(frozen=True)
class BoutOptions:
    """``riding``: the riding-time point is awarded; ``riding_threshold``: turns on top needed over
    the other wrestler for it; ``cycles``: the ``overtime_cycles`` option (rules 1.0 only: cycles
    before a level match is a draw; 0 means the rules version's own overtime, see
    :func:`overtime_cycles`)."""

    riding: bool
    riding_threshold: int
    cycles: int


def bout_options(options: Mapping[str, OptionValue]) -> BoutOptions:
    """The typed options of a bout from its resolved options."""
    return BoutOptions(riding=bool(options["riding_time"]), riding_threshold=int(options["riding_threshold"]),
                       cycles=int(options["overtime_cycles"]))


def overtime_cycles(option: int, until_won: bool) -> int:
    """The most overtime cycles a match plays. From rules 1.1 (``until_won``): the safety cap, and
    the ``overtime_cycles`` option must be left out (0), as no level match is a draw any more.
    Under rules 1.0: the option, 0 standing for 1.0's default of 3.

    >>> overtime_cycles(0, until_won=True), overtime_cycles(2, until_won=False), overtime_cycles(0, False)
    (1000, 2, 3)
    """
    if until_won:
        if option:
            raise RulesError(
                f"overtime_cycles={option}: from folkstyle rules {UNTIL_WON_FROM} overtime is wrestled until "
                f"someone wins (restarting at OT4, OT7, ...; a safety cap of {SAFETY_CAP_CYCLES:,} cycles "
                "ends a match that cannot finish), so a level match is never a draw; leave the option out "
                "(it only replays matches stored under rules 1.0)")
        return SAFETY_CAP_CYCLES
    return option or CYCLES_1_0
