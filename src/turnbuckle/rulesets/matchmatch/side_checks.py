"""A side's written strategy checked against its sheet and a match's options, each problem with the
round or conditional it is about: used by the ruleset's ``side_problems`` and the league's check of a
strategy sent for a card match."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.core.options import OptionValue
from turnbuckle.core.problems import Problem
from turnbuckle.rulesets.matchmatch.options import match_options
from turnbuckle.rulesets.matchmatch.side import Side
from turnbuckle.rulesets.matchmatch.strategy import strategy_problem_list


def side_problem_list(side: Side, options: Mapping[str, OptionValue]) -> list[Problem]:
    """The problems of a side's written strategy under these (resolved) options, each about the
    round or conditional it names (``Ruleset.side_problems`` gives them as messages)."""
    if side.strategy is None:
        return []
    decoded = match_options(options)
    kind = decoded.match_type
    return strategy_problem_list(side.strategy, side.sheet.high_spots, side.sheet.push_level, decoded.rounds,
                                 kind.forbidden_specials, kind.name)
